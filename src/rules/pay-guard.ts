// The break-period guard of update_jobs (§4.4 rule 7). Roles created before 2026-09-21 report
// breakPeriod 0 while their total still counts the break they were created with; any edit of
// such a role (its fields, or its times moved by a timezone change) recomputes the total with no
// break, and the API cannot set the break again. Every role an update touches is assessed with
// the domain rule (assessRoleEdit); the legacy ones need a confirmation that shows each total
// before and after.

import { toProblem } from '../mcp/write-result.js';
import { UserInputError } from '../platform/errors.js';
import type { UpstreamJob, UpstreamRole } from '../views/job.js';
import type { RuleIssue } from './issues.js';
import { assessRoleEdit, type RoleEdit } from './pay.js';

export interface TouchedRole {
  /** Input path that touches it: the role edit, or the timezone that moves it. */
  path: string;
  job: UpstreamJob;
  role: UpstreamRole;
  edit: RoleEdit;
}

export interface LegacyTouch extends TouchedRole {
  totalBefore: number;
  totalAfter: number;
  issue: RuleIssue;
}

/** The touched roles whose total depends on a hidden break, with their totals before and after. */
export function legacyTouches(touched: readonly TouchedRole[]): LegacyTouch[] {
  const out: LegacyTouch[] = [];
  for (const entry of touched) {
    const assessment = assessRoleEdit(entry.role, entry.edit, entry.path);
    const issue = assessment.issues.find((candidate) => candidate.code === 'LEGACY_BREAK_TOTAL');
    if (issue)
      out.push({ ...entry, totalBefore: assessment.totalBefore, totalAfter: assessment.totalAfter, issue });
  }
  return out;
}

const money = (amount: number) => amount.toFixed(2);

function line(touch: LegacyTouch): string {
  return `role ${touch.role.id} "${touch.role.title}" (job ${touch.job.id}, ${touch.job.date}): total ${money(touch.totalBefore)} → ${money(touch.totalAfter)}`;
}

/** The question a person is asked (elicitation). */
export function confirmationMessage(touches: readonly LegacyTouch[]): string {
  return [
    `This update recalculates the pay of ${touches.length} role(s) created before 2026-09-21. Their totals include a break the platform reports as 0 and cannot set again, so the totals change:`,
    ...touches.map((touch) => `- ${line(touch)}`),
    'Go ahead?',
  ].join('\n');
}

/** The refusal when no confirmation was given: each affected role with its totals and the fix. */
export function legacyRefusal(touches: readonly LegacyTouch[], confirmArgument: string): UserInputError {
  return new UserInputError(
    `updateJobs not sent: it would change the pay total of ${touches.length} role(s) created before 2026-09-21 (§4.4 rule 7). Tell the user the totals below; if they agree, call again with ${confirmArgument}: true.`,
    touches.map((touch) => {
      const problem = toProblem(touch.issue);
      return {
        ...problem,
        message: `${line(touch)}. ${problem.message.replace(`${touch.issue.path}: `, '')}`,
        fix: `${problem.fix} Then repeat the call with ${confirmArgument}: true.`,
      };
    }),
  );
}
