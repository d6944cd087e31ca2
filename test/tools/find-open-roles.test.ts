// find_open_roles against the sandbox: roles with open places (quantity minus BOOKED crew jobs)
// in a range of each job's local dates, soonest first, checked against the jobs read over GraphQL
// directly; what it sends upstream; refusals that send nothing.
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_INDEX_WINDOW_DAYS as BOARD_WINDOW_DAYS } from '../../src/lookups/job-index.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import type { AnyResult } from '../helpers/mcp.js';
import { gqlEveryPage, TEST_NOW } from '../helpers/sandbox.js';
import { callCounted } from '../helpers/tool-requests.js';
import { type Company, readCompany } from '../oracles/staffing.js';

const suite = useConnectedSandbox();
let company: Company;
/** Multi-day job id -> its job ids, read straight from the sandbox. */
const multiDay = new Map<string, string[]>();
/** Job id -> its multi-day job id, and multi-day job id -> its dates (sorted, distinct). */
const groupOf = new Map<string, string>();
const groupDates = new Map<string, string[]>();

beforeAll(async () => {
  company = await readCompany(suite.sandbox);
  for (const job of await gqlEveryPage(suite.sandbox, 'companyJobs', 'id date multiDayJobId')) {
    if (!job.multiDayJobId) continue;
    multiDay.set(job.multiDayJobId, [...(multiDay.get(job.multiDayJobId) ?? []), job.id]);
    groupOf.set(job.id, job.multiDayJobId);
    groupDates.set(
      job.multiDayJobId,
      [...new Set([...(groupDates.get(job.multiDayJobId) ?? []), job.date])].sort(),
    );
  }
});

/** The read of the boards a name is looked up in: the light job index of the window around today. */
function boardRead() {
  const today = DateTime.fromMillis(TEST_NOW, { zone: 'utc' }).startOf('day');
  const filter = {
    fromRange: today.minus({ days: BOARD_WINDOW_DAYS.past }).toISO(),
    toRange: today.plus({ days: BOARD_WINDOW_DAYS.future }).toISO(),
  };
  // Every seeded job is within the window: one page per 100 of them.
  return Array.from({ length: Math.ceil(company.jobs.length / 100) }, (_, index) => ({
    kind: 'graphql',
    operation: 'companyJobs',
    variables: { input: { filter, page: index + 1, perPage: 100 } },
  }));
}

const openRoles = (args: Record<string, unknown>) =>
  callCounted(suite.sandbox, suite.client, 'find_open_roles', args);

const PENDING = ['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST'];

/** Independently: every role of a job whose local date is in [from, to] with places left. */
function expectedOpen(from: string, to: string, boardIds?: string[]) {
  return company.jobs
    .filter((job) => job.date >= from && job.date <= to && (!boardIds || boardIds.includes(job.board.id)))
    .flatMap((job) =>
      job.roles.map((role: AnyResult) => {
        const booked = role.crewJobs.filter((cj: AnyResult) => cj.status === 'BOOKED').length;
        return {
          jobId: job.id,
          roleId: role.id,
          start: Date.parse(role.startTime),
          open: role.quantity - booked,
          booked,
          pending: role.crewJobs.filter((cj: AnyResult) => PENDING.includes(cj.status)).length,
        };
      }),
    )
    .filter((role) => role.open > 0)
    .sort(
      (a, b) => a.start - b.start || Number(a.jobId) - Number(b.jobId) || Number(a.roleId) - Number(b.roleId),
    );
}

describe('find_open_roles', () => {
  it("lists a weekend's roles with open places, soonest first, with counts and the ids matching takes", async () => {
    const { data, text, isError, sent } = await openRoles({ from: '2026-11-28', to: '2026-11-29' });
    expect(isError, text).toBe(false);
    const expected = expectedOpen('2026-11-28', '2026-11-29');
    expect(expected.length).toBeGreaterThan(3);
    expect(
      data.roles.map((role: AnyResult) => ({
        jobId: role.jobId,
        roleId: role.roleId,
        open: role.open,
        booked: role.booked,
        pending: role.pending,
      })),
    ).toEqual(expected.map(({ start: _start, ...rest }) => rest));
    expect(data.totalOpenPlaces).toBe(expected.reduce((sum, role) => sum + role.open, 0));
    expect(data.roles[0].time).toMatch(/^\d{2}:\d{2}-/);
    expect(text.split('\n')[0]).toMatch(/^\d+ roles with \d+ open places, 2026-11-28 to 2026-11-29:$/);
    // One read: the jobs overlapping the two local days, widened for the zones furthest from UTC.
    expect(sent).toEqual([
      {
        kind: 'graphql',
        operation: 'companyJobs',
        variables: {
          input: {
            filter: { fromRange: '2026-11-27T10:00:00.000Z', toRange: '2026-11-30T11:59:59.999Z' },
            page: 1,
            perPage: 100,
          },
        },
      },
    ]);
  });

  it('narrows to boards, and reads dates in a given timezone', async () => {
    const board = company.jobs[0].board.id;
    const { data } = await openRoles({ from: '2026-11-28', to: '2026-12-04', boardIds: [board] });
    expect(data.roles.length).toBeGreaterThan(0);
    expect(data.roles.map((role: AnyResult) => role.roleId)).toEqual(
      expectedOpen('2026-11-28', '2026-12-04', [board]).map((role) => role.roleId),
    );
    const zoned = await openRoles({
      from: '2026-11-28T00:00',
      to: '2026-11-28T23:59',
      timezone: 'Asia/Kolkata',
    });
    expect(zoned.isError).toBe(false);
    const dayStart = Date.parse('2026-11-27T18:30:00Z');
    const dayEnd = Date.parse('2026-11-28T18:29:00Z');
    for (const role of zoned.data.roles) {
      const found = company.jobs
        .find((job) => job.id === role.jobId)
        .roles.find((r: AnyResult) => r.id === role.roleId);
      expect(Date.parse(found.endTime)).toBeGreaterThan(dayStart);
      expect(Date.parse(found.startTime)).toBeLessThanOrEqual(dayEnd + 60_000);
    }
  });

  it('takes a board by name: the same roles as by its id, one board read first, kept for the next call', async () => {
    suite.connected.app.context.lookups.boards.invalidate();
    const board = company.jobs.find((job) => job.board.name === 'Sydney Harbour').board;
    const range = { from: '2026-11-28', to: '2026-12-04' };
    const byId = await openRoles({ ...range, boardIds: [board.id] });
    expect(byId.sent).toHaveLength(1);
    const byName = await openRoles({ ...range, boardIds: ['sydney'] });
    expect(byName.isError, byName.text).toBe(false);
    expect(byName.data).toEqual(byId.data);
    expect(byName.data.roles.map((role: AnyResult) => role.roleId)).toEqual(
      expectedOpen(range.from, range.to, [board.id]).map((role) => role.roleId),
    );
    // The boards (one index page of the window), then the same read as by id.
    expect(byName.sent.slice(0, -1)).toEqual(boardRead());
    expect(byName.sent.slice(-1)).toEqual(byId.sent);
    const again = await openRoles({ ...range, boardIds: ['Sydney Harbour'] });
    expect(again.sent).toEqual(byId.sent);
  });

  it('refuses a name that several boards or none match, with the candidates or the nearest, reading only the boards', async () => {
    suite.connected.app.context.lookups.boards.invalidate();
    const boards = new Map<string, string>(company.jobs.map((job) => [job.board.name, job.board.id]));
    const refused = await openRoles({ from: '2026-11-28', boardIds: ['on', 'Sydny Harbor'] });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      `boardIds[0]: "on" matches 2 boards: London Events (${boards.get('London Events')}), Mumbai Conferences (${boards.get('Mumbai Conferences')}).`,
    );
    expect(refused.text).toMatch(/Give one of their ids or full names/);
    expect(refused.text).toContain(
      `boardIds[1]: no board named "Sydny Harbor"; nearest: Sydney Harbour (${boards.get('Sydney Harbour')}),`,
    );
    expect(refused.sent).toEqual(boardRead());
    // A name the kept boards do not know is looked for in a fresh read before the refusal.
    const unknown = await openRoles({ from: '2026-11-28', boardIds: ['Paris'] });
    expect(unknown.text).toMatch(/boardIds\[0\]: no board named "Paris"; nearest: /);
    expect(unknown.sent).toEqual(boardRead());
  });

  it('takes a multiDayJobId: the open roles of every day of that job, against the raw jobs', async () => {
    const [id, jobIds] = [...multiDay.entries()].sort((a, b) => b[1].length - a[1].length)[0] as [
      string,
      string[],
    ];
    const { data, isError, text, sent } = await openRoles({ multiDayJobId: id });
    expect(isError, text).toBe(false);
    const days = company.jobs
      .filter((job) => jobIds.includes(job.id))
      .map((job) => job.date)
      .sort();
    const expected = expectedOpen(days[0], days.at(-1), undefined).filter((role) =>
      jobIds.includes(role.jobId),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(data.roles.map((role: AnyResult) => [role.jobId, role.roleId, role.open])).toEqual(
      expected.map((role) => [role.jobId, role.roleId, role.open]),
    );
    expect({ from: data.from, to: data.to }).toEqual({ from: days[0], to: days.at(-1) });
    // The job index (all dates: the API cannot filter by multi-day job), then its jobs in full.
    expect(sent.at(-1)).toMatchObject({
      variables: { input: { filter: { jobIds: expect.arrayContaining(jobIds) } } },
    });
    const unknown = await openRoles({ multiDayJobId: '999999' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/No multi-day job 999999.*list_jobs shows each job's multiDayJobId/s);
    expect(
      unknown.sent.every((request) => request.kind === 'graphql' && request.operation === 'companyJobs'),
    ).toBe(true);
  });

  it('gives every open role of a multi-day job its multiDayJobId, and each such job its days, in or out of the range', async () => {
    const [from, to] = ['2026-11-21', '2026-12-06'];
    const { data, text, isError, sent } = await openRoles({ from, to });
    expect(isError, text).toBe(false);
    expect(data.roles.length).toBe(data.totalRoles);
    const inGroups = data.roles.filter((role: AnyResult) => groupOf.has(role.jobId));
    expect(inGroups.length).toBeGreaterThan(3);
    for (const role of data.roles) expect(role.multiDayJobId, role.roleId).toBe(groupOf.get(role.jobId));
    const listed = [...new Set(inGroups.map((role: AnyResult) => groupOf.get(role.jobId)!))] as string[];
    const want = listed
      .sort((a, b) => Number(a) - Number(b))
      .map((id) => {
        const dates = groupDates.get(id)!;
        return { multiDayJobId: id, from: dates[0], to: dates.at(-1), days: dates.length };
      });
    expect(data.multiDayJobs).toEqual(want);
    // The biggest multi-day job is one line away, and a group reaching outside the range shows it all.
    expect(want.some((group) => group.days > 1)).toBe(true);
    expect(text).toContain(`Multi-day jobs: ${want[0]!.multiDayJobId} ${want[0]!.from}..${want[0]!.to}`);
    expect(text).toMatch(new RegExp(` · multi-day ${want[0]!.multiDayJobId}$`, 'm'));
    // The jobs of the range, then the job index of the groups' boards (all dates).
    const boards = new Set(
      company.jobs.filter((job) => listed.includes(groupOf.get(job.id) ?? '')).map((job) => job.board.id),
    );
    const indexRead = sent.at(-1) as AnyResult;
    expect(indexRead.operation).toBe('companyJobs');
    expect(indexRead.variables.input.filter).toEqual({ boardIds: expect.any(Array) });
    expect([...indexRead.variables.input.filter.boardIds].sort()).toEqual([...boards].sort());
  });

  it('stays within the result budget for a whole month, cutting with a note', async () => {
    const { data, cost } = await openRoles({ from: '2026-10-22', to: '2026-12-21' });
    expect(cost.both).toBeLessThan(20_000);
    expect(data.totalRoles).toBeGreaterThanOrEqual(data.roles.length);
    if (data.roles.length < data.totalRoles) expect(data.note).toMatch(/cut to fit/);
  });

  it('refuses a timezone that is not IANA and a date that is not one, sending nothing', async () => {
    for (const [args, message] of [
      [
        { from: '2026-11-28', timezone: 'CET' },
        /timezone: "CET" is an abbreviation, not an IANA timezone name/,
      ],
      [{ from: '28/11/2026' }, /from: "28\/11\/2026" is not a date/],
      [{ from: '2026-11-29', to: '2026-11-28' }, /is after to/],
    ] as const) {
      const { isError, text, sent } = await openRoles(args);
      expect(isError, `${JSON.stringify(args)}: ${text}`).toBe(true);
      expect(text).toMatch(message);
      expect(sent).toEqual([]);
    }
  });
});
