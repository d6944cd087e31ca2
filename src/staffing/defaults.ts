// The staffing defaults, stated once for every tool that staffs or reviews: find_matching_crew,
// review_crew_schedule and plan_staffing start from these unless the caller says otherwise, so
// that "who can work", "is this schedule sound" and "plan it" answer by the same measures.
import { WORKING_CREW_STATUSES } from '../rules/schedule.js';

export const STAFFING_DEFAULTS = {
  /** Crew considered: those who may work (a BOOKED person outside them is a schedule problem). */
  crewStatuses: WORKING_CREW_STATUSES,
  /** Hours of rest between two shifts of one person, below which a rest is short. */
  minRestHours: 10,
  /** Ranked matches shown. */
  matchLimit: 20,
} as const;
