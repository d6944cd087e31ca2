// An independent reading of a staffing plan for tests: every hard constraint of plan_staffing
// checked from the company read straight from the sandbox (test/oracles/staffing.ts: raw GraphQL, no
// product code), local days by Intl in each job's own zone, and the most places that can be
// filled computed here: the per-role bound min(open, qualified and free), or, when few crew are
// left, every combination of each person's compatible shifts.
import type { Json } from '../helpers/sandbox.js';
import { type Company, findRole, localDay, oracle } from './staffing.js';

const H = 3_600_000;
const WITHDRAWN = new Set(['DECLINED', 'CANCELLED', 'REMOVED']);

export interface PlanLimits {
  minRestHours: number;
  maxShiftsPerDay: number;
  exclude?: number[];
}

/** A shift as the hard rules judge it: its instants and the day it counts on. */
export interface TimedShift {
  start: number;
  end: number;
  day: string;
}

interface Shift extends TimedShift {
  roleId: string;
}

function shiftOf(company: Company, jobId: string, roleId: string): Shift {
  const { job, role } = findRole(company, { jobId, roleId });
  const start = Date.parse(role.startTime);
  return { start, end: Date.parse(role.endTime), day: localDay(start, job.timezone), roleId };
}

function bookedShifts(company: Company, crewId: number): Shift[] {
  return company.crewJobs
    .filter((crewJob) => crewJob.crew.id === crewId && crewJob.status === 'BOOKED')
    .map((crewJob) => {
      const start = Date.parse(crewJob.role.startTime);
      return {
        start,
        end: Date.parse(crewJob.role.endTime),
        day: localDay(start, crewJob.job.timezone),
        roleId: crewJob.role.id,
      };
    });
}

/**
 * Whether the proposed shifts fit with each other and with the booked ones: no overlap, the rest
 * between them, the shifts of a day (`day`: whatever day the caller counts by). Only what the
 * plan adds is judged (two booked shifts may clash already).
 */
export function fits(
  proposed: readonly TimedShift[],
  booked: readonly TimedShift[],
  limits: Pick<PlanLimits, 'minRestHours' | 'maxShiftsPerDay'>,
): boolean {
  const all = [...proposed, ...booked];
  for (const a of proposed)
    for (const b of all) {
      if (a === b) continue;
      const [first, second] = a.start <= b.start ? [a, b] : [b, a];
      if (second.start < first.end) return false;
      if (limits.minRestHours > 0 && (second.start - first.end) / H < limits.minRestHours) return false;
    }
  if (limits.maxShiftsPerDay > 0)
    for (const shift of proposed)
      if (all.filter((other) => other.day === shift.day).length > limits.maxShiftsPerDay) return false;
  return true;
}

/** Hard-constraint violations of a plan's assignments, each in words. */
export function planViolations(company: Company, assignments: Json[], limits: PlanLimits): string[] {
  const problems: string[] = [];
  const perRole = new Map<string, number>();
  const perCrew = new Map<number, Shift[]>();
  for (const entry of assignments) {
    const crewId = Number(entry.crewId);
    const key = `${entry.jobId}/${entry.roleId}`;
    perRole.set(key, (perRole.get(key) ?? 0) + 1);
    const answer = oracle(company, { role: { jobId: entry.jobId, roleId: entry.roleId } });
    if (!answer.matches.includes(crewId)) problems.push(`${crewId} is not a free match of ${key}`);
    if (limits.exclude?.includes(crewId)) problems.push(`${crewId} was excluded`);
    const said = company.crewJobs.some(
      (crewJob) =>
        crewJob.crew.id === crewId && crewJob.role.id === entry.roleId && WITHDRAWN.has(crewJob.status),
    );
    if (said) problems.push(`${crewId} declined or was taken off ${key}`);
    perCrew.set(crewId, [...(perCrew.get(crewId) ?? []), shiftOf(company, entry.jobId, entry.roleId)]);
  }
  for (const [key, count] of perRole) {
    const [jobId, roleId] = key.split('/') as [string, string];
    const open = oracle(company, { role: { jobId, roleId } }).open ?? 0;
    if (count > open) problems.push(`${count} proposed for ${open} open places on ${key}`);
  }
  for (const [crewId, shifts] of perCrew) {
    if (new Set(shifts.map((shift) => shift.roleId)).size < shifts.length)
      problems.push(`${crewId} twice on one role`);
    if (!fits(shifts, bookedShifts(company, crewId), limits))
      problems.push(`${crewId}: clash, short rest or two shifts a day`);
  }
  return problems;
}

/** Free qualified crew of a role, as the plan may use them (not excluded, not withdrawn there). */
export function usableCrew(company: Company, jobId: string, roleId: string, limits: PlanLimits): number[] {
  return oracle(company, { role: { jobId, roleId } }).matches.filter(
    (crewId) =>
      !limits.exclude?.includes(crewId) &&
      !company.crewJobs.some(
        (crewJob) =>
          crewJob.crew.id === crewId && crewJob.role.id === roleId && WITHDRAWN.has(crewJob.status),
      ) &&
      fits([shiftOf(company, jobId, roleId)], bookedShifts(company, crewId), limits),
  );
}

/** Upper bound of places filled: per role, open places or usable crew, whichever is fewer. */
export function perRoleBound(
  company: Company,
  roles: { jobId: string; roleId: string; open: number }[],
  limits: PlanLimits,
): number {
  return roles.reduce(
    (sum, role) => sum + Math.min(role.open, usableCrew(company, role.jobId, role.roleId, limits).length),
    0,
  );
}

/** The true optimum by enumeration: every compatible set of shifts per person, combined. Small crews only. */
export function bruteForceFilled(
  company: Company,
  roles: { jobId: string; roleId: string; open: number }[],
  limits: PlanLimits,
): number {
  const people = new Map<number, number[]>();
  roles.forEach((role, index) => {
    for (const crewId of usableCrew(company, role.jobId, role.roleId, limits))
      people.set(crewId, [...(people.get(crewId) ?? []), index]);
  });
  const options = [...people.entries()].map(([crewId, indexes]) => {
    const subsets: number[][] = [];
    const grow = (at: number, chosen: number[]) => {
      if (at === indexes.length) {
        subsets.push(chosen);
        return;
      }
      grow(at + 1, chosen);
      const next = [...chosen, indexes[at] as number];
      const shifts = next.map((index) => shiftOf(company, roles[index]!.jobId, roles[index]!.roleId));
      if (fits(shifts, bookedShifts(company, crewId), limits)) grow(at + 1, next);
    };
    grow(0, []);
    return subsets;
  });
  let best = 0;
  const used = roles.map(() => 0);
  const pick = (person: number, filled: number) => {
    if (person === options.length) {
      best = Math.max(best, filled);
      return;
    }
    for (const subset of options[person] ?? []) {
      if (subset.some((index) => used[index]! >= roles[index]!.open)) continue;
      for (const index of subset) used[index]!++;
      pick(person + 1, filled + subset.length);
      for (const index of subset) used[index]!--;
    }
  };
  pick(0, 0);
  return best;
}

/** Open places of a multi-day job's roles not yet started at `nowMs`. */
export function openRolesOf(
  company: Company,
  jobIds: string[],
  nowMs: number,
): { jobId: string; roleId: string; open: number }[] {
  return company.jobs
    .filter((job) => jobIds.includes(job.id))
    .flatMap((job) =>
      job.roles
        .filter((role: Json) => Date.parse(role.startTime) > nowMs)
        .map((role: Json) => ({
          jobId: job.id as string,
          roleId: role.id as string,
          open: role.quantity - role.crewJobs.filter((crewJob: Json) => crewJob.status === 'BOOKED').length,
        })),
    )
    .filter((role) => role.open > 0);
}

/** The multi-day job with the most open roles after `nowMs` (its later days only, as a plan sees them). */
export function biggestMultiDay(company: Company, nowMs: number): { id: string; jobIds: string[] } {
  const groups = new Map<string, string[]>();
  for (const job of company.jobs) {
    if (!job.multiDayJobId || Date.parse(`${job.date}T00:00:00Z`) <= nowMs) continue;
    groups.set(job.multiDayJobId, [...(groups.get(job.multiDayJobId) ?? []), job.id]);
  }
  const [id, jobIds] = [...groups.entries()].sort(
    (a, b) => openRolesOf(company, b[1], nowMs).length - openRolesOf(company, a[1], nowMs).length,
  )[0] as [string, string[]];
  return { id, jobIds };
}

/**
 * Every ACTIVE or APPROVED member (everyone a plan reads: an exclude naming no one read is
 * refused) but the `count` crew usable on the most of these roles (ties by id): an exclude list.
 */
export function allButMostUsable(
  company: Company,
  roles: readonly { jobId: string; roleId: string }[],
  limits: PlanLimits,
  count: number,
): number[] {
  const usage = new Map<number, number>();
  for (const role of roles)
    for (const crewId of usableCrew(company, role.jobId, role.roleId, limits))
      usage.set(crewId, (usage.get(crewId) ?? 0) + 1);
  const keep = [...usage.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, count)
    .map(([crewId]) => crewId);
  return company.crew
    .filter((member: Json) => ['ACTIVE', 'APPROVED'].includes(member.status))
    .map((member: Json) => member.id as number)
    .filter((crewId) => !keep.includes(crewId));
}

/** Whether one person may hold these roles together, with their booked shifts (clash, rest, day). */
export function canHoldTogether(
  company: Company,
  crewId: number,
  roles: { jobId: string; roleId: string }[],
  limits: PlanLimits,
): boolean {
  const shifts = roles.map((role) => shiftOf(company, role.jobId, role.roleId));
  return fits(shifts, bookedShifts(company, crewId), limits);
}

/** Open places of every role whose local start day (in its job's zone) is within from..to, not started at `nowMs`. */
export function openRolesBetween(
  company: Company,
  from: string,
  to: string,
  nowMs: number,
): { jobId: string; roleId: string; open: number }[] {
  const jobIds = company.jobs
    .filter((job) =>
      job.roles.some((role: Json) => {
        const day = localDay(Date.parse(role.startTime), job.timezone);
        return day >= from && day <= to;
      }),
    )
    .map((job) => job.id as string);
  return openRolesOf(company, jobIds, nowMs).filter((role) => {
    const { job, role: found } = findRole(company, role);
    const day = localDay(Date.parse(found.startTime), job.timezone);
    return day >= from && day <= to;
  });
}
