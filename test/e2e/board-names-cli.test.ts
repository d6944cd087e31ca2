// Names where people use names, through the built CLI over stdio (run `npm run build` first) with
// its embedded sandbox, as an assistant would ask: "what is open on the Sydney board this week?"
// and "what is still open on that multi-day job?". Each answer is checked against the raw
// platform data, read through graphql_query in the same session.
import type { Client } from '@modelcontextprotocol/client';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyResult, callTool, spawnStdio } from '../helpers/mcp.js';

let client: Client;
let close: () => Promise<void>;
let jobs: AnyResult[];

const JOBS_QUERY = `query($page: Int) { companyJobs(input: { page: $page, perPage: 20 }) { pager { pageCount }
  paginatedList { id date multiDayJobId board { id name } roles { id quantity startTime crewJobs { status } } } } }`;

/** Every job, page by page, as the platform answers graphql_query (no product code in between). */
async function rawJobs(): Promise<AnyResult[]> {
  const all: AnyResult[] = [];
  for (let page = 1; ; page++) {
    const answer = await callTool(client, 'graphql_query', { query: JOBS_QUERY, variables: { page } });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.note, 'a page cut to fit').toBeUndefined();
    const { pager, paginatedList } = answer.data.data.companyJobs;
    all.push(...paginatedList);
    if (page >= pager.pageCount) return all;
  }
}

/** Independently: the open roles (quantity minus BOOKED) of these jobs, soonest first, as "jobId/roleId:open". */
function openOf(selected: AnyResult[]): string[] {
  return selected
    .flatMap((job) =>
      job.roles.map((role: AnyResult) => ({
        key: `${job.id}/${role.id}`,
        start: Date.parse(role.startTime),
        open:
          role.quantity - role.crewJobs.filter((crewJob: AnyResult) => crewJob.status === 'BOOKED').length,
      })),
    )
    .filter((role) => role.open > 0)
    .sort((a, b) => a.start - b.start || a.key.localeCompare(b.key, 'en', { numeric: true }))
    .map((role) => `${role.key}:${role.open}`);
}

const listed = (data: AnyResult): string[] =>
  data.roles.map((role: AnyResult) => `${role.jobId}/${role.roleId}:${role.open}`);

beforeAll(async () => {
  ({ client, close } = await spawnStdio());
  jobs = await rawJobs();
});

afterAll(async () => {
  await close?.();
});

describe('board names and multi-day jobs over stdio (built CLI, embedded sandbox)', () => {
  it("answers find_open_roles for a seed board's name as for its id, equal to the raw jobs", async () => {
    const board = jobs.find((job) => job.board.name === 'Sydney Harbour').board;
    const from = DateTime.utc().toISODate() as string;
    const to = DateTime.utc().plus({ days: 6 }).toISODate() as string;
    const byId = await callTool(client, 'find_open_roles', { from, to, boardIds: [board.id] });
    const byName = await callTool(client, 'find_open_roles', { from, to, boardIds: ['Sydney'] });
    expect(byName.isError, byName.text).toBe(false);
    expect(byName.data).toEqual(byId.data);
    const expected = openOf(
      jobs.filter((job) => job.board.id === board.id && job.date >= from && job.date <= to),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(listed(byName.data)).toEqual(expected);
  });

  it('refuses a name two boards match, listing both with their ids', async () => {
    const refused = await callTool(client, 'find_open_roles', { boardIds: ['on'] });
    expect(refused.isError).toBe(true);
    const id = (name: string) => jobs.find((job) => job.board.name === name).board.id;
    expect(refused.text).toContain(
      `boardIds[0]: "on" matches 2 boards: London Events (${id('London Events')}), Mumbai Conferences (${id('Mumbai Conferences')}).`,
    );
  });

  it('answers find_open_roles for a multiDayJobId: the open places of every day of that job', async () => {
    const groups = new Map<string, AnyResult[]>();
    for (const job of jobs)
      if (job.multiDayJobId) groups.set(job.multiDayJobId, [...(groups.get(job.multiDayJobId) ?? []), job]);
    const [id, days] = [...groups.entries()].sort((a, b) => b[1].length - a[1].length)[0] as [
      string,
      AnyResult[],
    ];
    const answer = await callTool(client, 'find_open_roles', { multiDayJobId: id });
    expect(answer.isError, answer.text).toBe(false);
    expect(listed(answer.data)).toEqual(openOf(days));
    const dates = days.map((job) => job.date).sort();
    expect([answer.data.from, answer.data.to]).toEqual([dates[0], dates.at(-1)]);
  });
});
