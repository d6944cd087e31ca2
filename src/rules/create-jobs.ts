// One call per write tool: every local rule of createJobs (and of a role edit on updateJobs)
// over a whole input, in input-path terms. The rule modules stay usable on their own; this file
// only walks the input and wires them together.

import { joinPath, type RuleIssue } from './issues.js';
import { checkMultiDayJobs, effectiveTimeZone, type MultiDayOptions } from './multi-day.js';
import { checkBreakPeriod, checkBreakPeriodUpdate, checkPayRate, roleTotal } from './pay.js';
import {
  type CatalogueDataType,
  checkRoleRequirements,
  type DroppedInput,
  type RoleRequirementsInput,
  stripDeprecatedInputs,
} from './requirements.js';
import { analyzeRoleTimes, checkTimeZone, instantToWallClock, parseLocalDate } from './time.js';

export interface CreateRoleLike {
  title?: string;
  startTime: string;
  endTime: string;
  payType?: string | null;
  payRate?: number | null;
  breakPeriod?: number | null;
  requirements?: RoleRequirementsInput | null;
}

export interface CreateJobLike {
  boardId: string | number;
  title?: string;
  date: string;
  timezone?: string | null;
  roles?: readonly CreateRoleLike[] | null;
}

export interface CreateJobsLike {
  jobs: readonly CreateJobLike[];
  multiDay?: boolean | null;
}

export interface CreateJobsContext {
  /** Board timezones by board id: a job without its own timezone uses its board's (§4.4 rule 1). */
  boardTimezones?: MultiDayOptions['boardTimezones'];
  /** The company's data types, to check dataType requirements by id, title and options. */
  catalogue?: readonly CatalogueDataType[];
  /** Path of the input; default none (`jobs[0]...`). */
  path?: string;
}

export interface RoleSummary {
  path: string;
  timeZone: string;
  durationMinutes?: number;
  /** Pay total per crew member the platform will compute, when the times are valid. */
  total?: number;
}

export interface CreateJobsCheck<T> {
  /** The input without deprecated no-op fields: send this. */
  input: T;
  /** Errors block sending; warnings go to the model with the result. */
  issues: RuleIssue[];
  dropped: DroppedInput[];
  roles: RoleSummary[];
}

/**
 * All local rules of a createJobs input: deprecated inputs stripped (and reported); each job's
 * timezone and date; each role's times in the job's effective zone (job date, DST, order,
 * length), breakPeriod, payRate and requirements; multi-day board and timezone agreement.
 * A job whose zone is unknown (no timezone, board not in boardTimezones) is checked without DST.
 */
export function checkCreateJobsInput<T extends CreateJobsLike>(
  input: T,
  context: CreateJobsContext = {},
): CreateJobsCheck<T> {
  const base = context.path ?? '';
  const stripped = stripDeprecatedInputs(input, base);
  const issues: RuleIssue[] = [...stripped.issues];
  const roles: RoleSummary[] = [];
  const jobsPath = joinPath(base, 'jobs');
  stripped.value.jobs.forEach((job, jobIndex) => {
    const jobPath = joinPath(jobsPath, jobIndex);
    if (job.timezone !== undefined && job.timezone !== null)
      issues.push(...checkTimeZone(job.timezone, joinPath(jobPath, 'timezone')));
    const date = parseLocalDate(job.date, joinPath(jobPath, 'date'));
    issues.push(...date.issues);
    const zone = effectiveTimeZone(job, { boardTimezones: context.boardTimezones });
    const zoneIssues = zone ? checkTimeZone(zone, joinPath(jobPath, 'timezone')) : [];
    // A bad zone is reported once above (the job's own) or here (its board's); role checks then run zone-less.
    if (zone && !job.timezone && zoneIssues.length > 0) issues.push(...zoneIssues);
    const usable = zone && zoneIssues.length === 0 ? zone : 'Etc/UTC';
    (job.roles ?? []).forEach((role, roleIndex) => {
      const rolePath = joinPath(jobPath, 'roles', roleIndex);
      const times = analyzeRoleTimes({
        jobDate: job.date,
        timeZone: usable,
        startTime: role.startTime,
        endTime: role.endTime,
        path: rolePath,
        jobDatePath: joinPath(jobPath, 'date'),
        timeZonePath: joinPath(jobPath, 'timezone'),
      });
      // The job date is reported once per job above, not once per role.
      issues.push(
        ...times.issues.filter(
          (issue) => !(issue.code === 'INVALID_DATE' && !issue.path.startsWith(rolePath)),
        ),
      );
      issues.push(
        ...checkBreakPeriod(role.breakPeriod, times.durationMinutes, joinPath(rolePath, 'breakPeriod')),
      );
      issues.push(...checkPayRate(role.payRate, joinPath(rolePath, 'payRate')));
      issues.push(
        ...checkRoleRequirements(role.requirements, {
          path: joinPath(rolePath, 'requirements'),
          catalogue: context.catalogue,
        }),
      );
      const summary: RoleSummary = { path: rolePath, timeZone: usable };
      if (times.durationMinutes !== undefined && times.durationMinutes > 0) {
        summary.durationMinutes = times.durationMinutes;
        summary.total = roleTotal({
          payType: role.payType ?? 'HOURLY',
          payRate: role.payRate ?? 0,
          durationMinutes: times.durationMinutes,
          breakMinutes: role.breakPeriod ?? 0,
        });
      }
      roles.push(summary);
    });
  });
  if (stripped.value.multiDay) {
    issues.push(
      ...checkMultiDayJobs(stripped.value.jobs, { path: jobsPath, boardTimezones: context.boardTimezones }),
    );
  }
  return { input: stripped.value, issues, dropped: stripped.dropped, roles };
}

export interface RoleUpdateInput {
  /** The role as read: ISO instants with offset. */
  existing: { startTime: string; endTime: string };
  /** The edit: wall-clock times in the job's zone, either or both. */
  update: { startTime?: string | null; endTime?: string | null; breakPeriod?: unknown; payRate?: unknown };
  jobDate: string;
  timeZone: string;
  /** Path of the role in the update input, e.g. `jobs[0].roles[2]`. */
  path: string;
}

/**
 * A role edit on updateJobs: the new times merged with the unchanged ones (as wall clocks in the
 * job's zone) and checked like a new role; breakPeriod cannot change (§4.4 rule 7); payRate ≥ 0.
 * Pair it with assessRoleEdit (break-period.ts) for the total before and after.
 */
export function checkRoleUpdate(input: RoleUpdateInput): RuleIssue[] {
  const issues: RuleIssue[] = [
    ...checkBreakPeriodUpdate(input.update.breakPeriod, joinPath(input.path, 'breakPeriod')),
    ...checkPayRate(input.update.payRate, joinPath(input.path, 'payRate')),
  ];
  if (!input.update.startTime && !input.update.endTime) return issues;
  const zoneIssues = checkTimeZone(input.timeZone, input.path);
  if (zoneIssues.length > 0) return [...issues, ...zoneIssues];
  const startTime = input.update.startTime ?? instantToWallClock(input.existing.startTime, input.timeZone);
  const endTime = input.update.endTime ?? instantToWallClock(input.existing.endTime, input.timeZone);
  const times = analyzeRoleTimes({
    jobDate: input.jobDate,
    timeZone: input.timeZone,
    startTime,
    endTime,
    path: input.path,
  });
  return [...issues, ...times.issues];
}
