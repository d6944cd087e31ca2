import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { connectInProcess, textOf } from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read structured results loosely
type Any = any;

const suite = useConnectedSandbox();

const call = suite.call;

describe('list_jobs', () => {
  it('returns jobs with roles in local time and says which page it is', async () => {
    const { data, text, isError } = await call('list_jobs', { perPage: 5 });
    expect(isError).toBe(false);
    expect(data.jobs).toHaveLength(5);
    expect(data.page).toMatchObject({ page: 1, perPage: 5 });
    expect(data.page.totalCount).toBeGreaterThan(5);
    expect(data.page.next).toMatch(/page: 2/);
    const job = data.jobs[0];
    expect(job.timezone).toMatch(/\//);
    expect(job.roles[0].start).toMatch(/^\d{2}:\d{2}$/);
    expect(text).toMatch(/5 jobs shown \(page 1 of \d+, \d+ in all\)/);
    expect(text).not.toMatch(/null/);
  });

  it("reads a bare date as that day in each job's own timezone", async () => {
    const { data } = await call('list_jobs', { from: '2026-11-25', to: '2026-11-26', perPage: 100 });
    expect(data.jobs.length).toBeGreaterThan(0);
    for (const job of data.jobs) expect(['2026-11-25', '2026-11-26']).toContain(job.date);
    expect(data.page.totalCount).toBe(data.jobs.length);
  });

  it('reads a date in the given timezone when there is one', async () => {
    const { data } = await call('list_jobs', {
      from: '2026-11-25',
      to: '2026-11-25',
      timezone: 'Asia/Kolkata',
      perPage: 100,
    });
    expect(data.jobs.length).toBeGreaterThan(0);
  });

  it('fetches every page up to maxItems and cuts to the context budget with a note', async () => {
    const { data, text } = await call('list_jobs', { perPage: 100, allPages: true, maxItems: 2000 });
    expect(data.page.returned).toBe(data.page.totalCount);
    expect(encode(text).length + encode(JSON.stringify(data)).length).toBeLessThanOrEqual(20_000);
  });

  it('refuses a timezone that is not IANA, naming the field and the fix, sending nothing', async () => {
    suite.sandbox.resetStats();
    const { isError, text } = await call('list_jobs', { from: '2026-11-25', timezone: 'CET' });
    expect(isError).toBe(true);
    expect(text).toMatch(/timezone: "CET" is not an IANA timezone/);
    expect(text).toMatch(/Fix: Use the IANA name of the place, e.g. "Europe\//);
    expect(suite.sandbox.stats.graphqlRequests).toBe(0);
  });

  it('rejects a perPage over 100 before calling the platform', async () => {
    const result = await suite.client.callTool({ name: 'list_jobs', arguments: { perPage: 500 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/perPage/);
  });

  it('reports progress while fetching pages concurrently', async () => {
    const progress: number[] = [];
    await suite.client.callTool(
      { name: 'list_crew', arguments: { perPage: 50, allPages: true, maxItems: 300 } },
      { onprogress: (event) => void progress.push(event.progress) },
    );
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});

describe('list_crew and get_crew', () => {
  it('searches crew by name or email', async () => {
    const all = await call('list_crew', { perPage: 1 });
    const someone = all.data.crew[0];
    const surname = someone.name.split(' ').at(-1);
    const { data } = await call('list_crew', { search: surname.toLowerCase() });
    expect(data.crew.some((member: Any) => member.id === someone.id)).toBe(true);
    for (const member of data.crew)
      expect(`${member.name} ${member.email}`.toLowerCase()).toContain(surname.toLowerCase());
  });

  it('shows a profile with inherited global and SCORING data types and answers', async () => {
    const list = await call('list_crew', { perPage: 100 });
    let found = false;
    for (const member of list.data.crew.slice(0, 40)) {
      const { data } = await call('get_crew', { crewId: member.id });
      const dataTypes = data.crew.profiles.flatMap((profile: Any) => profile.dataTypes);
      if (
        dataTypes.some((dt: Any) => dt.global) &&
        dataTypes.some((dt: Any) => dt.type === 'SCORING' && dt.score !== undefined)
      ) {
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
  });

  it('says when a crew member does not exist', async () => {
    const { isError, text } = await call('get_crew', { crewId: 999_999 });
    expect(isError).toBe(true);
    expect(text.length).toBeGreaterThan(10);
  });
});

describe('list_crew_jobs and list_leavers', () => {
  it('filters assignments by status', async () => {
    const { data } = await call('list_crew_jobs', { status: ['BOOKED'], perPage: 20 });
    expect(data.crewJobs.length).toBeGreaterThan(0);
    for (const crewJob of data.crewJobs) expect(crewJob.status).toBe('BOOKED');
    expect(data.crewJobs[0].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}-/);
  });

  it('lists leavers', async () => {
    const { data } = await call('list_leavers', { perPage: 100 });
    expect(data.leavers.length).toBeGreaterThanOrEqual(10);
    expect(data.leavers[0]).toHaveProperty('leftAt');
  });
});

describe('one shared token', () => {
  it('50 concurrent tool calls cause exactly one token request', async () => {
    const fresh = await startTestSandbox();
    const session = await connectInProcess(fresh);
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          session.client.callTool({ name: index % 2 ? 'list_crew' : 'list_jobs', arguments: { perPage: 1 } }),
        ),
      );
      expect(results.every((result) => !result.isError)).toBe(true);
      expect(fresh.stats.tokenRequests).toBe(1);
      expect(fresh.stats.graphqlRequests).toBe(50);
    } finally {
      await session.close();
      await fresh.close();
    }
  });
});
