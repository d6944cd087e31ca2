// platform-api.md §2.2 (crew address, profile dataTypes), §4.3 (companyCrewAll/One),
// §4.4 rules 8 and 10 and the §7 item-not-found row: crew answers through profile.dataTypes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql, type Json, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
/** Profiles by name, each with its data types (own + inherited) as companyCrewAll shows them. */
let profiles: Record<string, { id: string; dataTypes: Json[] }>;

const CREW = `id email firstName lastName phone uniqueId address { line1 line2 city postcode country }
  profiles { id name dataTypes { id uniqueId title type global answer { value optionNames verifiedOptionNames score } } }`;
const CREATE = `mutation($input: CreateCrewInput!) { createCrew(input: $input) { success errors errorCodes crew { ${CREW} } } }`;
const UPDATE = `mutation($input: UpdateCompanyCrewInput!) { updateCompanyCrew(input: $input) { success errors errorCodes crew { ${CREW} } } }`;

const dt = (profile: string, title: string): Json =>
  profiles[profile]!.dataTypes.find((d) => d.title === title);
let emailCounter = 0;
const newEmail = () => `rules.crew.${++emailCounter}@example.com`;

async function createCrew(crew: Json[]): Promise<Json> {
  const answer = await gql(sb, CREATE, { input: { crew } });
  expect(answer.status).toBe(200);
  return answer.body.data.createCrew;
}

async function updateCrew(input: Json): Promise<Json> {
  const answer = await gql(sb, UPDATE, { input });
  expect(answer.status).toBe(200);
  return answer.body.data.updateCompanyCrew;
}

async function crewOne(crewId: number): Promise<Json> {
  const answer = await gql(sb, `query($id: Int!) { companyCrewOne(crewId: $id) { ${CREW} } }`, {
    id: crewId,
  });
  return answer.body.data.companyCrewOne;
}

async function searchCrew(search: string): Promise<Json[]> {
  const answer = await gql(
    sb,
    `query($s: String) { companyCrewAll(input: { filter: { search: $s } }) { paginatedList { id email } } }`,
    {
      s: search,
    },
  );
  return answer.body.data.companyCrewAll.paginatedList;
}

const answerOf = (crew: Json, profileName: string, dataTypeId: string) =>
  crew.profiles.find((p: Json) => p.name === profileName).dataTypes.find((d: Json) => d.id === dataTypeId)
    .answer;

beforeAll(async () => {
  sb = await startTestSandbox();
  const answer = await gql(sb, `{ companyCrewAll { paginatedList { ${CREW} } } }`);
  profiles = {};
  for (const member of answer.body.data.companyCrewAll.paginatedList) {
    for (const p of member.profiles) profiles[p.name] = { id: p.id, dataTypes: p.dataTypes };
  }
  expect(Object.keys(profiles).sort()).toEqual(['Drivers', 'Event staff', 'Hospitality', 'Security']);
});
afterAll(() => sb.close());

describe('§2.2 and §4.3: profiles[].dataTypes', () => {
  it('§2.2: a profile lists its own and inherited global data types, with SCORING, each with the answer', async () => {
    const hospitality = profiles['Hospitality']!.dataTypes;
    expect(hospitality.some((d) => d.global)).toBe(true);
    expect(hospitality.some((d) => !d.global)).toBe(true);
    expect(hospitality.filter((d) => d.type === 'SCORING').map((d) => d.global)).toEqual(
      expect.arrayContaining([true, false]),
    );
    const globalIds = hospitality.filter((d) => d.global).map((d) => d.id);
    for (const other of ['Security', 'Drivers', 'Event staff']) {
      expect(profiles[other]!.dataTypes.filter((d) => d.global).map((d) => d.id)).toEqual(globalIds);
    }
  });

  it('§2.2: a crew member with two profiles shows the same global data type id and answer under both', async () => {
    const answer = await gql(
      sb,
      `{ companyCrewAll { paginatedList { profiles { name dataTypes { id global answer { value optionNames score } } } } } }`,
    );
    const member = answer.body.data.companyCrewAll.paginatedList.find((m: Json) => m.profiles.length === 2);
    const [first, second] = member.profiles;
    const globalsOf = (p: Json) => p.dataTypes.filter((d: Json) => d.global);
    expect(globalsOf(first)).toEqual(globalsOf(second));
    expect(globalsOf(first).length).toBeGreaterThan(0);
  });
});

describe('§2.2 and §4.4 rules 8 and 10: createCrew', () => {
  it('§2.2: createCrew saves the address', async () => {
    const address = {
      line1: '1 Quay Street',
      line2: 'Unit 4',
      city: 'Sydney',
      postcode: '2000',
      country: 'Australia',
    };
    const result = await createCrew([{ firstName: 'Ada', lastName: 'Quay', email: newEmail(), address }]);
    expect(result.success).toBe(true);
    expect((await crewOne(result.crew[0].id)).address).toEqual(address);
  });

  it('§4.4 rule 8: answers reference own data types by id and inherited global ones by uniqueId', async () => {
    const years = dt('Hospitality', 'Years behind a bar');
    const languages = dt('Hospitality', 'Languages');
    const reliability = dt('Hospitality', 'Reliability score');
    const height = dt('Hospitality', 'Height (cm)');
    const result = await createCrew([
      {
        firstName: 'Bea',
        lastName: 'Barr',
        email: newEmail(),
        profile: {
          profileId: profiles['Hospitality']!.id,
          dataTypes: [
            { id: years.id, value: '7' },
            { uniqueId: languages.uniqueId, optionNames: ['English', 'Hindi'] },
            { uniqueId: reliability.uniqueId, score: 88.5 },
            { id: height.id, value: '172' },
          ],
        },
      },
    ]);
    expect(result.success).toBe(true);
    const stored = await crewOne(result.crew[0].id);
    expect(stored.profiles.map((p: Json) => p.name)).toEqual(['Hospitality']);
    expect(answerOf(stored, 'Hospitality', years.id).value).toBe('7');
    expect(answerOf(stored, 'Hospitality', languages.id)).toMatchObject({
      optionNames: ['English', 'Hindi'],
      verifiedOptionNames: [],
    });
    expect(answerOf(stored, 'Hospitality', reliability.id).score).toBe(88.5);
    expect(answerOf(stored, 'Hospitality', height.id).value).toBe('172');
  });

  it("§4.4 rule 8: without profileId the company's default profile is used, inherited data types included", async () => {
    const dob = dt('Event staff', 'Date of birth');
    const result = await createCrew([
      {
        firstName: 'Cal',
        lastName: 'Default',
        email: newEmail(),
        profile: { dataTypes: [{ uniqueId: dob.uniqueId, value: '1990-04-01' }] },
      },
    ]);
    expect(result.success).toBe(true);
    expect(result.crew[0].profiles.map((p: Json) => p.name)).toEqual(['Event staff']);
    expect(answerOf(result.crew[0], 'Event staff', dob.id).value).toBe('1990-04-01');
  });

  it("§7: a data type id that is not among the profile's own or inherited ones is ITEM_NOT_FOUND and nothing is created", async () => {
    const siaNumber = dt('Security', 'SIA licence number');
    const email = newEmail();
    const result = await createCrew([
      {
        firstName: 'Dee',
        lastName: 'Missing',
        email,
        profile: { profileId: profiles['Hospitality']!.id, dataTypes: [{ id: siaNumber.id, value: '1234' }] },
      },
    ]);
    expect(result.success).toBe(false);
    expect(result.crew).toEqual([]);
    expect(result.errorCodes).toEqual({ 'crew.0.profile.dataTypes.0.id': 'ITEM_NOT_FOUND' });
    expect(await searchCrew(email)).toEqual([]);
  });

  it('§7: an unknown uniqueId is ITEM_NOT_FOUND', async () => {
    const result = await createCrew([
      {
        firstName: 'Eve',
        lastName: 'Ghost',
        email: newEmail(),
        profile: { dataTypes: [{ uniqueId: 'no_such_unique_id', value: 'x' }] },
      },
    ]);
    expect(result.errorCodes).toEqual({ 'crew.0.profile.dataTypes.0.uniqueId': 'ITEM_NOT_FOUND' });
  });

  it('§4.4 rule 8: an answer names exactly one of id and uniqueId', async () => {
    const dob = dt('Event staff', 'Date of birth');
    const result = await createCrew([
      {
        firstName: 'Fay',
        lastName: 'Both',
        email: newEmail(),
        profile: { dataTypes: [{ id: dob.id, uniqueId: dob.uniqueId, value: '1990-01-01' }, { value: 'x' }] },
      },
    ]);
    expect(result.errorCodes).toEqual({
      'crew.0.profile.dataTypes.0': 'VALIDATION_FAILED',
      'crew.0.profile.dataTypes.1': 'VALIDATION_FAILED',
    });
  });

  it('§4.4 rule 8: answers are typed by their data type', async () => {
    const result = await createCrew([
      {
        firstName: 'Gus',
        lastName: 'Types',
        email: newEmail(),
        profile: {
          profileId: profiles['Drivers']!.id,
          dataTypes: [
            { id: dt('Drivers', 'Years driving').id, value: 'many' },
            { id: dt('Drivers', 'Date of birth').id, value: '1990-02-30' },
            { id: dt('Drivers', 'Clean licence').id, value: 'yes' },
            { id: dt('Drivers', 'T-shirt size').id, optionNames: ['M', 'L'] },
            { id: dt('Drivers', 'Licence categories').id, optionNames: ['B', 'Z9'] },
            { id: dt('Drivers', 'Driving assessment').id, value: '80' },
            { id: dt('Drivers', 'Driving licence scan').id, value: 'scan.pdf' },
          ],
        },
      },
    ]);
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({
      'crew.0.profile.dataTypes.0.value': 'VALIDATION_FAILED',
      'crew.0.profile.dataTypes.1.value': 'VALIDATION_FAILED',
      'crew.0.profile.dataTypes.2.value': 'VALIDATION_FAILED',
      'crew.0.profile.dataTypes.3.optionNames': 'VALIDATION_FAILED',
      'crew.0.profile.dataTypes.4.optionNames.1': 'VALIDATION_FAILED',
      'crew.0.profile.dataTypes.5.score': 'VALIDATION_FAILED',
      'crew.0.profile.dataTypes.6.value': 'VALIDATION_FAILED',
    });
  });

  it('§4.4 rule 10: deprecated attributes and skills crew inputs are accepted and do nothing', async () => {
    const result = await createCrew([
      { firstName: 'Hal', lastName: 'Legacy', email: newEmail(), attributes: ['Tall'], skills: ['Forklift'] },
    ]);
    expect(result.success).toBe(true);
    const stored = await crewOne(result.crew[0].id);
    expect(JSON.stringify(stored)).not.toMatch(/Tall|Forklift/);
    expect(stored.profiles[0].dataTypes.every((d: Json) => d.answer === null)).toBe(true);
  });

  it('§2.2: a crew email is unique within the company, also within one request', async () => {
    const [existing] = await searchCrew('@example');
    const email = newEmail();
    const result = await createCrew([
      { firstName: 'Ian', lastName: 'Dup', email: existing.email.toUpperCase() },
      { firstName: 'Jo', lastName: 'One', email },
      { firstName: 'Jo', lastName: 'Two', email },
    ]);
    expect(result.errorCodes).toEqual({
      'crew.0.email': 'VALIDATION_FAILED',
      'crew.2.email': 'VALIDATION_FAILED',
    });
    expect(await searchCrew(email)).toEqual([]);
  });
});

describe('§4.3 and §4.4 rule 8: updateCompanyCrew', () => {
  it('§4.4 rule 8: updateCompanyCrew by crewEmail edits fields and answers, own and inherited', async () => {
    const created = await createCrew([
      {
        firstName: 'Kim',
        lastName: 'Edit',
        email: newEmail(),
        profile: { profileId: profiles['Security']!.id },
      },
    ]);
    const member = created.crew[0];
    const expiry = dt('Security', 'SIA licence expiry');
    const shirt = dt('Security', 'T-shirt size');
    const result = await updateCrew({
      crewEmail: member.email,
      update: {
        firstName: 'Kimberly',
        address: { city: 'Leeds' },
        profile: {
          dataTypes: [
            { id: expiry.id, value: '2028-01-31' },
            { id: shirt.id, optionNames: ['S'] },
          ],
        },
      },
    });
    expect(result.success).toBe(true);
    const stored = await crewOne(member.id);
    expect(stored.firstName).toBe('Kimberly');
    expect(stored.address.city).toBe('Leeds');
    expect(answerOf(stored, 'Security', expiry.id).value).toBe('2028-01-31');
    expect(answerOf(stored, 'Security', shirt.id).optionNames).toEqual(['S']);
  });

  it('§7: updateCompanyCrew with a data type outside the profile is ITEM_NOT_FOUND and writes nothing', async () => {
    const created = await createCrew([
      {
        firstName: 'Lou',
        lastName: 'Keep',
        email: newEmail(),
        profile: { profileId: profiles['Security']!.id },
      },
    ]);
    const member = created.crew[0];
    const result = await updateCrew({
      crewId: member.id,
      update: {
        firstName: 'Changed',
        profile: { dataTypes: [{ id: dt('Drivers', 'Years driving').id, value: '3' }] },
      },
    });
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'update.profile.dataTypes.0.id': 'ITEM_NOT_FOUND' });
    expect((await crewOne(member.id)).firstName).toBe('Lou');
  });

  it('§4.3: updateCompanyCrew needs exactly one known crewId or crewEmail', async () => {
    expect((await updateCrew({ update: { firstName: 'x' } })).errorCodes).toEqual({
      crewId: 'VALIDATION_FAILED',
    });
    expect((await updateCrew({ crewId: 1, crewEmail: 'a@b.c', update: {} })).errorCodes).toEqual({
      crewId: 'VALIDATION_FAILED',
    });
    expect((await updateCrew({ crewId: 999_999, update: {} })).errorCodes).toEqual({
      crewId: 'ITEM_NOT_FOUND',
    });
    expect((await updateCrew({ crewEmail: 'nobody@nowhere.example', update: {} })).errorCodes).toEqual({
      crewEmail: 'ITEM_NOT_FOUND',
    });
  });
});
