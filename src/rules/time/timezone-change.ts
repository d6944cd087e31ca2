// updateJobs with a new timezone (§4.4 rule 4): each role keeps its wall clock and the platform
// recalculates UTC, so a wall clock that lands in a DST gap or overlap of the new zone is reported.

import type { RuleIssue } from '../issues.js';
import { dstIssue, resolveLocalTime } from './dst.js';
import { instantToWallClock } from './instants.js';
import { parseLocalDateTime } from './parse-local.js';
import { isValidTimeZone } from './zones.js';

export const RULE_NEW_TIMEZONE = "§4.4 rule 4: a new timezone keeps the roles' wall-clock times";

export interface RezonedRole {
  /** Instants as read from the platform (ISO with offset). */
  startTime: string;
  endTime: string;
  /** Names the role in messages, e.g. `role 12 of job 7 (2027-03-14)`. */
  label: string;
  /** The date its start must stay on (the job's, §4.4 rule 2). */
  jobDate?: string;
}

/**
 * The roles of a job moved from `fromZone` to `toZone` keep their wall clocks (§4.4 rule 4): a
 * wall clock that falls into a DST gap (error) or overlap (warning) of the new zone is reported
 * at `path`, the input that moves them. Both zones must be valid (check them first).
 */
export function checkTimezoneChange(input: {
  fromZone: string;
  toZone: string;
  roles: readonly RezonedRole[];
  path: string;
}): RuleIssue[] {
  if (!isValidTimeZone(input.fromZone) || !isValidTimeZone(input.toZone)) return [];
  const issues: RuleIssue[] = [];
  for (const role of input.roles) {
    for (const key of ['startTime', 'endTime'] as const) {
      const parsed = parseLocalDateTime(instantToWallClock(role[key], input.fromZone), input.path);
      if (!parsed.ok) continue;
      const issue = dstIssue(resolveLocalTime(parsed.value, input.toZone), input.path, {
        rule: RULE_NEW_TIMEZONE,
        subject: `${role.label} ${key}:`,
        onDate: key === 'startTime' ? role.jobDate : undefined,
      });
      if (!issue) continue;
      issues.push(
        issue.severity === 'error'
          ? {
              ...issue,
              fix: `${issue.fix} Give that role's ${key} in the same call, or keep the old timezone.`,
            }
          : issue,
      );
    }
  }
  return issues;
}
