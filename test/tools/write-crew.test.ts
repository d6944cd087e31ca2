// create_crew, update_crew and update_profile_data_types against the sandbox: §4.4 rules 8-10
// and the item-not-found row of §7, each as a local check (nothing sent) and, with a key that
// cannot read the data type catalogue (crew:write only), as the platform's own answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql } from '../helpers/sandbox.js';
import { type Any, connect, operations, startWriteSandbox } from './write-support.js';

let sandbox: RunningSandbox;
let admin: Awaited<ReturnType<typeof connect>>;
let writer: Awaited<ReturnType<typeof connect>>;
/** Profile id by name, and each profile's data types (own and inherited), from the seed. */
const profiles: Record<string, { id: string; dataTypes: Any[] }> = {};

function dataType(profile: string, title: string): Any {
  const found = profiles[profile]?.dataTypes.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no data type "${title}" on ${profile}`);
  return found;
}

let emailCount = 0;
function member(over: Record<string, unknown> = {}): Any {
  emailCount++;
  return { firstName: 'Ada', lastName: 'Writer', email: `ada.writer${emailCount}@example.com`, ...over };
}

beforeAll(async () => {
  sandbox = await startWriteSandbox();
  admin = await connect(sandbox);
  writer = await connect(sandbox, ['--sandbox-key', 'crew-write-only']);
  const { body } = await gql(
    sandbox,
    '{ companyCrewAll(input: { perPage: 100 }) { paginatedList { profiles { id name dataTypes { id uniqueId title type global options { name } } } } } }',
  );
  for (const crew of body.data.companyCrewAll.paginatedList)
    for (const profile of crew.profiles)
      profiles[profile.name] = { id: profile.id, dataTypes: profile.dataTypes };
});

afterAll(async () => {
  await writer?.close();
  await admin?.close();
  await sandbox?.close();
});

beforeEach(() => sandbox.resetStats());

describe('create_crew (§4.4 rules 8, 10)', () => {
  it("creates crew with an address and answers to the profile's own and inherited data types", async () => {
    const barYears = dataType('Hospitality', 'Years behind a bar');
    const { data, isError, text } = await admin.call('create_crew', {
      crew: [
        member({
          address: { line1: '1 High Street', city: 'London', postcode: 'E1 6AN', country: 'United Kingdom' },
          profile: {
            profileId: profiles.Hospitality?.id,
            dataTypes: [
              { id: barYears.id, value: '4' },
              { uniqueId: 'languages', optionNames: ['English', 'French'] },
            ],
          },
        }),
      ],
    });
    expect(isError, text).toBe(false);
    const created = data.crew[0];
    expect(created).toMatchObject({ name: 'Ada Writer', city: 'London', status: 'ACTIVE' });
    const { body } = await gql(
      sandbox,
      'query($id: Int!) { companyCrewOne(crewId: $id) { profiles { dataTypes { id uniqueId answer { value optionNames } } } } }',
      { id: created.id },
    );
    const answers = body.data.companyCrewOne.profiles[0].dataTypes;
    expect(answers.find((dt: Any) => dt.id === barYears.id).answer.value).toBe('4');
    expect(answers.find((dt: Any) => dt.uniqueId === 'languages').answer.optionNames).toEqual([
      'English',
      'French',
    ]);
  });

  it('rejects an answer naming both or neither of id and uniqueId, sending nothing', async () => {
    const { isError, text } = await admin.call('create_crew', {
      crew: [
        member({
          profile: {
            dataTypes: [{ id: '1', uniqueId: 'languages', optionNames: ['English'] }, { value: 'x' }],
          },
        }),
      ],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /crew\[0\]\.profile\.dataTypes\[0\]: gives both id \(1\) and uniqueId \("languages"\)/,
    );
    expect(text).toMatch(/crew\[0\]\.profile\.dataTypes\[1\]: gives neither id nor uniqueId/);
    expect(text).toMatch(/§4\.4 rule 8/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it("rejects a data type that is not among the profile's own and inherited ones, before createCrew", async () => {
    const { isError, text } = await admin.call('create_crew', {
      crew: [
        member({
          profile: {
            profileId: profiles.Hospitality?.id,
            dataTypes: [{ uniqueId: 'sia_licence', value: 'X1' }],
          },
        }),
      ],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /dataTypes\[0\]\.uniqueId: the profile has no data type with uniqueId "sia_licence"/,
    );
    expect(text).toMatch(/§7: otherwise item-not-found/);
    expect(operations(sandbox).createCrew).toBeUndefined();
  });

  it('rejects an answer in the wrong form for its data type', async () => {
    const barYears = dataType('Hospitality', 'Years behind a bar');
    const { text } = await admin.call('create_crew', {
      crew: [
        member({
          profile: { profileId: profiles.Hospitality?.id, dataTypes: [{ id: barYears.id, value: '4,5' }] },
        }),
      ],
    });
    expect(text).toMatch(/dataTypes\[0\]\.value: "4,5" is not a number.*Fix: Use a decimal point: "4\.5"/s);
    expect(operations(sandbox).createCrew).toBeUndefined();
  });

  it("returns the platform's item-not-found with the lookup tool when the catalogue cannot be read", async () => {
    const { isError, text } = await writer.call('create_crew', {
      crew: [
        member({
          profile: {
            profileId: profiles.Hospitality?.id,
            dataTypes: [{ uniqueId: 'sia_licence', value: 'X1' }],
          },
        }),
      ],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(/crew\[0\]\.profile\.dataTypes\[0\]\.uniqueId: no data type .* \[ITEM_NOT_FOUND\]/);
    expect(text).toMatch(/Fix: get_crew shows the profile's own and inherited data types/);
    expect(operations(sandbox)).toMatchObject({ createCrew: 1 });
  });

  it('drops the deprecated attributes and skills and says what replaces them', async () => {
    const send = vi.spyOn(admin.app.platform.graphql, 'mutate');
    try {
      const { data, isError, text } = await admin.call('create_crew', {
        crew: [member({ attributes: ['Tall'], skills: ['Cash handling'] })],
      });
      expect(isError, text).toBe(false);
      expect(data.dropped.map((entry: Any) => entry.path)).toEqual(['crew[0].attributes', 'crew[0].skills']);
      expect(data.dropped[0].replacement).toMatch(/profile\.dataTypes answers/);
      expect(JSON.stringify(send.mock.calls[0]?.[1])).not.toMatch(/attributes|skills/);
    } finally {
      send.mockRestore();
    }
  });
});

describe('update_crew (§4.4 rule 8)', () => {
  it('updates answers by crewEmail, an inherited SCORING one included, and shows what was written', async () => {
    const created = await admin.call('create_crew', {
      crew: [member({ profile: { profileId: profiles.Security?.id } })],
    });
    const email = `ada.writer${emailCount}@example.com`;
    const { data, isError, text } = await admin.call('update_crew', {
      crewEmail: email,
      update: {
        phone: '+44 20 7946 0000',
        profile: {
          dataTypes: [
            { uniqueId: 'reliability_score', score: 4.5 },
            { uniqueId: 'sia_licence', value: 'SIA-123' },
          ],
        },
      },
    });
    expect(isError, text).toBe(false);
    expect(data.crew.id).toBe(created.data.crew[0].id);
    expect(data.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uniqueId: 'reliability_score', score: 4.5, global: true }),
        expect.objectContaining({ uniqueId: 'sia_licence', answer: 'SIA-123' }),
      ]),
    );
  });

  it('needs exactly one of crewId and crewEmail, sending nothing', async () => {
    const { isError, text } = await admin.call('update_crew', { update: { phone: '1' } });
    expect(isError).toBe(true);
    expect(text).toMatch(/crewId: give exactly one of crewId and crewEmail .*not neither/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it('says which lookup tool finds a crew id the platform does not know', async () => {
    const { isError, text } = await admin.call('update_crew', { crewId: 987654, update: { phone: '1' } });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /crewId: no crew member with id 987654 \[ITEM_NOT_FOUND\] Fix: list_crew shows crew ids/,
    );
  });

  it('rejects an unknown answer locally, and shows the platform answer when the catalogue is unreadable', async () => {
    const { body } = await gql(sandbox, '{ companyCrewAll(input: { perPage: 1 }) { paginatedList { id } } }');
    const crewId = body.data.companyCrewAll.paginatedList[0].id;
    const update = {
      profile: { dataTypes: [{ uniqueId: 'no_such_thing', value: 'x' }] },
      skills: ['Forklift'],
    };
    const local = await admin.call('update_crew', { crewId, update });
    expect(local.text).toMatch(
      /update\.profile\.dataTypes\[0\]\.uniqueId: the profile has no data type with uniqueId "no_such_thing"/,
    );
    expect(operations(sandbox).updateCompanyCrew).toBeUndefined();
    const upstream = await writer.call('update_crew', { crewId, update });
    expect(upstream.text).toMatch(
      /update\.profile\.dataTypes\[0\]\.uniqueId: no data type .*\[ITEM_NOT_FOUND\] Fix: get_crew/,
    );
    expect(operations(sandbox).updateCompanyCrew).toBe(1);
  });

  it('drops deprecated skills from an update', async () => {
    const { body } = await gql(sandbox, '{ companyCrewAll(input: { perPage: 1 }) { paginatedList { id } } }');
    const { data, isError, text } = await admin.call('update_crew', {
      crewId: body.data.companyCrewAll.paginatedList[0].id,
      update: { lastName: 'Updated', skills: ['Forklift'] },
    });
    expect(isError, text).toBe(false);
    expect(data.dropped).toEqual([
      { path: 'update.skills', replacement: expect.stringMatching(/profile\.dataTypes/) },
    ]);
  });
});

describe('update_profile_data_types (§4.4 rule 9)', () => {
  it('assigns a uniqueId to an inherited global data type and warns it is shared; the catalogue is refreshed', async () => {
    const global = dataType('Hospitality', 'Right to work checked');
    const { data, isError, text } = await admin.call('update_profile_data_types', {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: global.id, uniqueId: 'right_to_work' }],
    });
    expect(isError, text).toBe(false);
    expect(data.profile.dataTypes).toEqual([
      expect.objectContaining({ id: global.id, uniqueId: 'right_to_work', global: true }),
    ]);
    expect(data.warnings.join('\n')).toMatch(
      /GLOBAL_DATA_TYPE: .* is global; the change shows on every profile/,
    );
    sandbox.resetStats();
    // The new uniqueId is known to the next check: the catalogue was read again.
    const created = await admin.call('create_crew', {
      crew: [member({ profile: { dataTypes: [{ uniqueId: 'right_to_work', value: 'true' }] } })],
    });
    expect(created.isError, created.text).toBe(false);
    expect(operations(sandbox).companyCrewAll).toBeGreaterThan(0);
  });

  it('renames a data type title; the next dataType requirement check uses the new title', async () => {
    const shirt = dataType('Hospitality', 'T-shirt size');
    const renamed = await admin.call('update_profile_data_types', {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: shirt.id, title: 'Shirt size' }],
    });
    expect(renamed.isError, renamed.text).toBe(false);
    const { body } = await gql(
      sandbox,
      '{ companyJobs(input: { perPage: 1 }) { paginatedList { board { id } } } }',
    );
    const role = (title: string) => ({
      boardId: body.data.companyJobs.paginatedList[0].board.id,
      title: 'Shirt check',
      date: '2027-05-03',
      timezone: 'Europe/London',
      roles: [
        {
          title: 'Steward',
          startTime: '2027-05-03T10:00',
          endTime: '2027-05-03T12:00',
          requirements: { dataType: [{ dataTypeTitle: title, optionNames: ['M'], condition: 'ANY' }] },
        },
      ],
    });
    const old = await admin.call('create_jobs', { jobs: [role('T-shirt size')] });
    expect(old.text).toMatch(/no data type of the company is titled "T-shirt size"/);
    const fresh = await admin.call('create_jobs', { jobs: [role('Shirt size')] });
    expect(fresh.isError, fresh.text).toBe(false);
  });

  it("rejects a uniqueId another of the profile's own or inherited data types has, sending no update", async () => {
    const own = dataType('Hospitality', 'Years behind a bar');
    const { isError, text } = await admin.call('update_profile_data_types', {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: own.id, uniqueId: 'languages' }],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /dataTypes\[0\]\.uniqueId: uniqueId "languages" would also belong to data type \d+ \("Languages"/,
    );
    expect(text).toMatch(/§2\.2 and §4\.4 rule 9/);
    expect(operations(sandbox).updateProfileDataTypes).toBeUndefined();
    const upstream = await writer.call('update_profile_data_types', {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: own.id, uniqueId: 'languages' }],
    });
    expect(upstream.text).toMatch(
      /dataTypes\[0\]\.uniqueId: uniqueId "languages" is already used by data type/,
    );
    expect(operations(sandbox).updateProfileDataTypes).toBe(1);
  });

  it("rejects a data type of another profile, locally and (unreadable catalogue) with the platform's hint", async () => {
    const other = dataType('Security', 'SIA licence expiry');
    const input = { profileId: profiles.Hospitality?.id, dataTypes: [{ id: other.id, title: 'Expiry' }] };
    const local = await admin.call('update_profile_data_types', input);
    expect(local.text).toMatch(
      new RegExp(`dataTypes\\[0\\]\\.id: the profile has no data type with id ${other.id}`),
    );
    expect(operations(sandbox).updateProfileDataTypes).toBeUndefined();
    const upstream = await writer.call('update_profile_data_types', input);
    expect(upstream.text).toMatch(/dataTypes\[0\]\.id: .* \[ITEM_NOT_FOUND\] Fix: get_crew/);
  });

  it('declares honest annotations and lists the crew tools for a crew:write key', async () => {
    const { tools } = await writer.client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.create_crew?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    for (const name of ['update_crew', 'update_profile_data_types'])
      expect(byName[name]?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: true,
      });
    expect(byName.create_jobs).toBeUndefined();
  });
});
