// Shape checks of write inputs that the tool schemas leave loose to save tokens: requirement
// kinds passed through as objects (their fields checked against the contract's input types),
// whole numbers where the platform takes Int (32-bit). Problems here would otherwise come back as
// a bare GraphQL validation error naming no fix, or be sent while the answer says nothing was.
import { type GraphQLInputType, getNullableType, isInputObjectType, isListType, isScalarType } from 'graphql';
import { schemaModel } from '../contract/schema-model.js';
import { errorIssue, joinPath, type RuleIssue } from './issues.js';

/** Each kind and the JSON type it takes (RoleRequirementsInput). */
const REQUIREMENT_KINDS: Record<string, 'object' | 'objects' | 'strings'> = {
  dataType: 'objects',
  roleType: 'object',
  profile: 'object',
  ageRestriction: 'object',
  genderRestriction: 'object',
  distanceRestriction: 'object',
  labels: 'strings',
  tags: 'strings',
  attributes: 'strings',
  skills: 'strings',
};
const INPUT_RULE = '§2.3 RoleRequirementsInput: the requirement kinds the platform knows';
const INT_RULE = "the platform's Int is 32-bit";
const INT_MAX = 2 ** 31 - 1;

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
const FITS = {
  object: isObject,
  objects: (value: unknown) => Array.isArray(value) && value.every(isObject),
  strings: (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
};
const FORM = { object: 'an object', objects: 'a list of objects', strings: 'a list of strings' };

/** A key as echoed in an issue: a 4 MB key must not come back in the answer. */
const short = (key: string) => (key.length > 60 ? `${key.slice(0, 60)}…` : key);

/**
 * Fields inside a requirement that its input type (schema.graphql) does not define, and Int
 * values past 32 bits: the platform refuses both, so they are refused before sending. Values
 * that requirements.ts explains better (conditions, options) are left to it.
 */
function inputTypeIssues(value: unknown, type: GraphQLInputType, path: string): RuleIssue[] {
  const bare = getNullableType(type);
  if (value === null || value === undefined) return [];
  if (isListType(bare)) {
    return Array.isArray(value)
      ? value.flatMap((item, index) => inputTypeIssues(item, bare.ofType, joinPath(path, index)))
      : [];
  }
  if (isScalarType(bare) && bare.name === 'Int' && typeof value === 'number' && Math.abs(value) > INT_MAX) {
    return [
      errorIssue({
        path,
        code: 'WHOLE_NUMBER',
        rule: INT_RULE,
        detail: `${value} is past the platform's Int range.`,
        fix: 'Send a smaller whole number.',
      }),
    ];
  }
  if (!isInputObjectType(bare) || !isObject(value)) return [];
  const fields = bare.getFields();
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field) return inputTypeIssues(item, field.type, joinPath(path, key));
    return [
      errorIssue({
        path: joinPath(path, short(key)),
        code: 'REQUIREMENT_KIND',
        rule: INPUT_RULE,
        detail: `${bare.name} has no field "${short(key)}".`,
        fix: `Use only ${Object.keys(fields).join(', ')}.`,
      }),
    ];
  });
}

/** RoleRequirementsInput's field types, from the contract's schema. */
function requirementFieldType(kind: string): GraphQLInputType | undefined {
  const type = schemaModel().getType('RoleRequirementsInput');
  return isInputObjectType(type) ? type.getFields()[kind]?.type : undefined;
}

/**
 * The fields of a kind's input type, as the error that refuses its form shows them: the tool
 * schema does not spell out every kind's shape (docs/TOOL-TEXT.md), so the error does.
 */
function fieldsOf(kind: string): string {
  const type = requirementFieldType(kind);
  const bare = type && getNullableType(type);
  return isInputObjectType(bare) ? ` { ${Object.keys(bare.getFields()).join(', ')} }` : '';
}

/**
 * Unknown requirement kinds, kinds of the wrong JSON type, and fields a kind's input type does
 * not define (requirements.ts checks the rest).
 */
export function requirementShapeIssues(
  requirements: Record<string, unknown> | null | undefined,
  path: string,
): RuleIssue[] {
  if (!requirements) return [];
  const kinds = Object.keys(REQUIREMENT_KINDS);
  const issues: RuleIssue[] = [];
  for (const [key, value] of Object.entries(requirements)) {
    // Own keys only: "constructor" is not a kind found on the prototype.
    const kind = Object.hasOwn(REQUIREMENT_KINDS, key) ? REQUIREMENT_KINDS[key] : undefined;
    const base = { path: joinPath(path, short(key)), code: 'REQUIREMENT_KIND' as const, rule: INPUT_RULE };
    if (!kind) {
      const near = kinds.find((candidate) =>
        candidate.toLowerCase().startsWith(key.toLowerCase().slice(0, 4)),
      );
      issues.push(
        errorIssue({
          ...base,
          detail: `${short(key)} is not a requirement kind.`,
          fix: near ? `Did you mean ${near}?` : `Use one of ${kinds.slice(0, 8).join(', ')}.`,
        }),
      );
    } else if (value !== undefined && value !== null && !FITS[kind](value)) {
      issues.push(
        errorIssue({
          ...base,
          detail: `${key} must be ${FORM[kind]}.`,
          fix:
            key === 'dataType'
              ? 'Send dataType: [{ dataTypeId, optionNames: [...], condition: "ANY" }].'
              : `Send ${key} as ${FORM[kind]}${fieldsOf(key)}.`,
        }),
      );
    } else {
      const type = requirementFieldType(key);
      if (type) issues.push(...inputTypeIssues(value, type, joinPath(path, key)));
    }
  }
  return issues;
}

/** A count or id the platform takes as Int (32-bit). */
export function wholeNumberIssues(value: number | null | undefined, path: string, min = 1): RuleIssue[] {
  if (value === undefined || value === null) return [];
  if (Number.isInteger(value) && value >= min && value <= INT_MAX) return [];
  if (Number.isInteger(value) && value > INT_MAX) {
    return [
      errorIssue({
        path,
        code: 'WHOLE_NUMBER',
        rule: INT_RULE,
        detail: `${value} is outside the platform's Int range (at most ${INT_MAX}).`,
        fix: 'Send a smaller whole number.',
      }),
    ];
  }
  return [
    errorIssue({
      path,
      code: 'WHOLE_NUMBER',
      rule: 'the platform takes an Int here',
      detail: `${value} is not a whole number of at least ${min}.`,
      fix: `Send a whole number, e.g. ${Math.max(min, Math.round(value))}.`,
    }),
  ];
}
