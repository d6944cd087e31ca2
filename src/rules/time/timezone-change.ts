// updateJobs with a new timezone (§4.4 rule 4): each role keeps its wall clock and the platform
// recalculates UTC, so a wall clock that lands in a DST gap or overlap of the new zone is reported.

import { joinPath, type RuleIssue } from '../issues.js';
import { dstIssue, resolveLocalTime } from './dst.js';
import { instantToWallClock } from './instants.js';
import { parseLocalDateTime } from './parse-local.js';
import { checkTimeZone, isValidTimeZone } from './zones.js';

export interface RezonedRole {
  /** Instants as read from the platform (ISO with offset). */
  startTime: string;
  endTime: string;
  /** Path of the role in the update input, e.g. `jobs[0].roles[2]` (or of the role as read). */
  path: string;
}

/**
 * updateJobs with a new timezone keeps each role's wall clock and recalculates UTC (§4.4 rule 4).
 * A wall clock that falls into a DST gap (or overlap) of the new zone is reported.
 */
export function checkTimezoneChange(input: {
  fromZone: string;
  toZone: string;
  roles: RezonedRole[];
  path: string;
}): RuleIssue[] {
  const issues = checkTimeZone(input.toZone, joinPath(input.path, 'timezone'));
  if (issues.length > 0 || !isValidTimeZone(input.fromZone)) return issues;
  const rule = "§4.4 rule 4: a new timezone keeps the roles' wall-clock times";
  for (const role of input.roles) {
    for (const key of ['startTime', 'endTime'] as const) {
      const wall = instantToWallClock(role[key], input.fromZone);
      const parsed = parseLocalDateTime(wall, joinPath(role.path, key));
      if (!parsed.ok) continue;
      const issue = dstIssue(resolveLocalTime(parsed.value, input.toZone), joinPath(role.path, key), rule);
      if (issue) issues.push(issue);
    }
  }
  return issues;
}
