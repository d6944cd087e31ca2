// platform-api.md §4.4 rules 1-5: job timezones, wall-clock role times, multi-day jobs.
// Every test goes through real HTTP (token + POST /gql) against a seeded sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql, type Json, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let boards: Record<string, string>;

const JOB = 'id title date timezone multiDayJobId board { id timezone } roles { id startTime endTime total }';
const CREATE = `mutation($input: CreateJobsInput!) { createJobs(input: $input) { success errors errorCodes jobs { ${JOB} } } }`;
const UPDATE = `mutation($input: UpdateJobsInput!) { updateJobs(input: $input) { success errors errorCodes jobs { ${JOB} } } }`;

async function createJobs(input: Json): Promise<Json> {
  const answer = await gql(sb, CREATE, { input });
  expect(answer.status).toBe(200);
  return answer.body.data.createJobs;
}

async function updateJobs(input: Json): Promise<Json> {
  const answer = await gql(sb, UPDATE, { input });
  expect(answer.status).toBe(200);
  return answer.body.data.updateJobs;
}

async function jobsById(ids: string[]): Promise<Json[]> {
  const answer = await gql(
    sb,
    `query($ids: [ID!]) { companyJobs(input: { filter: { jobIds: $ids } }) { paginatedList { ${JOB} } } }`,
    {
      ids,
    },
  );
  return answer.body.data.companyJobs.paginatedList;
}

/** Jobs with this title around the test dates (December 2026). */
async function jobsTitled(title: string): Promise<Json[]> {
  const answer = await gql(
    sb,
    `{ companyJobs(input: { filter: { fromRange: "2026-12-01T00:00:00Z", toRange: "2026-12-15T00:00:00Z" } }) { pager { totalCount } paginatedList { id title } } }`,
  );
  expect(answer.body.data.companyJobs.pager.totalCount).toBeLessThanOrEqual(100);
  return answer.body.data.companyJobs.paginatedList.filter((listed: Json) => listed.title === title);
}

function job(boardZone: string, title: string, roles: Json[], extra: Json = {}): Json {
  return { boardId: boards[boardZone], title, date: '2026-12-05', roles, ...extra };
}

const role = (startTime: string, endTime: string, extra: Json = {}) => ({
  title: 'Bartender',
  startTime,
  endTime,
  payRate: 20,
  ...extra,
});

beforeAll(async () => {
  sb = await startTestSandbox();
  boards = {};
  for (let page = 1; page <= 3; page++) {
    const answer = await gql(
      sb,
      `query($page: Int) { companyJobs(input: { page: $page }) { paginatedList { board { id timezone } } } }`,
      {
        page,
      },
    );
    for (const listed of answer.body.data.companyJobs.paginatedList)
      boards[listed.board.timezone] = listed.board.id;
  }
  expect(Object.keys(boards)).toEqual(
    expect.arrayContaining(['Europe/London', 'Asia/Kolkata', 'Australia/Sydney']),
  );
});
afterAll(() => sb.close());

describe('§4.4 rule 1: createJobs timezone', () => {
  it('§4.4 rule 1: a job without timezone uses its board timezone', async () => {
    const result = await createJobs({
      jobs: [job('Asia/Kolkata', 'Rule 1 board zone', [role('2026-12-05T09:00', '2026-12-05T17:00')])],
    });
    expect(result.success).toBe(true);
    expect(result.jobs[0].timezone).toBe('Asia/Kolkata');
    expect(result.jobs[0].board).toEqual({ id: boards['Asia/Kolkata'], timezone: 'Asia/Kolkata' });
    expect(result.jobs[0].roles[0].startTime).toBe('2026-12-05T09:00:00+05:30');
  });

  it('§4.4 rule 1: an explicit IANA timezone overrides the board timezone', async () => {
    const result = await createJobs({
      jobs: [
        job('Europe/London', 'Rule 1 explicit zone', [role('2026-12-05T09:00', '2026-12-05T17:00')], {
          timezone: 'America/Chicago',
        }),
      ],
    });
    expect(result.success).toBe(true);
    expect(result.jobs[0].timezone).toBe('America/Chicago');
    expect(result.jobs[0].roles[0].startTime).toBe('2026-12-05T09:00:00-06:00');
  });

  it('§4.4 rule 1: a timezone that is not an IANA name is VALIDATION_FAILED on jobs.N.timezone and nothing is created', async () => {
    const result = await createJobs({
      jobs: [
        job('Europe/London', 'Rule 1 never created', [role('2026-12-05T09:00', '2026-12-05T17:00')]),
        job('Europe/London', 'Rule 1 never created', [], { timezone: 'Mars/Olympus_Mons' }),
        job('Europe/London', 'Rule 1 never created', [], { timezone: 'EST' }),
      ],
    });
    expect(result.success).toBe(false);
    expect(result.jobs).toEqual([]);
    expect(result.errorCodes).toEqual({
      'jobs.1.timezone': 'VALIDATION_FAILED',
      'jobs.2.timezone': 'VALIDATION_FAILED',
    });
    expect(result.errors['jobs.1.timezone'][0]).toMatch(/IANA/);
    expect(await jobsTitled('Rule 1 never created')).toEqual([]);
  });
});

describe('§4.4 rule 2: role times are wall-clock times in the job timezone', () => {
  it('§4.4 rule 2: startTime and endTime are read in the job timezone and answered with its offset', async () => {
    const result = await createJobs({
      jobs: [job('Australia/Sydney', 'Rule 2 Sydney', [role('2026-12-05T18:00', '2026-12-05T23:30')])],
    });
    expect(result.success).toBe(true);
    const [created] = result.jobs[0].roles;
    expect(created.startTime).toBe('2026-12-05T18:00:00+11:00');
    expect(created.endTime).toBe('2026-12-05T23:30:00+11:00');
    expect(new Date(created.startTime).toISOString()).toBe('2026-12-05T07:00:00.000Z');
  });

  it("§4.4 rule 2: a role must start on the job's date in the job timezone, not in UTC", async () => {
    // 01:00 in Sydney on the 5th is still the 4th in UTC: accepted.
    const early = await createJobs({
      jobs: [job('Australia/Sydney', 'Rule 2 early', [role('2026-12-05T01:00', '2026-12-05T06:00')])],
    });
    expect(early.success).toBe(true);
    const nextDay = await createJobs({
      jobs: [job('Australia/Sydney', 'Rule 2 next day', [role('2026-12-06T01:00', '2026-12-06T06:00')])],
    });
    expect(nextDay.success).toBe(false);
    expect(nextDay.errorCodes).toEqual({ 'jobs.0.roles.0.startTime': 'VALIDATION_FAILED' });
    expect(nextDay.errors['jobs.0.roles.0.startTime'][0]).toMatch(/2026-12-05.*Australia\/Sydney/);
  });

  it('§4.4 rule 2: a time with an offset or Z is refused with the expected form explained', async () => {
    const result = await createJobs({
      jobs: [
        job('Europe/London', 'Rule 2 offsets', [role('2026-12-05T09:00:00Z', '2026-12-05T17:00:00+01:00')]),
      ],
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.startTime': 'VALIDATION_FAILED',
      'jobs.0.roles.0.endTime': 'VALIDATION_FAILED',
    });
    expect(result.errors['jobs.0.roles.0.startTime'][0]).toMatch(/YYYY-MM-DDTHH:mm.*without offset/);
  });

  it('§4.4 rule 2: a wall-clock time inside a DST spring-forward gap is refused', async () => {
    const result = await createJobs({
      jobs: [
        {
          ...job('Europe/London', 'Rule 2 gap', [role('2027-03-28T01:30', '2027-03-28T06:00')]),
          date: '2027-03-28',
        },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'jobs.0.roles.0.startTime': 'VALIDATION_FAILED' });
    expect(result.errors['jobs.0.roles.0.startTime'][0]).toMatch(/does not exist/);
  });

  it('§4.4 rule 2: an ambiguous wall-clock time in a DST fall-back overlap takes the earlier offset', async () => {
    const result = await createJobs({
      jobs: [
        {
          ...job('Europe/London', 'Rule 2 overlap', [role('2026-10-25T01:30', '2026-10-25T03:30')]),
          date: '2026-10-25',
        },
      ],
    });
    expect(result.success).toBe(true);
    const [created] = result.jobs[0].roles;
    expect(created.startTime).toBe('2026-10-25T01:30:00+01:00');
    expect(created.endTime).toBe('2026-10-25T03:30:00+00:00');
    // Three real hours pass between 01:30 BST and 03:30 GMT: the total pays them.
    expect(created.total).toBe(60);
  });

  it('§4.4 rule 2: the end must be after the start and at most 24 hours later', async () => {
    const result = await createJobs({
      jobs: [
        job('Europe/London', 'Rule 2 ends', [
          role('2026-12-05T10:00', '2026-12-05T10:00'),
          role('2026-12-05T10:00', '2026-12-06T10:30'),
          role('2026-12-05T20:00', '2026-12-06T04:00'),
        ]),
      ],
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.endTime': 'VALIDATION_FAILED',
      'jobs.0.roles.1.endTime': 'VALIDATION_FAILED',
    });
  });
});

describe('§4.4 rule 3: multi-day jobs share one timezone', () => {
  it('§4.4 rule 3: jobs created with multiDay form one multi-day job', async () => {
    const result = await createJobs({
      multiDay: true,
      jobs: [
        job('Europe/London', 'Rule 3 festival', [role('2026-12-05T10:00', '2026-12-05T18:00')]),
        {
          ...job('Europe/London', 'Rule 3 festival', [role('2026-12-06T10:00', '2026-12-06T18:00')]),
          date: '2026-12-06',
        },
      ],
    });
    expect(result.success).toBe(true);
    const [first, second] = result.jobs;
    expect(first.multiDayJobId).toBeTruthy();
    expect(second.multiDayJobId).toBe(first.multiDayJobId);
  });

  it('§4.4 rule 3: a multi-day job whose days differ in effective timezone is VALIDATION_FAILED naming the timezone', async () => {
    const result = await createJobs({
      multiDay: true,
      jobs: [
        job('Europe/London', 'Rule 3 mixed', [role('2026-12-05T10:00', '2026-12-05T18:00')], {
          timezone: 'Europe/Paris',
        }),
        { ...job('Europe/London', 'Rule 3 mixed', []), date: '2026-12-06' },
        { ...job('Europe/London', 'Rule 3 mixed', []), date: '2026-12-07', timezone: 'Europe/Paris' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'jobs.1.timezone': 'VALIDATION_FAILED' });
    expect(result.errors['jobs.1.timezone'][0]).toMatch(/Europe\/Paris.*Europe\/London/);
    expect(await jobsTitled('Rule 3 mixed')).toEqual([]);
  });

  it('§4.4 rule 3: the days of a multi-day job must be on one board', async () => {
    const result = await createJobs({
      multiDay: true,
      jobs: [
        job('Europe/London', 'Rule 3 boards', [], { timezone: 'Asia/Kolkata' }),
        { ...job('Asia/Kolkata', 'Rule 3 boards', []), date: '2026-12-06' },
        { ...job('Asia/Kolkata', 'Rule 3 boards', []), date: '2026-12-07', timezone: 'asia/kolkata' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({
      'jobs.1.boardId': 'VALIDATION_FAILED',
      'jobs.2.boardId': 'VALIDATION_FAILED',
    });
  });

  it('§4.4 rule 3: without multiDay, jobs of different timezones are independent', async () => {
    const result = await createJobs({
      jobs: [
        job('Europe/London', 'Rule 3 single', []),
        job('Europe/London', 'Rule 3 single', [], { timezone: 'Europe/Paris' }),
      ],
    });
    expect(result.success).toBe(true);
    expect(result.jobs.map((j: Json) => j.multiDayJobId)).toEqual([null, null]);
  });
});

describe('§4.4 rule 4: updateJobs timezone keeps wall-clock times', () => {
  it('§4.4 rule 4: updateJobs keeps wall-clock times and recomputes UTC', async () => {
    const created = await createJobs({
      jobs: [job('Europe/London', 'Rule 4 move', [role('2026-12-05T18:00', '2026-12-05T23:00')])],
    });
    const before = created.jobs[0];
    const result = await updateJobs({ jobs: [{ id: before.id, timezone: 'Asia/Kolkata' }] });
    expect(result.success).toBe(true);
    const [after] = result.jobs;
    expect(after.timezone).toBe('Asia/Kolkata');
    expect(after.roles[0].startTime).toBe('2026-12-05T18:00:00+05:30');
    expect(after.roles[0].endTime).toBe('2026-12-05T23:00:00+05:30');
    expect(Date.parse(before.roles[0].startTime) - Date.parse(after.roles[0].startTime)).toBe(
      5.5 * 3_600_000,
    );
    expect((await jobsById([before.id]))[0].roles[0].startTime).toBe('2026-12-05T18:00:00+05:30');
  });

  it('§4.4 rule 4: an invalid timezone on updateJobs is VALIDATION_FAILED and changes nothing', async () => {
    const created = await createJobs({
      jobs: [job('Europe/London', 'Rule 4 invalid', [role('2026-12-05T18:00', '2026-12-05T23:00')])],
    });
    const id = created.jobs[0].id;
    const result = await updateJobs({ jobs: [{ id, title: 'Renamed', timezone: 'Nowhere/Special' }] });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'jobs.0.timezone': 'VALIDATION_FAILED' });
    const [stored] = await jobsById([id]);
    expect(stored.title).toBe('Rule 4 invalid');
    expect(stored.timezone).toBe('Europe/London');
  });

  it('§4.4 rule 4: a move that puts a role time into the new zone DST gap is refused', async () => {
    const created = await createJobs({
      jobs: [
        {
          ...job('Asia/Kolkata', 'Rule 4 gap', [role('2027-03-28T01:30', '2027-03-28T05:00')]),
          date: '2027-03-28',
        },
      ],
    });
    expect(created.success).toBe(true);
    const result = await updateJobs({ jobs: [{ id: created.jobs[0].id, timezone: 'Europe/London' }] });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'jobs.0.timezone': 'VALIDATION_FAILED' });
    expect(result.errors['jobs.0.timezone'][0]).toMatch(/does not exist/);
  });

  it('§4.4 rule 4: role time edits are wall-clock times in the job timezone with the same checks', async () => {
    const created = await createJobs({
      jobs: [job('Australia/Sydney', 'Rule 4 edit', [role('2026-12-05T18:00', '2026-12-05T23:00')])],
    });
    const { id, roles } = created.jobs[0];
    const refused = await updateJobs({
      jobs: [{ id, roles: [{ id: roles[0].id, startTime: '2026-12-05T19:00+11:00' }] }],
    });
    expect(refused.success).toBe(false);
    expect(refused.errorCodes).toEqual({ 'jobs.0.roles.0.startTime': 'VALIDATION_FAILED' });
    const offDate = await updateJobs({
      jobs: [
        { id, roles: [{ id: roles[0].id, startTime: '2026-12-06T08:00', endTime: '2026-12-06T09:00' }] },
      ],
    });
    expect(offDate.errorCodes).toEqual({ 'jobs.0.roles.0.startTime': 'VALIDATION_FAILED' });
    const moved = await updateJobs({
      jobs: [{ id, roles: [{ id: roles[0].id, startTime: '2026-12-05T19:00' }] }],
    });
    expect(moved.success).toBe(true);
    expect(moved.jobs[0].roles[0].startTime).toBe('2026-12-05T19:00:00+11:00');
    expect(moved.jobs[0].roles[0].endTime).toBe('2026-12-05T23:00:00+11:00');
  });

  it('§4.4 rule 4: an unknown job or role id is ITEM_NOT_FOUND', async () => {
    const created = await createJobs({
      jobs: [job('Europe/London', 'Rule 4 ids', [role('2026-12-05T18:00', '2026-12-05T23:00')])],
    });
    const result = await updateJobs({
      jobs: [
        { id: '99999999', title: 'x' },
        { id: created.jobs[0].id, roles: [{ id: '99999998', title: 'x' }] },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({
      'jobs.0.id': 'ITEM_NOT_FOUND',
      'jobs.1.roles.0.id': 'ITEM_NOT_FOUND',
    });
  });
});

describe('§4.4 rule 5: a multi-day job changes timezone as a whole', () => {
  async function createGroup(title: string): Promise<Json[]> {
    const result = await createJobs({
      multiDay: true,
      jobs: ['2026-12-10', '2026-12-11', '2026-12-12'].map((date) => ({
        ...job('Europe/London', title, [role(`${date}T09:00`, `${date}T17:00`)]),
        date,
      })),
    });
    expect(result.success).toBe(true);
    return result.jobs;
  }

  it('§4.4 rule 5: updating one day timezone moves every day, and the answer lists them all', async () => {
    const group = await createGroup('Rule 5 group');
    const result = await updateJobs({ jobs: [{ id: group[1].id, timezone: 'America/New_York' }] });
    expect(result.success).toBe(true);
    expect(result.jobs.map((j: Json) => j.id).sort()).toEqual(group.map((j) => j.id).sort());
    expect(result.jobs[0].id).toBe(group[1].id);
    const stored = await jobsById(group.map((j) => j.id));
    for (const day of stored) {
      expect(day.timezone).toBe('America/New_York');
      expect(day.roles[0].startTime).toBe(`${day.date}T09:00:00-05:00`);
    }
  });

  it('§4.4 rule 5: two different timezones for one multi-day job in one request are refused', async () => {
    const group = await createGroup('Rule 5 conflict');
    const result = await updateJobs({
      jobs: [
        { id: group[0].id, timezone: 'Europe/Paris' },
        { id: group[2].id, timezone: 'Europe/Berlin' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'jobs.1.timezone': 'VALIDATION_FAILED' });
    const stored = await jobsById(group.map((j) => j.id));
    expect(stored.map((j) => j.timezone)).toEqual(['Europe/London', 'Europe/London', 'Europe/London']);
  });
});
