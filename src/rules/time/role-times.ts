// A role's start and end against the platform's time rules (§4.4 rule 2 and the assumed order and
// length limits): valid zone, date and forms, start on the job's date, no DST gap, end after
// start, at most 24 h elapsed (DST changes included).

import { errorIssue, joinPath, type RuleIssue } from '../issues.js';
import { DAY_MS, MINUTE_MS, naiveMs, type WallClock, wallFromNaiveMs } from './clock.js';
import { dstIssue, type ResolvedTime, resolveLocalTime } from './dst.js';
import { instantToWallClock } from './instants.js';
import { parseLocalDate, parseLocalDateTime } from './parse-local.js';
import { formatLocalDate, formatWallClock } from './wall-clock.js';
import { checkTimeZone } from './zones.js';

export const RULE_ON_JOB_DATE = "§4.4 rule 2: a role starts on the job's date, in the job's timezone";
export const RULE_ROLE_ORDER = 'CreateRoleInput.endTime: after startTime, at most 24 hours later [assumed]';

export interface RoleTimesInput {
  /** The job's date `YYYY-MM-DD`. */
  jobDate: string;
  /** The job's effective zone (its own, else its board's); undefined when it is not known yet. */
  timeZone: string | undefined;
  startTime: string;
  endTime: string;
  /** Path of the role, e.g. `jobs[0].roles[1]`; issues go to `<path>.startTime` / `<path>.endTime`. */
  path: string;
  /** Where a bad timezone is reported; default `<path>` (the role inherits it). */
  timeZonePath?: string;
  /** Where a bad job date is reported; default `<path>`. */
  jobDatePath?: string;
  /** Longest role, in hours (default 24). */
  maxHours?: number;
}

export interface RoleTimesAnalysis {
  issues: RuleIssue[];
  start?: ResolvedTime;
  end?: ResolvedTime;
  /** Elapsed minutes between the instants the platform will use (DST changes included). */
  durationMinutes?: number;
}

function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * A role's start and end against the platform's time rules: valid forms; start on the job's date
 * in the job's zone (§4.4 rule 2); no DST gap (error) or overlap (warning); end after start; at
 * most 24 h elapsed. Midnight-crossing roles are fine (end on the next date). Without a known
 * zone only what holds in every zone is checked: forms, the date, and the order of the clocks.
 */
export function analyzeRoleTimes(input: RoleTimesInput): RoleTimesAnalysis {
  const issues: RuleIssue[] = [];
  const startPath = joinPath(input.path, 'startTime');
  const endPath = joinPath(input.path, 'endTime');
  const zoneIssues =
    input.timeZone === undefined ? [] : checkTimeZone(input.timeZone, input.timeZonePath ?? input.path);
  const date = parseLocalDate(input.jobDate, input.jobDatePath ?? input.path);
  const zone = zoneIssues.length === 0 ? input.timeZone : undefined;
  const start = parseLocalDateTime(input.startTime, startPath, { timeZone: zone, jobDate: input.jobDate });
  const end = parseLocalDateTime(input.endTime, endPath, { timeZone: zone, jobDate: input.jobDate });
  issues.push(...zoneIssues, ...date.issues, ...start.issues, ...end.issues);

  if (date.ok && start.ok && formatLocalDate(start.value) !== formatLocalDate(date.value)) {
    const moved = formatWallClock({ ...start.value, ...date.value });
    issues.push(
      errorIssue({
        path: startPath,
        code: 'NOT_ON_JOB_DATE',
        rule: RULE_ON_JOB_DATE,
        detail: `starts on ${formatLocalDate(start.value)} but the job is dated ${formatLocalDate(date.value)}${
          zone ? ` (${zone})` : ''
        }.`,
        fix: `Start the role on the job's date, e.g. "${moved}", or put it on a job dated ${formatLocalDate(start.value)}.`,
      }),
    );
  }
  if (!start.ok || !end.ok) return { issues };
  if (!zone) {
    // No DST change can put a later wall clock before an earlier one: this holds in any zone.
    if (naiveMs(end.value) <= naiveMs(start.value))
      issues.push(
        endBeforeStart(input, endPath, start.value, end.value, naiveMs(end.value) - naiveMs(start.value)),
      );
    return { issues };
  }

  const startResolved = resolveLocalTime(start.value, zone);
  const endResolved = resolveLocalTime(end.value, zone);
  // The start stays on the job's date (rule 2), so its suggestions do too.
  for (const [resolved, path, onDate] of [
    [startResolved, startPath, date.ok ? formatLocalDate(date.value) : undefined],
    [endResolved, endPath, undefined],
  ] as const) {
    const issue = dstIssue(resolved, path, { onDate });
    if (issue) issues.push(issue);
  }
  if (startResolved.kind === 'gap' || endResolved.kind === 'gap') {
    return { issues, start: startResolved, end: endResolved };
  }
  const durationMinutes = (endResolved.epochMs - startResolved.epochMs) / MINUTE_MS;
  if (durationMinutes <= 0) {
    issues.push(endBeforeStart(input, endPath, start.value, end.value, durationMinutes));
  } else {
    const maxMinutes = (input.maxHours ?? 24) * 60;
    if (durationMinutes > maxMinutes) {
      const latest = instantToWallClock(startResolved.epochMs + maxMinutes * MINUTE_MS, zone);
      issues.push(
        errorIssue({
          path: endPath,
          code: 'TOO_LONG',
          rule: RULE_ROLE_ORDER,
          detail: `the role lasts ${formatDuration(durationMinutes)}; a role lasts at most ${formatDuration(maxMinutes)}${
            naiveMs(end.value) - naiveMs(start.value) !== durationMinutes * MINUTE_MS
              ? ' (elapsed time, DST change included)'
              : ''
          }.`,
          fix: `End by "${latest}", or split the work into roles on one job per day (a multi-day job).`,
        }),
      );
    }
  }
  return { issues, start: startResolved, end: endResolved, durationMinutes };
}

function endBeforeStart(
  input: RoleTimesInput,
  path: string,
  start: WallClock,
  end: WallClock,
  durationMinutes: number,
): RuleIssue {
  const sameDay = formatLocalDate(end) === formatLocalDate(start);
  const nextDay = wallFromNaiveMs(naiveMs(end) + DAY_MS);
  const crossesMidnight = sameDay && naiveMs(end) < naiveMs(start);
  return errorIssue({
    path,
    code: 'END_BEFORE_START',
    rule: RULE_ROLE_ORDER,
    detail:
      durationMinutes === 0
        ? `ends at the moment it starts (${input.endTime}).`
        : `ends (${input.endTime}) before it starts (${input.startTime})${
            naiveMs(end) >= naiveMs(start) ? ' once the DST change is applied' : ''
          }.`,
    fix: crossesMidnight
      ? `If the role runs past midnight, give endTime on the next day: "${formatWallClock(nextDay)}".`
      : 'Give an endTime after startTime (at most 24 hours later).',
  });
}
