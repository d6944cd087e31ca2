// list_jobs against the sandbox: the filter it sends (from/to read by the same date/time rules as
// role times: a DST gap refused, an overlap read at its first offset and said so), the page
// state, the context budget, and local times with the offset where a wall clock is ambiguous.
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { gql } from '../helpers/sandbox.js';
import { seeing, variablesOf } from '../helpers/sent.js';
import { operations } from '../helpers/tool-requests.js';
import type { Any } from './write-support.js';

const suite = useConnectedSandbox();
/** The keys of a role in list_jobs' structuredContent: what the board-week view reads. */
const VIEWED = new Set(['id', 'title', 'start', 'end', 'quantity', 'assignments']);
const see = (args: Record<string, unknown>) => seeing(suite.sandbox, () => suite.call('list_jobs', args));

describe('list_jobs: what it sends and shows', () => {
  it('returns a page of jobs with roles in local time and says which page it is', async () => {
    const result = await see({ from: '2026-11-21T00:00Z', perPage: 5 });
    expect(result.isError).toBe(false);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(variablesOf(result.sent, 'companyJobs')).toEqual({
      input: { filter: { fromRange: '2026-11-21T00:00:00.000Z' }, page: 1, perPage: 5 },
    });
    expect(result.data.jobs).toHaveLength(5);
    expect(result.data.page).toMatchObject({ page: 1, perPage: 5 });
    expect(result.data.page.next).toMatch(/page: 2/);
    expect(result.data.jobs[0].timezone).toMatch(/\//);
    expect(result.data.jobs[0].roles[0].start).toMatch(/^\d{2}:\d{2}$/);
    expect(result.text).toMatch(/5 jobs shown \(page 1 of \d+, \d+ in all\)/);
    expect(result.text).not.toMatch(/null/);
  });

  it('says pay, requirements and the legacy-break warning once, in the text: the data keeps what the view draws', async () => {
    // The seed's "Requirements Showcase" role has every requirement kind and a legacy break.
    const result = await see({ from: '2026-11-28', to: '2026-12-05', timezone: 'UTC', perPage: 100 });
    expect(result.isError).toBe(false);
    const roles = result.data.jobs.flatMap((job: Any) => job.roles);
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) {
      expect(
        Object.keys(role).every((key) => VIEWED.has(key)),
        Object.keys(role).join(),
      ).toBe(true);
      expect(result.text).toContain(`role ${role.id} ${role.title}`);
    }
    expect(roles.some((role: Any) => role.assignments)).toBe(true);
    const line = (pattern: RegExp) => result.text.split('\n').find((text: string) => pattern.test(text));
    expect(line(/· needs .*dataType \d+ "/)).toMatch(
      /^ {2}role \d+ .* · (\d+(\.\d+)?\/h|fixed \d+)( break \d+m)? total /,
    );
    expect(line(/LEGACY BREAK: total/)).toMatch(/^ {2}role \d+ /);
  });

  it("reads a bare date as that day in each job's own timezone: a widened window, cut by local date", async () => {
    const result = await see({ from: '2026-11-25', to: '2026-11-26', perPage: 100 });
    expect(result.isError).toBe(false);
    expect(variablesOf(result.sent, 'companyJobs')).toMatchObject({
      input: { filter: { fromRange: '2026-11-24T10:00:00.000Z', toRange: '2026-11-27T11:59:59.999Z' } },
    });
    expect(result.data.jobs.length).toBeGreaterThan(0);
    for (const job of result.data.jobs) expect(['2026-11-25', '2026-11-26']).toContain(job.date);
  });

  it('reads a date in the given timezone when there is one', async () => {
    const result = await see({
      from: '2026-11-25',
      to: '2026-11-25',
      timezone: 'Asia/Kolkata',
      perPage: 100,
    });
    expect(variablesOf(result.sent, 'companyJobs')).toMatchObject({
      input: { filter: { fromRange: '2026-11-24T18:30:00.000Z', toRange: '2026-11-25T18:29:59.999Z' } },
    });
    expect(result.data.jobs.length).toBeGreaterThan(0);
  });

  it('reads a wall clock that happens twice at its first offset, and says so with both offsets', async () => {
    const result = await see({ from: '2026-11-01T01:30', timezone: 'America/New_York', perPage: 1 });
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'companyJobs')).toMatchObject({
      input: { filter: { fromRange: '2026-11-01T05:30:00.000Z' } },
    });
    expect(result.data.notes).toEqual([
      expect.stringMatching(
        /^from: 01:30 happens twice on 2026-11-01 in America\/New_York .* first at -04:00 .* then at -05:00/,
      ),
    ]);
    expect(result.data.notes[0]).toMatch(/"2026-11-01T01:30-05:00" for the second/);
    expect(result.text).toMatch(/^Note: from: 01:30 happens twice/);
  });

  it('shows a role time that happens twice with its offset', async () => {
    const board = (await see({ perPage: 1 })).data.jobs[0].board.id;
    const { body } = await gql(
      suite.sandbox,
      'mutation($input: CreateJobsInput!) { createJobs(input: $input) { success jobs { id } } }',
      {
        input: {
          jobs: [
            {
              boardId: board,
              title: 'Night shift',
              date: '2027-10-31',
              timezone: 'Europe/London',
              roles: [{ title: 'Guard', startTime: '2027-10-31T00:30', endTime: '2027-10-31T01:30' }],
            },
          ],
        },
      },
    );
    const id = body.data.createJobs.jobs[0].id;
    const result = await see({ jobIds: [id] });
    expect(variablesOf(result.sent, 'companyJobs')).toMatchObject({ input: { filter: { jobIds: [id] } } });
    expect(result.data.jobs[0].roles[0]).toMatchObject({ start: '00:30', end: '01:30 (+01:00)' });
    expect(result.text).toContain('00:30-01:30 (+01:00)');
  });

  it('takes a board by name: its id is sent after one read of the boards, and the same jobs come back', async () => {
    const raw = await gql(
      suite.sandbox,
      '{ companyJobs(input: { perPage: 100 }) { paginatedList { board { id name } } } }',
    );
    const board = raw.body.data.companyJobs.paginatedList.find(
      (job: Any) => job.board.name === 'New York Venues',
    ).board;
    const range = { from: '2026-11-28', to: '2026-12-04', perPage: 100 };
    const byId = await see({ ...range, boardIds: [board.id] });
    expect(variablesOf(byId.sent, 'companyJobs')).toMatchObject({
      input: { filter: { boardIds: [board.id] } },
    });
    const byName = await see({ ...range, boardIds: ['new york'] });
    expect(byName.isError, byName.text).toBe(false);
    expect(byName.data).toEqual(byId.data);
    expect(byName.data.jobs.length).toBeGreaterThan(0);
    for (const job of byName.data.jobs) expect(job.board).toMatchObject({ id: board.id });
    const boardRead = byName.sent.length - byId.sent.length;
    expect(boardRead).toBeGreaterThan(0);
    expect(operations(byName.sent)).toEqual(Array(byName.sent.length).fill('companyJobs'));
    expect(byName.sent.slice(boardRead)).toEqual(byId.sent);
  });

  it('a board name that matches several boards, naming boardIds[i] and the candidates; only the boards are read', async () => {
    const result = await see({ from: '2026-11-28', boardIds: ['100', 'on'] });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(
      /boardIds\[1\]: "on" matches 2 boards: London Events \(\d+\), Mumbai Conferences \(\d+\)/,
    );
    for (const request of result.sent)
      expect(variablesOf([request], 'companyJobs')).not.toMatchObject({
        input: { filter: { boardIds: expect.anything() } },
      });
  });

  it('fetches every page up to maxItems and cuts to the context budget with a note', async () => {
    const result = await see({ perPage: 100, allPages: true, maxItems: 2000 });
    expect(operations(result.sent).length).toBe(result.data.page.pageCount);
    expect(result.data.page.returned).toBe(result.data.page.totalCount);
    expect(encode(result.text).length + encode(JSON.stringify(result.data)).length).toBeLessThanOrEqual(
      20_000,
    );
  });
});

describe('list_jobs: refused before anything is read', () => {
  it('a wall clock the clocks skip, with the valid times around it', async () => {
    const result = await see({ from: '2027-03-14T02:30', to: '2027-03-15', timezone: 'America/New_York' });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/The filter was not read: 1 problem/);
    expect(result.text).toMatch(
      /- from: 02:30 does not exist on 2027-03-14 in America\/New_York: clocks go from 02:00 to 03:00/,
    );
    expect(result.text).toMatch(/\[DST_GAP\] Fix: Use "2027-03-14T03:30" or "2027-03-14T01:30"/);
  });

  it('a timezone that is not IANA, naming the field and the fix', async () => {
    const result = await see({ from: '2026-11-25', timezone: 'CET' });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/timezone: "CET" is an abbreviation, not an IANA timezone name/);
    expect(result.text).toMatch(/Fix: Use the IANA name of the place, e\.g\. "Europe\//);
  });

  it('a range that ends before it begins, and a date it cannot read', async () => {
    const reversed = await see({ from: '2026-11-26', to: '2026-11-25', timezone: 'UTC' });
    expect(reversed.text).toMatch(/to: from \(2026-11-26\) is after to \(2026-11-25\)/);
    const unreadable = await see({ from: 'next tuesday' });
    expect(unreadable.isError).toBe(true);
    expect(unreadable.text).toMatch(/from: "next tuesday" is not a date \(YYYY-MM-DD\) or an ISO date-time/);
    expect([...reversed.sent, ...unreadable.sent]).toEqual([]);
  });

  it('a perPage over 100', async () => {
    const result = await see({ perPage: 500 });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/perPage/);
  });
});

describe('list_jobs: declaration', () => {
  it('is read-only and needs jobs:read', async () => {
    const tool = (await suite.client.listTools()).tools.find(
      (candidate: Any) => candidate.name === 'list_jobs',
    );
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tool?._meta?.['crew-mcp/scopes']).toEqual(['jobs:read']);
  });
});
