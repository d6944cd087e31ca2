// Deterministic demo data for the sandbox: one company ("company-1") with boards in four
// timezones (DST north and south, a half-hour offset), profiles with own and inherited global
// data types, 260 crew with answers, leavers, and jobs over the 60 days around `today` with
// roles, requirements and crew jobs. The only randomness is a seeded PRNG, so the same seed
// and today give identical data; no timestamp depends on the real clock. The steps below run
// in a fixed order because they share the PRNG and the store's id counters.

import type { SandboxStore } from '../store.js';
import { seedProfiles, seedRoleTypes } from './catalogue.js';
import type { SeedContext } from './context.js';
import { seedCrewMember, seedLeaver } from './crew.js';
import { ensureEveryCrewJobState } from './crew-jobs.js';
import { seedExtraCrew } from './extra-crew.js';
import { seedBoards, seedJobs } from './jobs.js';
import { MAX_EVENT_PLACES, MIN_EVENT_PLACES, seedLargeEvent } from './large-event.js';
import { Rng } from './rng.js';
import { MAX_SEASON_WEEKS, MIN_SEASON_WEEKS, SEASON_CREW_COUNT, seedSeason } from './season.js';

export const SEED_COMPANY_ID = 'company-1';
export const SEED_CREW_COUNT = 260;
export const SEED_LEAVER_COUNT = 12;
/** Upper bound of SandboxOptions.crewCount: scale runs, not a memory test. */
export const MAX_CREW_COUNT = 100_000;

export interface SeedOptions {
  today: string;
  seed: number;
  /**
   * Crew in the company, at least SEED_CREW_COUNT; those beyond it are generated after the whole
   * default seed (seed/extra-crew.ts), which therefore stays identical. Default SEED_CREW_COUNT.
   */
  crewCount?: number;
  /**
   * Open places of a generated three-day event (seed/large-event.ts), added after everything else
   * (the default seed and any extra crew), which therefore stays identical. Default none.
   */
  eventPlaces?: number;
  /**
   * Weeks of a generated busy season (seed/season.ts): with it the company has at least
   * SEASON_CREW_COUNT crew (extra crew as for crewCount), and the season's jobs are added after
   * everything else, which therefore stays identical. Default none.
   */
  season?: number;
}

export function seedStore(store: SandboxStore, options: SeedOptions): void {
  const { season } = options;
  if (
    season !== undefined &&
    (!Number.isInteger(season) || season < MIN_SEASON_WEEKS || season > MAX_SEASON_WEEKS)
  )
    throw new RangeError(
      `season must be a whole number of weeks from ${MIN_SEASON_WEEKS} to ${MAX_SEASON_WEEKS} (got ${season})`,
    );
  const asked = options.crewCount ?? SEED_CREW_COUNT;
  const crewCount = season === undefined ? asked : Math.max(asked, SEASON_CREW_COUNT);
  if (!Number.isInteger(crewCount) || crewCount < SEED_CREW_COUNT || crewCount > MAX_CREW_COUNT)
    throw new RangeError(
      `crewCount must be a whole number from ${SEED_CREW_COUNT} (the default seed) to ${MAX_CREW_COUNT} (got ${crewCount})`,
    );
  const { eventPlaces } = options;
  if (
    eventPlaces !== undefined &&
    (!Number.isInteger(eventPlaces) || eventPlaces < MIN_EVENT_PLACES || eventPlaces > MAX_EVENT_PLACES)
  )
    throw new RangeError(
      `eventPlaces must be a whole number from ${MIN_EVENT_PLACES} to ${MAX_EVENT_PLACES} (got ${eventPlaces})`,
    );
  const todayMs = Date.parse(`${options.today}T00:00:00Z`);
  if (Number.isNaN(todayMs)) throw new Error(`today must be YYYY-MM-DD (got ${options.today})`);
  const ctx: SeedContext = {
    store,
    rng: new Rng(options.seed),
    today: options.today,
    todayMs,
    companyId: SEED_COMPANY_ID,
  };
  const boards = seedBoards(ctx);
  const roleTypeIds = seedRoleTypes(ctx);
  const profileIds = seedProfiles(ctx);
  for (let i = 0; i < SEED_CREW_COUNT; i++) seedCrewMember(ctx, profileIds, roleTypeIds);
  for (let i = 0; i < SEED_LEAVER_COUNT; i++) seedLeaver(ctx);
  seedJobs(ctx, boards, roleTypeIds, profileIds);
  ensureEveryCrewJobState(ctx);
  if (crewCount > SEED_CREW_COUNT) seedExtraCrew(ctx, options.seed, crewCount - SEED_CREW_COUNT);
  if (eventPlaces !== undefined) seedLargeEvent(ctx, options.seed, eventPlaces);
  if (season !== undefined) seedSeason(ctx, options.seed, season);
}
