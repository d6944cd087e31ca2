// The crew checkers (src/rules/mutations/crew.ts, update-profile-data-types.ts): what each asks
// for, what it refuses with which facts, and what it notes when a fact cannot be read.
import { describe, expect, it } from 'vitest';
import type { UpstreamCrewProfile } from '../../src/contract/upstream.js';
import type { KnownDataType } from '../../src/rules/data-types.js';
import type { RuleIssue } from '../../src/rules/issues.js';
import { checkCreateCrew, checkCrewUpdate } from '../../src/rules/mutations/crew.js';
import { checkProfileDataTypeUpdate } from '../../src/rules/mutations/update-profile-data-types.js';
import type { Facts } from '../../src/rules/verdict.js';

const pairs = (issues: RuleIssue[]) => issues.map((issue) => [issue.path, issue.code]);
const hospitality = { id: 'p1', name: 'Hospitality' };
const security = { id: 'p2', name: 'Security' };

function known(
  over: Partial<KnownDataType> & Pick<KnownDataType, 'id' | 'title' | 'type'>,
  profiles = [hospitality],
): KnownDataType {
  return {
    uniqueId: null,
    global: false,
    options: [],
    profileIds: profiles.map((p) => p.id),
    profiles,
    ...over,
  };
}

const catalogue: KnownDataType[] = [
  known({ id: '1', uniqueId: 'bar_years', title: 'Years behind a bar', type: 'NUMBER' }),
  known(
    { id: '2', uniqueId: 'bar_years', title: 'Licence level', type: 'SINGLE_CHOICE', options: ['Guard'] },
    [security],
  ),
  known(
    {
      id: '3',
      uniqueId: 'languages',
      title: 'Languages',
      type: 'MULTIPLE_CHOICE',
      options: ['English'],
      global: true,
    },
    [hospitality, security],
  ),
  known({ id: '4', uniqueId: 'sia', title: 'SIA licence', type: 'TEXT' }, [security]),
];
const withCatalogue: Facts = { boardZones: new Map(), catalogue };

describe('checkCreateCrew', () => {
  it('refuses a reference without id or uniqueId before asking for anything', () => {
    const verdict = checkCreateCrew(
      { crew: [{ profile: { dataTypes: [{ value: 'x' }] } }] },
      { boardZones: new Map() },
    );
    expect(verdict.kind === 'refuse' && pairs(verdict.issues)).toEqual([
      ['crew[0].profile.dataTypes[0]', 'DATA_TYPE_REF'],
    ]);
  });

  it('asks for the catalogue only when there are answers', () => {
    expect(
      checkCreateCrew(
        { crew: [{ profile: { dataTypes: [{ id: '1', value: '3' }] } }] },
        { boardZones: new Map() },
      ),
    ).toEqual({
      kind: 'need',
      request: { catalogue: true },
    });
    expect(checkCreateCrew({ crew: [{}] }, { boardZones: new Map() }).kind).toBe('send');
  });

  it('without profileId, a uniqueId two profiles use is refused; with it, resolved in that profile', () => {
    const ambiguous = checkCreateCrew(
      { crew: [{ profile: { dataTypes: [{ uniqueId: 'bar_years', value: '3' }] } }] },
      withCatalogue,
    );
    expect(ambiguous.kind === 'refuse' && pairs(ambiguous.issues)).toEqual([
      ['crew[0].profile.dataTypes[0].uniqueId', 'AMBIGUOUS_ANSWER_REF'],
    ]);
    expect(
      checkCreateCrew(
        {
          crew: [
            { profile: { profileId: 'p2', dataTypes: [{ uniqueId: 'bar_years', optionNames: ['Guard'] }] } },
          ],
        },
        withCatalogue,
      ).kind,
    ).toBe('send');
    // A global data type is one data type wherever it shows.
    expect(
      checkCreateCrew(
        { crew: [{ profile: { dataTypes: [{ uniqueId: 'languages', optionNames: ['English'] }] } }] },
        withCatalogue,
      ).kind,
    ).toBe('send');
  });

  it('notes what the platform alone checks: an unreadable catalogue, a profile no crew carries', () => {
    const unreadable = checkCreateCrew(
      { crew: [{ profile: { dataTypes: [{ id: '1', value: '3' }] } }] },
      { boardZones: new Map(), catalogue: null },
    );
    expect(unreadable.kind === 'send' && unreadable.notes).toEqual([
      expect.stringMatching(/checked by the platform only/),
    ]);
    const unknownProfile = checkCreateCrew(
      { crew: [{ profile: { profileId: 'p9', dataTypes: [{ id: '1', value: '3' }] } }] },
      withCatalogue,
    );
    expect(unknownProfile.kind === 'send' && unknownProfile.notes).toEqual([
      expect.stringMatching(/no crew member carries profile p9/),
    ]);
  });
});

describe('checkCrewUpdate', () => {
  const member: UpstreamCrewProfile = {
    id: 7,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    status: 'ACTIVE',
    profiles: [
      {
        id: 'p2',
        name: 'Security',
        dataTypes: [
          {
            id: '2',
            uniqueId: 'bar_years',
            title: 'Licence level',
            type: 'SINGLE_CHOICE',
            global: false,
            options: [{ name: 'Guard' }],
          },
        ],
      },
    ],
  };
  const read = (crewMember: Facts['crewMember']): Facts => ({ boardZones: new Map(), crewMember });

  it('needs exactly one of crewId and crewEmail, and reads the member for every update', () => {
    const neither = checkCrewUpdate({ update: {} }, read(undefined));
    expect(neither.kind === 'refuse' && pairs(neither.issues)).toEqual([['crewId', 'CREW_REF']]);
    expect(checkCrewUpdate({ crewId: 7, update: {} }, read(undefined)).kind).toBe('need');
    expect(checkCrewUpdate({ crewId: 7, update: {} }, read(member)).kind).toBe('send');
    expect(checkCrewUpdate({ crewId: 8, update: {} }, read('missing')).kind).toBe('refuse');
    expect(
      checkCrewUpdate(
        { crewEmail: 'ada@example.com', update: { profile: { dataTypes: [{ id: '2' }] } } },
        read(undefined),
      ),
    ).toEqual({
      kind: 'need',
      request: { crewMember: { crewId: undefined, crewEmail: 'ada@example.com' } },
    });
  });

  it("resolves a uniqueId within the member's own profiles", () => {
    const verdict = checkCrewUpdate(
      { crewId: 7, update: { profile: { dataTypes: [{ uniqueId: 'bar_years', optionNames: ['Guard'] }] } } },
      read(member),
    );
    expect(verdict.kind).toBe('send');
    const wrong = checkCrewUpdate(
      { crewId: 7, update: { profile: { dataTypes: [{ uniqueId: 'bar_years', value: '3' }] } } },
      read(member),
    );
    expect(wrong.kind === 'refuse' && pairs(wrong.issues)).toEqual([
      ['update.profile.dataTypes[0].value', 'DATA_TYPE_ANSWER'],
    ]);
  });

  it('refuses a profile the member does not have, and a member who does not exist', () => {
    const profile = checkCrewUpdate(
      { crewId: 7, update: { profile: { profileId: 'p1', dataTypes: [{ id: '2' }] } } },
      read(member),
    );
    expect(profile.kind === 'refuse' && pairs(profile.issues)).toEqual([
      ['update.profile.profileId', 'UNKNOWN_PROFILE'],
    ]);
    const missing = checkCrewUpdate(
      { crewId: 8, update: { profile: { dataTypes: [{ id: '2' }] } } },
      read('missing'),
    );
    expect(missing.kind === 'refuse' && pairs(missing.issues)).toEqual([['crewId', 'UNKNOWN_CREW']]);
  });

  it('notes that the platform checks the answers when the member cannot be read', () => {
    const verdict = checkCrewUpdate(
      { crewId: 7, update: { profile: { dataTypes: [{ id: '2' }] } } },
      read(null),
    );
    expect(verdict.kind === 'send' && verdict.notes).toEqual([
      expect.stringMatching(/could not be read .* checked by the platform only/),
    ]);
  });
});

describe('checkProfileDataTypeUpdate', () => {
  it('asks for the catalogue, then checks the uniqueId in every profile that shows the data type', () => {
    const input = { profileId: 'p1', dataTypes: [{ id: '3', uniqueId: 'sia' }] };
    expect(checkProfileDataTypeUpdate(input, { boardZones: new Map() })).toEqual({
      kind: 'need',
      request: { catalogue: true },
    });
    const verdict = checkProfileDataTypeUpdate(input, withCatalogue);
    // Unique in Hospitality, the target, but not in Security, which inherits the global data type too.
    expect(verdict.kind === 'refuse' && verdict.issues.map((issue) => issue.detail)).toEqual([
      'uniqueId "sia" would also belong to data type 4 ("SIA licence", uniqueId sia, TEXT) in profile Security (p2), which inherits it too.',
    ]);
    // An own data type is shown by its profile alone.
    expect(
      checkProfileDataTypeUpdate(
        { profileId: 'p1', dataTypes: [{ id: '1', uniqueId: 'sia' }] },
        withCatalogue,
      ).kind,
    ).toBe('send');
  });

  it('notes what it could not check', () => {
    const input = { profileId: 'p9', dataTypes: [{ id: '3', title: 'Tongues' }] };
    expect(checkProfileDataTypeUpdate(input, withCatalogue)).toMatchObject({
      kind: 'send',
      notes: [expect.stringMatching(/profile p9/)],
    });
    expect(checkProfileDataTypeUpdate(input, { boardZones: new Map(), catalogue: null })).toMatchObject({
      kind: 'send',
      notes: [expect.stringMatching(/could not be read/)],
    });
  });
});
