// Crew data-type answers (createCrew / updateCompanyCrew `profile.dataTypes`, §4.4 rule 8) and
// data-type updates (updateProfileDataTypes, §4.4 rule 9). A profile's dataTypes list holds its
// own data types and the global ones it inherits (§2.2); both may be answered and referenced by
// id or uniqueId. The platform answers an unknown reference with item-not-found (§7); here the
// model gets the list of what exists instead. Answer value forms per DTType are [assumed]
// (platform-contract.graphql DataTypeAnswerInput).

import { type Checked, errorIssue, joinPath, type RuleIssue, warningIssue } from './issues.js';

export const RULE_ANSWER_REF =
  "§4.4 rule 8: profile.dataTypes references a data type by id or by uniqueId (exactly one), among the profile's own and inherited global data types";
export const RULE_ANSWER_VALUE =
  'DataTypeAnswerInput: the answer field and form follow the data type (DTType) [assumed]';
export const RULE_UNIQUE_ID =
  "§2.2 and §4.4 rule 9: a uniqueId is unique across a profile's own and inherited data types";

export type Id = string | number;

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
 * Find the data type an answer or update names, among a profile's own and inherited data types.
 * Errors: neither or both of id and uniqueId; an id or uniqueId the profile does not have (with
 * the likely mix-up, e.g. a uniqueId sent as id, and what the profile has).
 */
export function resolveDataTypeRef(
  ref: DataTypeRef,
  dataTypes: readonly ProfileDataType[],
  path: string,
): Checked<ProfileDataType> {
  const hasId = present(ref.id);
  const hasUnique = present(ref.uniqueId);
  const types = unique(dataTypes);
  if (hasId === hasUnique) {
    return {
      ok: false,
      issues: [
        errorIssue({
          path,
          code: 'DATA_TYPE_REF',
          rule: RULE_ANSWER_REF,
          detail: hasId
            ? `gives both id (${ref.id}) and uniqueId ("${ref.uniqueId}").`
            : 'gives neither id nor uniqueId.',
          fix: hasId
            ? 'Keep only id and remove uniqueId.'
            : `Add the data type's id (or its uniqueId). ${available(types)}`,
        }),
      ],
    };
  }
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

/**
 * A crew member's `profile.dataTypes` answers against the target profile's data types (own and
 * inherited): each resolved (rule 8) and checked; two answers to one data type are an error.
 * `path` is the answers list, e.g. `crew[0].profile.dataTypes`.
 */
export function checkCrewAnswers(
  answers: readonly DataTypeAnswerInput[],
  dataTypes: readonly ProfileDataType[],
  path: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const firstIndex = new Map<string, number>();
  answers.forEach((answer, index) => {
    const answerPath = joinPath(path, index);
    const resolved = resolveDataTypeRef(answer, dataTypes, answerPath);
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

export interface ProfileDataTypeUpdate {
  id: Id;
  uniqueId?: string | null;
  title?: string | null;
}

/**
 * updateProfileDataTypes: every id among the profile's own and inherited data types; every
 * uniqueId unique across them after all updates apply (a swap within one call is fine). An
 * inherited global data type may be updated (§4.4 rule 9): a warning says it is shared.
 */
export function checkProfileDataTypeUpdates(
  updates: readonly ProfileDataTypeUpdate[],
  dataTypes: readonly ProfileDataType[],
  path: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const types = unique(dataTypes);
  const finalUnique = new Map<string, string | undefined>(
    types.map((type) => [String(type.id), type.uniqueId ?? undefined]),
  );
  const updatedAt = new Map<string, number>();
  updates.forEach((update, index) => {
    const updatePath = joinPath(path, index);
    const resolved = resolveDataTypeRef({ id: update.id }, types, updatePath);
    issues.push(...resolved.issues);
    if (!resolved.ok) return;
    const key = String(resolved.value.id);
    updatedAt.set(key, index);
    if (update.uniqueId !== undefined) finalUnique.set(key, update.uniqueId ?? undefined);
    if (resolved.value.global) {
      issues.push(
        warningIssue({
          path: updatePath,
          code: 'GLOBAL_DATA_TYPE',
          rule: '§2.2: a global data type is shared by every profile linked to its section',
          detail: `data type ${describe(resolved.value)} is global; the change shows on every profile that inherits it.`,
          fix: 'Confirm that the change is meant for all those profiles.',
        }),
      );
    }
  });
  const owners = new Map<string, string[]>();
  for (const [id, uniqueId] of finalUnique) {
    if (!uniqueId) continue;
    owners.set(uniqueId, [...(owners.get(uniqueId) ?? []), id]);
  }
  for (const [uniqueId, ids] of owners) {
    if (ids.length < 2) continue;
    for (const id of ids) {
      const index = updatedAt.get(id);
      if (index === undefined || updates[index]?.uniqueId !== uniqueId) continue;
      const others = ids.filter((other) => other !== id);
      const other = types.find((type) => String(type.id) === others[0]);
      issues.push(
        errorIssue({
          path: joinPath(path, index, 'uniqueId'),
          code: 'UNIQUE_ID_TAKEN',
          rule: RULE_UNIQUE_ID,
          detail: `uniqueId "${uniqueId}" would also belong to data type ${other ? describe(other) : others.join(', ')}.`,
          fix: `Choose a uniqueId no other data type of the profile (own or inherited) has, e.g. "${uniqueId}_${id}", or change the other one in the same call.`,
        }),
      );
    }
  }
  return issues;
}
