// Input and output pieces shared by the write tools. Field names are the platform's own
// (platform-contract.graphql inputs). Enumerated values that a domain check explains better
// than a schema error (conditions, genders) are plain strings here: the check names the rule
// and the fix instead of a bare "invalid enum value". Descriptions are few: every token here is
// paid in every conversation.
import { z } from 'zod';
import { type RuleIssue, ruleWords } from '../rules/issues.js';
import { checkBreakPeriod, checkBreakPeriodUpdate } from '../rules/pay.js';
import { idInput } from './ids.js';

/** A schema's type error in the rule's own words (zod's would be "expected number, received string"). */
function inRuleWords(check: (value: unknown) => RuleIssue[]) {
  return (issue: { input?: unknown }) => {
    const found = check(issue.input)[0];
    return found ? `${found.detail} Fix: ${found.fix} (${ruleWords(found.rule)})` : undefined;
  };
}

/** A new role's breakPeriod: whole minutes (§4.4 rule 6). */
export const breakPeriodInput = z
  .number({ error: inRuleWords((value) => checkBreakPeriod(value, undefined, 'breakPeriod')) })
  .optional()
  .describe('Minutes');

/** A role edit's breakPeriod: refused whatever its value (§4.4 rule 7), in those words. */
export const breakPeriodEdit = z
  .number({ error: inRuleWords((value) => checkBreakPeriodUpdate(value, 'breakPeriod')) })
  .optional()
  .describe('Cannot be changed');

/**
 * Deprecated no-op inputs (§4.4 rule 10): accepted, reported as dropped with what replaces them,
 * never sent, and not shown in the tool list (wire-schema.ts leaves `deprecated` properties out).
 */
export const deprecatedNoop = z.array(z.string()).optional().meta({ deprecated: true });

/**
 * RoleRequirementsInput. Every kind's shape is told in one description, far cheaper than a
 * schema; the kinds pass through and are checked by requirementShapeProblems (kinds, JSON types)
 * and the domain rules (§2.3: references, conditions, options), which name the rule and the fix.
 */
export const requirementsInput = z
  .looseObject({})
  .describe(
    'dataType[{dataTypeId|dataTypeTitle,optionNames,condition ALL|ANY|NONE}], roleType, profile, ageRestriction, genderRestriction, distanceRestriction, labels, tags',
  );

export const addressInput = z.object({
  line1: z.string().optional(),
  line2: z.string().optional(),
  city: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string().optional(),
});

export const dataTypeAnswerInput = z.object({
  id: idInput.optional(),
  uniqueId: z.string().optional(),
  value: z.string().optional(),
  optionNames: z.array(z.string()).optional(),
  score: z.number().optional(),
});

export const crewProfileInput = z.object({
  profileId: idInput.optional(),
  dataTypes: z.array(dataTypeAnswerInput).optional().describe('Data type by id or uniqueId'),
});

// ------------------------------------------------------------------------------ outputs

export const droppedSchema = z.object({ path: z.string(), replacement: z.string() });

/**
 * Boards to read: each entry a board id or a board name (src/lookups/boards.ts resolves names);
 * an id may come as a number, like every id (src/mcp/ids.ts).
 */
/** Board ids or names, undescribed: for a tool whose description says so within its token budget. */
export const boardIdsList = z
  .array(z.union([z.string(), z.number().int().min(0)]).transform((value) => String(value)))
  .optional();
export const boardIdsInput = boardIdsList.describe('Ids or names');

/**
 * A numeric option with the bounds its check holds, declared where clients read them (an
 * infinite maximum is none).
 */
export function rangedNumber({ min, max, whole }: { min: number; max: number; whole: boolean }) {
  const bounded = (whole ? z.number().int() : z.number()).min(min);
  return (Number.isFinite(max) ? bounded.max(max) : bounded).optional();
}

/** What a list result says about how its filter was read (a DST overlap, a fixed-offset zone). */
export const readNotes = { notes: z.array(z.string()).optional() };

/** What every write result may carry besides the entities: warnings, dropped inputs, notes. */
export const writeNotes = {
  warnings: z.array(z.string()).optional(),
  dropped: z.array(droppedSchema).optional().describe('Deprecated inputs not sent'),
  notes: z.array(z.string()).optional(),
};
