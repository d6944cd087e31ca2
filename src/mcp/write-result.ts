// How the write tools act on a mutation's checker (src/rules/mutations/): the checker runs with
// the facts it asks for (src/lookups/facts.ts); a refusal becomes a UserInputError, one
// FieldProblem per issue naming path, rule and fix, before the mutation leaves; a plan's
// warnings, dropped deprecated inputs and notes travel with the successful result, stated as
// facts: the write has happened, so they carry no "Fix".
import { settle } from '../lookups/facts.js';
import type { FieldProblem } from '../platform/errors.js';
import {
  errorsOf,
  hasErrors,
  type RuleIssue,
  ruleReference,
  ruleWords,
  sortIssues,
} from '../rules/issues.js';
import type { Facts, Plan, Verdict } from '../rules/verdict.js';
import type { ToolContext } from './define-tool.js';
import { UserInputError } from './errors.js';

export function toProblem(issue: RuleIssue): FieldProblem {
  return {
    path: issue.path,
    message: `${issue.detail} (${ruleWords(issue.rule)})`,
    fix: issue.fix,
    code: issue.code,
    rule: ruleReference(issue.rule),
  };
}

/** The error that stops a call whose input breaks a rule: nothing is sent. */
export function ruleIssuesError(
  what: string,
  issues: readonly RuleIssue[],
  outcome = 'not sent',
): UserInputError {
  const problems = errorsOf(sortIssues(issues)).map(toProblem);
  return new UserInputError(
    `${what} ${outcome}: ${problems.length} problem${problems.length === 1 ? '' : 's'} found before calling the platform.`,
    problems,
  );
}

/** Throw the refusal when any issue is an error: nothing is sent. For checks outside a checker. */
export function stopOnErrors(issues: readonly RuleIssue[], what: string): void {
  if (hasErrors(issues)) throw ruleIssuesError(what, issues);
}

/**
 * Run a mutation's checker with the facts it asks for; its plan, or a UserInputError naming every
 * problem. `what` is the mutation, for the message ("createJobs not sent: ...").
 */
export async function checkBeforeSending<P, X>(
  ctx: Pick<ToolContext, 'lookups' | 'signal'>,
  what: string,
  check: (facts: Facts) => Verdict<P, X>,
): Promise<Plan<P> & X> {
  const verdict = await settle(ctx.lookups, check, ctx.signal);
  if (verdict.kind === 'refuse') throw ruleIssuesError(what, verdict.issues);
  return verdict as Plan<P> & X;
}

/** A warning as a result states it: `CODE: <path>: <what> (<the rule in words>)`. */
function warningLine(issue: RuleIssue): string {
  return `${issue.code}: ${issue.message} (${ruleWords(issue.rule)})`;
}

export interface WriteNotes {
  warnings?: string[];
  dropped?: { path: string; replacement: string }[];
  notes?: string[];
}

/** The optional result fields of a plan that was sent, left out when empty (results carry no empty noise). */
export function writeNotes(
  sent: Pick<Plan<unknown>, 'warnings' | 'dropped' | 'notes'>,
  moreNotes: readonly string[] = [],
): WriteNotes {
  const out: WriteNotes = {};
  const warnings = sortIssues(sent.warnings).map(warningLine);
  if (warnings.length) out.warnings = warnings;
  if (sent.dropped.length)
    out.dropped = sent.dropped.map((entry) => ({
      path: entry.path,
      replacement: `ignored by the platform (deprecated); use ${entry.replacement}`,
    }));
  const notes = [...sent.notes, ...moreNotes];
  if (notes.length) out.notes = notes;
  return out;
}
