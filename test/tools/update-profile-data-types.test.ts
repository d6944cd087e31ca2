// update_profile_data_types against the sandbox (§2.2, §4.4 rule 9): what it reads and sends, the
// uniqueness it checks before sending (in every profile that shows the data type, so a global
// one in every profile that inherits it), and the platform's answer when the catalogue cannot
// be read.
import { beforeAll, describe, expect, it } from 'vitest';
import { variablesOf } from '../helpers/sent.js';
import { operations } from '../helpers/tool-requests.js';
import { dataTypeOf, type SeededProfile, seededProfiles } from './crew-support.js';
import { listedAs, useWriteSandbox } from './write-support.js';

const suite = useWriteSandbox();
let profiles: Record<string, SeededProfile>;

beforeAll(async () => {
  profiles = await seededProfiles(suite.sandbox);
});

describe('update_profile_data_types: what it reads and sends', () => {
  it('assigns a uniqueId to an inherited global data type, says where it shows, and reads the catalogue afresh next time', async () => {
    const global = dataTypeOf(profiles, 'Hospitality', 'Right to work checked');
    const input = {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: global.id, uniqueId: 'right_to_work' }],
    };
    const result = await suite.see('update_profile_data_types', input);
    expect(result.isError, result.text).toBe(false);
    expect(operations(result.sent).at(-1)).toBe('updateProfileDataTypes');
    expect(variablesOf(result.sent, 'updateProfileDataTypes')).toEqual({ input });
    expect(result.data.profile.dataTypes).toEqual([
      expect.objectContaining({ id: global.id, uniqueId: 'right_to_work', global: true }),
    ]);
    const warnings = result.data.warnings.join('\n');
    expect(warnings).toMatch(
      /GLOBAL_DATA_TYPE: .* is global: the change shows on every profile that inherits it \(.*Security.*\)/,
    );
    // Done, and said as done: no "Fix: Confirm ..." after the fact.
    expect(warnings).not.toMatch(/Fix:/);
    const next = await suite.see('create_crew', {
      crew: [
        {
          firstName: 'Ada',
          lastName: 'Next',
          email: 'ada.next@example.com',
          profile: { dataTypes: [{ uniqueId: 'right_to_work', value: 'true' }] },
        },
      ],
    });
    expect(next.isError, next.text).toBe(false);
    expect(operations(next.sent)).toContain('companyCrewAll');
  });

  it('renames a data type title; the next dataType requirement check uses the new title', async () => {
    const shirt = dataTypeOf(profiles, 'Hospitality', 'T-shirt size');
    const renamed = await suite.see('update_profile_data_types', {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: shirt.id, title: 'Shirt size' }],
    });
    expect(renamed.isError, renamed.text).toBe(false);
    expect(variablesOf(renamed.sent, 'updateProfileDataTypes')).toMatchObject({
      input: { dataTypes: [{ title: 'Shirt size' }] },
    });
    const jobs = await suite.see('list_jobs', { perPage: 1 });
    const role = (title: string) => ({
      boardId: jobs.data.jobs[0].board.id,
      title: 'Shirt check',
      date: '2027-05-03',
      timezone: 'Europe/London',
      roles: [
        {
          title: 'Steward',
          startTime: '2027-05-03T10:00',
          endTime: '2027-05-03T12:00',
          payRate: 14,
          requirements: { dataType: [{ dataTypeTitle: title, optionNames: ['M'], condition: 'ANY' }] },
        },
      ],
    });
    const old = await suite.see('create_jobs', { jobs: [role('T-shirt size')] });
    expect(old.text).toMatch(/no data type of the company is titled "T-shirt size"/);
    const fresh = await suite.see('create_jobs', { jobs: [role('Shirt size')] });
    expect(fresh.isError, fresh.text).toBe(false);
  });
});

describe('update_profile_data_types: refused before updateProfileDataTypes is sent', () => {
  it("a uniqueId another of the profile's own or inherited data types has", async () => {
    const own = dataTypeOf(profiles, 'Hospitality', 'Years behind a bar');
    const result = await suite.see('update_profile_data_types', {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: own.id, uniqueId: 'languages' }],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).not.toContain('updateProfileDataTypes');
    expect(result.text).toMatch(
      /dataTypes\[0\]\.uniqueId: uniqueId "languages" would also belong to data type \d+ \("Languages".* in profile Hospitality/,
    );
    expect(result.text).not.toMatch(/§/);
    expect(result.rules.map((entry) => entry.rule)).toContain('§2.2 and §4.4 rule 9');
  });

  it('a global data type given a uniqueId that another profile inheriting it already uses', async () => {
    const global = dataTypeOf(profiles, 'Hospitality', 'Height (cm)');
    const result = await suite.see('update_profile_data_types', {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: global.id, uniqueId: 'sia_licence' }],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).not.toContain('updateProfileDataTypes');
    expect(result.text).toMatch(
      /dataTypes\[0\]\.uniqueId: uniqueId "sia_licence" would also belong to data type \d+ \("SIA licence number", uniqueId sia_licence, TEXT\) in profile Security \(\d+\), which inherits it too/,
    );
  });

  it('a data type of another profile', async () => {
    const other = dataTypeOf(profiles, 'Security', 'SIA licence expiry');
    const result = await suite.see('update_profile_data_types', {
      profileId: profiles.Hospitality?.id,
      dataTypes: [{ id: other.id, title: 'Expiry' }],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).not.toContain('updateProfileDataTypes');
    expect(result.text).toMatch(
      new RegExp(`dataTypes\\[0\\]\\.id: the profile has no data type with id ${other.id}`),
    );
  });
});

describe("update_profile_data_types: the platform's answer when the catalogue cannot be read", () => {
  it('the platform refuses a taken uniqueId and a foreign data type, with the lookup tool (crew:write only)', async () => {
    const writer = await suite.connectAs('crew-write-only');
    try {
      const own = dataTypeOf(profiles, 'Hospitality', 'Years behind a bar');
      const taken = await writer.see('update_profile_data_types', {
        profileId: profiles.Hospitality?.id,
        dataTypes: [{ id: own.id, uniqueId: 'languages' }],
      });
      expect(taken.isError).toBe(true);
      expect(operations(taken.sent)).toEqual(['companyCrewAll', 'updateProfileDataTypes']);
      expect(taken.text).toMatch(
        /dataTypes\[0\]\.uniqueId: uniqueId "languages" is already used by data type/,
      );
      const other = dataTypeOf(profiles, 'Security', 'SIA licence expiry');
      const foreign = await writer.see('update_profile_data_types', {
        profileId: profiles.Hospitality?.id,
        dataTypes: [{ id: other.id, title: 'Expiry' }],
      });
      expect(foreign.text).toMatch(/dataTypes\[0\]\.id: .* \[ITEM_NOT_FOUND\] Fix: get_crew/);
    } finally {
      await writer.close();
    }
  });

  it('declares honest annotations', async () => {
    const tool = await listedAs(suite, 'crew-write-only', 'update_profile_data_types');
    expect(tool?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
  });
});
