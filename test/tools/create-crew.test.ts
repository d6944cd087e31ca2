// create_crew against the sandbox (§2.2, §4.4 rules 8 and 10, the item-not-found row of §7):
// what it sends, the answer checks it makes before sending (each answer resolved among the data
// types of the profile it goes to; an ambiguous uniqueId refused), and the platform's answer when
// the data type catalogue cannot be read.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../helpers/sandbox.js';
import { variablesOf } from '../helpers/sent.js';
import { operations, reads } from '../helpers/tool-requests.js';
import { dataTypeOf, type SeededProfile, seededProfiles, shareBarYearsWithSecurity } from './crew-support.js';
import { type Any, listedAs, useWriteSandbox } from './write-support.js';

const suite = useWriteSandbox();
let profiles: Record<string, SeededProfile>;
let emails = 0;

function member(over: Record<string, unknown> = {}): Any {
  emails++;
  return { firstName: 'Ada', lastName: 'Writer', email: `ada.create${emails}@example.com`, ...over };
}

beforeAll(async () => {
  profiles = await seededProfiles(suite.sandbox);
});

/** A Hospitality member answering Security's SIA licence number, which Hospitality does not show. */
const foreignAnswer = () =>
  member({
    profile: { profileId: profiles.Hospitality?.id, dataTypes: [{ uniqueId: 'sia_licence', value: 'X1' }] },
  });

describe('create_crew: what it sends', () => {
  it("sends createCrew with the address and answers to the profile's own and inherited data types", async () => {
    const barYears = dataTypeOf(profiles, 'Hospitality', 'Years behind a bar');
    const input = member({
      address: { line1: '1 High Street', city: 'London', postcode: 'E1 6AN', country: 'United Kingdom' },
      profile: {
        profileId: profiles.Hospitality?.id,
        dataTypes: [
          { id: barYears.id, value: '4' },
          { uniqueId: 'languages', optionNames: ['English', 'French'] },
        ],
      },
    });
    const result = await suite.see('create_crew', { crew: [input] });
    expect(result.isError, result.text).toBe(false);
    // Read by read (the catalogue's pages share requests); the mutation goes alone, last.
    expect(operations(reads(result.sent))).toEqual([
      ...operations(reads(result.sent)).filter((op) => op === 'companyCrewAll'),
      'createCrew',
    ]);
    expect(operations(result.sent).at(-1)).toBe('createCrew');
    expect(variablesOf(result.sent, 'createCrew')).toEqual({ input: { crew: [input] } });
    expect(result.data.crew[0]).toMatchObject({ name: 'Ada Writer', city: 'London', status: 'ACTIVE' });
    const { body } = await gql(
      suite.sandbox,
      'query($id: Int!) { companyCrewOne(crewId: $id) { profiles { dataTypes { id uniqueId answer { value optionNames } } } } }',
      { id: Number(result.data.crew[0].id) },
    );
    const answers = body.data.companyCrewOne.profiles[0].dataTypes;
    expect(answers.find((dt: Any) => dt.id === barYears.id).answer.value).toBe('4');
    expect(answers.find((dt: Any) => dt.uniqueId === 'languages').answer.optionNames).toEqual([
      'English',
      'French',
    ]);
  });

  it('leaves the deprecated attributes and skills out and says what replaces them (rule 10)', async () => {
    // Accepted but not shown: the listed schema does not offer them to a model (docs/TOOL-TEXT.md).
    const listed = JSON.stringify((await listedAs(suite, 'demo-admin', 'create_crew')).inputSchema);
    expect(listed).toContain('"dataTypes"');
    expect(listed).not.toMatch(/attributes|skills/);
    const result = await suite.see('create_crew', {
      crew: [member({ attributes: ['Tall'], skills: ['Cash handling'] })],
    });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.dropped.map((entry: Any) => entry.path)).toEqual([
      'crew[0].attributes',
      'crew[0].skills',
    ]);
    expect(result.data.dropped[0].replacement).toMatch(/profile\.dataTypes answers/);
    expect(JSON.stringify(variablesOf(result.sent, 'createCrew'))).not.toMatch(/attributes|skills/);
  });
});

describe('create_crew: refused before createCrew is sent', () => {
  it('an answer naming both or neither of id and uniqueId (rule 8); nothing is read', async () => {
    const result = await suite.see('create_crew', {
      crew: [
        member({
          profile: {
            dataTypes: [{ id: '1', uniqueId: 'languages', optionNames: ['English'] }, { value: 'x' }],
          },
        }),
      ],
    });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(
      /crew\[0\]\.profile\.dataTypes\[0\]: gives both id \(1\) and uniqueId \("languages"\)/,
    );
    expect(result.text).toMatch(/crew\[0\]\.profile\.dataTypes\[1\]: gives neither id nor uniqueId/);
    expect(result.text).not.toMatch(/§/);
    expect(result.rules.map((entry) => entry.rule)).toContain('§4.4 rule 8');
  });

  it("a data type that is not among the profile's own and inherited ones (§7)", async () => {
    const result = await suite.see('create_crew', {
      crew: [foreignAnswer()],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).not.toContain('createCrew');
    expect(result.text).toMatch(
      /dataTypes\[0\]\.uniqueId: the profile has no data type with uniqueId "sia_licence"/,
    );
    expect(result.text).toMatch(/otherwise item-not-found/);
    expect(result.text).not.toMatch(/§/);
    expect(result.rules.map((entry) => entry.rule).join(' ')).toMatch(/§7: otherwise item-not-found/);
  });

  it('an answer in the wrong form for its data type', async () => {
    const barYears = dataTypeOf(profiles, 'Hospitality', 'Years behind a bar');
    const result = await suite.see('create_crew', {
      crew: [
        member({
          profile: { profileId: profiles.Hospitality?.id, dataTypes: [{ id: barYears.id, value: '4,5' }] },
        }),
      ],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).not.toContain('createCrew');
    expect(result.text).toMatch(
      /dataTypes\[0\]\.value: "4,5" is not a number.*Fix: Use a decimal point: "4\.5"/s,
    );
  });
});

describe('create_crew: a uniqueId two profiles use (§2.2, §4.4 rule 9: unique per profile)', () => {
  beforeAll(async () => {
    await shareBarYearsWithSecurity(suite.sandbox);
  });

  it('without profileId, asks for it instead of guessing which data type is meant', async () => {
    const fresh = await suite.connectAs();
    try {
      const result = await fresh.see('create_crew', {
        crew: [member({ profile: { dataTypes: [{ uniqueId: 'bar_years', value: '4' }] } })],
      });
      expect(result.isError).toBe(true);
      expect(operations(result.sent)).not.toContain('createCrew');
      expect(result.text).toMatch(
        /crew\[0\]\.profile\.dataTypes\[0\]\.uniqueId: uniqueId "bar_years" names different data types/,
      );
      expect(result.text).toMatch(
        /"Years behind a bar".* in Hospitality \(\d+\); .*"Licence level".* in Security \(\d+\)/,
      );
      expect(result.text).toMatch(
        /\[AMBIGUOUS_ANSWER_REF\] Fix: Add profile\.profileId for the profile to write/,
      );
    } finally {
      await fresh.close();
    }
  });

  it('with profileId, resolves it within that profile and sends', async () => {
    const fresh = await suite.connectAs();
    try {
      const input = member({
        profile: {
          profileId: profiles.Security?.id,
          dataTypes: [{ uniqueId: 'bar_years', optionNames: ['Door Supervisor'] }],
        },
      });
      const result = await fresh.see('create_crew', { crew: [input] });
      expect(result.isError, result.text).toBe(false);
      expect(variablesOf(result.sent, 'createCrew')).toEqual({ input: { crew: [input] } });
    } finally {
      await fresh.close();
    }
  });
});

describe("create_crew: the platform's answer when the catalogue cannot be read", () => {
  it('item-not-found, with the lookup tool (key with crew:write only)', async () => {
    const writer = await suite.connectAs('crew-write-only');
    try {
      const result = await writer.see('create_crew', {
        crew: [foreignAnswer()],
      });
      expect(result.isError).toBe(true);
      expect(operations(result.sent)).toEqual(['companyCrewAll', 'createCrew']);
      expect(result.text).toMatch(
        /crew\[0\]\.profile\.dataTypes\[0\]\.uniqueId: no data type .* \[ITEM_NOT_FOUND\]/,
      );
      expect(result.text).toMatch(/Fix: get_crew shows the profile's own and inherited data types/);
    } finally {
      await writer.close();
    }
  });

  it('a valid call goes through with a note that the platform checked the answers', async () => {
    const writer = await suite.connectAs('crew-write-only');
    try {
      const result = await writer.see('create_crew', {
        crew: [
          member({
            profile: {
              profileId: profiles.Hospitality?.id,
              dataTypes: [{ uniqueId: 'languages', optionNames: ['German'] }],
            },
          }),
        ],
      });
      expect(result.isError, result.text).toBe(false);
      expect(operations(result.sent)).toEqual(['companyCrewAll', 'createCrew']);
      expect(result.data.notes).toEqual([expect.stringMatching(/checked by the platform only/)]);
    } finally {
      await writer.close();
    }
  });

  it('declares honest annotations; a crew:write key is offered it', async () => {
    const tool = await listedAs(suite, 'crew-write-only', 'create_crew');
    expect(tool?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
  });
});
