// The shapes one independent part of a plan is solved in: its rows (CSR, built by rows.ts), its
// stages (stages.ts) and what the solvers after the build read of it (fairness.ts, first-plan.ts).
import type { Highs } from 'highs';
import type { Candidate } from './model.js';
import type { CrewClass } from './reduce.js';
import type { Schedule } from './schedules.js';

export type ObjectiveName = 'filled' | 'kept' | 'pending' | 'continuity' | 'score' | 'fairness';

export type HighsModel = ReturnType<Highs['createModel']>;

export interface Stage {
  name: ObjectiveName | 'ranking';
  sense: 'max' | 'min';
  costs: Float64Array;
  integral: boolean;
}

export interface Rows {
  starts: number[];
  indices: number[];
  values: number[];
  lower: number[];
  upper: number[];
}

export function addRow(rows: Rows, entries: [number, number][], lower: number, upper: number): void {
  rows.starts.push(rows.indices.length);
  for (const [index, value] of entries) {
    rows.indices.push(index);
    rows.values.push(value);
  }
  rows.lower.push(lower);
  rows.upper.push(upper);
}

export interface PartProblem {
  candidates: Candidate[];
  numCols: number;
  rows: Rows;
  integrality: number[];
  colLower: number[];
  colUpper: number[];
  stages: Stage[];
  /** The maximum load L, and each person's load as (column, hours) terms. */
  loadColumn: number;
  loads: { terms: [number, number][]; booked: number }[];
  /** Every load a person can have (sums of their candidates' hours, plus booked), ascending; none when too many. */
  levels?: number[];
  /** Rows "a person's load <= threshold x their used column", for people on one multi-day job only. */
  capacities: { row: number; used: number; booked: number }[];
  /**
   * Per person with two candidates or more: the row counting their proposed shifts, their
   * candidates' hours ascending and their booked hours. Under a threshold T a person can take no
   * more shifts than their shortest ones fit in T (a cover inequality the load row implies only
   * for whole numbers): the fairness search sets each row's bound per probe.
   */
  counts: { row: number; hours: number[]; booked: number }[];
  /** Integer columns of interchangeable crew's schedules (schedules.ts), and their classes. */
  schedules: Schedule[];
  groups: readonly CrewClass[];
  /** Per place: its open places, its individual columns, and how many its schedules can hold. */
  placeColumns: { open: number; hours: number; columns: number[]; scheduled: number; schedules: number[] }[];
  /** Hours of the longest place every plan from here on fills (someone works at least that). */
  leastLoad: number;
  /** Columns no plan keeping the stages solved can use (reduced-cost fixing): bounds 0 for good. */
  zeroed: Set<number>;
  /** Each "used" column (a person on a multi-day job, or with booked hours) and the columns it counts. */
  links: { used: number; columns: number[] }[];
  /** Per multi-day job of the part, when continuity counts its people: its places (job-cliques.ts). */
  jobs: JobPlaces[];
}

/**
 * A multi-day job's places (indices of placeColumns) and, per pair of them, whether no person can
 * hold both whoever they are (an overlap or a short rest, one shift a day, the caps): row-major.
 */
export interface JobPlaces {
  places: number[];
  exclusive: Uint8Array;
}

/** Distinct sums of a person's hours above this many make the levels too many to search. */
export const MAX_LEVELS = 4_096;

export const roundHours = (hours: number): number => Math.round(hours * 1e6) / 1e6;
