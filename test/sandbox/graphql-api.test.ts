// The sandbox GraphQL API over HTTP (platform-contract.md): request errors, scopes per root
// field, pagination, filters, order and introspection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql, type Json, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;

const ONE_SCOPE_KEYS = ['jobs:read', 'jobs:write', 'crew:read', 'crew:write'].map((scope) => ({
  clientId: `only-${scope.replace(':', '-')}`,
  clientSecret: 'secret',
  scopes: [scope],
  companyId: 'company-1',
}));

beforeAll(async () => {
  sb = await startTestSandbox({ keys: ONE_SCOPE_KEYS });
});
afterAll(() => sb.close());

describe('request errors [contract: error shapes]', () => {
  it('[contract] an invalid document is HTTP 400 with GRAPHQL_VALIDATION_FAILED', async () => {
    for (const query of ['{ companyJobs { nope } }', '{ companyJobs { ', 'mutation { createJobs }']) {
      const answer = await gql(sb, query);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
  });

  it('[contract] variables that do not fit their types are HTTP 400 with BAD_USER_INPUT', async () => {
    const answer = await gql(sb, 'query($id: Int!) { companyCrewOne(crewId: $id) { id } }', { id: 'seven' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const badTime = await gql(
      sb,
      'query($t: Time) { companyJobs(input: { filter: { fromRange: $t } }) { pager { totalCount } } }',
      {
        t: '2026-11-21 10:00',
      },
    );
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('[contract] an unknown id in companyCrewOne is a NOT_FOUND error', async () => {
    const answer = await gql(sb, '{ companyCrewOne(crewId: 987654) { id } }');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('[contract] introspection is on', async () => {
    const answer = await gql(sb, '{ __schema { mutationType { fields { name } } } }', undefined, {
      clientId: 'only-jobs-read',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.__schema.mutationType.fields.map((f: Json) => f.name).sort()).toEqual([
      'createCrew',
      'createJobs',
      'updateCompanyCrew',
      'updateJobs',
      'updateProfileDataTypes',
    ]);
  });
});

describe('§4.1 and [contract] scopes: each operation requires a scope', () => {
  const OPERATIONS: [string, string, string][] = [
    ['jobs:read', 'companyJobs', '{ companyJobs { pager { totalCount } } }'],
    ['jobs:read', 'companyCrewJobs', '{ companyCrewJobs { pager { totalCount } } }'],
    ['jobs:write', 'createJobs', 'mutation { createJobs(input: { jobs: [] }) { success } }'],
    ['jobs:write', 'updateJobs', 'mutation { updateJobs(input: { jobs: [] }) { success } }'],
    ['crew:read', 'companyCrewAll', '{ companyCrewAll { pager { totalCount } } }'],
    ['crew:read', 'companyCrewOne', '{ companyCrewOne(crewId: 1) { id } }'],
    ['crew:read', 'companyLeavers', '{ companyLeavers { pager { totalCount } } }'],
    ['crew:write', 'createCrew', 'mutation { createCrew(input: { crew: [] }) { success } }'],
    [
      'crew:write',
      'updateCompanyCrew',
      'mutation { updateCompanyCrew(input: { crewId: 1, update: {} }) { success } }',
    ],
    [
      'crew:write',
      'updateProfileDataTypes',
      'mutation { updateProfileDataTypes(input: { profileId: "0", dataTypes: [] }) { success } }',
    ],
  ];

  it.each(OPERATIONS)('§4.1: without %s, %s is FORBIDDEN with requiredScope', async (scope, field, query) => {
    const others = ONE_SCOPE_KEYS.filter((key) => key.scopes[0] !== scope);
    for (const key of others) {
      const answer = await gql(sb, query, undefined, { clientId: key.clientId });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toBeNull();
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ path: [field], extensions: { code: 'FORBIDDEN', requiredScope: scope } }),
      ]);
    }
    const allowed = await gql(sb, query, undefined, { clientId: `only-${scope.replace(':', '-')}` });
    expect(allowed.body.errors?.[0]?.extensions?.code).not.toBe('FORBIDDEN');
    expect(allowed.body.data?.[field]).toBeDefined();
  });

  it('§4.1: a mutation refused for its scope writes nothing', async () => {
    const create = `mutation($email: String!) { createCrew(input: { crew: [{ firstName: "No", lastName: "Scope", email: $email }] }) { success } }`;
    const answer = await gql(sb, create, { email: 'no.scope@example.com' }, { clientId: 'demo-readonly' });
    expect(answer.body.errors[0].extensions).toEqual({ code: 'FORBIDDEN', requiredScope: 'crew:write' });
    const search = await gql(
      sb,
      '{ companyCrewAll(input: { filter: { search: "no.scope@" } }) { pager { totalCount } } }',
    );
    expect(search.body.data.companyCrewAll.pager.totalCount).toBe(0);
  });

  it('§4.1: one unauthorised root field stops the whole operation, through aliases and fragments', async () => {
    const query =
      '{ ok: companyCrewAll { pager { totalCount } } ...J } fragment J on Query { jobs: companyJobs { pager { totalCount } } }';
    const answer = await gql(sb, query, undefined, { clientId: 'only-crew-read' });
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0]).toMatchObject({
      path: ['jobs'],
      extensions: { code: 'FORBIDDEN', requiredScope: 'jobs:read' },
    });
  });
});

describe('[contract] pagination', () => {
  it('[contract] pager reports currentPage, pageCount, perPage and totalCount; perPage defaults to 100', async () => {
    const first = await gql(
      sb,
      '{ companyCrewAll { pager { currentPage pageCount perPage totalCount } paginatedList { id } } }',
    );
    const { pager, paginatedList } = first.body.data.companyCrewAll;
    expect(pager.perPage).toBe(100);
    expect(pager.currentPage).toBe(1);
    expect(pager.totalCount).toBeGreaterThanOrEqual(250);
    expect(pager.pageCount).toBe(Math.ceil(pager.totalCount / 100));
    expect(paginatedList).toHaveLength(100);
    const last = await gql(
      sb,
      `{ companyCrewAll(input: { page: ${pager.pageCount} }) { paginatedList { id } } }`,
    );
    expect(last.body.data.companyCrewAll.paginatedList).toHaveLength(
      pager.totalCount - 100 * (pager.pageCount - 1),
    );
  });

  it('[contract] pages do not overlap and follow a stable order', async () => {
    const page = (n: number) =>
      gql(
        sb,
        `{ companyJobs(input: { page: ${n}, perPage: 7 }) { paginatedList { id roles { startTime } } } }`,
      ).then((a) => a.body.data.companyJobs.paginatedList as Json[]);
    const [one, two, again] = [await page(1), await page(2), await page(1)];
    expect(again).toEqual(one);
    expect(one.map((j) => j.id)).not.toEqual(expect.arrayContaining([two[0].id]));
  });

  it.each([
    ['perPage', 'perPage: 0'],
    ['perPage', 'perPage: 101'],
    ['page', 'page: 0'],
  ])('[contract] an out-of-range %s (%s) is a BAD_USER_INPUT error naming the field', async (field, arg) => {
    const answer = await gql(sb, `{ companyLeavers(input: { ${arg} }) { pager { totalCount } } }`);
    expect(answer.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.body.errors[0].message).toContain(field);
  });
});

describe('[contract] filters', () => {
  it('[contract] companyJobs fromRange/toRange selects jobs whose time span overlaps the range, in UTC', async () => {
    const range = { fromRange: '2026-11-21T12:00:00+01:00', toRange: '2026-11-21T18:00:00Z' };
    const answer = await gql(
      sb,
      `query($f: CompanyJobsFilter) { companyJobs(input: { filter: $f }) { paginatedList { id roles { startTime endTime } } } }`,
      { f: range },
    );
    const jobs: Json[] = answer.body.data.companyJobs.paginatedList;
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const start = Math.min(...job.roles.map((r: Json) => Date.parse(r.startTime)));
      const end = Math.max(...job.roles.map((r: Json) => Date.parse(r.endTime)));
      expect(start).toBeLessThanOrEqual(Date.parse(range.toRange));
      expect(end).toBeGreaterThan(Date.parse(range.fromRange));
    }
  });

  it('[contract] companyJobs filters by jobIds, boardIds and crewJobStatus', async () => {
    const all = await gql(
      sb,
      '{ companyJobs { paginatedList { id board { id } roles { crewJobs { status } } } } }',
    );
    const jobs: Json[] = all.body.data.companyJobs.paginatedList;
    const ids = [jobs[3].id, jobs[1].id];
    const byIds = await gql(
      sb,
      'query($ids: [ID!]) { companyJobs(input: { filter: { jobIds: $ids } }) { paginatedList { id } } }',
      { ids },
    );
    expect(byIds.body.data.companyJobs.paginatedList.map((j: Json) => j.id)).toEqual([
      jobs[1].id,
      jobs[3].id,
    ]);
    const boardId = jobs[0].board.id;
    const byBoard = await gql(
      sb,
      'query($b: [ID!]) { companyJobs(input: { filter: { boardIds: $b } }) { paginatedList { board { id } } } }',
      {
        b: [boardId],
      },
    );
    expect(byBoard.body.data.companyJobs.paginatedList.length).toBeGreaterThan(0);
    expect(byBoard.body.data.companyJobs.paginatedList.every((j: Json) => j.board.id === boardId)).toBe(true);
    const waiting = await gql(
      sb,
      '{ companyJobs(input: { filter: { crewJobStatus: [WAITING_LIST] } }) { paginatedList { roles { crewJobs { status } } } } }',
    );
    const listed: Json[] = waiting.body.data.companyJobs.paginatedList;
    expect(listed.length).toBeGreaterThan(0);
    for (const job of listed) {
      expect(job.roles.flatMap((r: Json) => r.crewJobs.map((c: Json) => c.status))).toContain('WAITING_LIST');
    }
  });

  it('[contract] companyCrewAll search is case-insensitive on name or email', async () => {
    const one = await gql(sb, '{ companyCrewOne(crewId: 1) { firstName lastName email } }');
    const { firstName, lastName, email } = one.body.data.companyCrewOne;
    for (const search of [
      `${firstName} ${lastName}`.toUpperCase(),
      email.toUpperCase(),
      lastName.toLowerCase(),
    ]) {
      const answer = await gql(
        sb,
        'query($s: String) { companyCrewAll(input: { filter: { search: $s } }) { paginatedList { id firstName lastName email } } }',
        {
          s: search,
        },
      );
      const found: Json[] = answer.body.data.companyCrewAll.paginatedList;
      expect(found.map((c) => c.id)).toContain(1);
      for (const c of found)
        expect(`${c.firstName} ${c.lastName} ${c.email}`.toLowerCase()).toContain(search.toLowerCase());
    }
  });

  it('[contract] companyCrewAll filters by crewIds, status and updatedSince', async () => {
    const byIds = await gql(
      sb,
      '{ companyCrewAll(input: { filter: { crewIds: [5, 2] } }) { paginatedList { id } } }',
    );
    expect(byIds.body.data.companyCrewAll.paginatedList.map((c: Json) => c.id)).toEqual([2, 5]);
    const suspended = await gql(
      sb,
      '{ companyCrewAll(input: { filter: { status: [SUSPENDED, INACTIVE] } }) { paginatedList { status } } }',
    );
    const statuses = suspended.body.data.companyCrewAll.paginatedList.map((c: Json) => c.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['SUSPENDED', 'INACTIVE']));
    const since = new Date().toISOString();
    await gql(
      sb,
      'mutation { updateCompanyCrew(input: { crewId: 3, update: { phone: "+44 7000 000003" } }) { success } }',
    );
    const changed = await gql(
      sb,
      'query($t: Time) { companyCrewAll(input: { filter: { updatedSince: $t } }) { paginatedList { id } } }',
      {
        t: since,
      },
    );
    expect(changed.body.data.companyCrewAll.paginatedList.map((c: Json) => c.id)).toEqual([3]);
  });

  it('[contract] companyLeavers filters by when they left', async () => {
    const all = await gql(sb, '{ companyLeavers { pager { totalCount } paginatedList { crewId leftAt } } }');
    const leavers: Json[] = all.body.data.companyLeavers.paginatedList;
    expect(leavers.length).toBeGreaterThanOrEqual(10);
    const sorted = [...leavers].sort((a, b) => Date.parse(a.leftAt) - Date.parse(b.leftAt));
    expect(leavers).toEqual(sorted);
    const middle = sorted[Math.floor(sorted.length / 2)];
    const answer = await gql(
      sb,
      'query($f: Time) { companyLeavers(input: { fromRange: $f }) { paginatedList { leftAt } } }',
      {
        f: middle.leftAt,
      },
    );
    const later: Json[] = answer.body.data.companyLeavers.paginatedList;
    expect(later.length).toBe(sorted.filter((l) => Date.parse(l.leftAt) >= Date.parse(middle.leftAt)).length);
  });

  it('[contract] companyCrewJobs filters by status, crew, job and time, with crew, role and job attached', async () => {
    const answer = await gql(
      sb,
      '{ companyCrewJobs(input: { filter: { crewJobStatus: [BOOKED] }, perPage: 5 }) { pager { totalCount } paginatedList { id status attendance crew { id } role { id startTime } job { id } } } }',
    );
    const rows: Json[] = answer.body.data.companyCrewJobs.paginatedList;
    expect(rows.every((r) => r.status === 'BOOKED')).toBe(true);
    const [row] = rows;
    const narrowed = await gql(
      sb,
      'query($c: [Int!], $j: [ID!], $f: Time, $t: Time) { companyCrewJobs(input: { filter: { crewIds: $c, jobIds: $j, fromRange: $f, toRange: $t } }) { paginatedList { id crew { id } job { id } } } }',
      { c: [row.crew.id], j: [row.job.id], f: row.role.startTime, t: row.role.startTime },
    );
    const found: Json[] = narrowed.body.data.companyCrewJobs.paginatedList;
    expect(found.map((r) => r.id)).toContain(row.id);
    expect(found.every((r) => r.crew.id === row.crew.id && r.job.id === row.job.id)).toBe(true);
    const byId = await gql(
      sb,
      `{ companyCrewJobs(input: { filter: { crewJobIds: ["${row.id}"] } }) { paginatedList { id } } }`,
    );
    expect(byId.body.data.companyCrewJobs.paginatedList).toEqual([{ id: row.id }]);
  });
});
