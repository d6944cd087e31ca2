// Crew data-type answers (createCrew / updateCompanyCrew `profile.dataTypes`, §4.4 rule 8) and
// data-type updates (updateProfileDataTypes, §4.4 rule 9). A profile's dataTypes list holds its
// own data types and the global ones it inherits (§2.2); both may be answered and referenced by
// id or uniqueId. The platform answers an unknown reference with item-not-found (§7); here the
// model gets the list of what exists instead. Answer value forms per DTType are [assumed]
// (platform-contract.graphql DataTypeAnswerInput).

import { type Checked, errorIssue, joinPath, type RuleIssue, warningIssue } from './issues.js';
import type { Id } from './requirements.js';

export const RULE_ANSWER_REF =
  "§4.4 rule 8: profile.dataTypes references a data type by id or by uniqueId (exactly one), among the profile's own and inherited global data types";
export const RULE_ANSWER_VALUE =
  'DataTypeAnswerInput: the answer field and form follow the data type (DTType) [assumed]';
export const RULE_UNIQUE_ID =
  "§2.2 and §4.4 rule 9: a uniqueId is unique across a profile's own and inherited data types";

/** A data type of the company as the checks know it: from crew profiles (the API has no data-type query, §4.3). */
export interface KnownDataType {
  id: string;
  uniqueId: string | null;
  title: string;
  type: string;
  global: boolean;
  options: string[];
  /** Profiles that carry it (own or inherited). */
  profileIds: string[];
  /** The same profiles with their names, for messages. */
  profiles: { id: string; name: string }[];
}

/** A profile with the data types it shows: its own and the global ones it inherits (§2.2). */
export interface ProfileScope {
  id: string;
  name: string;
  dataTypes: readonly ProfileDataType[];
}

/** Every profile the catalogue has seen, with its data types. */
export function profilesOf(catalogue: readonly KnownDataType[]): ProfileScope[] {
  const byId = new Map<string, { id: string; name: string; dataTypes: ProfileDataType[] }>();
  for (const dataType of catalogue) {
    for (const profile of dataType.profiles) {
      let scope = byId.get(profile.id);
      if (!scope) {
        scope = { id: profile.id, name: profile.name, dataTypes: [] };
        byId.set(profile.id, scope);
      }
      scope.dataTypes.push(dataType);
    }
  }
  return [...byId.values()];
}

/** "Hospitality (135)" */
export function profileLabel(profile: Pick<ProfileScope, 'id' | 'name'>): string {
  return `${profile.name} (${profile.id})`;
}

/** A data type of a profile, as companyCrewAll/companyCrewOne return it in profiles[].dataTypes. */
export interface ProfileDataType {
  id: Id;
  uniqueId?: string | null;
  title: string;
  /** DTType: TEXT, NUMBER, DATE, BOOLEAN, SINGLE_CHOICE, MULTIPLE_CHOICE, FILE, SCORING. */
  type: string;
  /** True for a data type of the company's global section, inherited by the profile. */
  global?: boolean | null;
  options?: readonly (string | { name: string })[] | null;
}

export interface DataTypeAnswerInput {
  id?: Id | null;
  uniqueId?: string | null;
  value?: unknown;
  optionNames?: readonly string[] | null;
  score?: unknown;
}

export interface DataTypeRef {
  id?: Id | null;
  uniqueId?: string | null;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function optionNames(dataType: ProfileDataType): string[] {
  return (dataType.options ?? []).map((option) => (typeof option === 'string' ? option : option.name));
}

function describe(dataType: ProfileDataType): string {
  const parts = [
    dataType.uniqueId ? `uniqueId ${dataType.uniqueId}` : undefined,
    dataType.type,
    dataType.global ? 'global' : undefined,
  ];
  return `${dataType.id} ("${dataType.title}", ${parts.filter(Boolean).join(', ')})`;
}

function unique(dataTypes: readonly ProfileDataType[]): ProfileDataType[] {
  const byId = new Map<string, ProfileDataType>();
  for (const dataType of dataTypes)
    if (!byId.has(String(dataType.id))) byId.set(String(dataType.id), dataType);
  return [...byId.values()];
}

function available(dataTypes: readonly ProfileDataType[]): string {
  if (dataTypes.length === 0) return 'This profile has no data types.';
  const shown = dataTypes.slice(0, 25).map(describe).join('; ');
  return `This profile's data types (own and inherited): ${shown}${dataTypes.length > 25 ? `; and ${dataTypes.length - 25} more` : ''}.`;
}

/**
 * An answer or update names its data type by exactly one of id and uniqueId (rule 8): this needs
 * no data. With the profile's data types, the fix lists them.
 */
export function checkAnswerRef(
  ref: DataTypeRef,
  path: string,
  dataTypes: readonly ProfileDataType[] = [],
): RuleIssue[] {
  const hasId = present(ref.id);
  if (hasId !== present(ref.uniqueId)) return [];
  return [
    errorIssue({
      path,
      code: 'DATA_TYPE_REF',
      rule: RULE_ANSWER_REF,
      detail: hasId
        ? `gives both id (${ref.id}) and uniqueId ("${ref.uniqueId}").`
        : 'gives neither id nor uniqueId.',
      fix: hasId
        ? 'Keep only id and remove uniqueId.'
        : `Add the data type's id (or its uniqueId).${dataTypes.length ? ` ${available(unique(dataTypes))}` : ''}`,
    }),
  ];
}

/**
 * Find the data type an answer or update names, among a profile's own and inherited data types.
 * Errors: neither or both of id and uniqueId; an id or uniqueId the profile does not have (with
 * the likely mix-up, e.g. a uniqueId sent as id, and what the profile has).
 */
export function resolveDataTypeRef(
  ref: DataTypeRef,
  dataTypes: readonly ProfileDataType[],
  path: string,
): Checked<ProfileDataType> {
  const refIssues = checkAnswerRef(ref, path, dataTypes);
  if (refIssues.length > 0) return { ok: false, issues: refIssues };
  const hasId = present(ref.id);
  const types = unique(dataTypes);
  if (hasId) {
    const id = String(ref.id);
    const found = types.find((type) => String(type.id) === id);
    if (found) return { ok: true, value: found, issues: [] };
    const asUnique = types.find((type) => type.uniqueId === id);
    const asTitle = types.find((type) => type.title === id);
    return {
      ok: false,
      issues: [
        errorIssue({
          path: joinPath(path, 'id'),
          code: 'UNKNOWN_DATA_TYPE',
          rule: `${RULE_ANSWER_REF} (§7: otherwise item-not-found)`,
          detail: `the profile has no data type with id ${id}.`,
          fix: asUnique
            ? `"${id}" is the uniqueId of ${describe(asUnique)}: send uniqueId "${id}" or id ${asUnique.id}.`
            : asTitle
              ? `"${id}" is the title of ${describe(asTitle)}: send id ${asTitle.id}.`
              : available(types),
        }),
      ],
    };
  }
  const key = String(ref.uniqueId);
  const found = types.find((type) => type.uniqueId === key);
  if (found) return { ok: true, value: found, issues: [] };
  const asId = types.find((type) => String(type.id) === key);
  const near = types.find((type) => type.uniqueId && type.uniqueId.toLowerCase() === key.toLowerCase());
  return {
    ok: false,
    issues: [
      errorIssue({
        path: joinPath(path, 'uniqueId'),
        code: 'UNKNOWN_DATA_TYPE',
        rule: `${RULE_ANSWER_REF} (§7: otherwise item-not-found)`,
        detail: `the profile has no data type with uniqueId "${key}".`,
        fix: asId
          ? `${key} is the id of ${describe(asId)}: send id ${key} instead of uniqueId.`
          : near
            ? `uniqueIds are case-sensitive: send "${near.uniqueId}".`
            : available(types),
      }),
    ],
  };
}

const ANSWER_FIELD: Record<string, 'value' | 'optionNames' | 'score' | undefined> = {
  TEXT: 'value',
  NUMBER: 'value',
  DATE: 'value',
  BOOLEAN: 'value',
  SINGLE_CHOICE: 'optionNames',
  MULTIPLE_CHOICE: 'optionNames',
  SCORING: 'score',
  FILE: undefined,
};

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function valueIssue(path: string, dataType: ProfileDataType, detail: string, fix: string): RuleIssue {
  return errorIssue({
    path,
    code: 'DATA_TYPE_ANSWER',
    rule: RULE_ANSWER_VALUE,
    detail: `${detail} (data type ${describe(dataType)})`,
    fix,
  });
}

function checkValue(answer: DataTypeAnswerInput, dataType: ProfileDataType, path: string): RuleIssue[] {
  const valuePath = joinPath(path, 'value');
  const value = answer.value;
  if (!present(value)) return [];
  if (typeof value !== 'string') {
    return [
      valueIssue(
        valuePath,
        dataType,
        `value must be a string, got ${JSON.stringify(value)}.`,
        `Send it as a string: "${String(value)}".`,
      ),
    ];
  }
  const text = value.trim();
  switch (dataType.type) {
    case 'NUMBER':
      if (/^-?\d+(\.\d+)?$/.test(text)) return [];
      return [
        valueIssue(
          valuePath,
          dataType,
          `"${value}" is not a number.`,
          /^-?\d+,\d+$/.test(text)
            ? `Use a decimal point: "${text.replace(',', '.')}".`
            : 'Send digits only, with an optional minus sign and decimal point, e.g. "42" or "1.75", without units.',
        ),
      ];
    case 'DATE':
      if (isCalendarDate(text)) return [];
      return [
        valueIssue(
          valuePath,
          dataType,
          `"${value}" is not a date YYYY-MM-DD.`,
          'Write the date as YYYY-MM-DD, e.g. "1990-04-23".',
        ),
      ];
    case 'BOOLEAN': {
      if (text === 'true' || text === 'false') return [];
      const lower = text.toLowerCase();
      const guess = ['true', 'yes', 'y', '1', 'on'].includes(lower)
        ? 'true'
        : ['false', 'no', 'n', '0', 'off'].includes(lower)
          ? 'false'
          : undefined;
      return [
        valueIssue(
          valuePath,
          dataType,
          `"${value}" is not true or false.`,
          guess ? `Send "${guess}".` : 'Send "true" or "false".',
        ),
      ];
    }
    default:
      return [];
  }
}

/**
 * One crew answer against its (resolved) data type: the field that type takes (value for TEXT,
 * NUMBER, DATE, BOOLEAN; optionNames for choices; score for SCORING) in its form (NUMBER numeric,
 * DATE YYYY-MM-DD, BOOLEAN true/false, options among the data type's, SCORING a number). FILE
 * answers cannot be written here (upload through REST). The reference itself is not checked.
 */
export function checkDataTypeAnswer(
  answer: DataTypeAnswerInput,
  dataType: ProfileDataType,
  path: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const field = ANSWER_FIELD[dataType.type];
  if (dataType.type === 'FILE') {
    return [
      errorIssue({
        path,
        code: 'DATA_TYPE_ANSWER',
        rule: '§1 and §4.1: file upload exists only in the REST API',
        detail: `data type ${describe(dataType)} is a FILE; its answer is an uploaded file.`,
        fix: 'Remove this answer and upload the file through the REST file upload for this crew member, naming this data type.',
      }),
    ];
  }
  const given = (['value', 'optionNames', 'score'] as const).filter((key) =>
    key === 'optionNames' ? Array.isArray(answer.optionNames) : present(answer[key]),
  );
  if (field) {
    for (const key of given) {
      if (key === field) continue;
      const scoreFromValue =
        field === 'score' && key === 'value' && /^-?\d+(\.\d+)?$/.test(String(answer.value).trim());
      issues.push(
        errorIssue({
          path: joinPath(path, key),
          code: 'DATA_TYPE_ANSWER',
          rule: RULE_ANSWER_VALUE,
          detail: `${dataType.type} data type ${describe(dataType)} takes its answer in ${field}, not ${key}.`,
          fix: scoreFromValue
            ? `Send score: ${Number(String(answer.value).trim())} (a number) instead of value.`
            : `Move the answer to ${field}${
                field === 'optionNames'
                  ? ` (options: ${optionNames(dataType)
                      .map((o) => `"${o}"`)
                      .join(', ')})`
                  : ''
              }.`,
        }),
      );
    }
    if (!given.includes(field)) {
      issues.push(
        warningIssue({
          path,
          code: 'DATA_TYPE_ANSWER',
          rule: RULE_ANSWER_VALUE,
          detail: `gives no ${field} for ${describe(dataType)}; this may clear the crew member's answer.`,
          fix: `Give ${field} to set an answer, or remove this entry to leave the answer as it is.`,
        }),
      );
    }
  }

  issues.push(...checkValue(answer, dataType, path));

  if (
    (dataType.type === 'SINGLE_CHOICE' || dataType.type === 'MULTIPLE_CHOICE') &&
    Array.isArray(answer.optionNames)
  ) {
    const valid = optionNames(dataType);
    const names = answer.optionNames;
    if (dataType.type === 'SINGLE_CHOICE' && names.length > 1) {
      issues.push(
        errorIssue({
          path: joinPath(path, 'optionNames'),
          code: 'DATA_TYPE_ANSWER',
          rule: RULE_ANSWER_VALUE,
          detail: `${describe(dataType)} is SINGLE_CHOICE but ${names.length} options are given.`,
          fix: 'Give exactly one option name.',
        }),
      );
    }
    names.forEach((name, index) => {
      if (valid.includes(name)) return;
      const near = valid.find((option) => option.trim().toLowerCase() === String(name).trim().toLowerCase());
      issues.push(
        errorIssue({
          path: joinPath(path, 'optionNames', index),
          code: 'UNKNOWN_OPTION',
          rule: RULE_ANSWER_VALUE,
          detail: `"${name}" is not an option of ${describe(dataType)}.`,
          fix: near
            ? `Write it exactly as "${near}".`
            : `Use one of: ${valid.map((option) => `"${option}"`).join(', ') || '(none: the data type has no options)'}.`,
        }),
      );
    });
  }

  if (dataType.type === 'SCORING' && present(answer.score)) {
    const score = answer.score;
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      const numeric = typeof score === 'string' && /^-?\d+(\.\d+)?$/.test(score.trim());
      issues.push(
        errorIssue({
          path: joinPath(path, 'score'),
          code: 'DATA_TYPE_ANSWER',
          rule: RULE_ANSWER_VALUE,
          detail: `score ${JSON.stringify(score)} is not a number.`,
          fix: numeric
            ? `Send the number ${Number(String(score).trim())}, not a string.`
            : 'Send the score as a number, e.g. 4.',
        }),
      );
    }
  }
  return issues;
}

/** The data types a uniqueId names across several profiles, one entry per distinct data type. */
function namedAcross(
  uniqueId: string,
  profiles: readonly ProfileScope[],
): { dataType: ProfileDataType; profiles: ProfileScope[] }[] {
  const found = new Map<string, { dataType: ProfileDataType; profiles: ProfileScope[] }>();
  for (const profile of profiles) {
    for (const dataType of profile.dataTypes) {
      if (dataType.uniqueId !== uniqueId) continue;
      const entry = found.get(String(dataType.id)) ?? { dataType, profiles: [] };
      if (!entry.profiles.includes(profile)) entry.profiles.push(profile);
      found.set(String(dataType.id), entry);
    }
  }
  return [...found.values()];
}

export interface AnswerScope {
  /**
   * The profiles the answers may be written to: exactly one when the platform's target profile is
   * known; several when it is not (no profileId given), and then a uniqueId is resolved in all of
   * them (uniqueIds are unique per profile only, §2.2): two different data types are ambiguous.
   */
  profiles: readonly ProfileScope[];
  /** Why the target profile is not known, for the ambiguity message. */
  unknownTarget?: string;
}

/**
 * A crew member's `profile.dataTypes` answers (rule 8): each resolved among the profiles of the
 * scope and checked; two answers to one data type are an error; a uniqueId that names different
 * data types in the scope's profiles is refused with a request for profileId, never guessed.
 * `path` is the answers list, e.g. `crew[0].profile.dataTypes`.
 */
export function checkCrewAnswers(
  answers: readonly DataTypeAnswerInput[],
  scope: AnswerScope,
  path: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const everything = scope.profiles.flatMap((profile) => profile.dataTypes);
  const firstIndex = new Map<string, number>();
  answers.forEach((answer, index) => {
    const answerPath = joinPath(path, index);
    const named =
      present(answer.uniqueId) && !present(answer.id)
        ? namedAcross(String(answer.uniqueId), scope.profiles)
        : [];
    if (named.length > 1) {
      issues.push(ambiguousAnswer(String(answer.uniqueId), named, scope, answerPath));
      return;
    }
    const resolved = resolveDataTypeRef(answer, everything, answerPath);
    issues.push(...resolved.issues);
    if (!resolved.ok) return;
    const key = String(resolved.value.id);
    const earlier = firstIndex.get(key);
    if (earlier !== undefined) {
      issues.push(
        errorIssue({
          path: answerPath,
          code: 'DUPLICATE_ANSWER',
          rule: RULE_ANSWER_REF,
          detail: `answers data type ${describe(resolved.value)} again; ${joinPath(path, earlier)} already does.`,
          fix: 'Keep one answer per data type (for MULTIPLE_CHOICE, list all options in one optionNames).',
        }),
      );
      return;
    }
    firstIndex.set(key, index);
    issues.push(...checkDataTypeAnswer(answer, resolved.value, answerPath));
  });
  return issues;
}

function ambiguousAnswer(
  uniqueId: string,
  named: { dataType: ProfileDataType; profiles: ProfileScope[] }[],
  scope: AnswerScope,
  path: string,
): RuleIssue {
  const each = named.map(
    ({ dataType, profiles }) => `${describe(dataType)} in ${profiles.map(profileLabel).join(', ')}`,
  );
  const example = named[0]?.profiles[0];
  return errorIssue({
    path: joinPath(path, 'uniqueId'),
    code: 'AMBIGUOUS_ANSWER_REF',
    rule: RULE_UNIQUE_ID,
    detail: `uniqueId "${uniqueId}" names different data types: ${each.join('; ')}. ${scope.unknownTarget ?? 'The profile to write is not known'}, so it cannot be told which one is meant.`,
    fix: `Add profile.profileId for the profile to write${example ? ` (e.g. "${example.id}" for ${example.name})` : ''}, or answer by data type id.`,
  });
}

export interface ProfileDataTypeUpdate {
  id: Id;
  uniqueId?: string | null;
  title?: string | null;
}

/**
 * updateProfileDataTypes (§4.4 rule 9): every id among the target profile's own and inherited
 * data types; every new uniqueId unique after all updates apply (a swap within one call is
 * fine) in EVERY profile that shows the data type: a global data type is shown by every profile
 * linked to its section (§2.2), so its uniqueId must be unique in each of them, not only in the
 * target. `profiles` is every profile known (the target among them). An inherited global data
 * type may be updated: a warning says which profiles the change shows on.
 */
export function checkProfileDataTypeUpdates(
  updates: readonly ProfileDataTypeUpdate[],
  target: ProfileScope,
  profiles: readonly ProfileScope[],
  path: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const types = unique(target.dataTypes);
  const drafted = new Map<string, string | undefined>();
  const updatedAt = new Map<string, number>();
  updates.forEach((update, index) => {
    const updatePath = joinPath(path, index);
    const resolved = resolveDataTypeRef({ id: update.id }, types, updatePath);
    issues.push(...resolved.issues);
    if (!resolved.ok) return;
    const key = String(resolved.value.id);
    updatedAt.set(key, index);
    if (update.uniqueId !== undefined) drafted.set(key, update.uniqueId ?? undefined);
    if (resolved.value.global) {
      const sharing = profiles.filter((profile) => profile.dataTypes.some((dt) => String(dt.id) === key));
      issues.push(
        warningIssue({
          path: updatePath,
          code: 'GLOBAL_DATA_TYPE',
          rule: '§2.2: a global data type is shared by every profile linked to its section',
          detail: `data type ${describe(resolved.value)} is global: the change shows on every profile that inherits it${
            sharing.length > 0 ? ` (${sharing.map((profile) => profile.name).join(', ')})` : ''
          }.`,
          fix: 'Nothing to change if every such profile should see it.',
        }),
      );
    }
  });
  const finalUniqueId = (dataType: ProfileDataType) =>
    drafted.has(String(dataType.id)) ? drafted.get(String(dataType.id)) : (dataType.uniqueId ?? undefined);
  for (const [id, index] of updatedAt) {
    const uniqueId = updates[index]?.uniqueId;
    if (!uniqueId) continue;
    const showing = profiles.some((profile) => profile.id === target.id) ? profiles : [target, ...profiles];
    for (const profile of showing) {
      const shown = unique(profile.dataTypes);
      if (!shown.some((dataType) => String(dataType.id) === id)) continue;
      const other = shown.find(
        (dataType) => String(dataType.id) !== id && finalUniqueId(dataType) === uniqueId,
      );
      if (!other) continue;
      const where =
        profile.id === target.id
          ? `profile ${profileLabel(profile)}`
          : `profile ${profileLabel(profile)}, which inherits it too`;
      issues.push(
        errorIssue({
          path: joinPath(path, index, 'uniqueId'),
          code: 'UNIQUE_ID_TAKEN',
          rule: RULE_UNIQUE_ID,
          detail: `uniqueId "${uniqueId}" would also belong to data type ${describe(other)} in ${where}.`,
          fix: `Choose a uniqueId no data type of ${profile.name} (own or inherited) has, e.g. "${uniqueId}_${id}", or change the other one in the same call.`,
        }),
      );
      break;
    }
  }
  return issues;
}
