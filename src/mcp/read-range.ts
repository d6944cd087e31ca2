// Read filters (`from`/`to`) of the list tools, by the one date/time parser of the rules
// (src/rules/time/read-range.ts): a refusal becomes a UserInputError before anything is read,
// and a flagged DST overlap becomes a note for the result.
import { z } from 'zod';
import { type ReadRange, type ReadRangeInput, resolveReadRange } from '../rules/time.js';
import { ruleIssuesError } from './write-result.js';

export interface ReadFilter extends ReadRange {
  /** The platform's closed range filter fields, only those that are set. */
  platform: { fromRange?: string; toRange?: string };
  /** What the result should say about how a time was read (an ambiguous wall clock, a fixed-offset zone). */
  notes: string[];
}

/**
 * The `from`/`to`/`timezone` inputs of the list tools that read a range. How each tool reads them
 * (whole days in `timezone`, each job's own days, UTC by default) is in its description.
 */
export const readRangeInput = {
  from: z.string().optional(),
  to: z.string().optional(),
  timezone: z.string().optional(),
};

export function readRange(input: ReadRangeInput): ReadFilter {
  const checked = resolveReadRange(input);
  if (!checked.ok) throw ruleIssuesError('The filter', checked.issues, 'was not read');
  const { fromUtc, toUtc } = checked.value;
  return {
    ...checked.value,
    platform: { ...(fromUtc ? { fromRange: fromUtc } : {}), ...(toUtc ? { toRange: toUtc } : {}) },
    notes: checked.issues.map((issue) => `${issue.message} ${issue.fix}`),
  };
}
