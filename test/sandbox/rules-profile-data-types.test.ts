// platform-api.md §2.2 (data type uniqueId) and §4.4 rule 9: updateProfileDataTypes targets own
// and inherited global data types; uniqueId is unique across a profile's own and inherited ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql, type Json, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let profiles: Record<string, { id: string; dataTypes: Json[] }>;

const UPDATE = `mutation($input: UpdateProfileDataTypesInput!) {
  updateProfileDataTypes(input: $input) { success errors errorCodes profile { id name dataTypes { id uniqueId title global } } }
}`;

const dt = (profile: string, title: string): Json =>
  profiles[profile]!.dataTypes.find((d) => d.title === title);

async function update(profile: string, dataTypes: Json[]): Promise<Json> {
  const answer = await gql(sb, UPDATE, { input: { profileId: profiles[profile]!.id, dataTypes } });
  expect(answer.status).toBe(200);
  return answer.body.data.updateProfileDataTypes;
}

async function loadProfiles(): Promise<typeof profiles> {
  const answer = await gql(
    sb,
    `{ companyCrewAll { paginatedList { profiles { id name dataTypes { id uniqueId title global } } } } }`,
  );
  const found: typeof profiles = {};
  for (const member of answer.body.data.companyCrewAll.paginatedList) {
    for (const p of member.profiles) found[p.name] = { id: p.id, dataTypes: p.dataTypes };
  }
  return found;
}

beforeAll(async () => {
  sb = await startTestSandbox();
  profiles = await loadProfiles();
});
afterAll(() => sb.close());

describe('§4.4 rule 9: updateProfileDataTypes', () => {
  it('§4.4 rule 9: assigning a uniqueId to an inherited global data type succeeds and shows in every linked profile', async () => {
    const shirt = dt('Hospitality', 'T-shirt size');
    expect(shirt).toMatchObject({ global: true, uniqueId: null });
    const result = await update('Hospitality', [{ id: shirt.id, uniqueId: 'tshirt_size' }]);
    expect(result.success).toBe(true);
    expect(result.profile.dataTypes.find((d: Json) => d.id === shirt.id).uniqueId).toBe('tshirt_size');
    const reloaded = await loadProfiles();
    expect(reloaded['Drivers']!.dataTypes.find((d) => d.id === shirt.id).uniqueId).toBe('tshirt_size');
  });

  it('§4.4 rule 9: a uniqueId assigned through updateProfileDataTypes works for crew answers', async () => {
    const contact = dt('Security', 'Emergency contact');
    expect((await update('Security', [{ id: contact.id, uniqueId: 'emergency_contact' }])).success).toBe(
      true,
    );
    const answer = await gql(
      sb,
      `mutation($input: CreateCrewInput!) { createCrew(input: $input) { success errorCodes crew { profiles { dataTypes { id answer { value } } } } } }`,
      {
        input: {
          crew: [
            {
              firstName: 'Uma',
              lastName: 'Unique',
              email: 'uma.unique@example.com',
              profile: {
                profileId: profiles['Security']!.id,
                dataTypes: [{ uniqueId: 'emergency_contact', value: 'Sister: Ana' }],
              },
            },
          ],
        },
      },
    );
    const created = answer.body.data.createCrew;
    expect(created.success).toBe(true);
    expect(created.crew[0].profiles[0].dataTypes.find((d: Json) => d.id === contact.id).answer.value).toBe(
      'Sister: Ana',
    );
  });

  it("§4.4 rule 9: a uniqueId already used by one of the profile's own data types is VALIDATION_FAILED", async () => {
    const height = dt('Hospitality', 'Height (cm)');
    const result = await update('Hospitality', [{ id: height.id, uniqueId: 'bar_years' }]);
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'dataTypes.0.uniqueId': 'VALIDATION_FAILED' });
    expect(
      (await loadProfiles())['Hospitality']!.dataTypes.find((d) => d.id === height.id).uniqueId,
    ).toBeNull();
  });

  it("§4.4 rule 9: a uniqueId already used by one of the profile's inherited data types is VALIDATION_FAILED", async () => {
    const service = dt('Hospitality', 'Service score');
    const result = await update('Hospitality', [{ id: service.id, uniqueId: 'reliability_score' }]);
    expect(result.errorCodes).toEqual({ 'dataTypes.0.uniqueId': 'VALIDATION_FAILED' });
  });

  it('§4.4 rule 9: the same uniqueId may be used in profiles that do not share the data types', async () => {
    // "sia_licence" is a Security data type; the Drivers profile does not see it.
    const years = dt('Drivers', 'Years driving');
    const result = await update('Drivers', [
      { id: years.id, uniqueId: 'sia_licence', title: 'Years holding a licence' },
    ]);
    expect(result.success).toBe(true);
    expect(result.profile.dataTypes.find((d: Json) => d.id === years.id)).toMatchObject({
      uniqueId: 'sia_licence',
      title: 'Years holding a licence',
    });
  });

  it('§4.4 rule 9: a uniqueId on a global data type must be unique in every profile that inherits it', async () => {
    // Hospitality does not see "sia_licence" (a Security data type), but the global data type
    // would show it next to that one in the Security profile.
    const height = dt('Hospitality', 'Height (cm)');
    const result = await update('Hospitality', [{ id: height.id, uniqueId: 'sia_licence' }]);
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'dataTypes.0.uniqueId': 'VALIDATION_FAILED' });
    expect(result.errors['dataTypes.0.uniqueId'][0]).toMatch(/Security|Drivers/);
  });

  it("§4.4 rule 9: a data type that is neither the profile's own nor inherited is ITEM_NOT_FOUND", async () => {
    const security = dt('Security', 'Licence level');
    const result = await update('Event staff', [{ id: security.id, title: 'Mine now' }]);
    expect(result.success).toBe(false);
    expect(result.errorCodes).toEqual({ 'dataTypes.0.id': 'ITEM_NOT_FOUND' });
  });

  it('§4.4 rule 9: an unknown profile is ITEM_NOT_FOUND', async () => {
    const answer = await gql(sb, UPDATE, { input: { profileId: '424242', dataTypes: [] } });
    expect(answer.body.data.updateProfileDataTypes.errorCodes).toEqual({ profileId: 'ITEM_NOT_FOUND' });
  });

  it('§4.4 rule 9: two entries of one request may not take the same uniqueId', async () => {
    const a = dt('Event staff', 'Previous events');
    const b = dt('Event staff', 'Available from');
    const result = await update('Event staff', [
      { id: a.id, uniqueId: 'twin' },
      { id: b.id, uniqueId: 'twin' },
    ]);
    expect(result.success).toBe(false);
    expect(Object.values(result.errorCodes)).toContain('VALIDATION_FAILED');
    const reloaded = (await loadProfiles())['Event staff']!.dataTypes;
    expect(reloaded.filter((d) => d.uniqueId === 'twin')).toEqual([]);
  });
});
