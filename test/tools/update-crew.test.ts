// update_crew against the sandbox (§4.4 rules 8 and 10, §7): what it reads and sends, the answer
// checks it makes before sending (each answer resolved among the crew member's own profiles; an
// ambiguous uniqueId refused), and the platform's answer when the member cannot be read.
import { beforeAll, describe, expect, it } from 'vitest';
import { variablesOf } from '../helpers/sent.js';
import { operations } from '../helpers/tool-requests.js';
import { memberWithProfiles, seededProfiles, shareBarYearsWithSecurity } from './crew-support.js';
import { listedAs, useWriteSandbox } from './write-support.js';

const suite = useWriteSandbox();
let hospitality: { id: number; email: string };

beforeAll(async () => {
  hospitality = await memberWithProfiles(suite.sandbox, ['Hospitality']);
});

describe('update_crew: what it reads and sends', () => {
  it('reads the member (it must exist), then sends the details alone when no answer is given', async () => {
    const result = await suite.see('update_crew', {
      crewId: hospitality.id,
      update: { lastName: 'Updated', skills: ['Forklift'] },
    });
    expect(result.isError, result.text).toBe(false);
    expect(operations(result.sent)).toEqual(['companyCrewOne', 'updateCompanyCrew']);
    expect(variablesOf(result.sent, 'updateCompanyCrew')).toEqual({
      input: { crewId: hospitality.id, update: { lastName: 'Updated' } },
    });
    expect(result.data.dropped).toEqual([
      { path: 'update.skills', replacement: expect.stringMatching(/profile\.dataTypes/) },
    ]);
  });

  it('reads the member by email, then sends answers, an inherited SCORING one included, and shows them', async () => {
    const security = await memberWithProfiles(suite.sandbox, ['Security']);
    const update = {
      phone: '+44 20 7946 0000',
      profile: {
        dataTypes: [
          { uniqueId: 'reliability_score', score: 4.5 },
          { uniqueId: 'sia_licence', value: 'SIA-123' },
        ],
      },
    };
    const result = await suite.see('update_crew', { crewEmail: security.email, update });
    expect(result.isError, result.text).toBe(false);
    expect(operations(result.sent)).toEqual(['companyCrewAll', 'companyCrewOne', 'updateCompanyCrew']);
    expect(variablesOf(result.sent, 'companyCrewOne')).toEqual({ crewId: security.id });
    expect(variablesOf(result.sent, 'updateCompanyCrew')).toEqual({
      input: { crewEmail: security.email, update },
    });
    expect(result.data.crew.id).toBe(String(security.id));
    expect(result.data.answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uniqueId: 'reliability_score', score: 4.5, global: true }),
        expect.objectContaining({ uniqueId: 'sia_licence', answer: 'SIA-123' }),
      ]),
    );
  });
});

describe('update_crew: refused before updateCompanyCrew is sent', () => {
  it('neither crewId nor crewEmail; nothing is read', async () => {
    const result = await suite.see('update_crew', { update: { phone: '1' } });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/- crewId: give exactly one of crewId and crewEmail, not neither\./);
  });

  it("an answer the member's profile does not have", async () => {
    const result = await suite.see('update_crew', {
      crewId: hospitality.id,
      update: { profile: { dataTypes: [{ uniqueId: 'no_such_thing', value: 'x' }] } },
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyCrewOne']);
    expect(result.text).toMatch(
      /update\.profile\.dataTypes\[0\]\.uniqueId: the profile has no data type with uniqueId "no_such_thing"/,
    );
  });

  it('a profileId the member does not have, naming theirs', async () => {
    const profiles = await seededProfiles(suite.sandbox);
    const result = await suite.see('update_crew', {
      crewId: hospitality.id,
      update: {
        profile: {
          profileId: profiles.Drivers?.id,
          dataTypes: [{ uniqueId: 'languages', optionNames: ['English'] }],
        },
      },
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyCrewOne']);
    expect(result.text).toMatch(
      /update\.profile\.profileId: crew member \d+ has no profile \d+; their profiles: Hospitality \(\d+\)/,
    );
    expect(result.text).toMatch(/\[UNKNOWN_PROFILE\] .*get_crew and list_crew show profile ids/);
  });

  it('answers for a crew member who does not exist, with the tool that finds one', async () => {
    const result = await suite.see('update_crew', {
      crewId: 987654,
      update: { profile: { dataTypes: [{ uniqueId: 'languages', optionNames: ['English'] }] } },
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyCrewOne']);
    expect(result.text).toMatch(
      /crewId: no crew member with id 987654\. .*\[UNKNOWN_CREW\] .*list_crew shows crew ids/,
    );
  });
});

describe('update_crew: a uniqueId two profiles use (§2.2, §4.4 rule 9: unique per profile)', () => {
  beforeAll(async () => {
    await shareBarYearsWithSecurity(suite.sandbox);
  });

  it("resolves it within the member's own profile and sends", async () => {
    const security = await memberWithProfiles(suite.sandbox, ['Security']);
    const update = { profile: { dataTypes: [{ uniqueId: 'bar_years', optionNames: ['Door Supervisor'] }] } };
    const result = await suite.see('update_crew', { crewId: security.id, update });
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'updateCompanyCrew')).toEqual({ input: { crewId: security.id, update } });
    expect(result.data.answers).toEqual([
      expect.objectContaining({ title: 'Licence level', answer: 'Door Supervisor' }),
    ]);
  });

  it('asks for profileId when the member has both profiles', async () => {
    const both = await memberWithProfiles(suite.sandbox, ['Security', 'Hospitality']);
    const result = await suite.see('update_crew', {
      crewId: both.id,
      update: { profile: { dataTypes: [{ uniqueId: 'bar_years', value: '3' }] } },
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyCrewOne']);
    expect(result.text).toMatch(/uniqueId "bar_years" names different data types/);
    expect(result.text).toMatch(
      /crew member \d+ has 2 profiles \(Security \(\d+\), Hospitality \(\d+\)\) and profile\.profileId is not given/,
    );
  });
});

describe("update_crew: the platform's answer when the member cannot be read", () => {
  it('item-not-found with the lookup tool (key with crew:write only)', async () => {
    const writer = await suite.connectAs('crew-write-only');
    try {
      const result = await writer.see('update_crew', {
        crewId: hospitality.id,
        update: { profile: { dataTypes: [{ uniqueId: 'no_such_thing', value: 'x' }] } },
      });
      expect(result.isError).toBe(true);
      expect(operations(result.sent)).toEqual(['companyCrewOne', 'updateCompanyCrew']);
      expect(result.text).toMatch(
        /update\.profile\.dataTypes\[0\]\.uniqueId: no data type .*\[ITEM_NOT_FOUND\] Fix: get_crew/,
      );
    } finally {
      await writer.close();
    }
  });

  it('sends no mutation for a crew id the platform does not know, and says which lookup tool finds one', async () => {
    const result = await suite.see('update_crew', { crewId: 987654, update: { phone: '1' } });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyCrewOne']);
    expect(result.text).toMatch(
      /crewId: no crew member with id 987654\..*\[UNKNOWN_CREW\] Fix: .*list_crew shows crew ids/,
    );
  });

  it('declares honest annotations', async () => {
    const tool = await listedAs(suite, 'crew-write-only', 'update_crew');
    expect(tool?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
  });
});
