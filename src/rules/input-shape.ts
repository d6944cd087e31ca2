// Shape checks of write inputs that the schemas leave loose to save tokens (see mcp/params.ts):
// requirement kinds passed through (their fields checked against the contract's input types),
// whole numbers where the platform takes Int. Problems here
// would otherwise come back as a bare GraphQL validation error naming no fix.
import { type GraphQLInputType, getNullableType, isInputObjectType, isListType, isScalarType } from 'graphql';
import { schemaModel } from '../contract/schema-model.js';
import type { FieldProblem } from '../platform/errors.js';

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
const INPUT_RULE = 'RoleRequirementsInput: the requirement kinds of §2.3';

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
const FITS = {
  object: isObject,
  objects: (value: unknown) => Array.isArray(value) && value.every(isObject),
  strings: (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
};
const FORM = { object: 'an object', objects: 'a list of objects', strings: 'a list of strings' };

const INT_MAX = 2 ** 31 - 1;

/** A key as echoed in a problem: a 4 MB key must not come back in the answer. */
const short = (key: string) => (key.length > 60 ? `${key.slice(0, 60)}…` : key);

/**
 * Fields inside a requirement that its input type (schema.graphql) does not define, and Int
 * values past 32 bits: the platform refuses both, so they are refused before sending. Values
 * the domain rules explain better (conditions, options) are left to them.
 */
function inputTypeProblems(value: unknown, type: GraphQLInputType, path: string): FieldProblem[] {
  const bare = getNullableType(type);
  if (value === null || value === undefined) return [];
  if (isListType(bare)) {
    return Array.isArray(value)
      ? value.flatMap((item, index) => inputTypeProblems(item, bare.ofType, `${path}[${index}]`))
      : [];
  }
  if (isScalarType(bare) && bare.name === 'Int' && typeof value === 'number' && Math.abs(value) > INT_MAX) {
    return [
      {
        path,
        message: `${value} is past the platform's Int range (32-bit).`,
        fix: 'Send a smaller whole number.',
      },
    ];
  }
  if (!isInputObjectType(bare) || typeof value !== 'object' || Array.isArray(value)) return [];
  const fields = bare.getFields();
  return Object.entries(value).flatMap(([key, item]) => {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field) return inputTypeProblems(item, field.type, `${path}.${key}`);
    return [
      {
        path: `${path}.${short(key)}`,
        message: `${bare.name} has no field "${short(key)}" (${INPUT_RULE}).`,
        fix: `Use only ${Object.keys(fields).join(', ')}.`,
      },
    ];
  });
}

/** RoleRequirementsInput's field types, from the contract's schema. */
function requirementFieldType(kind: string): GraphQLInputType | undefined {
  const type = schemaModel().getType('RoleRequirementsInput');
  return isInputObjectType(type) ? type.getFields()[kind]?.type : undefined;
}

/** Unknown requirement kinds, and kinds of the wrong JSON type (the domain rules check the rest). */
export function requirementShapeProblems(
  requirements: Record<string, unknown> | undefined,
  path: string,
): FieldProblem[] {
  if (!requirements) return [];
  const kinds = Object.keys(REQUIREMENT_KINDS);
  const problems: FieldProblem[] = [];
  for (const [key, value] of Object.entries(requirements)) {
    const kind = Object.hasOwn(REQUIREMENT_KINDS, key) ? REQUIREMENT_KINDS[key] : undefined;
    if (!kind) {
      const near = kinds.find((candidate) =>
        candidate.toLowerCase().startsWith(key.toLowerCase().slice(0, 4)),
      );
      problems.push({
        path: `${path}.${short(key)}`,
        message: `${short(key)} is not a requirement kind (${INPUT_RULE}).`,
        fix: near ? `Did you mean ${near}?` : `Use one of ${kinds.slice(0, 8).join(', ')}.`,
      });
    } else if (value !== undefined && value !== null && !FITS[kind](value)) {
      problems.push({
        path: `${path}.${key}`,
        message: `${key} must be ${FORM[kind]} (${INPUT_RULE}).`,
        fix:
          key === 'dataType'
            ? 'Send dataType: [{ dataTypeId, optionNames: [...], condition: "ANY" }].'
            : `Send ${key} as ${FORM[kind]}.`,
      });
    } else {
      const type = requirementFieldType(key);
      if (type) problems.push(...inputTypeProblems(value, type, `${path}.${key}`));
    }
  }
  return problems;
}

/** A count or id the platform takes as Int (32-bit). */
export function wholeNumberProblem(value: number | undefined, path: string, min = 1): FieldProblem[] {
  if (value === undefined || (Number.isInteger(value) && value >= min && value <= INT_MAX)) return [];
  if (Number.isInteger(value) && value > INT_MAX) {
    return [
      {
        path,
        message: `${value} is outside the platform's Int range (at most ${INT_MAX}).`,
        fix: 'Send a smaller whole number.',
      },
    ];
  }
  return [
    {
      path,
      message: `${value} is not a whole number of at least ${min} (the platform takes an Int).`,
      fix: `Send a whole number, e.g. ${Math.max(min, Math.round(value))}.`,
    },
  ];
}
