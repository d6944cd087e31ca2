// Shape checks of write inputs that the tool schemas leave loose to save tokens: requirement
// kinds passed through as objects, whole numbers where the platform takes Int. Problems here
// would otherwise come back as a bare GraphQL validation error naming no fix.
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
const INPUT_RULE = 'RoleRequirementsInput: the requirement kinds of §2.3';

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
const FITS = {
  object: isObject,
  objects: (value: unknown) => Array.isArray(value) && value.every(isObject),
  strings: (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
};
const FORM = { object: 'an object', objects: 'a list of objects', strings: 'a list of strings' };

/** Unknown requirement kinds, and kinds of the wrong JSON type (requirements.ts checks the rest). */
export function requirementShapeIssues(
  requirements: Record<string, unknown> | null | undefined,
  path: string,
): RuleIssue[] {
  if (!requirements) return [];
  const kinds = Object.keys(REQUIREMENT_KINDS);
  const issues: RuleIssue[] = [];
  for (const [key, value] of Object.entries(requirements)) {
    const kind = REQUIREMENT_KINDS[key];
    const base = { path: joinPath(path, key), code: 'REQUIREMENT_KIND' as const, rule: INPUT_RULE };
    if (!kind) {
      const near = kinds.find((candidate) =>
        candidate.toLowerCase().startsWith(key.toLowerCase().slice(0, 4)),
      );
      issues.push(
        errorIssue({
          ...base,
          detail: `${key} is not a requirement kind.`,
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
              : `Send ${key} as ${FORM[kind]}.`,
        }),
      );
    }
  }
  return issues;
}

/** A count or id the platform takes as Int. */
export function wholeNumberIssues(value: number | null | undefined, path: string, min = 1): RuleIssue[] {
  if (value === undefined || value === null || (Number.isInteger(value) && value >= min)) return [];
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
