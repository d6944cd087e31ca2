// The reads that checks and tools share, one instance per app (one platform client), so that a
// cache filled by one call serves the next. facts.ts reads what a mutation's checker asks for.
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import { BoardLookup } from './boards.js';
import { CrewLookup } from './crew.js';
import { createDataTypeCatalog, type DataTypeCatalog } from './data-types.js';
import { JobIndex } from './job-index.js';
import { JobLookup } from './jobs.js';
import { StaffingLookup } from './staffing.js';

export interface Lookups {
  jobs: JobLookup;
  /** The light jobs of the window around today: board names, and the resources' boards and jobs. */
  jobIndex: JobIndex;
  /** Board names to ids (tools whose boardIds take names). */
  boards: BoardLookup;
  dataTypes: DataTypeCatalog;
  /** The crew member an update names (update_crew's answer checks). */
  crew: CrewLookup;
  /** Crew and crew jobs for matching, cached briefly (find_matching_crew). */
  staffing: StaffingLookup;
}

/** `now`: the app's clock (AppOptions.now), where a lookup's window is "around today". */
export function createLookups(platform: Platform, logger: Logger, now: () => number = Date.now): Lookups {
  const jobIndex = new JobIndex(platform, { now });
  return {
    jobs: new JobLookup(platform),
    jobIndex,
    boards: new BoardLookup(platform, { index: jobIndex }),
    dataTypes: createDataTypeCatalog(platform, logger),
    crew: new CrewLookup(platform),
    staffing: new StaffingLookup(platform),
  };
}

/**
 * After a write tool ran (successfully or with an unknown outcome): drop what it may have made
 * stale. The data type catalogue has its own invalidation (update_profile_data_types).
 */
export function invalidateAfterWrite(lookups: Lookups): void {
  lookups.staffing.invalidate();
  lookups.jobIndex.invalidate();
}

/** A webhook event of this type arrived: drop what it says changed. */
export function invalidateOnEvent(lookups: Lookups, eventType: string): void {
  if (eventType.startsWith('crew.')) lookups.staffing.invalidateCrew();
  else lookups.staffing.invalidateAssignments();
  // A job created, changed or deleted: its board and day may be new to the index.
  if (eventType.startsWith('job.')) lookups.jobIndex.invalidate();
}
