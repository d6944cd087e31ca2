// Shape checks of write inputs that the schemas leave loose to save tokens (see schemas.ts):
// requirement kinds passed through, whole numbers where the platform takes Int. Problems here
// would otherwise come back as a bare GraphQL validation error naming no fix.
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

/** Unknown requirement kinds, and kinds of the wrong JSON type (the domain rules check the rest). */
export function requirementShapeProblems(
  requirements: Record<string, unknown> | undefined,
  path: string,
): FieldProblem[] {
  if (!requirements) return [];
  const kinds = Object.keys(REQUIREMENT_KINDS);
  const problems: FieldProblem[] = [];
  for (const [key, value] of Object.entries(requirements)) {
    const kind = REQUIREMENT_KINDS[key];
    if (!kind) {
      const near = kinds.find((candidate) =>
        candidate.toLowerCase().startsWith(key.toLowerCase().slice(0, 4)),
      );
      problems.push({
        path: `${path}.${key}`,
        message: `${key} is not a requirement kind (${INPUT_RULE}).`,
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
    }
  }
  return problems;
}

/** A count or id the platform takes as Int. */
export function wholeNumberProblem(value: number | undefined, path: string, min = 1): FieldProblem[] {
  if (value === undefined || (Number.isInteger(value) && value >= min)) return [];
  return [
    {
      path,
      message: `${value} is not a whole number of at least ${min} (the platform takes an Int).`,
      fix: `Send a whole number, e.g. ${Math.max(min, Math.round(value))}.`,
    },
  ];
}
