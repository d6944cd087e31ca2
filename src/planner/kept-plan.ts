// What a kept plan holds: the places planned, the options and a follow-up's changes, as plain
// JSON so that a store can keep it. The planner's own words for it, so that the context
// (server.ts, mcp/) can type its kept plans without reaching up into the staffing room that
// keeps them.
import type { PlanOptions } from './model.js';

/** One asked place: a role of a job, and how many of its open places (all when absent). */
export interface PlaceAsk {
  jobId: string;
  roleId: string;
  count?: number;
}

/** A plan as a follow-up needs it. */
export interface KeptPlan {
  places: PlaceAsk[];
  options: PlanOptions;
  offRole: { roleId: string; crewId: number }[];
  pins: { roleId: string; crewId: number }[];
  assignments: { roleId: string; crewId: number }[];
}
