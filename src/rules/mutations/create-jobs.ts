// createJobs, checked before sending (§2.3, §4.4 rules 1, 2, 3, 6, 10; §7): the input's shape,
// each job's timezone and date, each role's times in the job's effective zone (its own, else its
// board's), breakPeriod, payRate and requirements, and the multi-day rules. Two facts may be
// missing: a board's timezone (the API has no board query) and the company's data types; the
// checker asks for them only when the input has no error it can name without them, and checks
// what it can when they cannot be read, saying so in a note.

import { changeConfirmation, newRoleChange, type RoleChange, zeroRateIssues } from '../booked-changes.js';
import { requirementShapeIssues, wholeNumberIssues } from '../input-shape.js';
import { hasErrors, joinPath, type RuleIssue } from '../issues.js';
import { checkMultiDayJobs, effectiveTimeZone } from '../multi-day.js';
import { checkBreakPeriod, checkPayRate } from '../pay.js';
import { checkRoleRequirements, type RoleRequirementsInput, stripDeprecatedInputs } from '../requirements.js';
import { analyzeRoleTimes, checkTimeZone, parseLocalDate, timeZoneNotes } from '../time.js';
import { type FactRequest, type Facts, plan, refuseOrNeed, type Verdict } from '../verdict.js';

export interface CreateRoleLike {
  title?: string;
  startTime: string;
  endTime: string;
  quantity?: number | null;
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

/** Requirement kinds pass the tool schema loosely: their JSON types come first, before any rule reads them. */
function shapeIssues(input: CreateJobsLike): RuleIssue[] {
  return input.jobs.flatMap((job, jobIndex) =>
    (job.roles ?? []).flatMap((role, roleIndex) => {
      const path = joinPath('jobs', jobIndex, 'roles', roleIndex);
      return [
        ...wholeNumberIssues(role.quantity, joinPath(path, 'quantity')),
        ...requirementShapeIssues(
          role.requirements as Record<string, unknown> | null,
          joinPath(path, 'requirements'),
        ),
      ];
    }),
  );
}

/** The zones known for the boards (null: could not be read), as the multi-day rules take them. */
function knownZones(facts: Facts): Map<string, string> {
  return new Map([...facts.boardZones].flatMap(([id, zone]) => (zone ? [[id, zone] as const] : [])));
}

function usesDataTypes(input: CreateJobsLike): boolean {
  return input.jobs.some((job) =>
    (job.roles ?? []).some(
      (role) => Array.isArray(role.requirements?.dataType) && role.requirements.dataType.length > 0,
    ),
  );
}

/** Every rule of one job and its roles, with the zone as far as it is known. */
function jobIssues(
  job: CreateJobLike,
  jobIndex: number,
  zones: Map<string, string>,
  facts: Facts,
): RuleIssue[] {
  const jobPath = joinPath('jobs', jobIndex);
  const zonePath = joinPath(jobPath, 'timezone');
  const issues: RuleIssue[] = [];
  if (job.timezone !== undefined && job.timezone !== null)
    issues.push(...checkTimeZone(job.timezone, zonePath), ...timeZoneNotes(job.timezone, zonePath));
  issues.push(...parseLocalDate(job.date, joinPath(jobPath, 'date')).issues);
  const zone = effectiveTimeZone(job, { boardTimezones: zones });
  const zoneIssues = zone ? checkTimeZone(zone, zonePath) : [];
  // A bad zone is reported once: above (the job's own) or here (its board's); roles are then checked zone-less.
  if (zone && !job.timezone) issues.push(...zoneIssues);
  const usable = zone && zoneIssues.length === 0 ? zone : undefined;
  (job.roles ?? []).forEach((role, roleIndex) => {
    const rolePath = joinPath(jobPath, 'roles', roleIndex);
    const times = analyzeRoleTimes({
      jobDate: job.date,
      timeZone: usable,
      startTime: role.startTime,
      endTime: role.endTime,
      path: rolePath,
      jobDatePath: joinPath(jobPath, 'date'),
      timeZonePath: zonePath,
    });
    // The job date is reported once per job above, not once per role.
    issues.push(
      ...times.issues.filter((issue) => !(issue.code === 'INVALID_DATE' && !issue.path.startsWith(rolePath))),
    );
    issues.push(
      ...checkBreakPeriod(role.breakPeriod, times.durationMinutes, joinPath(rolePath, 'breakPeriod')),
    );
    issues.push(...checkPayRate(role.payRate, joinPath(rolePath, 'payRate')));
    issues.push(
      ...checkRoleRequirements(role.requirements, {
        path: joinPath(rolePath, 'requirements'),
        catalogue: facts.catalogue ?? undefined,
      }),
    );
  });
  return issues;
}

/**
 * The createJobs checker: refuse, ask for board zones and the data type catalogue, or the
 * payload (without the deprecated no-op inputs) with warnings and notes.
 */
export function checkCreateJobs<T extends CreateJobsLike>(
  input: T,
  facts: Facts,
): Verdict<T, { changes: RoleChange[] }> {
  const shape = shapeIssues(input);
  if (hasErrors(shape)) return { kind: 'refuse', issues: shape };
  const stripped = stripDeprecatedInputs(input);
  const jobs = stripped.value.jobs;
  const zones = knownZones(facts);
  const issues = jobs.flatMap((job, jobIndex) => jobIssues(job, jobIndex, zones, facts));
  if (stripped.value.multiDay)
    issues.push(...checkMultiDayJobs(jobs, { path: 'jobs', boardTimezones: zones }));

  const unreadBoards = jobs.filter((job) => !job.timezone && !facts.boardZones.has(String(job.boardId)));
  const request: FactRequest = {
    boards: unreadBoards.length ? [...new Set(unreadBoards.map((job) => String(job.boardId)))] : undefined,
    catalogue: facts.catalogue === undefined && usesDataTypes(stripped.value),
  };
  const early = refuseOrNeed(issues, request);
  if (early) return early;

  const notes = jobs.flatMap((job, index) =>
    !job.timezone && facts.boardZones.get(String(job.boardId)) === null
      ? [
          `jobs[${index}]: the timezone of board ${job.boardId} could not be read, so role times were checked without its DST rules; the platform reads them in the board's timezone (set timezone to check locally).`,
        ]
      : [],
  );
  if (facts.catalogue === null && usesDataTypes(stripped.value))
    notes.push(
      "The company's data types could not be read (needs crew:read), so dataType titles and options were checked by the platform only.",
    );
  return plan(stripped.value, issues, {
    dropped: stripped.dropped,
    notes,
    changes: predictedRoles(jobs, zones),
    confirm: changeConfirmation([], zeroRateIssues(jobs)),
  });
}

/** The roles as createJobs would make them; a job whose zone is unknown is left out (the platform reads it). */
function predictedRoles(jobs: readonly CreateJobLike[], zones: Map<string, string>): RoleChange[] {
  return jobs.flatMap((job, jobIndex) => {
    const zone = effectiveTimeZone(job, { boardTimezones: zones });
    if (!zone) return [];
    return (job.roles ?? []).map((role, roleIndex) =>
      newRoleChange(role, zone, joinPath('jobs', jobIndex, 'roles', roleIndex)),
    );
  });
}
