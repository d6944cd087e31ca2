import { describe, expect, it } from 'vitest';
import type { RuleIssue } from '../../src/rules/issues.js';
import {
  type CatalogueDataType,
  checkRoleRequirements,
  dedupeCatalogue,
  resolveRequirementDataType,
  stripDeprecatedInputs,
  stripDeprecatedRoleRequirements,
} from '../../src/rules/requirements.js';

const PATH = 'jobs[0].roles[1].requirements';
const pairs = (issues: RuleIssue[]) => issues.map((issue) => [issue.path, issue.code]);

const catalogue: CatalogueDataType[] = [
  { id: '11', uniqueId: 'shirt', title: 'Shirt size', type: 'SINGLE_CHOICE', options: ['S', 'M', 'L'] },
  {
    id: '12',
    title: 'Languages',
    type: 'MULTIPLE_CHOICE',
    options: [{ name: 'English' }, { name: 'French' }],
  },
  { id: '13', title: 'Certification', type: 'MULTIPLE_CHOICE', options: ['SIA', 'First aid'] },
  { id: '14', title: 'Certification', type: 'MULTIPLE_CHOICE', options: ['Forklift'] },
  { id: '15', title: 'Notes', type: 'TEXT', options: [] },
  // A global data type listed again under a second profile: same id, not ambiguous.
  {
    id: '12',
    title: 'Languages',
    type: 'MULTIPLE_CHOICE',
    options: [{ name: 'English' }, { name: 'French' }],
  },
];

describe('dataType requirements', () => {
  it('accepts a valid entry by id and by title', () => {
    const issues = checkRoleRequirements(
      {
        dataType: [
          { dataTypeId: '11', optionNames: ['M', 'L'], condition: 'ANY' },
          { dataTypeTitle: 'Languages', optionNames: ['French'], condition: 'ALL' },
          { dataTypeId: 12, optionNames: ['English'], condition: 'NONE' },
        ],
      },
      { path: PATH, catalogue },
    );
    expect(issues).toEqual([]);
  });

  it('needs exactly one of dataTypeId and dataTypeTitle (§2.3, §7)', () => {
    const issues = checkRoleRequirements(
      {
        dataType: [
          { optionNames: ['M'], condition: 'ANY' },
          { dataTypeId: '11', dataTypeTitle: 'Shirt size', optionNames: ['M'], condition: 'ANY' },
        ],
      },
      { path: PATH },
    );
    expect(pairs(issues)).toEqual([
      [`${PATH}.dataType[0]`, 'DATA_TYPE_REF'],
      [`${PATH}.dataType[1]`, 'DATA_TYPE_REF'],
    ]);
    expect(issues[1]?.fix).toContain('Keep only dataTypeId');
    expect(issues[0]?.rule).toContain('§2.3');
  });

  it('condition ALL/ANY/NONE; EQUAL is for roleType; lowercase gets a fix', () => {
    const issues = checkRoleRequirements(
      {
        dataType: [
          { dataTypeId: '11', optionNames: ['M'], condition: 'EQUAL' },
          { dataTypeId: '11', optionNames: ['M'], condition: 'any' },
          { dataTypeId: '11', optionNames: ['M'] },
        ],
      },
      { path: PATH },
    );
    expect(pairs(issues)).toEqual([
      [`${PATH}.dataType[0].condition`, 'CONDITION'],
      [`${PATH}.dataType[1].condition`, 'CONDITION'],
      [`${PATH}.dataType[2].condition`, 'CONDITION'],
    ]);
    expect(issues[0]?.fix).toContain('EQUAL is for roleType');
    expect(issues[1]?.fix).toContain('"ANY"');
  });

  it('optionNames must not be empty; the fix lists the options when known', () => {
    const [issue] = checkRoleRequirements(
      { dataType: [{ dataTypeId: '11', optionNames: [], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(issue).toMatchObject({ path: `${PATH}.dataType[0].optionNames`, code: 'OPTION_NAMES' });
    expect(issue?.fix).toContain('"S", "M", "L"');
  });

  it('an unknown id: says so, and spots a uniqueId or title sent as id', () => {
    const unknown = checkRoleRequirements(
      { dataType: [{ dataTypeId: '99', optionNames: ['x'], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(pairs(unknown)).toEqual([[`${PATH}.dataType[0].dataTypeId`, 'UNKNOWN_DATA_TYPE']]);
    const uniqueId = checkRoleRequirements(
      { dataType: [{ dataTypeId: 'shirt', optionNames: ['M'], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(uniqueId[0]?.fix).toContain('send dataTypeId 11');
  });

  it('an ambiguous title lists the ids and says to use dataTypeId', () => {
    const issues = checkRoleRequirements(
      { dataType: [{ dataTypeTitle: 'Certification', optionNames: ['SIA'], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(pairs(issues)).toEqual([[`${PATH}.dataType[0].dataTypeTitle`, 'AMBIGUOUS_DATA_TYPE']]);
    expect(issues[0]?.message).toContain('2 data types are titled "Certification"');
    expect(issues[0]?.fix).toContain('Use dataTypeId');
    expect(issues[0]?.fix).toContain('13, 14');
  });

  it('a global data type seen under several profiles is not ambiguous', () => {
    expect(dedupeCatalogue(catalogue)).toHaveLength(5);
    const resolved = resolveRequirementDataType({ dataTypeTitle: 'Languages' }, catalogue, 'x');
    expect(resolved.ok && resolved.value?.id).toBe('12');
  });

  it('an unknown title suggests a case-insensitive match, or lists the data types', () => {
    const near = checkRoleRequirements(
      { dataType: [{ dataTypeTitle: 'shirt size', optionNames: ['M'], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(near[0]).toMatchObject({ code: 'UNKNOWN_DATA_TYPE' });
    expect(near[0]?.fix).toContain('Did you mean 11 ("Shirt size"');
    const far = checkRoleRequirements(
      { dataType: [{ dataTypeTitle: 'Height', optionNames: ['x'], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(far[0]?.fix).toContain('"Languages"');
  });

  it('option names must belong to the data type: lists the valid ones, fixes case', () => {
    const issues = checkRoleRequirements(
      { dataType: [{ dataTypeId: '11', optionNames: ['M', 'XL', 'l'], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(pairs(issues)).toEqual([
      [`${PATH}.dataType[0].optionNames[1]`, 'UNKNOWN_OPTION'],
      [`${PATH}.dataType[0].optionNames[2]`, 'UNKNOWN_OPTION'],
    ]);
    expect(issues[0]?.fix).toContain('"S", "M", "L"');
    expect(issues[1]?.fix).toContain('exactly as "L"');
    expect(issues[0]?.rule).toContain('must belong');
  });

  it('a data type without options cannot be required by option', () => {
    const [issue] = checkRoleRequirements(
      { dataType: [{ dataTypeId: '15', optionNames: ['x'], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(issue?.code).toBe('UNKNOWN_OPTION');
    expect(issue?.message).toContain('has no options');
  });

  it('duplicate option names are a warning', () => {
    const issues = checkRoleRequirements(
      { dataType: [{ dataTypeId: '11', optionNames: ['M', 'M'], condition: 'ANY' }] },
      { path: PATH, catalogue },
    );
    expect(issues.map((issue) => issue.severity)).toEqual(['warning']);
  });

  it('without a catalogue only the shape is checked', () => {
    expect(
      checkRoleRequirements(
        { dataType: [{ dataTypeId: '99', optionNames: ['x'], condition: 'ANY' }] },
        { path: PATH },
      ),
    ).toEqual([]);
  });
});

describe('other requirement kinds', () => {
  it('roleType condition must be EQUAL and needs an id', () => {
    expect(
      checkRoleRequirements({ roleType: { roleTypeId: '3', condition: 'EQUAL' } }, { path: PATH }),
    ).toEqual([]);
    const issues = checkRoleRequirements({ roleType: { condition: 'ANY' } }, { path: PATH });
    expect(pairs(issues)).toEqual([
      [`${PATH}.roleType.roleTypeId`, 'ROLE_TYPE'],
      [`${PATH}.roleType.condition`, 'CONDITION'],
    ]);
    expect(issues[1]?.fix).toContain('EQUAL');
    expect(issues[1]?.rule).toContain('must be EQUAL');
  });

  it('profile requirement: ANY or NONE, with ids', () => {
    expect(
      checkRoleRequirements({ profile: { profileIds: ['1'], condition: 'NONE' } }, { path: PATH }),
    ).toEqual([]);
    expect(
      pairs(checkRoleRequirements({ profile: { profileIds: [], condition: 'ALL' } }, { path: PATH })),
    ).toEqual([
      [`${PATH}.profile.profileIds`, 'PROFILE_REQUIREMENT'],
      [`${PATH}.profile.condition`, 'CONDITION'],
    ]);
  });

  it('age restriction: 0..120, whole years, min ≤ max, not empty', () => {
    expect(checkRoleRequirements({ ageRestriction: { minAge: 18, maxAge: 65 } }, { path: PATH })).toEqual([]);
    expect(checkRoleRequirements({ ageRestriction: { minAge: 18 } }, { path: PATH })).toEqual([]);
    const swapped = checkRoleRequirements({ ageRestriction: { minAge: 65, maxAge: 18 } }, { path: PATH });
    expect(pairs(swapped)).toEqual([[`${PATH}.ageRestriction.maxAge`, 'AGE_RESTRICTION']]);
    expect(swapped[0]?.fix).toContain('minAge 18, maxAge 65');
    expect(
      pairs(checkRoleRequirements({ ageRestriction: { minAge: -1, maxAge: 121 } }, { path: PATH })),
    ).toEqual([
      [`${PATH}.ageRestriction.minAge`, 'AGE_RESTRICTION'],
      [`${PATH}.ageRestriction.maxAge`, 'AGE_RESTRICTION'],
    ]);
    expect(checkRoleRequirements({ ageRestriction: { minAge: 17.5 } }, { path: PATH })[0]?.code).toBe(
      'AGE_RESTRICTION',
    );
    expect(checkRoleRequirements({ ageRestriction: {} }, { path: PATH })[0]?.severity).toBe('warning');
  });

  it('distance restriction must be above 0', () => {
    expect(checkRoleRequirements({ distanceRestriction: { maxDistanceKm: 25 } }, { path: PATH })).toEqual([]);
    expect(
      pairs(checkRoleRequirements({ distanceRestriction: { maxDistanceKm: 0 } }, { path: PATH })),
    ).toEqual([[`${PATH}.distanceRestriction.maxDistanceKm`, 'DISTANCE_RESTRICTION']]);
    expect(
      checkRoleRequirements(
        { distanceRestriction: { maxDistanceKm: Number.POSITIVE_INFINITY } },
        { path: PATH },
      ),
    ).toHaveLength(1);
  });

  it('gender restriction values', () => {
    expect(checkRoleRequirements({ genderRestriction: { genders: ['FEMALE'] } }, { path: PATH })).toEqual([]);
    const issues = checkRoleRequirements({ genderRestriction: { genders: ['female', 'X'] } }, { path: PATH });
    expect(issues.map((issue) => issue.fix)).toEqual(['Write "FEMALE".', 'Use FEMALE, MALE, OTHER.']);
    expect(checkRoleRequirements({ genderRestriction: { genders: [] } }, { path: PATH })).toHaveLength(1);
  });

  it('empty and null requirements pass', () => {
    expect(checkRoleRequirements(null, { path: PATH })).toEqual([]);
    expect(checkRoleRequirements({}, { path: PATH })).toEqual([]);
  });
});

describe('stripDeprecatedInputs', () => {
  it('removes attributes and skills from role requirements in createJobs, reporting path and replacement', () => {
    const input = {
      jobs: [
        { boardId: '1', roles: [{ title: 'A', requirements: { tags: ['x'] } }] },
        {
          boardId: '1',
          roles: [
            { title: 'B' },
            { title: 'C', requirements: { skills: ['Forklift'], attributes: [], dataType: [] } },
          ],
        },
      ],
      multiDay: true,
    };
    const before = JSON.stringify(input);
    const result = stripDeprecatedInputs(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(result.value.jobs[1]?.roles[1]?.requirements).toEqual({ dataType: [] });
    expect(result.value.jobs[0]).toBe(input.jobs[0]);
    expect(result.value.multiDay).toBe(true);
    expect(result.dropped.map((entry) => entry.path)).toEqual([
      'jobs[1].roles[1].requirements.attributes',
      'jobs[1].roles[1].requirements.skills',
    ]);
    expect(result.dropped[0]?.replacement).toContain('requirements.dataType');
    expect(result.dropped[0]?.replacement).toContain('requirements.profile');
    // Only the one that carried something warns.
    expect(pairs(result.issues)).toEqual([['jobs[1].roles[1].requirements.skills', 'DEPRECATED_NOOP']]);
    expect(result.issues[0]?.rule).toContain('§4.4 rule 10');
    expect(result.issues[0]?.message).toContain('Forklift');
  });

  it('removes attributes and skills from createCrew members and updateCompanyCrew updates', () => {
    const crew = stripDeprecatedInputs({
      crew: [{ firstName: 'A', attributes: ['tall'] }, { firstName: 'B' }],
    });
    expect(crew.value.crew).toEqual([{ firstName: 'A' }, { firstName: 'B' }]);
    expect(crew.dropped[0]).toMatchObject({
      path: 'crew[0].attributes',
      field: 'attributes',
      value: ['tall'],
    });
    expect(crew.dropped[0]?.replacement).toContain('profile.dataTypes');
    const update = stripDeprecatedInputs({ crewId: 5, update: { skills: ['x'], phone: '1' } }, 'input');
    expect(update.value).toEqual({ crewId: 5, update: { phone: '1' } });
    expect(update.dropped[0]?.path).toBe('input.update.skills');
  });

  it('returns the same object when nothing is deprecated', () => {
    const input = { jobs: [{ roles: [{ requirements: { tags: [] } }] }] };
    const result = stripDeprecatedInputs(input);
    expect(result.value).toBe(input);
    expect(result.dropped).toEqual([]);
  });

  it('single-object variants', () => {
    expect(stripDeprecatedRoleRequirements({ skills: ['a'], labels: ['b'] }, 'r').value).toEqual({
      labels: ['b'],
    });
  });
});
