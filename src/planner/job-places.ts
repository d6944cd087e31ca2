// Stages decided at a few places (a multi-day job's), bounded without the whole model: the same
// question asked over the columns at those places alone is a relaxation when every row is
// loosened by what the columns left out could add to it (each such column anywhere within its
// bounds), so its optimum bounds the stage, and its infeasibility at a fairness level rules that
// level out. Continuity counts only the multi-day jobs' people, and on a real week's multi-day job
// (7 places, 16 open, 681 of 4,706 columns) it also decides the least maximum load: the whole
// model's continuity MIP took 0.8-2.1 s and each fairness probe 0.1-2.8 s there, under load.
import type { Highs } from 'highs';
import { shiftsWithin } from './fairness.js';
import type { PartProblem, Stage } from './problem.js';
import { placeBounds } from './stages.js';

/** A stage proven earlier and its optimum (as without-lp.ts keeps them). */
interface KeptValue {
  stage: Stage;
  value: number;
}

/**
 * The places (indices of problem.placeColumns) where a stage's objective counts someone's column,
 * itself or through their "used" column (continuity: its multi-day jobs' places). Not by the
 * schedules it counts, which reach other places too. Any set of places gives a relaxation; these
 * are the ones that decide the stage.
 */
export function placesCounted(problem: PartProblem, stage: Stage): number[] {
  const counted = new Set<number>();
  stage.costs.forEach((cost, column) => {
    if (cost !== 0 && column < problem.candidates.length) counted.add(column);
  });
  for (const { used, columns } of problem.links)
    if ((stage.costs[used] ?? 0) !== 0) for (const column of columns) counted.add(column);
  const places: number[] = [];
  problem.placeColumns.forEach((place, index) => {
    if (place.columns.some((column) => counted.has(column))) places.push(index);
  });
  return places;
}

/** Every column at those places, the "used" columns tied to them, and the maximum load when asked. */
function columnsAt(problem: PartProblem, places: readonly number[], withLoad: boolean): number[] {
  const columns = new Set<number>();
  for (const index of places) {
    const place = problem.placeColumns[index];
    for (const column of [...(place?.columns ?? []), ...(place?.schedules ?? [])]) columns.add(column);
  }
  for (const { used, columns: tied } of problem.links)
    if (tied.some((column) => columns.has(column))) columns.add(used);
  if (withLoad) columns.add(problem.loadColumn);
  return [...columns].sort((a, b) => a - b);
}

interface Row {
  entries: [number, number][];
  lower: number;
  upper: number;
}

/** The part's rows with the fairness threshold applied (setThreshold's edits), and the earlier optima kept (fixStage's). */
function rowsOf(problem: PartProblem, earlier: readonly KeptValue[], threshold: number | undefined): Row[] {
  const { starts, indices, values, lower, upper } = problem.rows;
  const capacity = new Map(problem.capacities.map((each) => [each.row, each]));
  const count = new Map(problem.counts.map((each) => [each.row, each]));
  const rows: Row[] = [];
  for (let row = 0; row < lower.length; row++) {
    const entries: [number, number][] = [];
    const end = starts[row + 1] ?? indices.length;
    const held = threshold === undefined ? undefined : capacity.get(row);
    for (let entry = starts[row] ?? 0; entry < end; entry++) {
      const column = indices[entry] ?? 0;
      const value =
        held && column === held.used ? held.booked - (threshold ?? 0) - 1e-6 : (values[entry] ?? 0);
      entries.push([column, value]);
    }
    const counted = threshold === undefined ? undefined : count.get(row);
    const top = counted
      ? shiftsWithin(counted.hours, counted.booked, threshold ?? 0)
      : (upper[row] ?? Infinity);
    rows.push({ entries, lower: lower[row] ?? -Infinity, upper: top });
  }
  for (const { stage, value } of earlier) {
    const perPlace = placeBounds(problem, stage);
    if (perPlace && Math.abs(perPlace.reduce((sum, place) => sum + place.bound, 0) - value) < 1e-6) {
      for (const place of perPlace)
        if (place.bound > 0)
          rows.push({
            entries: place.columns.map((column) => [column, 1]),
            lower: place.bound,
            upper: Infinity,
          });
      continue;
    }
    const entries: [number, number][] = [];
    stage.costs.forEach((cost, column) => {
      if (cost !== 0) entries.push([column, cost]);
    });
    const target = stage.integral ? Math.round(value) : value;
    const slack = stage.integral ? 0 : 1e-6 * Math.max(1, Math.abs(value));
    rows.push(
      stage.sense === 'max'
        ? { entries, lower: target - slack, upper: Infinity }
        : { entries, lower: -Infinity, upper: target + slack },
    );
  }
  return rows;
}

/** A column's bounds: reduced-cost fixing's zeros kept, and the threshold's (the load, schedules longer than it). */
function boundsOf(problem: PartProblem, column: number, threshold: number | undefined): [number, number] {
  const lower = problem.colLower[column] ?? 0;
  let upper = problem.zeroed.has(column) ? 0 : (problem.colUpper[column] ?? 0);
  if (threshold !== undefined) {
    if (column === problem.loadColumn) upper = Math.min(upper, threshold + 1e-6);
    const schedule = problem.schedules[column - problem.candidates.length];
    if (schedule && schedule.hours > threshold + 1e-6) upper = 0;
  }
  return [lower, upper];
}

/**
 * The question over `columns` alone: each row keeps their entries, its bounds widened by the most
 * and the least the other columns can add within their bounds (a row they could move without
 * limit is dropped). Every plan of the whole model restricted to `columns` satisfies it.
 */
function restricted(
  highs: Highs,
  problem: PartProblem,
  columns: readonly number[],
  rows: readonly Row[],
  threshold: number | undefined,
) {
  const at = new Map(columns.map((column, index) => [column, index]));
  const starts: number[] = [];
  const indices: number[] = [];
  const values: number[] = [];
  const rowLower: number[] = [];
  const rowUpper: number[] = [];
  for (const { entries, lower, upper } of rows) {
    let least = 0;
    let most = 0;
    const kept: [number, number][] = [];
    for (const [column, value] of entries) {
      const index = at.get(column);
      if (index !== undefined) {
        kept.push([index, value]);
        continue;
      }
      const [low, high] = boundsOf(problem, column, threshold);
      least += value > 0 ? value * low : value * high;
      most += value > 0 ? value * high : value * low;
    }
    const bottom = lower === -Infinity || most === Infinity ? -Infinity : lower - most;
    const top = upper === Infinity || least === -Infinity ? Infinity : upper - least;
    if (kept.length === 0 || (bottom === -Infinity && top === Infinity)) continue;
    starts.push(indices.length);
    for (const [index, value] of kept) {
      indices.push(index);
      values.push(value);
    }
    rowLower.push(bottom === -Infinity ? -highs.infinity : bottom);
    rowUpper.push(top === Infinity ? highs.infinity : top);
  }
  const bounds = columns.map((column) => boundsOf(problem, column, threshold));
  return highs.createModel({
    numCols: columns.length,
    numRows: rowLower.length,
    sense: highs.constants.objectiveSense.minimize,
    colCost: new Float64Array(columns.length),
    colLower: Float64Array.from(bounds, ([low]) => low),
    colUpper: Float64Array.from(bounds, ([, high]) => (high === Infinity ? highs.infinity : high)),
    rowLower: Float64Array.from(rowLower),
    rowUpper: Float64Array.from(rowUpper),
    matrix: {
      format: 'csr',
      numRows: rowLower.length,
      numCols: columns.length,
      starts: [...starts, indices.length],
      indices,
      values,
    },
    integrality: columns.map((column) => (problem.integrality[column] === 1 ? 1 : 0)),
  });
}

export type PlacesOutcome =
  | { status: 'optimal'; value: number; chosen: number[] }
  | { status: 'infeasible' }
  | { status: 'unknown' };

/**
 * The restricted question solved: with `stage` its objective's optimum and the plan's candidate
 * and schedule columns (a schedule once per person it places); without, whether any plan fits.
 */
export function solveAtPlaces(
  highs: Highs,
  problem: PartProblem,
  places: readonly number[],
  earlier: readonly KeptValue[],
  stage: Stage | undefined,
  threshold: number | undefined,
  deadline: number,
  now: () => number,
): PlacesOutcome {
  const columns = columnsAt(problem, places, threshold !== undefined);
  // Continuity counting schedules only (every member interchangeable) has no place of its own here.
  if (places.length === 0) return { status: 'unknown' };
  const model = restricted(highs, problem, columns, rowsOf(problem, earlier, threshold), threshold);
  try {
    if (stage) {
      model.changeColsCost(
        { kind: 'range', from: 0, to: columns.length - 1 },
        Float64Array.from(columns, (column) => stage.costs[column] ?? 0),
      );
      if (stage.sense === 'max') model.changeObjectiveSense(highs.constants.objectiveSense.maximize);
    }
    model.options.set({
      output_flag: false,
      time_limit: Math.max(0.05, (deadline - now()) / 1000),
      mip_rel_gap: 0,
      mip_abs_gap: stage?.integral ? 0.999 : 1e-6,
    });
    model.run();
    const status = model.getModelStatus();
    if (status === highs.constants.modelStatus.infeasible) return { status: 'infeasible' };
    if (status !== highs.constants.modelStatus.optimal) return { status: 'unknown' };
    const { colValue } = model.getSolution();
    const firstExtra = problem.candidates.length + problem.schedules.length;
    const chosen: number[] = [];
    columns.forEach((column, index) => {
      if (column < firstExtra)
        for (let unit = 0; unit < Math.round(colValue[index] ?? 0); unit++) chosen.push(column);
    });
    return { status: 'optimal', value: stage ? model.getObjectiveValue() : 0, chosen };
  } finally {
    model.dispose();
  }
}
