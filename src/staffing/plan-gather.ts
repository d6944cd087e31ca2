// The facts a plan needs, read through the shared lookups: the roles of the asked scope (named
// jobs, one multi-day job, boards over a range of local days, or explicit places), the company's
// crew as matching reads them, and every crew job around the roles' times. Only roles whose shift
// has not started are planned; the others are counted for a note.
import {
  companyJobsDocument,
  crewJobsWindowDocument,
  crewMatchingDocument,
  crewPlanningDocument,
  jobIndexDocument,
} from '../contract/documents.js';
import type { UpstreamJob, UpstreamRole } from '../contract/upstream.js';
import type { Lookups } from '../lookups/index.js';
import { MAX_JOBS_READ } from '../lookups/jobs.js';
import type { PlanningCrew } from '../lookups/staffing.js';
import type { PlaceAsk } from '../planner/kept-plan.js';
import type { CrewJobFact, PlanningFacts, RoleToFill } from '../planner/model.js';
import type { Platform } from '../platform/client.js';
import { readAllPages } from '../platform/pages.js';
import { BOOKED_STATUS, overlaps } from '../rules/availability.js';
import { withinLocalDates } from '../rules/time.js';

export type { PlaceAsk };

/** What a plan's reads send: the scope's jobs, the crew (the full matching read with preferScore), their crew jobs. */
export const PLAN_DOCUMENTS = [
  companyJobsDocument,
  jobIndexDocument,
  crewMatchingDocument,
  crewPlanningDocument,
  crewJobsWindowDocument,
] as const;

/** Crew jobs are read this far around the roles: rest and the local day reach past a shift. */
const MIN_MARGIN_HOURS = 36;
/** With maxShiftsPerWeek: a week's other days, and a zone's offset from UTC. */
const WEEK_MARGIN_HOURS = 8 * 24;

export interface BoardRange {
  boardIds: readonly string[];
  /** The platform's range filter and how the range reads (readRange). */
  filter: { fromRange?: string; toRange?: string };
  localDates?: { from?: string; to?: string };
  span: { startMs: number; endMs: number };
}

export interface ScopeAsk {
  jobIds?: readonly string[];
  multiDayJobId?: string;
  boards?: BoardRange;
  places?: readonly PlaceAsk[];
}

export interface GatheredRoles {
  roles: RoleToFill[];
  /** Roles with open places whose shift has started: left out. */
  started: number;
  /** Named places that do not exist. */
  missing: string[];
}

export function toRoleToFill(job: UpstreamJob, role: UpstreamRole, count?: number): RoleToFill {
  const booked = (role.crewJobs ?? []).filter((crewJob) => crewJob.status === BOOKED_STATUS).length;
  const open = Math.max(0, role.quantity - booked);
  return {
    jobId: String(job.id),
    roleId: String(role.id),
    title: role.title,
    jobTitle: job.title,
    ...(job.multiDayJobId ? { multiDayJobId: String(job.multiDayJobId) } : {}),
    shift: {
      jobId: String(job.id),
      roleId: String(role.id),
      window: { startMs: Date.parse(role.startTime), endMs: Date.parse(role.endTime) },
      timeZone: job.timezone,
      breakMinutes: role.breakPeriod ?? 0,
    },
    open: count === undefined ? open : Math.min(open, count),
    requirements: role.requirements ?? null,
  };
}

async function jobsOf(ask: ScopeAsk, lookups: Lookups, platform: Platform, signal: AbortSignal) {
  if (ask.jobIds) return [...(await lookups.jobs.readJobs(ask.jobIds, signal)).values()];
  if (ask.places)
    return [
      ...(
        await lookups.jobs.readJobs(
          ask.places.map((place) => place.jobId),
          signal,
        )
      ).values(),
    ];
  if (ask.multiDayJobId) return lookups.jobs.readMultiDayJob(ask.multiDayJobId, signal);
  const boards = ask.boards as BoardRange;
  const { items } = await readAllPages<UpstreamJob>(
    platform.graphql,
    companyJobsDocument,
    'companyJobs',
    (page, perPage) => ({
      input: { filter: { boardIds: boards.boardIds, ...boards.filter }, page, perPage },
    }),
    { signal, maxItems: MAX_JOBS_READ },
  );
  lookups.jobs.rememberBoards(items);
  return items.filter((job) => withinLocalDates(job.date, boards.localDates));
}

export async function gatherRoles(
  ask: ScopeAsk,
  lookups: Lookups,
  platform: Platform,
  signal: AbortSignal,
  nowMs: number,
): Promise<GatheredRoles> {
  const jobs = await jobsOf(ask, lookups, platform, signal);
  const byJob = new Map(jobs.map((job) => [String(job.id), job]));
  const asked: RoleToFill[] = [];
  const missing: string[] = [];
  if (ask.places) {
    for (const place of ask.places) {
      const role = byJob.get(place.jobId)?.roles.find((candidate) => String(candidate.id) === place.roleId);
      const job = byJob.get(place.jobId);
      if (!job || !role) missing.push(`${place.jobId}/${place.roleId}`);
      else asked.push(toRoleToFill(job, role, place.count));
    }
  } else {
    const span = ask.boards?.span;
    for (const job of jobs)
      for (const role of job.roles) {
        const entry = toRoleToFill(job, role);
        if (span && ask.boards?.localDates === undefined && !overlaps(entry.shift.window, span)) continue;
        asked.push(entry);
      }
  }
  const open = asked.filter((role) => role.open > 0);
  const roles = open
    .filter((role) => role.shift.window.startMs > nowMs)
    .sort(
      (a, b) =>
        a.shift.window.startMs - b.shift.window.startMs ||
        a.jobId.localeCompare(b.jobId, 'en', { numeric: true }) ||
        a.roleId.localeCompare(b.roleId, 'en', { numeric: true }),
    );
  return { roles, started: open.length - roles.length, missing };
}

export interface GatheredFacts extends PlanningFacts {
  notes: string[];
}

export async function gatherFacts(
  roles: readonly RoleToFill[],
  options: {
    statuses: readonly string[];
    minRestHours: number;
    preferScore?: string;
    maxShiftsPerWeek?: number;
  },
  lookups: Lookups,
  signal: AbortSignal,
  onProgress?: (done: number, total?: number) => void,
): Promise<GatheredFacts> {
  // A week's cap counts BOOKED shifts of the whole local Monday-Sunday week around each role.
  const marginHours = options.maxShiftsPerWeek !== undefined ? WEEK_MARGIN_HOURS : MIN_MARGIN_HOURS;
  const marginMs = Math.max(marginHours, options.minRestHours) * 3_600_000;
  const startMs = Math.min(...roles.map((role) => role.shift.window.startMs)) - marginMs;
  const endMs = Math.max(...roles.map((role) => role.shift.window.endMs)) + marginMs;
  const read = {
    signal,
    ...(onProgress ? { onProgress: (done: number, total?: number) => onProgress(done, total) } : {}),
  };
  const preferScore = options.preferScore;
  // Only a preferred score needs the matching read's scores; otherwise the lighter planning read.
  const crewRead: Promise<PlanningCrew & { scores?: Map<number, number> }> = preferScore
    ? lookups.staffing.crew(options.statuses, read).then((matching) => ({
        ...matching,
        scores: new Map(matching.crew.map((member) => [member.id, member.scores.get(preferScore) ?? 0])),
      }))
    : lookups.staffing.planningCrew(options.statuses, read);
  const [crew, window] = await Promise.all([
    crewRead,
    lookups.staffing.assignmentsDuring(
      new Date(startMs).toISOString(),
      new Date(endMs).toISOString(),
      signal,
    ),
  ]);
  const crewJobs: CrewJobFact[] = window.assignments.map((assignment) => ({
    crewId: assignment.crewId,
    status: assignment.status,
    jobId: assignment.jobId,
    roleId: assignment.roleId,
    window: assignment.window,
    timeZone: assignment.timeZone ?? 'UTC',
    ...(assignment.breakMinutes !== undefined ? { breakMinutes: assignment.breakMinutes } : {}),
  }));
  const notes: string[] = [];
  if (crew.truncated) notes.push(`Only the first ${crew.crew.length} crew were read; narrow statuses.`);
  if (window.truncated)
    notes.push('Not every crew job around these roles could be read: bookings may be missing.');
  return {
    roles,
    crew: crew.crew,
    crewJobs,
    ...(crew.scores ? { scores: crew.scores } : {}),
    notes,
  };
}
