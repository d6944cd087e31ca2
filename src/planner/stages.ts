// The ordered objective's stages of a part, and how a proven stage is kept by the later ones.
import type { Highs } from 'highs';
import type { Candidate } from './model.js';
import type { HighsModel, ObjectiveName, PartProblem, Stage } from './problem.js';
import type { Schedule } from './schedules.js';

/**
 * Hours someone works in every plan keeping the places filled at their counting bound: the
 * longest place with a bound (problem.leastLoad, the fairness stage's floor).
 */
export function keepLeastLoad(problem: PartProblem, stage: Stage, value: number): void {
  if (stage.name !== 'filled') return;
  placesAtBound(problem, stage, value)?.forEach((place, at) => {
    if (place.bound > 0)
      problem.leastLoad = Math.max(problem.leastLoad, problem.placeColumns[at]?.hours ?? 0);
  });
}

/** A stage's optimum kept by every later stage: a row (an integer objective's exact value). */
export function fixStage(
  highs: Highs,
  model: HighsModel,
  problem: PartProblem,
  stage: Stage,
  index: number,
  value: number,
): void {
  const entries: [number, number][] = [];
  stage.costs.forEach((cost, column) => {
    if (cost !== 0) entries.push([column, cost]);
  });
  if (entries.length === 0 || index === problem.stages.length - 1) return;
  // At the counting bound every place is at its own: sparse rows per place, not one dense row
  // over every column, which slowed each later stage's relaxation (seconds on 300 places).
  const perPlace = placesAtBound(problem, stage, value);
  if (perPlace) {
    perPlace.forEach((place) => {
      if (place.bound <= 0) return;
      model.addRow(place.bound, highs.infinity, {
        indices: place.columns,
        values: place.columns.map(() => 1),
      });
    });
    return;
  }
  const slack = stage.integral ? 0 : 1e-6 * Math.max(1, Math.abs(value));
  const target = stage.integral ? Math.round(value) : value;
  if (stage.sense === 'max') model.addRow(target - slack, highs.infinity, columnsOf(entries));
  else model.addRow(-highs.infinity, target + slack, columnsOf(entries));
}

/** A plan's value on a stage's objective. */
export const stageValue = (stage: Stage, solution: Float64Array): number =>
  stage.costs.reduce((sum, cost, column) => sum + cost * (solution[column] ?? 0), 0);

/** A stage proven earlier and its optimum, which every later plan keeps. */
export interface Kept {
  stage: Stage;
  value: number;
}

/** Whether a plan keeps every earlier stage's optimum. */
export const keepsEvery = (earlier: readonly Kept[], solution: Float64Array): boolean =>
  earlier.every(({ stage, value }) => {
    const reached = stageValue(stage, solution);
    return stage.sense === 'max' ? reached >= value - 1e-6 : reached <= value + 1e-6;
  });

export function columnsOf(entries: [number, number][]): { indices: number[]; values: number[] } {
  return { indices: entries.map(([column]) => column), values: entries.map(([, value]) => value) };
}

export const ORDER: ObjectiveName[] = ['filled', 'kept', 'pending', 'continuity', 'score', 'fairness'];

/**
 * A bound of the stages that count places (filled, kept, pending) without the solver: each place
 * gives at most its open places, and at most as many as the columns that count there can hold.
 */
export function countingBound(problem: PartProblem, stage: Stage): number | undefined {
  return placeBounds(problem, stage)?.reduce((sum, place) => sum + place.bound, 0);
}

export function placeBounds(
  problem: PartProblem,
  stage: Stage,
): { columns: number[]; bound: number }[] | undefined {
  if (stage.name !== 'filled' && stage.name !== 'kept' && stage.name !== 'pending') return undefined;
  return problem.placeColumns.map((place) => {
    const columns = [
      ...place.columns.filter((column) => (stage.costs[column] ?? 0) > 0),
      ...(stage.name === 'filled' ? place.schedules : []),
    ];
    const counted = columns.length - (stage.name === 'filled' ? place.schedules.length : 0);
    return {
      columns,
      bound: Math.min(place.open, counted + (stage.name === 'filled' ? place.scheduled : 0)),
    };
  });
}

/**
 * Each place's columns and bound when the stage's optimum `value` is the sum of the places' own
 * bounds (every place at its bound, so a row per place keeps it); else undefined.
 */
export function placesAtBound(
  problem: PartProblem,
  stage: Stage,
  value: number,
): { columns: number[]; bound: number }[] | undefined {
  const perPlace = placeBounds(problem, stage);
  return perPlace && Math.abs(perPlace.reduce((sum, place) => sum + place.bound, 0) - value) < 1e-6
    ? perPlace
    : undefined;
}

/** Whether a stage's best value meets its bound (an integer objective: closer than one). */
export function closed(stage: Stage, value: number, bound: number): boolean {
  if (!Number.isFinite(bound)) return false;
  const gap = stage.sense === 'max' ? bound - value : value - bound;
  return stage.integral ? gap < 1 - 1e-6 : gap <= 1e-6 * Math.max(1, Math.abs(value));
}

/**
 * The part's stages in the objective's order: places filled; the earlier plan kept; pending crew;
 * fewest people per multi-day job; score; least maximum load; then find_matching_crew's ranking.
 */
export function buildStages(
  numCols: number,
  candidates: readonly Candidate[],
  schedules: readonly Schedule[],
  loadColumn: number,
  continuity: { continuityColumns: readonly number[]; firstExtra: number; continuityGroups: number },
): Stage[] {
  const vector = (
    value: (candidate: Candidate) => number,
    perSchedule: (schedule: Schedule) => number = () => 0,
  ) => {
    const costs = new Float64Array(numCols);
    candidates.forEach((candidate, column) => {
      costs[column] = value(candidate);
    });
    for (const schedule of schedules) costs[schedule.column] = perSchedule(schedule);
    return costs;
  };
  const stages: Stage[] = [
    {
      name: 'filled',
      sense: 'max',
      costs: vector(
        () => 1,
        (schedule) => schedule.places.length,
      ),
      integral: true,
    },
  ];
  if (candidates.some((candidate) => candidate.previous))
    stages.push({ name: 'kept', sense: 'max', costs: vector((c) => (c.previous ? 1 : 0)), integral: true });
  if (candidates.some((candidate) => candidate.pending))
    stages.push({ name: 'pending', sense: 'max', costs: vector((c) => (c.pending ? 1 : 0)), integral: true });
  if (
    continuity.continuityColumns.some((column) => column >= continuity.firstExtra) ||
    continuity.continuityGroups
  ) {
    const costs = new Float64Array(numCols);
    for (const column of continuity.continuityColumns) costs[column] = 1;
    for (const schedule of schedules) costs[schedule.column] = schedule.jobs;
    stages.push({ name: 'continuity', sense: 'min', costs, integral: true });
  }
  if (
    candidates.some((candidate) => candidate.score !== 0) ||
    schedules.some((schedule) => schedule.score !== 0)
  )
    stages.push({
      name: 'score',
      sense: 'max',
      costs: vector(
        (c) => c.score,
        (schedule) => schedule.score,
      ),
      integral: false,
    });
  const fairness = new Float64Array(numCols);
  fairness[loadColumn] = 1;
  stages.push({ name: 'fairness', sense: 'min', costs: fairness, integral: false });
  stages.push({
    name: 'ranking',
    sense: 'min',
    costs: vector(
      (c) => c.rank,
      (schedule) => schedule.rank,
    ),
    integral: true,
  });
  return stages;
}
