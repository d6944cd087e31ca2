// platform-api.md §2.2 (Role.requirements and the deprecated scalars), §2.3 (requirement kinds),
// §4.4 rule 10 (deprecated attributes/skills requirements) and the §7 requirement rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql, type Json, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let boardId: string;
let dataTypes: Json[];
let roleTypeIds: string[];
let profileIds: string[];

const REQUIREMENTS = `requirements {
  ageRestriction { minAge maxAge }
  dataType { dataTypeId dataTypeTitle optionNames condition }
  distanceRestriction { maxDistanceKm }
  genderRestriction { genders }
  profile { profileIds condition }
  labels
  roleType { roleTypeId condition }
  skills
  tags
}`;
const CREATE = `mutation($input: CreateJobsInput!) {
  createJobs(input: $input) { success errors errorCodes jobs { id title roles { id ageRestriction distanceRestriction ${REQUIREMENTS} } } }
}`;

const dataTypeTitled = (title: string): Json => dataTypes.find((dt) => dt.title === title);

async function createWith(requirements: Json, title = 'Requirements test'): Promise<Json> {
  const answer = await gql(sb, CREATE, {
    input: {
      jobs: [
        {
          boardId,
          title,
          date: '2026-12-08',
          roles: [
            { title: 'Steward', startTime: '2026-12-08T10:00', endTime: '2026-12-08T16:00', requirements },
          ],
        },
      ],
    },
  });
  expect(answer.status).toBe(200);
  return answer.body.data.createJobs;
}

beforeAll(async () => {
  sb = await startTestSandbox();
  const jobs = await gql(sb, `{ companyJobs(input: { perPage: 1 }) { paginatedList { board { id } } } }`);
  boardId = jobs.body.data.companyJobs.paginatedList[0].board.id;
  const crew = await gql(
    sb,
    `{ companyCrewAll { paginatedList { roleTypeIds profiles { id dataTypes { id title type options { name } } } } } }`,
  );
  const list: Json[] = crew.body.data.companyCrewAll.paginatedList;
  const byId = new Map<string, Json>();
  for (const member of list)
    for (const p of member.profiles) for (const dt of p.dataTypes) byId.set(dt.id, dt);
  dataTypes = [...byId.values()];
  roleTypeIds = [...new Set(list.flatMap((member) => member.roleTypeIds as string[]))].sort();
  profileIds = [
    ...new Set(list.flatMap((member) => member.profiles.map((p: Json) => p.id as string))),
  ].sort();
});
afterAll(() => sb.close());

describe('§2.2 and §2.3: every requirement kind is saved and returned', () => {
  it('§2.2: Role.requirements returns every saved kind, and the deprecated scalars mirror it', async () => {
    const languages = dataTypeTitled('Languages');
    const result = await createWith({
      ageRestriction: { minAge: 21, maxAge: 60 },
      dataType: [{ dataTypeId: languages.id, optionNames: ['English', 'French'], condition: 'ALL' }],
      distanceRestriction: { maxDistanceKm: 32.6 },
      genderRestriction: { genders: ['FEMALE', 'OTHER'] },
      profile: { profileIds: [profileIds[0]], condition: 'ANY' },
      labels: ['VIP area'],
      roleType: { roleTypeId: roleTypeIds[0], condition: 'EQUAL' },
      tags: ['priority'],
    });
    expect(result.success).toBe(true);
    const [role] = result.jobs[0].roles;
    expect(role.requirements).toEqual({
      ageRestriction: { minAge: 21, maxAge: 60 },
      dataType: [
        {
          dataTypeId: languages.id,
          dataTypeTitle: 'Languages',
          optionNames: ['English', 'French'],
          condition: 'ALL',
        },
      ],
      distanceRestriction: { maxDistanceKm: 32.6 },
      genderRestriction: { genders: ['FEMALE', 'OTHER'] },
      profile: { profileIds: [profileIds[0]], condition: 'ANY' },
      labels: ['VIP area'],
      roleType: { roleTypeId: roleTypeIds[0], condition: 'EQUAL' },
      skills: [],
      tags: ['priority'],
    });
    expect(role.ageRestriction).toBe(21);
    expect(role.distanceRestriction).toBe(33);
    const listed = await gql(
      sb,
      `query($ids: [ID!]) { companyJobs(input: { filter: { jobIds: $ids } }) { paginatedList { roles { ${REQUIREMENTS} } } } }`,
      {
        ids: [result.jobs[0].id],
      },
    );
    expect(listed.body.data.companyJobs.paginatedList[0].roles[0].requirements).toEqual(role.requirements);
  });

  it('§2.3: a dataType requirement by a unique title resolves to that data type', async () => {
    const result = await createWith({
      dataType: [{ dataTypeTitle: 'Licence categories', optionNames: ['C1'], condition: 'ANY' }],
    });
    expect(result.success).toBe(true);
    expect(result.jobs[0].roles[0].requirements.dataType).toEqual([
      {
        dataTypeId: dataTypeTitled('Licence categories').id,
        dataTypeTitle: 'Licence categories',
        optionNames: ['C1'],
        condition: 'ANY',
      },
    ]);
  });

  it('§4.4 rule 10: deprecated attributes and skills requirements are accepted and do nothing', async () => {
    const result = await createWith({
      attributes: ['Tall'],
      skills: ['Customer service'],
      labels: ['Outdoor'],
    });
    expect(result.success).toBe(true);
    const { requirements } = result.jobs[0].roles[0];
    expect(requirements.skills).toEqual([]);
    expect(requirements.labels).toEqual(['Outdoor']);
    expect(JSON.stringify(requirements)).not.toMatch(/Tall|Customer service/);
  });
});

describe('§7: dataType requirement rows', () => {
  it('§7: a dataType requirement naming neither dataTypeId nor dataTypeTitle is rejected', async () => {
    const result = await createWith(
      { dataType: [{ optionNames: ['English'], condition: 'ANY' }] },
      'Req neither',
    );
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'jobs.0.roles.0.requirements.dataType.0': 'VALIDATION_FAILED' });
  });

  it('§7: a dataType requirement naming both dataTypeId and dataTypeTitle is rejected', async () => {
    const languages = dataTypeTitled('Languages');
    const result = await createWith(
      {
        dataType: [
          {
            dataTypeId: languages.id,
            dataTypeTitle: 'Languages',
            optionNames: ['English'],
            condition: 'ANY',
          },
        ],
      },
      'Req both',
    );
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'jobs.0.roles.0.requirements.dataType.0': 'VALIDATION_FAILED' });
  });

  it('§7: an ambiguous dataTypeTitle is rejected as AMBIGUOUS', async () => {
    expect(dataTypes.filter((dt) => dt.title === 'Certifications')).toHaveLength(2);
    const result = await createWith(
      {
        dataType: [{ dataTypeTitle: 'Certifications', optionNames: ['First Aid at Work'], condition: 'ANY' }],
      },
      'Req ambiguous',
    );
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.requirements.dataType.0.dataTypeTitle': 'AMBIGUOUS',
    });
    expect(result.errors['jobs.0.roles.0.requirements.dataType.0.dataTypeTitle'][0]).toMatch(/dataTypeId/);
  });

  it('§7: the same ambiguous data type is accepted by id', async () => {
    const security = dataTypes.find(
      (dt) => dt.title === 'Certifications' && dt.options.some((o: Json) => o.name === 'First Aid at Work'),
    );
    const result = await createWith({
      dataType: [{ dataTypeId: security.id, optionNames: ['First Aid at Work'], condition: 'NONE' }],
    });
    expect(result.success).toBe(true);
  });

  it('§7: an unknown dataTypeId or dataTypeTitle is ITEM_NOT_FOUND', async () => {
    const result = await createWith(
      {
        dataType: [
          { dataTypeId: '987654', optionNames: ['x'], condition: 'ANY' },
          { dataTypeTitle: 'No such data type', optionNames: ['x'], condition: 'ANY' },
        ],
      },
      'Req unknown',
    );
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.requirements.dataType.0.dataTypeId': 'ITEM_NOT_FOUND',
      'jobs.0.roles.0.requirements.dataType.1.dataTypeTitle': 'ITEM_NOT_FOUND',
    });
  });

  it('§7: an optionNames entry that does not belong to the data type is rejected, naming it', async () => {
    const result = await createWith(
      { dataType: [{ dataTypeTitle: 'Languages', optionNames: ['English', 'Klingon'], condition: 'ANY' }] },
      'Req option',
    );
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.requirements.dataType.0.optionNames.1': 'VALIDATION_FAILED',
    });
    expect(result.errors['jobs.0.roles.0.requirements.dataType.0.optionNames.1'][0]).toMatch(/Klingon/);
  });

  it('§2.3: a dataType requirement condition is ALL, ANY or NONE', async () => {
    const result = await createWith({
      dataType: [{ dataTypeTitle: 'Languages', optionNames: ['English'], condition: 'EQUAL' }],
    });
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.requirements.dataType.0.condition': 'VALIDATION_FAILED',
    });
  });
});

describe('§2.3: other requirement kinds', () => {
  it('§2.3: a roleType requirement condition must be EQUAL', async () => {
    const result = await createWith({ roleType: { roleTypeId: roleTypeIds[0], condition: 'ANY' } });
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.requirements.roleType.condition': 'VALIDATION_FAILED',
    });
  });

  it('§2.3: a roleType requirement with an unknown role type is ITEM_NOT_FOUND', async () => {
    const result = await createWith({ roleType: { roleTypeId: '123456', condition: 'EQUAL' } });
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.requirements.roleType.roleTypeId': 'ITEM_NOT_FOUND',
    });
  });

  it('§2.3: a profile requirement names existing profiles with condition ANY or NONE', async () => {
    const result = await createWith({ profile: { profileIds: [profileIds[0], '55555'], condition: 'ALL' } });
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.requirements.profile.profileIds.1': 'ITEM_NOT_FOUND',
      'jobs.0.roles.0.requirements.profile.condition': 'VALIDATION_FAILED',
    });
  });

  it('§2.3: age, distance and gender restrictions are checked', async () => {
    const result = await createWith({
      ageRestriction: { minAge: 40, maxAge: 30 },
      distanceRestriction: { maxDistanceKm: 0 },
      genderRestriction: { genders: [] },
    });
    expect(result.errorCodes).toEqual({
      'jobs.0.roles.0.requirements.ageRestriction.minAge': 'VALIDATION_FAILED',
      'jobs.0.roles.0.requirements.distanceRestriction.maxDistanceKm': 'VALIDATION_FAILED',
      'jobs.0.roles.0.requirements.genderRestriction.genders': 'VALIDATION_FAILED',
    });
  });

  it('§2.3: one invalid requirement leaves the whole createJobs unwritten', async () => {
    const title = 'Req all or nothing';
    const answer = await gql(sb, CREATE, {
      input: {
        jobs: [
          { boardId, title, date: '2026-12-08', roles: [] },
          {
            boardId,
            title,
            date: '2026-12-08',
            roles: [
              {
                title: 'x',
                startTime: '2026-12-08T10:00',
                endTime: '2026-12-08T12:00',
                requirements: { roleType: { roleTypeId: roleTypeIds[0], condition: 'NONE' } },
              },
            ],
          },
        ],
      },
    });
    expect(answer.body.data.createJobs.success).toBe(false);
    const listed = await gql(
      sb,
      `{ companyJobs(input: { filter: { fromRange: "2026-12-08T00:00:00Z", toRange: "2026-12-08T23:59:59Z" } }) { paginatedList { title } } }`,
    );
    expect(listed.body.data.companyJobs.paginatedList.filter((j: Json) => j.title === title)).toEqual([]);
  });
});
