// The places of a role, counted once for every reader (find_open_roles, find_matching_crew, the
// board schedule, the plan's roles): a role needs `quantity` people, its BOOKED crew jobs fill
// places, and what is left is open, never below zero (more BOOKED than places leaves none open).
// Pending crew jobs (APPLIED, INVITED, SHORTLISTED, WAITING_LIST) fill nothing: they are counted
// beside the places. The statuses are the availability rules' (src/rules/availability.ts).
import type { UpstreamJob, UpstreamRole } from '../contract/upstream.js';
import { toRoleView } from '../present/job.js';
import type { OpenRole, StaffedRole } from '../present/staffing.js';
import { BOOKED_STATUS, PENDING_STATUSES } from '../rules/availability.js';

export interface Places {
  quantity: number;
  /** Places filled: BOOKED crew jobs. */
  booked: number;
  /** Places left: quantity minus booked, at least 0. */
  open: number;
  /** Pending crew jobs: they may become bookings, they fill no place yet. */
  pending: number;
}

/** The places of a role from its crew jobs' statuses, however they were counted. */
export function placesOf(quantity: number, count: (statuses: readonly string[]) => number): Places {
  const booked = count([BOOKED_STATUS]);
  return { quantity, booked, open: Math.max(0, quantity - booked), pending: count(PENDING_STATUSES) };
}

/** The places of a role as the platform returns it (its crew jobs listed). */
export function openPlaces(role: Pick<UpstreamRole, 'quantity' | 'crewJobs'>): Places {
  const statuses = (role.crewJobs ?? []).map((crewJob) => crewJob.status);
  return placesOf(role.quantity, (wanted) => statuses.filter((status) => wanted.includes(status)).length);
}

/** The places of a role as a job view shows it (its crew jobs counted by status). */
export function viewPlaces(role: { quantity: number; assignments?: Record<string, number> }): Places {
  const counts = role.assignments ?? {};
  return placesOf(role.quantity, (wanted) => wanted.reduce((sum, status) => sum + (counts[status] ?? 0), 0));
}

/** A role with its places: quantity, BOOKED crew jobs, and what is left open. */
export function toStaffedRole(job: UpstreamJob, role: UpstreamRole): StaffedRole {
  const view = toRoleView(role, job.timezone, job.date);
  const places = openPlaces(role);
  return {
    jobId: String(job.id),
    roleId: String(role.id),
    title: role.title,
    job: job.title,
    date: job.date,
    time: `${view.start}-${view.end}`,
    timezone: job.timezone,
    quantity: places.quantity,
    booked: places.booked,
    open: places.open,
  };
}

/** A role as find_open_roles lists it: its places, pending crew jobs, board and multi-day job. */
export function toOpenRole(job: UpstreamJob, role: UpstreamRole): OpenRole {
  return {
    ...toStaffedRole(job, role),
    board: `${job.board.id} ${job.board.name}`,
    pending: openPlaces(role).pending,
    ...(job.multiDayJobId ? { multiDayJobId: String(job.multiDayJobId) } : {}),
  };
}
