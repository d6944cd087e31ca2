// Whether a crew member is free for a role, from their crew jobs (assignments). The API document
// has no availability operation; a role's time is its start and end instants (Role.startTime,
// endTime, ISO with the job's offset), so two roles clash when their instants overlap, compared
// in UTC whatever the two jobs' time zones (§2.2 Job.timezone only says how times are read).
//   - a BOOKED crew job on another role that overlaps: the member is unavailable (a clash);
//   - a pending one (APPLIED, INVITED, SHORTLISTED, WAITING_LIST) that overlaps: flagged only;
//   - a crew job on this very role: the member already stands there (BOOKED fills a place).
// Declined, cancelled and removed crew jobs elsewhere hold no time.

/** A span of time as UTC epoch milliseconds, start inclusive, end exclusive. */
export interface TimeWindow {
  startMs: number;
  endMs: number;
}

export const BOOKED_STATUS = 'BOOKED';
/** Assignments that may still become bookings: they flag a match, they do not exclude it. */
export const PENDING_STATUSES: readonly string[] = ['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST'];
/** Statuses that say the member said no or was taken off: shown on this role, ranked last. */
export const WITHDRAWN_STATUSES: readonly string[] = ['DECLINED', 'CANCELLED', 'REMOVED'];

/** Half-open spans overlap when each starts before the other ends (back to back is no clash). */
export function overlaps(a: TimeWindow, b: TimeWindow): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}

/** One crew job as availability needs it. */
export interface Assignment {
  crewId: number;
  status: string;
  jobId: string;
  roleId: string;
  window: TimeWindow;
}

export interface AssignmentRef {
  jobId: string;
  roleId: string;
  status: string;
}

export interface Availability {
  /** The BOOKED crew job on another role that overlaps (the earliest), when there is one. */
  clash?: AssignmentRef;
  /** Pending crew jobs on other roles that overlap. */
  pending: AssignmentRef[];
  /** The member's status on this very role, when they have a crew job there. */
  thisRole?: string;
}

/** The role being staffed: its id when it exists, and its time when known. */
export interface RoleSlot {
  roleId?: string;
  window?: TimeWindow;
}

/** Which of a member's statuses on this role to show when there are several: the strongest. */
const THIS_ROLE_ORDER = [BOOKED_STATUS, ...PENDING_STATUSES, ...WITHDRAWN_STATUSES];

function strongerOnRole(current: string | undefined, next: string): string {
  if (current === undefined) return next;
  const rank = (status: string) => {
    const index = THIS_ROLE_ORDER.indexOf(status);
    return index === -1 ? THIS_ROLE_ORDER.length : index;
  };
  return rank(next) < rank(current) ? next : current;
}

function byStart(a: Assignment, b: Assignment): number {
  return (
    a.window.startMs - b.window.startMs || a.roleId.localeCompare(b.roleId) || a.jobId.localeCompare(b.jobId)
  );
}

/** One member's availability for `slot`, from that member's crew jobs. */
export function assessAvailability(slot: RoleSlot, assignments: readonly Assignment[]): Availability {
  const result: Availability = { pending: [] };
  for (const assignment of [...assignments].sort(byStart)) {
    if (slot.roleId !== undefined && assignment.roleId === slot.roleId) {
      result.thisRole = strongerOnRole(result.thisRole, assignment.status);
      continue;
    }
    if (!slot.window || !overlaps(slot.window, assignment.window)) continue;
    const ref = { jobId: assignment.jobId, roleId: assignment.roleId, status: assignment.status };
    if (assignment.status === BOOKED_STATUS) result.clash ??= ref;
    else if (PENDING_STATUSES.includes(assignment.status)) result.pending.push(ref);
  }
  return result;
}

/** Crew jobs grouped by crew member. */
export function assignmentsByCrew(assignments: readonly Assignment[]): Map<number, Assignment[]> {
  const byCrew = new Map<number, Assignment[]>();
  for (const assignment of assignments) {
    const list = byCrew.get(assignment.crewId);
    if (list) list.push(assignment);
    else byCrew.set(assignment.crewId, [assignment]);
  }
  return byCrew;
}

/** A member is flagged when something may stand in the way: an overlapping pending crew job, or a "no" on this role. */
export function isFlagged(availability: Availability): boolean {
  return (
    availability.pending.length > 0 ||
    (availability.thisRole !== undefined && WITHDRAWN_STATUSES.includes(availability.thisRole))
  );
}
