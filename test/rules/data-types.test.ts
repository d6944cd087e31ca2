import { describe, expect, it } from 'vitest';
import {
  checkCrewAnswers,
  checkDataTypeAnswer,
  checkProfileDataTypeUpdates,
  type KnownDataType,
  type ProfileDataType,
  type ProfileScope,
  profilesOf,
  resolveDataTypeRef,
} from '../../src/rules/data-types.js';
import type { RuleIssue } from '../../src/rules/issues.js';

const pairs = (issues: RuleIssue[]) => issues.map((issue) => [issue.path, issue.code]);
const PATH = 'crew[0].profile.dataTypes';

const dataTypes: ProfileDataType[] = [
  { id: '1', uniqueId: 'height', title: 'Height (cm)', type: 'NUMBER' },
  { id: '2', title: 'Date of birth', type: 'DATE' },
  { id: '3', uniqueId: 'driver', title: 'Driver', type: 'BOOLEAN', global: true },
  {
    id: '4',
    title: 'Shirt size',
    type: 'SINGLE_CHOICE',
    options: [{ name: 'S' }, { name: 'M' }, { name: 'L' }],
  },
  { id: '5', title: 'Languages', type: 'MULTIPLE_CHOICE', options: ['English', 'French'], global: true },
  { id: '6', uniqueId: 'rating', title: 'Rating', type: 'SCORING', global: true },
  { id: '7', title: 'Passport', type: 'FILE' },
  { id: '8', title: 'Bio', type: 'TEXT' },
];
const byId = (id: string) => dataTypes.find((type) => type.id === id)!;
/** One profile showing every data type above. */
const profile: ProfileScope = { id: 'p1', name: 'Hospitality', dataTypes };
const only = { profiles: [profile] };

describe('resolveDataTypeRef (§4.4 rule 8)', () => {
  it('finds own and inherited global data types by id or uniqueId', () => {
    expect(resolveDataTypeRef({ id: '1' }, dataTypes, 'p')).toMatchObject({ ok: true, value: { id: '1' } });
    expect(resolveDataTypeRef({ id: 5 }, dataTypes, 'p')).toMatchObject({
      ok: true,
      value: { title: 'Languages', global: true },
    });
    expect(resolveDataTypeRef({ uniqueId: 'rating' }, dataTypes, 'p')).toMatchObject({
      ok: true,
      value: { id: '6' },
    });
  });

  it('needs exactly one of id and uniqueId', () => {
    expect(pairs(resolveDataTypeRef({}, dataTypes, 'p').issues)).toEqual([['p', 'DATA_TYPE_REF']]);
    expect(pairs(resolveDataTypeRef({ id: '1', uniqueId: 'height' }, dataTypes, 'p').issues)).toEqual([
      ['p', 'DATA_TYPE_REF'],
    ]);
  });

  it('unknown references name the mix-up or list what the profile has', () => {
    const asId = resolveDataTypeRef({ id: 'height' }, dataTypes, 'p');
    expect(pairs(asId.issues)).toEqual([['p.id', 'UNKNOWN_DATA_TYPE']]);
    expect(asId.issues[0]?.fix).toContain('send uniqueId "height"');
    expect(asId.issues[0]?.rule).toContain('item-not-found');
    const asUnique = resolveDataTypeRef({ uniqueId: '4' }, dataTypes, 'p');
    expect(asUnique.issues[0]?.fix).toContain('send id 4');
    const caseMismatch = resolveDataTypeRef({ uniqueId: 'Rating' }, dataTypes, 'p');
    expect(caseMismatch.issues[0]?.fix).toContain('"rating"');
    const unknown = resolveDataTypeRef({ id: '99' }, dataTypes, 'p');
    expect(unknown.issues[0]?.fix).toContain('own and inherited');
    expect(unknown.issues[0]?.fix).toContain('"Shirt size"');
  });
});

describe('checkDataTypeAnswer', () => {
  it.each([
    ['1', { id: '1', value: '182' }],
    ['1', { id: '1', value: '-1.75' }],
    ['2', { id: '2', value: '1990-04-23' }],
    ['3', { uniqueId: 'driver', value: 'true' }],
    ['3', { uniqueId: 'driver', value: 'false' }],
    ['4', { id: '4', optionNames: ['M'] }],
    ['5', { id: '5', optionNames: ['English', 'French'] }],
    ['6', { id: '6', score: 4.5 }],
    ['8', { id: '8', value: 'Anything at all' }],
  ])('accepts a valid answer for data type %s', (id, answer) => {
    expect(checkDataTypeAnswer(answer, byId(id), 'a')).toEqual([]);
  });

  it.each([
    ['1', { id: '1', value: '1,75' }, 'a.value', '"1.75"'],
    ['1', { id: '1', value: '182cm' }, 'a.value', 'without units'],
    ['1', { id: '1', value: 182 }, 'a.value', '"182"'],
    ['2', { id: '2', value: '23/04/1990' }, 'a.value', 'YYYY-MM-DD'],
    ['2', { id: '2', value: '1990-02-30' }, 'a.value', 'YYYY-MM-DD'],
    ['3', { id: '3', value: 'yes' }, 'a.value', '"true"'],
    ['3', { id: '3', value: 'TRUE' }, 'a.value', '"true"'],
    ['6', { id: '6', score: 'high' }, 'a.score', 'as a number'],
    ['6', { id: '6', score: '4' }, 'a.score', 'number 4'],
  ])('rejects a bad value for data type %s', (id, answer, path, fix) => {
    const issues = checkDataTypeAnswer(answer, byId(id), 'a');
    expect(pairs(issues)).toEqual([[path, 'DATA_TYPE_ANSWER']]);
    expect(issues[0]?.fix).toContain(fix);
  });

  it('choice options must belong (valid options listed, case fixed); single choice takes one', () => {
    const issues = checkDataTypeAnswer({ id: '4', optionNames: ['XL', 'm'] }, byId('4'), 'a');
    expect(pairs(issues)).toEqual([
      ['a.optionNames', 'DATA_TYPE_ANSWER'],
      ['a.optionNames[0]', 'UNKNOWN_OPTION'],
      ['a.optionNames[1]', 'UNKNOWN_OPTION'],
    ]);
    expect(issues[1]?.fix).toContain('"S", "M", "L"');
    expect(issues[2]?.fix).toContain('exactly as "M"');
  });

  it('the wrong answer field is an error naming the right one; SCORING in value suggests score', () => {
    const wrong = checkDataTypeAnswer({ id: '4', value: 'M' }, byId('4'), 'a');
    expect(pairs(wrong)).toContainEqual(['a.value', 'DATA_TYPE_ANSWER']);
    expect(wrong.find((issue) => issue.path === 'a.value')?.fix).toContain('optionNames');
    const scoring = checkDataTypeAnswer({ id: '6', value: '4' }, byId('6'), 'a');
    expect(scoring.find((issue) => issue.path === 'a.value')?.fix).toContain('score: 4');
  });

  it('no answer at all is a warning that it may clear the answer', () => {
    const [issue] = checkDataTypeAnswer({ id: '1' }, byId('1'), 'a');
    expect(issue).toMatchObject({ severity: 'warning', code: 'DATA_TYPE_ANSWER' });
  });

  it('FILE answers must be uploaded through REST', () => {
    const [issue] = checkDataTypeAnswer({ id: '7', value: 'passport.pdf' }, byId('7'), 'a');
    expect(issue?.code).toBe('DATA_TYPE_ANSWER');
    expect(issue?.fix).toContain('REST file upload');
  });

  it('unknown types are not second-guessed', () => {
    expect(
      checkDataTypeAnswer({ id: '9', value: 'x' }, { id: '9', title: 'Future', type: 'COLOUR' }, 'a'),
    ).toEqual([]);
  });
});

describe('checkCrewAnswers', () => {
  it('resolves and checks each answer, and rejects two answers to one data type', () => {
    const issues = checkCrewAnswers(
      [
        { id: '1', value: '180' },
        { uniqueId: 'height', value: '181' },
        { id: '99', value: 'x' },
        { uniqueId: 'driver', value: 'maybe' },
      ],
      only,
      PATH,
    );
    expect(pairs(issues)).toEqual([
      [`${PATH}[1]`, 'DUPLICATE_ANSWER'],
      [`${PATH}[2].id`, 'UNKNOWN_DATA_TYPE'],
      [`${PATH}[3].value`, 'DATA_TYPE_ANSWER'],
    ]);
    expect(issues[0]?.message).toContain(`${PATH}[0] already does`);
  });

  it('the same global data type listed twice (two sections) is one data type', () => {
    expect(
      checkCrewAnswers(
        [{ id: '5', optionNames: ['English'] }],
        { profiles: [{ ...profile, dataTypes: [...dataTypes, byId('5')] }] },
        PATH,
      ),
    ).toEqual([]);
  });

  it('a uniqueId two profiles give to different data types is refused when the profile is not known, never guessed', () => {
    const security: ProfileScope = {
      id: 'p2',
      name: 'Security',
      dataTypes: [
        { id: '20', uniqueId: 'height', title: 'Licence level', type: 'SINGLE_CHOICE', options: ['Guard'] },
        byId('3'),
      ],
    };
    const unknownTarget = 'profile.profileId is not given';
    const issues = checkCrewAnswers(
      [{ uniqueId: 'height', value: '180' }],
      { profiles: [profile, security], unknownTarget },
      PATH,
    );
    expect(pairs(issues)).toEqual([[`${PATH}[0].uniqueId`, 'AMBIGUOUS_ANSWER_REF']]);
    expect(issues[0]?.detail).toBe(
      'uniqueId "height" names different data types: 1 ("Height (cm)", uniqueId height, NUMBER) in Hospitality (p1); 20 ("Licence level", uniqueId height, SINGLE_CHOICE) in Security (p2). profile.profileId is not given, so it cannot be told which one is meant.',
    );
    expect(issues[0]?.fix).toBe(
      'Add profile.profileId for the profile to write (e.g. "p1" for Hospitality), or answer by data type id.',
    );
    // A data type both profiles show (a global one) is one data type; within one profile there is no doubt.
    expect(
      checkCrewAnswers([{ uniqueId: 'driver', value: 'true' }], { profiles: [profile, security] }, PATH),
    ).toEqual([]);
    expect(
      checkCrewAnswers([{ uniqueId: 'height', optionNames: ['Guard'] }], { profiles: [security] }, PATH),
    ).toEqual([]);
  });
});

describe('profilesOf', () => {
  it('groups the catalogue by profile, a global data type under each profile that shows it', () => {
    const shared: KnownDataType = {
      id: '3',
      uniqueId: 'driver',
      title: 'Driver',
      type: 'BOOLEAN',
      global: true,
      options: [],
      profileIds: ['p1', 'p2'],
      profiles: [
        { id: 'p1', name: 'Hospitality' },
        { id: 'p2', name: 'Security' },
      ],
    };
    const own: KnownDataType = {
      ...shared,
      id: '9',
      uniqueId: null,
      title: 'Bar',
      global: false,
      profileIds: ['p1'],
      profiles: [{ id: 'p1', name: 'Hospitality' }],
    };
    expect(
      profilesOf([shared, own]).map((scope) => [scope.name, scope.dataTypes.map((dt) => dt.id)]),
    ).toEqual([
      ['Hospitality', ['3', '9']],
      ['Security', ['3']],
    ]);
  });
});

describe('checkProfileDataTypeUpdates (§4.4 rule 9)', () => {
  it('accepts a new uniqueId on an own data type', () => {
    expect(
      checkProfileDataTypeUpdates([{ id: '2', uniqueId: 'dob' }], profile, [profile], 'dataTypes'),
    ).toEqual([]);
  });

  it('a uniqueId already used by an own or inherited data type is an error', () => {
    const issues = checkProfileDataTypeUpdates(
      [{ id: '2', uniqueId: 'rating' }],
      profile,
      [profile],
      'dataTypes',
    );
    expect(pairs(issues)).toEqual([['dataTypes[0].uniqueId', 'UNIQUE_ID_TAKEN']]);
    expect(issues[0]?.message).toContain('"Rating"');
  });

  it('two updates giving the same uniqueId are both reported; a swap is fine', () => {
    const clash = checkProfileDataTypeUpdates(
      [
        { id: '2', uniqueId: 'x' },
        { id: '8', uniqueId: 'x' },
      ],
      profile,
      [profile],
      'dataTypes',
    );
    expect(pairs(clash)).toEqual([
      ['dataTypes[0].uniqueId', 'UNIQUE_ID_TAKEN'],
      ['dataTypes[1].uniqueId', 'UNIQUE_ID_TAKEN'],
    ]);
    const swap = checkProfileDataTypeUpdates(
      [
        { id: '1', uniqueId: 'driver' },
        { id: '3', uniqueId: 'height' },
      ],
      profile,
      [profile],
      'dataTypes',
    );
    expect(swap.filter((issue) => issue.severity === 'error')).toEqual([]);
  });

  it('an inherited global data type may be updated, with a warning that it is shared; unknown ids fail', () => {
    const issues = checkProfileDataTypeUpdates(
      [{ id: '6', title: 'Score' }, { id: '42' }],
      profile,
      [profile],
      'dataTypes',
    );
    expect(pairs(issues)).toEqual([
      ['dataTypes[0]', 'GLOBAL_DATA_TYPE'],
      ['dataTypes[1].id', 'UNKNOWN_DATA_TYPE'],
    ]);
    expect(issues[0]?.severity).toBe('warning');
  });
});

describe('checkProfileDataTypeUpdates across profiles (§2.2: a global data type is shown by every linked profile)', () => {
  const security: ProfileScope = {
    id: 'p2',
    name: 'Security',
    dataTypes: [{ id: '20', uniqueId: 'licence', title: 'SIA licence', type: 'TEXT' }, byId('3'), byId('6')],
  };

  it("a global data type's new uniqueId must be unique in every profile that inherits it", () => {
    const issues = checkProfileDataTypeUpdates(
      [{ id: '3', uniqueId: 'licence' }],
      profile,
      [profile, security],
      'dataTypes',
    );
    expect(pairs(issues)).toEqual([
      ['dataTypes[0]', 'GLOBAL_DATA_TYPE'],
      ['dataTypes[0].uniqueId', 'UNIQUE_ID_TAKEN'],
    ]);
    expect(issues[1]?.detail).toBe(
      'uniqueId "licence" would also belong to data type 20 ("SIA licence", uniqueId licence, TEXT) in profile Security (p2), which inherits it too.',
    );
    expect(issues[0]?.detail).toMatch(/shows on every profile that inherits it \(Hospitality, Security\)/);
  });

  it("an own data type's uniqueId need not be unique in other profiles", () => {
    const issues = checkProfileDataTypeUpdates(
      [{ id: '8', uniqueId: 'licence' }],
      profile,
      [profile, security],
      'dataTypes',
    );
    expect(issues).toEqual([]);
  });
});
