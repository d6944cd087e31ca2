// The reads that staffing questions share (find_matching_crew, review_crew_schedule): the
// company's crew as matching needs them (role types, profile ids, verified options), the crew jobs
// overlapping a time window, and the BOOKED history (last worked, next shift, a week's hours).
// All are read in bounded pages and kept for STAFFING_TTL_MS, so a second question within that
// time costs only what is new to it (the role's job and its window). Asked at once by a question,
// their first pages go in one request and their other pages in the next (aliased reads,
// src/platform/read-batcher.ts): on the seed, 2 requests after the job's. A plan that prefers no
// score reads the crew lighter (planningCrew: verified options only), unless the matching read is
// kept already. The caches are dropped after any write tool call (src/server.ts) and on webhook
// events (src/app.ts): crew events drop the crew, job and crew-job events drop the windows.
import { crewJobsWindowDocument, crewMatchingDocument, crewPlanningDocument } from '../contract/documents.js';
import type { Platform } from '../platform/client.js';
import { type PageProgress, readAllPages, readNewestPages } from '../platform/pages.js';
import type { Assignment } from '../rules/availability.js';
import { type CrewFacts, type ProfileAnswers, verifiedOptions } from '../rules/matching.js';
import { TtlCache } from './ttl-cache.js';

/** How long crew and crew jobs read for matching are reused: short, a staffing conversation's pace. */
export const STAFFING_TTL_MS = 60_000;
/** Bound of one crew read (500 pages); beyond it the answer says the list was cut. */
export const MAX_MATCHING_CREW = 50_000;
/** Bound of one window's crew jobs; far beyond what overlaps one role. */
const MAX_WINDOW_CREW_JOBS = 10_000;
/** Bound of the BOOKED history read (100 pages); beyond it the oldest are left out, and said so. */
const MAX_BOOKED_HISTORY = 10_000;
/** Windows kept at once (one per role asked about). */
const MAX_WINDOWS = 64;

interface UpstreamMatchingCrew {
  id: number;
  firstName: string;
  lastName: string;
  status: string;
  roleTypeIds?: string[] | null;
  profiles: ProfileAnswers[];
}

interface UpstreamWindowCrewJob {
  id: string;
  status: string;
  crew: { id: number; firstName: string; lastName: string };
  role: { id: string; startTime: string; endTime: string; breakPeriod?: number | null };
  job: { id: string; timezone?: string | null };
}

/** A member as matching reads them, with each SCORING data type's score (plan_staffing's preferScore). */
export interface MatchingCrewMember extends CrewFacts {
  scores: ReadonlyMap<string, number>;
  /** The same scores by profile id (a global data type under each profile that shows it). */
  profileScores: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

export interface MatchingCrew {
  crew: MatchingCrewMember[];
  /** The bound cut the list (MAX_MATCHING_CREW). */
  truncated: boolean;
}

/** Crew as a plan's matching reads them (verified options only), or the matching read's when kept. */
export interface PlanningCrew {
  crew: readonly CrewFacts[];
  truncated: boolean;
}

/** A crew job in a window, with the member's name (for crew booked on the role itself). */
export interface WindowAssignment extends Assignment {
  crewJobId: string;
  crewName: string;
  /** The job's zone (its local days) and the role's break in minutes, when the platform gave them. */
  timeZone?: string;
  breakMinutes?: number;
}

export interface WindowAssignments {
  assignments: WindowAssignment[];
  truncated: boolean;
  /** The BOOKED history kept only its newest crew jobs: the start (UTC) of the oldest one read. */
  since?: string;
}

/** What an answer says when the BOOKED history read was cut (`since`): how far back lastWorked looks. */
export function historyCutNote(since: string): string {
  return `lastWorked looks back to ${since.slice(0, 10)} only (the newest BOOKED crew jobs read).`;
}

export interface StaffingLookupOptions {
  ttlMs?: number;
  now?: () => number;
}

function scoresOf(profiles: readonly ProfileAnswers[]): Map<string, number> {
  const scores = new Map<string, number>();
  for (const profile of profiles) for (const [id, score] of profileScoresOf(profile)) scores.set(id, score);
  return scores;
}

function profileScoresOf(profile: ProfileAnswers): Map<string, number> {
  const scores = new Map<string, number>();
  for (const dataType of profile.dataTypes) {
    const score = (dataType.answer as { score?: number | null } | null | undefined)?.score;
    if (typeof score === 'number') scores.set(String(dataType.id), score);
  }
  return scores;
}

/** A member as a plan's matching reads them: the verified options, no chosen ones, no scores. */
function toPlanningFacts(member: UpstreamMatchingCrew): CrewFacts {
  return {
    id: member.id,
    name: `${member.firstName} ${member.lastName}`,
    status: member.status,
    roleTypeIds: (member.roleTypeIds ?? []).map(String),
    profileIds: member.profiles.map((profile) => String(profile.id)),
    verified: verifiedOptions(member.profiles),
  };
}

/** A member as matching reads them: a plan's facts, with the scores and the chosen options. */
function toFacts(member: UpstreamMatchingCrew): MatchingCrewMember {
  return {
    ...toPlanningFacts(member),
    scores: scoresOf(member.profiles),
    profileScores: new Map(member.profiles.map((profile) => [String(profile.id), profileScoresOf(profile)])),
    chosen: verifiedOptions(member.profiles, 'optionNames'),
  };
}

function toAssignment(crewJob: UpstreamWindowCrewJob): WindowAssignment {
  return {
    crewJobId: crewJob.id,
    crewId: crewJob.crew.id,
    crewName: `${crewJob.crew.firstName} ${crewJob.crew.lastName}`,
    status: crewJob.status,
    jobId: String(crewJob.job.id),
    roleId: String(crewJob.role.id),
    window: { startMs: Date.parse(crewJob.role.startTime), endMs: Date.parse(crewJob.role.endTime) },
    ...(crewJob.job.timezone ? { timeZone: crewJob.job.timezone } : {}),
    ...(typeof crewJob.role.breakPeriod === 'number' ? { breakMinutes: crewJob.role.breakPeriod } : {}),
  };
}

export class StaffingLookup {
  private readonly crewCache: TtlCache<MatchingCrew>;
  private readonly planningCache: TtlCache<PlanningCrew>;
  private readonly windowCache: TtlCache<WindowAssignments>;

  constructor(
    private readonly platform: Platform,
    options: StaffingLookupOptions = {},
  ) {
    const ttlMs = options.ttlMs ?? STAFFING_TTL_MS;
    this.crewCache = new TtlCache({ ttlMs, maxEntries: 8, now: options.now });
    this.planningCache = new TtlCache({ ttlMs, maxEntries: 8, now: options.now });
    this.windowCache = new TtlCache({ ttlMs, maxEntries: MAX_WINDOWS, now: options.now });
  }

  /** Crew in these statuses (the platform filters them), as matching needs them. */
  crew(
    statuses: readonly string[],
    options: { signal?: AbortSignal; onProgress?: PageProgress } = {},
  ): Promise<MatchingCrew> {
    const status = [...new Set(statuses)].sort();
    return this.crewCache.get(
      status.join(','),
      () => this.readCrew(crewMatchingDocument, status, toFacts, options.onProgress),
      options.signal,
    );
  }

  /**
   * Crew in these statuses as a plan that prefers no score reads them: the matching read when it
   * is kept already (it holds more), else the lighter planning read, kept as long.
   */
  planningCrew(
    statuses: readonly string[],
    options: { signal?: AbortSignal; onProgress?: PageProgress } = {},
  ): Promise<PlanningCrew> {
    const status = [...new Set(statuses)].sort();
    const key = status.join(',');
    if (this.crewCache.has(key)) return this.crew(statuses, options);
    return this.planningCache.get(
      key,
      () => this.readCrew(crewPlanningDocument, status, toPlanningFacts, options.onProgress),
      options.signal,
    );
  }

  /**
   * Every crew member in these statuses through `document`. The read is shared by every caller, so
   * no caller's signal aborts it and progress goes to the first; each page is converted as it
   * arrives, while the next ones are read (10,000 crew: 100 pages).
   */
  private async readCrew<T>(
    document: string,
    status: readonly string[],
    convert: (member: UpstreamMatchingCrew) => T,
    onProgress: PageProgress | undefined,
  ): Promise<{ crew: T[]; truncated: boolean }> {
    const { items, truncated } = await readAllPages<T, UpstreamMatchingCrew>(
      this.platform.graphql,
      document,
      'companyCrewAll',
      (page, perPage) => ({ input: { filter: { status }, page, perPage } }),
      { maxItems: MAX_MATCHING_CREW, onProgress, convert },
    );
    return { crew: items, truncated };
  }

  /** Every crew job whose role overlaps [fromUtc, toUtc], whatever its status. */
  assignmentsDuring(fromUtc: string, toUtc: string, signal?: AbortSignal): Promise<WindowAssignments> {
    return this.windowCache.get(
      `${fromUtc}/${toUtc}`,
      async () => {
        const { items, truncated } = await readAllPages<WindowAssignment, UpstreamWindowCrewJob>(
          this.platform.graphql,
          crewJobsWindowDocument,
          'companyCrewJobs',
          (page, perPage) => ({ input: { filter: { fromRange: fromUtc, toRange: toUtc }, page, perPage } }),
          { maxItems: MAX_WINDOW_CREW_JOBS, convert: toAssignment },
        );
        return { assignments: items, truncated };
      },
      signal,
    );
  }

  /**
   * Every BOOKED crew job the platform returns, past and future (who worked when, the week's
   * hours, the next shift), newest kept when there are more than MAX_BOOKED_HISTORY: one read
   * shared by every question for STAFFING_TTL_MS, whatever role or range it is about.
   */
  bookedHistory(signal?: AbortSignal): Promise<WindowAssignments> {
    return this.windowCache.get(
      'BOOKED history',
      async () => {
        const { items: assignments, truncated } = await readNewestPages<
          WindowAssignment,
          UpstreamWindowCrewJob
        >(
          this.platform.graphql,
          crewJobsWindowDocument,
          'companyCrewJobs',
          (page, perPage) => ({ input: { filter: { crewJobStatus: ['BOOKED'] }, page, perPage } }),
          { maxItems: MAX_BOOKED_HISTORY, convert: toAssignment },
        );
        if (!truncated) return { assignments, truncated };
        const oldest = Math.min(...assignments.map((assignment) => assignment.window.startMs));
        return { assignments, truncated, since: new Date(oldest).toISOString() };
      },
      signal,
    );
  }

  /** These crew, whatever their status (a crewIds question about people outside the statuses asked). */
  async crewByIds(crewIds: readonly number[], signal?: AbortSignal): Promise<MatchingCrewMember[]> {
    if (crewIds.length === 0) return [];
    const { items } = await readAllPages<MatchingCrewMember, UpstreamMatchingCrew>(
      this.platform.graphql,
      crewMatchingDocument,
      'companyCrewAll',
      (page, perPage) => ({ input: { filter: { crewIds: [...crewIds] }, page, perPage } }),
      { signal, maxItems: crewIds.length, convert: toFacts },
    );
    return items;
  }

  /** Whether a crew read in these statuses would be answered from the cache now. */
  hasCrew(statuses: readonly string[]): boolean {
    return this.crewCache.has([...new Set(statuses)].sort().join(','));
  }

  /** Crew changed (a crew event): profiles, answers or statuses may differ. */
  invalidateCrew(): void {
    this.crewCache.invalidate();
    this.planningCache.invalidate();
  }

  /** Jobs or crew jobs changed: assignments and role times may differ. */
  invalidateAssignments(): void {
    this.windowCache.invalidate();
  }

  /** After one of our own writes: anything may have changed. */
  invalidate(): void {
    this.invalidateCrew();
    this.invalidateAssignments();
  }
}
