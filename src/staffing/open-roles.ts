// Open roles in a scope, written once: the roles of a scope's jobs whose shift falls in it, and of
// those the ones with places left, soonest first. find_open_roles lists them; the board schedule
// counts its week's open places with the same places (places.ts); plan_staffing's gather reads the
// same scope (lookups' JobLookup.readScope) and keeps the same roles (rolesInScope).
import type { UpstreamJob, UpstreamRole } from '../contract/upstream.js';
import type { JobScope } from '../lookups/jobs.js';
import type { OpenRole } from '../present/staffing.js';
import { overlaps, type TimeWindow } from '../rules/availability.js';
import { toOpenRole } from './places.js';

/** A scope of roles: its jobs (boards, range, local dates) and, read in instants, its span. */
export interface RoleScope extends JobScope {
  /** The range as instants: a role counts when its shift overlaps it (no `localDates` given). */
  span?: TimeWindow;
}

const EVERYWHEN: TimeWindow = { startMs: Number.NEGATIVE_INFINITY, endMs: Number.POSITIVE_INFINITY };

/**
 * The roles of `jobs` in the scope: jobs on its boards and local dates; read in instants (no local
 * dates), only roles whose shift overlaps the span. In the jobs' order.
 */
export function rolesInScope(
  jobs: readonly UpstreamJob[],
  scope: RoleScope,
): { job: UpstreamJob; role: UpstreamRole }[] {
  const span = scope.span ?? EVERYWHEN;
  const onBoards = (job: UpstreamJob) => !scope.boardIds || scope.boardIds.includes(String(job.board.id));
  const inDates = (job: UpstreamJob) =>
    (!scope.localDates?.from || job.date >= scope.localDates.from) &&
    (!scope.localDates?.to || job.date <= scope.localDates.to);
  const inSpan = (role: UpstreamRole) =>
    scope.localDates !== undefined ||
    overlaps({ startMs: Date.parse(role.startTime), endMs: Date.parse(role.endTime) }, span);
  return jobs
    .filter((job) => onBoards(job) && inDates(job))
    .flatMap((job) => job.roles.filter(inSpan).map((role) => ({ job, role })));
}

const byId = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The roles of the scope with places left, soonest first (then by job and role id). */
export function openRolesIn(jobs: readonly UpstreamJob[], scope: RoleScope): OpenRole[] {
  return rolesInScope(jobs, scope)
    .map(({ job, role }) => ({ start: Date.parse(role.startTime), role: toOpenRole(job, role) }))
    .filter((entry) => entry.role.open > 0)
    .sort(
      (a, b) => a.start - b.start || byId(a.role.jobId, b.role.jobId) || byId(a.role.roleId, b.role.roleId),
    )
    .map((entry) => entry.role);
}
