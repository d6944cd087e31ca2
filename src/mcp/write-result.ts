// How the write tools act on the domain checks' RuleIssues: errors stop the call before the
// mutation leaves (UserInputError, one FieldProblem per issue naming path, rule and fix);
// warnings and dropped deprecated inputs travel with the successful result.

import type { FieldProblem } from '../platform/errors.js';
import { UserInputError } from '../platform/errors.js';
import { errorsOf, formatIssue, type RuleIssue, sortIssues, warningsOf } from '../rules/issues.js';
import type { DroppedInput } from '../rules/requirements.js';

export function toProblem(issue: RuleIssue): FieldProblem {
  return { path: issue.path, message: `${issue.message} (${issue.rule})`, fix: issue.fix, code: issue.code };
}

/** Throw when any issue is an error (or any input-shape problem is given): nothing is sent. */
export function stopOnErrors(
  issues: readonly RuleIssue[],
  what: string,
  shape: readonly FieldProblem[] = [],
): void {
  const problems = [...shape, ...errorsOf(sortIssues(issues)).map(toProblem)];
  if (problems.length === 0) return;
  throw new UserInputError(
    `${what} not sent: ${problems.length} problem${problems.length === 1 ? '' : 's'} found before calling the platform.`,
    problems,
  );
}

/** Warning lines for a result (errors never reach a result). */
export function warningLines(issues: readonly RuleIssue[]): string[] {
  return warningsOf(sortIssues(issues)).map((issue) => formatIssue(issue).replace(/^warning /, ''));
}

export interface WriteNotes {
  warnings?: string[];
  dropped?: { path: string; replacement: string }[];
  notes?: string[];
}

/** The optional result fields, left out when empty (results carry no empty noise). */
export function writeNotes(
  issues: readonly RuleIssue[],
  dropped: readonly DroppedInput[] = [],
  notes: readonly string[] = [],
): WriteNotes {
  const out: WriteNotes = {};
  // A dropped field already has its own line in `dropped`; its DEPRECATED_NOOP warning repeats it.
  const warnings = warningLines(issues.filter((issue) => issue.code !== 'DEPRECATED_NOOP'));
  if (warnings.length) out.warnings = warnings;
  if (dropped.length)
    out.dropped = dropped.map((entry) => ({
      path: entry.path,
      replacement: `ignored by the platform (deprecated); use ${entry.replacement}`,
    }));
  if (notes.length) out.notes = [...notes];
  return out;
}

/** Keep only the given keys' issues: checks that are meaningful without platform data. */
export function withCodes(issues: readonly RuleIssue[], codes: readonly string[]): RuleIssue[] {
  return issues.filter((issue) => codes.includes(issue.code));
}
