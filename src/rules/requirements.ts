// Role requirements on createJobs (§2.3, §7), checked before sending: the shape rules of each
// requirement kind, and, given the company's data types, whether a dataType requirement names
// one data type unambiguously and only options it has. Deprecated no-op inputs (`attributes`,
// `skills`, §4.4 rule 10) are removed by stripDeprecatedInputs and reported, so a model learns
// that what it asked for would have done nothing, and what to use instead.

import { type Checked, errorIssue, joinPath, type RuleIssue, warningIssue } from './issues.js';

export const RULE_DATA_TYPE_REF =
  '§2.3 dataType: exactly one of dataTypeId and dataTypeTitle (§7: neither or both is rejected)';
export const RULE_DATA_TYPE_TITLE =
  '§2.3 dataType: a title must be unique within the company; an ambiguous title is rejected';
export const RULE_DATA_TYPE_OPTIONS =
  '§2.3 dataType: each optionNames entry must belong to the referenced data type';
export const RULE_DATA_TYPE_CONDITION = '§2.3 dataType: condition is ALL, ANY or NONE';
export const RULE_ROLE_TYPE = '§2.3 roleType: condition must be EQUAL';
export const RULE_PROFILE =
  '§2.3 profile: replaces attribute and skill requirements; profileIds with condition ANY or NONE [assumed shape]';
export const RULE_AGE = 'RoleRequirementsInput.ageRestriction: minAge ≤ maxAge, whole years 0-120 [assumed]';
export const RULE_DISTANCE = 'RoleRequirementsInput.distanceRestriction: maxDistanceKm > 0 [assumed]';
export const RULE_GENDER =
  'RoleRequirementsInput.genderRestriction: genders among FEMALE, MALE, OTHER [assumed]';
export const RULE_DEPRECATED = '§4.4 rule 10 and §9.2: attributes and skills are accepted and do nothing';

export type Id = string | number;

export interface DataTypeRequirementInput {
  dataTypeId?: Id | null;
  dataTypeTitle?: string | null;
  optionNames?: readonly string[] | null;
  condition?: string | null;
}

export interface RoleRequirementsInput {
  ageRestriction?: { minAge?: number | null; maxAge?: number | null } | null;
  dataType?: readonly DataTypeRequirementInput[] | null;
  distanceRestriction?: { maxDistanceKm?: number | null } | null;
  genderRestriction?: { genders?: readonly string[] | null } | null;
  profile?: { profileIds?: readonly Id[] | null; condition?: string | null } | null;
  labels?: readonly string[] | null;
  roleType?: { roleTypeId?: Id | null; condition?: string | null } | null;
  tags?: readonly string[] | null;
  /** Deprecated no-op; see stripDeprecatedInputs. */
  attributes?: unknown;
  /** Deprecated no-op; see stripDeprecatedInputs. */
  skills?: unknown;
}

/** One of the company's data types, as known from crew profiles' dataTypes (any profile). */
export interface CatalogueDataType {
  id: Id;
  uniqueId?: string | null;
  title: string;
  type?: string | null;
  options?: readonly (string | { name: string })[] | null;
}

export interface RequirementsOptions {
  /** Path of the requirements object, e.g. `jobs[0].roles[1].requirements`. */
  path: string;
  /** The company's data types; without it only the shape is checked. */
  catalogue?: readonly CatalogueDataType[];
}

const DATA_TYPE_CONDITIONS = ['ALL', 'ANY', 'NONE'] as const;
const PROFILE_CONDITIONS = ['ANY', 'NONE'] as const;
const GENDERS = ['FEMALE', 'MALE', 'OTHER'] as const;

function quoteList(values: readonly string[], max = 20): string {
  const shown = values.slice(0, max).map((value) => JSON.stringify(value));
  return values.length > max ? `${shown.join(', ')} and ${values.length - max} more` : shown.join(', ');
}

export function optionNamesOf(dataType: Pick<CatalogueDataType, 'options'>): string[] {
  return (dataType.options ?? []).map((option) => (typeof option === 'string' ? option : option.name));
}

/** The catalogue with one entry per id (a global data type appears under every profile that inherits it). */
export function dedupeCatalogue<T extends { id: Id }>(catalogue: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const entry of catalogue) if (!byId.has(String(entry.id))) byId.set(String(entry.id), entry);
  return [...byId.values()];
}

function describe(dataType: CatalogueDataType): string {
  const extras = [
    dataType.uniqueId ? `uniqueId ${dataType.uniqueId}` : undefined,
    dataType.type ?? undefined,
  ].filter(Boolean);
  return `${dataType.id} ("${dataType.title}"${extras.length ? `, ${extras.join(', ')}` : ''})`;
}

function conditionIssue(
  value: unknown,
  allowed: readonly string[],
  path: string,
  rule: string,
  what: string,
): RuleIssue | undefined {
  if (typeof value === 'string' && allowed.includes(value)) return undefined;
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  const fix =
    upper && allowed.includes(upper)
      ? `Write it in capitals: "${upper}".`
      : value === 'EQUAL'
        ? `EQUAL is for roleType requirements; use one of ${allowed.join(', ')} here.`
        : `Use ${allowed.length === 1 ? '' : 'one of '}${allowed.join(', ')}.`;
  return errorIssue({
    path,
    code: 'CONDITION',
    rule,
    detail:
      value === undefined || value === null
        ? `${what} needs a condition.`
        : `condition ${JSON.stringify(value)} is not valid for ${what}.`,
    fix,
  });
}

/**
 * Find the data type a dataType requirement names. Errors: neither or both of id and title;
 * unknown id or title (with near matches); a title shared by several data types (their ids).
 */
export function resolveRequirementDataType(
  entry: DataTypeRequirementInput,
  catalogue: readonly CatalogueDataType[] | undefined,
  path: string,
): Checked<CatalogueDataType | undefined> {
  const hasId = entry.dataTypeId !== undefined && entry.dataTypeId !== null && entry.dataTypeId !== '';
  const hasTitle = typeof entry.dataTypeTitle === 'string' && entry.dataTypeTitle.trim() !== '';
  if (hasId === hasTitle) {
    return {
      ok: false,
      issues: [
        errorIssue({
          path,
          code: 'DATA_TYPE_REF',
          rule: RULE_DATA_TYPE_REF,
          detail: hasId
            ? `gives both dataTypeId (${entry.dataTypeId}) and dataTypeTitle ("${entry.dataTypeTitle}").`
            : 'gives neither dataTypeId nor dataTypeTitle.',
          fix: hasId
            ? 'Keep only dataTypeId (it is never ambiguous) and remove dataTypeTitle.'
            : 'Add dataTypeId (preferred) or dataTypeTitle of the data type whose options the crew must have.',
        }),
      ],
    };
  }
  if (!catalogue) return { ok: true, value: undefined, issues: [] };
  const types = dedupeCatalogue(catalogue);
  if (hasId) {
    const id = String(entry.dataTypeId);
    const found = types.find((type) => String(type.id) === id);
    if (found) return { ok: true, value: found, issues: [] };
    const byUnique = types.find((type) => type.uniqueId === id);
    const byTitle = types.filter((type) => type.title === id);
    const fix = byUnique
      ? `"${id}" is the uniqueId of data type ${describe(byUnique)}; send dataTypeId ${byUnique.id}.`
      : byTitle.length === 1
        ? `"${id}" is the title of data type ${describe(byTitle[0]!)}; send dataTypeId ${byTitle[0]!.id}.`
        : "Use the id of one of the company's data types (crew profiles list them under dataTypes).";
    return {
      ok: false,
      issues: [
        errorIssue({
          path: joinPath(path, 'dataTypeId'),
          code: 'UNKNOWN_DATA_TYPE',
          rule: RULE_DATA_TYPE_REF,
          detail: `no data type of the company has id ${id}.`,
          fix,
        }),
      ],
    };
  }
  const title = entry.dataTypeTitle as string;
  const exact = types.filter((type) => type.title === title);
  const titlePath = joinPath(path, 'dataTypeTitle');
  if (exact.length === 1) return { ok: true, value: exact[0], issues: [] };
  if (exact.length > 1) {
    return {
      ok: false,
      issues: [
        errorIssue({
          path: titlePath,
          code: 'AMBIGUOUS_DATA_TYPE',
          rule: RULE_DATA_TYPE_TITLE,
          detail: `${exact.length} data types are titled "${title}": ${exact.map(describe).join('; ')}.`,
          fix: `Use dataTypeId instead of dataTypeTitle: one of ${exact.map((type) => type.id).join(', ')}.`,
        }),
      ],
    };
  }
  const folded = title.trim().toLowerCase();
  const near = types.filter((type) => type.title.trim().toLowerCase() === folded);
  const fix =
    near.length > 0
      ? `Did you mean ${near.map(describe).join(' or ')}? Send its dataTypeId${near.length === 1 ? ` ${near[0]!.id}` : ''}.`
      : types.length > 0 && types.length <= 30
        ? `Use one of the company's data types: ${types.map(describe).join('; ')}.`
        : "Use the exact title or, better, the dataTypeId of one of the company's data types.";
  return {
    ok: false,
    issues: [
      errorIssue({
        path: titlePath,
        code: 'UNKNOWN_DATA_TYPE',
        rule: RULE_DATA_TYPE_REF,
        detail: `no data type of the company is titled "${title}".`,
        fix,
      }),
    ],
  };
}

function checkOptionNames(
  entry: DataTypeRequirementInput,
  dataType: CatalogueDataType | undefined,
  path: string,
): RuleIssue[] {
  const optionsPath = joinPath(path, 'optionNames');
  const names = entry.optionNames;
  if (!Array.isArray(names) || names.length === 0) {
    const valid = dataType ? optionNamesOf(dataType) : [];
    return [
      errorIssue({
        path: optionsPath,
        code: 'OPTION_NAMES',
        rule: RULE_DATA_TYPE_OPTIONS,
        detail: 'optionNames is empty; a dataType requirement selects crew by the options they chose.',
        fix: valid.length
          ? `List one or more of: ${quoteList(valid)}.`
          : 'List one or more option names of the data type.',
      }),
    ];
  }
  const issues: RuleIssue[] = [];
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (seen.has(name)) {
      issues.push(
        warningIssue({
          path: joinPath(optionsPath, index),
          code: 'OPTION_NAMES',
          rule: RULE_DATA_TYPE_OPTIONS,
          detail: `"${name}" is listed twice.`,
          fix: 'Remove the duplicate.',
        }),
      );
    }
    seen.add(name);
  });
  if (!dataType) return issues;
  const valid = optionNamesOf(dataType);
  if (valid.length === 0) {
    issues.push(
      errorIssue({
        path: optionsPath,
        code: 'UNKNOWN_OPTION',
        rule: RULE_DATA_TYPE_OPTIONS,
        detail: `data type ${describe(dataType)} has no options, so no option name can belong to it.`,
        fix: 'A dataType requirement needs a choice data type (one with options); pick another data type or drop this requirement.',
      }),
    );
    return issues;
  }
  names.forEach((name, index) => {
    if (valid.includes(name)) return;
    const near = valid.find((option) => option.trim().toLowerCase() === String(name).trim().toLowerCase());
    issues.push(
      errorIssue({
        path: joinPath(optionsPath, index),
        code: 'UNKNOWN_OPTION',
        rule: RULE_DATA_TYPE_OPTIONS,
        detail: `"${name}" is not an option of data type ${describe(dataType)}.`,
        fix: near ? `Write it exactly as "${near}".` : `Use options of this data type: ${quoteList(valid)}.`,
      }),
    );
  });
  return issues;
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function checkAge(age: NonNullable<RoleRequirementsInput['ageRestriction']>, path: string): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { minAge, maxAge } = age;
  for (const [key, value] of [
    ['minAge', minAge],
    ['maxAge', maxAge],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (!isWholeNumber(value) || value < 0 || value > 120) {
      issues.push(
        errorIssue({
          path: joinPath(path, key),
          code: 'AGE_RESTRICTION',
          rule: RULE_AGE,
          detail: `${JSON.stringify(value)} is not an age in whole years from 0 to 120.`,
          fix: `Give ${key} as whole years, e.g. 18.`,
        }),
      );
    }
  }
  const hasMin = isWholeNumber(minAge);
  const hasMax = isWholeNumber(maxAge);
  if (hasMin && hasMax && minAge > maxAge) {
    issues.push(
      errorIssue({
        path: joinPath(path, 'maxAge'),
        code: 'AGE_RESTRICTION',
        rule: RULE_AGE,
        detail: `maxAge ${maxAge} is below minAge ${minAge}.`,
        fix: `Swap them (minAge ${maxAge}, maxAge ${minAge}) or raise maxAge to at least ${minAge}.`,
      }),
    );
  }
  if ((minAge === undefined || minAge === null) && (maxAge === undefined || maxAge === null)) {
    issues.push(
      warningIssue({
        path,
        code: 'AGE_RESTRICTION',
        rule: RULE_AGE,
        detail: 'has neither minAge nor maxAge, so it restricts nothing.',
        fix: 'Give minAge and/or maxAge, or remove ageRestriction.',
      }),
    );
  }
  return issues;
}

/**
 * RoleRequirementsInput against §2.3: dataType entries (reference, condition ALL/ANY/NONE,
 * non-empty optionNames; with a catalogue: known, unambiguous, options that belong), roleType
 * (EQUAL), profile (ANY/NONE), age (0-120, min ≤ max), distance (> 0), genders. Deprecated
 * attributes/skills are not reported here: run stripDeprecatedInputs first.
 */
export function checkRoleRequirements(
  requirements: RoleRequirementsInput | null | undefined,
  options: RequirementsOptions,
): RuleIssue[] {
  if (!requirements) return [];
  const { path } = options;
  const issues: RuleIssue[] = [];

  (requirements.dataType ?? []).forEach((entry, index) => {
    const entryPath = joinPath(path, 'dataType', index);
    const resolved = resolveRequirementDataType(entry, options.catalogue, entryPath);
    issues.push(...resolved.issues);
    const condition = conditionIssue(
      entry.condition,
      DATA_TYPE_CONDITIONS,
      joinPath(entryPath, 'condition'),
      RULE_DATA_TYPE_CONDITION,
      'a dataType requirement',
    );
    if (condition) issues.push(condition);
    issues.push(...checkOptionNames(entry, resolved.ok ? resolved.value : undefined, entryPath));
  });

  if (requirements.roleType) {
    const rolePath = joinPath(path, 'roleType');
    const { roleTypeId, condition } = requirements.roleType;
    if (roleTypeId === undefined || roleTypeId === null || roleTypeId === '') {
      issues.push(
        errorIssue({
          path: joinPath(rolePath, 'roleTypeId'),
          code: 'ROLE_TYPE',
          rule: RULE_ROLE_TYPE,
          detail: 'a roleType requirement needs roleTypeId.',
          fix: 'Give the id of the company role type the crew must hold.',
        }),
      );
    }
    const issue = conditionIssue(
      condition,
      ['EQUAL'],
      joinPath(rolePath, 'condition'),
      RULE_ROLE_TYPE,
      'a roleType requirement',
    );
    if (issue) issues.push(issue);
  }

  if (requirements.profile) {
    const profilePath = joinPath(path, 'profile');
    const ids = requirements.profile.profileIds;
    if (!Array.isArray(ids) || ids.length === 0) {
      issues.push(
        errorIssue({
          path: joinPath(profilePath, 'profileIds'),
          code: 'PROFILE_REQUIREMENT',
          rule: RULE_PROFILE,
          detail: 'a profile requirement needs at least one profile id.',
          fix: 'List the ids of the profiles crew must (ANY) or must not (NONE) have.',
        }),
      );
    }
    const issue = conditionIssue(
      requirements.profile.condition,
      PROFILE_CONDITIONS,
      joinPath(profilePath, 'condition'),
      RULE_PROFILE,
      'a profile requirement',
    );
    if (issue) issues.push(issue);
  }

  if (requirements.ageRestriction)
    issues.push(...checkAge(requirements.ageRestriction, joinPath(path, 'ageRestriction')));

  if (requirements.distanceRestriction) {
    const km = requirements.distanceRestriction.maxDistanceKm;
    if (typeof km !== 'number' || !Number.isFinite(km) || km <= 0) {
      issues.push(
        errorIssue({
          path: joinPath(path, 'distanceRestriction', 'maxDistanceKm'),
          code: 'DISTANCE_RESTRICTION',
          rule: RULE_DISTANCE,
          detail: `${JSON.stringify(km)} is not a distance above 0 km.`,
          fix: 'Give the largest distance from the job in kilometres, e.g. 25, or remove distanceRestriction.',
        }),
      );
    }
  }

  if (requirements.genderRestriction) {
    const genderPath = joinPath(path, 'genderRestriction', 'genders');
    const genders = requirements.genderRestriction.genders;
    if (!Array.isArray(genders) || genders.length === 0) {
      issues.push(
        errorIssue({
          path: genderPath,
          code: 'GENDER_RESTRICTION',
          rule: RULE_GENDER,
          detail: 'genders is empty.',
          fix: `List one or more of ${GENDERS.join(', ')}, or remove genderRestriction.`,
        }),
      );
    } else {
      genders.forEach((gender, index) => {
        if ((GENDERS as readonly string[]).includes(gender)) return;
        const upper = String(gender).trim().toUpperCase();
        issues.push(
          errorIssue({
            path: joinPath(genderPath, index),
            code: 'GENDER_RESTRICTION',
            rule: RULE_GENDER,
            detail: `${JSON.stringify(gender)} is not a gender value.`,
            fix: (GENDERS as readonly string[]).includes(upper)
              ? `Write "${upper}".`
              : `Use ${GENDERS.join(', ')}.`,
          }),
        );
      });
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------- deprecated no-ops

export interface DroppedInput {
  /** Where it was, e.g. `jobs[0].roles[1].requirements.skills`. */
  path: string;
  field: 'attributes' | 'skills';
  value: unknown;
  /** What does the job now. */
  replacement: string;
}

export interface StripResult<T> {
  /** A copy without the deprecated fields (the input is not changed). */
  value: T;
  dropped: DroppedInput[];
  /** DEPRECATED_NOOP warnings for dropped fields that carried something. */
  issues: RuleIssue[];
}

const ROLE_REPLACEMENT =
  'requirements.dataType (dataTypeId or dataTypeTitle, optionNames, condition ALL/ANY/NONE) or requirements.profile';
const CREW_REPLACEMENT =
  'profile.dataTypes answers (a data type by id or uniqueId, with value, optionNames or score)';
const DEPRECATED_FIELDS = ['attributes', 'skills'] as const;

function carries(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return value !== '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stripFields<T>(object: T, path: string, replacement: string, into: StripResult<unknown>): T {
  if (!isRecord(object) || !DEPRECATED_FIELDS.some((field) => field in object)) return object;
  const copy: Record<string, unknown> = { ...object };
  for (const field of DEPRECATED_FIELDS) {
    if (!(field in copy)) continue;
    const value = copy[field];
    delete copy[field];
    const fieldPath = joinPath(path, field);
    into.dropped.push({ path: fieldPath, field, value, replacement });
    if (carries(value)) {
      into.issues.push(
        warningIssue({
          path: fieldPath,
          code: 'DEPRECATED_NOOP',
          rule: RULE_DEPRECATED,
          detail: `${field} ${JSON.stringify(value)} is deprecated and ignored by the platform; it was removed before sending.`,
          fix: `Express it with ${replacement}.`,
        }),
      );
    }
  }
  return copy as T;
}

/** Remove attributes/skills from one RoleRequirementsInput. */
export function stripDeprecatedRoleRequirements<T>(requirements: T, path: string): StripResult<T> {
  const result: StripResult<unknown> = { value: undefined, dropped: [], issues: [] };
  const value = stripFields(requirements, path, ROLE_REPLACEMENT, result);
  return { value, dropped: result.dropped, issues: result.issues };
}

function mapArray(value: unknown, fn: (item: unknown, index: number) => unknown): unknown {
  if (!Array.isArray(value)) return value;
  let changed = false;
  const out = value.map((item, index) => {
    const next = fn(item, index);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? out : value;
}

/**
 * Remove the deprecated no-op inputs from a whole mutation input: createJobs
 * (`jobs[].roles[].requirements.{attributes,skills}`), createCrew (`crew[].{attributes,skills}`),
 * updateCompanyCrew (`update.{attributes,skills}`). `path` prefixes the reported paths (default
 * none: `jobs[0]...`). Unchanged parts keep their identity; the input is never mutated.
 */
export function stripDeprecatedInputs<T>(input: T, path = ''): StripResult<T> {
  const result: StripResult<unknown> = { value: undefined, dropped: [], issues: [] };
  if (!isRecord(input)) return { value: input, dropped: [], issues: [] };
  let out: Record<string, unknown> = input;
  const set = (key: string, value: unknown) => {
    if (value !== out[key]) out = { ...out, [key]: value };
  };
  if ('jobs' in input) {
    set(
      'jobs',
      mapArray(input.jobs, (job, jobIndex) => {
        if (!isRecord(job)) return job;
        const roles = mapArray(job.roles, (role, roleIndex) => {
          if (!isRecord(role) || !isRecord(role.requirements)) return role;
          const rolePath = joinPath(path, 'jobs', jobIndex, 'roles', roleIndex, 'requirements');
          const requirements = stripFields(role.requirements, rolePath, ROLE_REPLACEMENT, result);
          return requirements === role.requirements ? role : { ...role, requirements };
        });
        return roles === job.roles ? job : { ...job, roles };
      }),
    );
  }
  if ('crew' in input) {
    set(
      'crew',
      mapArray(input.crew, (member, index) =>
        stripFields(member, joinPath(path, 'crew', index), CREW_REPLACEMENT, result),
      ),
    );
  }
  if ('update' in input)
    set('update', stripFields(input.update, joinPath(path, 'update'), CREW_REPLACEMENT, result));
  return { value: out as T, dropped: result.dropped, issues: result.issues };
}
