// platform-api.md §4.4 rules 6 and 7 and §7 (breakPeriod): break periods are saved and paid
// out of the total; legacy roles (created before 2026-09-21) hide theirs and lose it on edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql, type Json, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let londonBoard: string;

const ROLE = 'id title startTime endTime payType payRate breakPeriod total createdAt';
const JOB = `id title timezone multiDayJobId roles { ${ROLE} }`;
const CREATE = `mutation($input: CreateJobsInput!) { createJobs(input: $input) { success errors errorCodes jobs { ${JOB} } } }`;
const UPDATE = `mutation($input: UpdateJobsInput!) { updateJobs(input: $input) { success errors errorCodes jobs { ${JOB} } } }`;
const FIX = Date.parse('2026-09-21T00:00:00Z');

const hours = (r: Json) => (Date.parse(r.endTime) - Date.parse(r.startTime)) / 3_600_000;
const cents = (n: number) => Math.round(n * 100) / 100;

async function allJobs(): Promise<Json[]> {
  const jobs: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await gql(
      sb,
      `query($page: Int) { companyJobs(input: { page: $page }) { pager { pageCount } paginatedList { ${JOB} } } }`,
      {
        page,
      },
    );
    jobs.push(...answer.body.data.companyJobs.paginatedList);
    if (page >= answer.body.data.companyJobs.pager.pageCount) return jobs;
  }
}

/** Seeded legacy roles whose stored total counted a (now hidden) break, with their jobs. */
async function legacyRolesWithHiddenBreak(): Promise<{ job: Json; role: Json }[]> {
  return (await allJobs()).flatMap((job) =>
    job.roles
      .filter(
        (r: Json) =>
          Date.parse(r.createdAt) < FIX && r.payType === 'HOURLY' && r.total < cents(r.payRate * hours(r)),
      )
      .map((role: Json) => ({ job, role })),
  );
}

async function createOne(role: Json): Promise<Json> {
  const answer = await gql(sb, CREATE, {
    input: { jobs: [{ boardId: londonBoard, title: 'Break test', date: '2026-12-05', roles: [role] }] },
  });
  return answer.body.data.createJobs;
}

async function update(input: Json): Promise<Json> {
  const answer = await gql(sb, UPDATE, { input });
  expect(answer.status).toBe(200);
  return answer.body.data.updateJobs;
}

beforeAll(async () => {
  sb = await startTestSandbox();
  const jobs = await allJobs();
  const london = jobs.find((job) => job.timezone === 'Europe/London');
  const answer = await gql(
    sb,
    `query($ids: [ID!]) { companyJobs(input: { filter: { jobIds: $ids } }) { paginatedList { board { id } } } }`,
    {
      ids: [london.id],
    },
  );
  londonBoard = answer.body.data.companyJobs.paginatedList[0].board.id;
});
afterAll(() => sb.close());

describe('§4.4 rule 6: breakPeriod is saved and used in the total', () => {
  it('§4.4 rule 6: an HOURLY role pays payRate × (duration − break) and reports the saved break', async () => {
    const result = await createOne({
      title: 'Bar',
      startTime: '2026-12-05T18:00',
      endTime: '2026-12-05T23:00',
      payRate: 20,
      breakPeriod: 30,
    });
    expect(result.success).toBe(true);
    const [role] = result.jobs[0].roles;
    expect(role.breakPeriod).toBe(30);
    expect(role.total).toBe(90);
  });

  it('§4.4 rule 6: the total is rounded to cents', async () => {
    const result = await createOne({
      title: 'Bar',
      startTime: '2026-12-05T09:00',
      endTime: '2026-12-05T16:20',
      payRate: 12.345,
      breakPeriod: 17,
    });
    expect(result.jobs[0].roles[0].total).toBe(cents((12.345 * (440 - 17)) / 60));
  });

  it('§4.4 rule 6: a FIXED role pays its rate whatever the break', async () => {
    const result = await createOne({
      title: 'Bar',
      startTime: '2026-12-05T18:00',
      endTime: '2026-12-05T23:00',
      payType: 'FIXED',
      payRate: 150,
      breakPeriod: 45,
    });
    expect(result.jobs[0].roles[0]).toMatchObject({ breakPeriod: 45, total: 150 });
  });
});

describe('§7: a breakPeriod that fails validation is rejected', () => {
  it.each([
    ['negative', -5],
    ['as long as the role', 300],
    ['longer than the role', 301],
  ])(
    '§7: createJobs breakPeriod %s is VALIDATION_FAILED on its path and nothing is created',
    async (_, breakPeriod) => {
      const answer = await gql(sb, CREATE, {
        input: {
          jobs: [
            {
              boardId: londonBoard,
              title: 'Break rejected',
              date: '2026-12-05',
              roles: [
                {
                  title: 'Fine',
                  startTime: '2026-12-05T10:00',
                  endTime: '2026-12-05T12:00',
                  breakPeriod: 15,
                },
                { title: 'Bad', startTime: '2026-12-05T18:00', endTime: '2026-12-05T23:00', breakPeriod },
              ],
            },
          ],
        },
      });
      const result = answer.body.data.createJobs;
      expect(result.success).toBe(false);
      expect(result.jobs).toEqual([]);
      expect(result.errorCodes).toEqual({ 'jobs.0.roles.1.breakPeriod': 'VALIDATION_FAILED' });
      expect((await allJobs()).filter((job) => job.title === 'Break rejected')).toEqual([]);
    },
  );

  it('§7: breakPeriod is whole minutes: a fractional value is refused by GraphQL validation', async () => {
    const answer = await gql(
      sb,
      `mutation { createJobs(input: { jobs: [{ boardId: "${londonBoard}", title: "x", date: "2026-12-05", roles: [{ title: "x", startTime: "2026-12-05T10:00", endTime: "2026-12-05T12:00", breakPeriod: 1.5 }] }] }) { success } }`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('§4.4 rule 7: legacy roles and break periods on edit', () => {
  it('§4.4 rule 7: roles created before 2026-09-21 report breakPeriod 0 although their total counted the break', async () => {
    const legacy = await legacyRolesWithHiddenBreak();
    expect(legacy.length).toBeGreaterThanOrEqual(3);
    for (const { role } of legacy) expect(role.breakPeriod).toBe(0);
  });

  it('§4.4 rule 7: break periods cannot be changed through the API (UpdateRoleInput has no breakPeriod)', async () => {
    const created = await createOne({
      title: 'Bar',
      startTime: '2026-12-05T18:00',
      endTime: '2026-12-05T23:00',
      breakPeriod: 30,
    });
    const { id, roles } = created.jobs[0];
    const answer = await gql(
      sb,
      `mutation { updateJobs(input: { jobs: [{ id: "${id}", roles: [{ id: "${roles[0].id}", breakPeriod: 0 }] }] }) { success } }`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(answer.body.errors[0].message).toMatch(/breakPeriod/);
  });

  it('§4.4 rule 7: editing a legacy role recomputes its total with no break, changing the amount', async () => {
    const { job, role } = (await legacyRolesWithHiddenBreak())[0]!;
    const result = await update({
      jobs: [{ id: job.id, roles: [{ id: role.id, title: `${role.title} (edited)` }] }],
    });
    expect(result.success).toBe(true);
    const edited = result.jobs[0].roles.find((r: Json) => r.id === role.id);
    expect(edited.breakPeriod).toBe(0);
    expect(edited.total).toBe(cents(role.payRate * hours(role)));
    expect(edited.total).toBeGreaterThan(role.total);
    // The untouched roles of the same job keep their totals.
    for (const other of job.roles.filter((r: Json) => r.id !== role.id)) {
      expect(result.jobs[0].roles.find((r: Json) => r.id === other.id).total).toBe(other.total);
    }
  });

  it('§4.4 rule 7: a timezone change rewrites legacy roles and drops their hidden break', async () => {
    const legacy = await legacyRolesWithHiddenBreak();
    const { job, role } = legacy[legacy.length - 1]!;
    const result = await update({ jobs: [{ id: job.id, timezone: 'Asia/Tokyo' }] });
    expect(result.success).toBe(true);
    const moved = result.jobs.find((j: Json) => j.id === job.id).roles.find((r: Json) => r.id === role.id);
    expect(moved.total).toBe(cents(role.payRate * hours(moved)));
    expect(moved.total).not.toBe(role.total);
  });

  it('§4.4 rule 7: a job title edit that does not touch roles leaves totals alone', async () => {
    const legacy = await legacyRolesWithHiddenBreak();
    const { job } = legacy[1]!;
    const result = await update({ jobs: [{ id: job.id, title: `${job.title} (renamed)` }] });
    expect(result.success).toBe(true);
    expect(result.jobs[0].title).toBe(`${job.title} (renamed)`);
    expect(result.jobs[0].roles.map((r: Json) => r.total)).toEqual(job.roles.map((r: Json) => r.total));
  });

  it('§4.4 rule 7: a role created after the fix keeps its saved break on edits', async () => {
    const created = await createOne({
      title: 'Bar',
      startTime: '2026-12-05T18:00',
      endTime: '2026-12-05T23:00',
      payRate: 20,
      breakPeriod: 30,
    });
    const { id, roles } = created.jobs[0];
    const result = await update({
      jobs: [{ id, roles: [{ id: roles[0].id, payRate: 30, endTime: '2026-12-05T22:00' }] }],
    });
    expect(result.success).toBe(true);
    expect(result.jobs[0].roles[0]).toMatchObject({ breakPeriod: 30, total: 105 });
  });

  it('§4.4 rule 7: an edit that makes a role no longer than its saved break is refused', async () => {
    const created = await createOne({
      title: 'Bar',
      startTime: '2026-12-05T18:00',
      endTime: '2026-12-05T20:00',
      payRate: 20,
      breakPeriod: 60,
    });
    const { id, roles } = created.jobs[0];
    const result = await update({
      jobs: [{ id, roles: [{ id: roles[0].id, endTime: '2026-12-05T19:00' }] }],
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'jobs.0.roles.0': 'VALIDATION_FAILED' });
  });
});
