// The fairness stage's question at a few places (a multi-day job's) without the whole model: "a
// plan keeping the earlier optima with nobody above this level" asked over the columns at those
// places alone is a relaxation when every row is loosened by what the columns left out could add
// to it (each such column anywhere within its bounds), so a level it rules out is ruled out. On a
// real week's multi-day job (7 places, 16 open for 9 people) those places decide the least
// maximum load (13.25 h, the longest place 10 h): 911 columns after continuity's reduced-cost
// fixing, against the whole model's 4,706, whose probes took 0.1-2.8 s each under load.
import type { Highs } from 'highs';
import { shiftsWithin } from './fairness.js';
import type { HighsModel, PartProblem, Stage } from './problem.js';
import { type Kept, placesAtBound } from './stages.js';

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

/** Every column at those places (but those fixed at 0), the "used" columns tied to them, and the maximum load when asked. */
function columnsAt(problem: PartProblem, places: readonly number[], withLoad: boolean): number[] {
  const columns = new Set<number>();
  for (const index of places) {
    const place = problem.placeColumns[index];
    // A column reduced-cost fixing set to 0 adds nothing to any row: left out, the same question.
    for (const column of [...(place?.columns ?? []), ...(place?.schedules ?? [])])
      if (!problem.zeroed.has(column)) columns.add(column);
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
  /** The part's row it is (the threshold edits capacity and count rows); none for an earlier optimum's. */
  row?: number;
}

/** The part's rows with a column in `inside` (no other row says anything of them), and the earlier optima kept (fixStage's rows). */
function rowsOf(problem: PartProblem, earlier: readonly Kept[], inside: Uint8Array): Row[] {
  const { starts, indices, values, lower, upper } = problem.rows;
  const rows: Row[] = [];
  for (let row = 0; row < lower.length; row++) {
    const entries: [number, number][] = [];
    const end = starts[row + 1] ?? indices.length;
    let touches = false;
    for (let entry = starts[row] ?? 0; !touches && entry < end; entry++)
      touches = inside[indices[entry] ?? 0] === 1;
    if (!touches) continue;
    for (let entry = starts[row] ?? 0; entry < end; entry++)
      entries.push([indices[entry] ?? 0, values[entry] ?? 0]);
    rows.push({ entries, lower: lower[row] ?? -Infinity, upper: upper[row] ?? Infinity, row });
  }
  for (const { stage, value } of earlier) {
    const perPlace = placesAtBound(problem, stage, value);
    if (perPlace) {
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

/** A column's bounds, with reduced-cost fixing's zeros (the threshold's are set per level). */
function boundsOf(problem: PartProblem, column: number): [number, number] {
  return [problem.colLower[column] ?? 0, problem.zeroed.has(column) ? 0 : (problem.colUpper[column] ?? 0)];
}

/** What a level edits in the restricted model: capacity coefficients, count rows' bounds, the load's and schedules' bounds. */
interface LevelEdits {
  capacities: { row: number; used: number; booked: number }[];
  counts: { row: number; hours: number[]; booked: number; least: number }[];
  load: number;
  schedules: { column: number; hours: number; upper: number }[];
}

/**
 * The question over `columns` alone: each row keeps their entries, its bounds widened by the most
 * and the least the other columns can add within their bounds (a row they could move without
 * limit is dropped). Every plan of the whole model restricted to `columns` satisfies it, at any
 * level (a left-out column is widened over its bounds at no level, the loosest).
 */
function restricted(
  highs: Highs,
  problem: PartProblem,
  columns: readonly number[],
  rows: readonly Row[],
): { model: HighsModel; edits: LevelEdits } {
  const at = new Map(columns.map((column, index) => [column, index]));
  const capacityOf = new Map(problem.capacities.map((each) => [each.row, each]));
  const countOf = new Map(problem.counts.map((each) => [each.row, each]));
  const edits: LevelEdits = {
    capacities: [],
    counts: [],
    load: at.get(problem.loadColumn) ?? -1,
    schedules: [],
  };
  const starts: number[] = [];
  const indices: number[] = [];
  const values: number[] = [];
  const rowLower: number[] = [];
  const rowUpper: number[] = [];
  for (const { entries, lower, upper, row } of rows) {
    let least = 0;
    let most = 0;
    const kept: [number, number][] = [];
    for (const [column, value] of entries) {
      const index = at.get(column);
      if (index !== undefined) {
        kept.push([index, value]);
        continue;
      }
      const [low, high] = boundsOf(problem, column);
      least += value > 0 ? value * low : value * high;
      most += value > 0 ? value * high : value * low;
    }
    const bottom = lower === -Infinity || most === Infinity ? -Infinity : lower - most;
    const top = upper === Infinity || least === -Infinity ? Infinity : upper - least;
    if (kept.length === 0 || (bottom === -Infinity && top === Infinity)) continue;
    const capacity = row === undefined ? undefined : capacityOf.get(row);
    const used = capacity ? at.get(capacity.used) : undefined;
    if (capacity && used !== undefined)
      edits.capacities.push({ row: rowLower.length, used, booked: capacity.booked });
    const count = row === undefined ? undefined : countOf.get(row);
    if (count && top !== Infinity)
      edits.counts.push({ row: rowLower.length, hours: count.hours, booked: count.booked, least });
    starts.push(indices.length);
    for (const [index, value] of kept) {
      indices.push(index);
      values.push(value);
    }
    rowLower.push(bottom === -Infinity ? -highs.infinity : bottom);
    rowUpper.push(top === Infinity ? highs.infinity : top);
  }
  const bounds = columns.map((column) => boundsOf(problem, column));
  columns.forEach((column, index) => {
    const schedule = problem.schedules[column - problem.candidates.length];
    if (schedule && !problem.zeroed.has(column))
      edits.schedules.push({ column: index, hours: schedule.hours, upper: schedule.upper });
  });
  const model = highs.createModel({
    numCols: columns.length,
    numRows: rowLower.length,
    sense: highs.constants.objectiveSense.minimize,
    // A feasibility question still gets an objective, the least maximum load L, with any plan its
    // answer (the gap's limit met by the first): with no objective HiGHS took 0.5-1.8 s to rule
    // out each level near a real week's optimum, with it 60-130 ms (the same 7 probes, under load).
    colCost: Float64Array.from(columns, (column) => (column === problem.loadColumn ? 1 : 0)),
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
  model.options.set({ output_flag: false, mip_rel_gap: ANY_PLAN, mip_abs_gap: ANY_PLAN });
  return { model, edits };
}

/** A gap every plan meets: the search stops at its first plan. */
const ANY_PLAN = 1e9;

export type PlacesOutcome =
  | { status: 'feasible'; chosen: number[] }
  | { status: 'infeasible' }
  | { status: 'unknown' };

/**
 * The question at `places`, built once and asked per level (setThreshold's edits on the small
 * model): whether a plan fits, and its candidate and schedule columns (a schedule once per person
 * it places). None when there are no such places, or more than `mostColumns` columns there.
 */
export function levelsAtPlaces(
  highs: Highs,
  problem: PartProblem,
  places: readonly number[],
  earlier: readonly Kept[],
  mostColumns: number,
):
  | { at: (level: number, deadline: number, now: () => number) => PlacesOutcome; dispose: () => void }
  | undefined {
  if (places.length === 0) return undefined;
  const columns = columnsAt(problem, places, true);
  if (columns.length > mostColumns) return undefined;
  const inside = new Uint8Array(problem.numCols);
  for (const column of columns) inside[column] = 1;
  const { model, edits } = restricted(highs, problem, columns, rowsOf(problem, earlier, inside));
  const firstExtra = problem.candidates.length + problem.schedules.length;
  const at = (level: number, deadline: number, now: () => number): PlacesOutcome => {
    model.changeColBounds(edits.load, 0, level + 1e-6);
    for (const { row, used, booked } of edits.capacities)
      model.changeCoefficient(row, used, booked - level - 1e-6);
    for (const { row, hours, booked, least } of edits.counts)
      model.changeRowBounds(row, -highs.infinity, shiftsWithin(hours, booked, level) - least);
    for (const { column, hours, upper } of edits.schedules)
      model.changeColBounds(column, 0, hours > level + 1e-6 ? 0 : upper);
    model.options.set({ time_limit: Math.max(0.05, (deadline - now()) / 1000) });
    model.run();
    const status = model.getModelStatus();
    if (status === highs.constants.modelStatus.infeasible) return { status: 'infeasible' };
    if (status !== highs.constants.modelStatus.optimal) return { status: 'unknown' };
    const { colValue } = model.getSolution();
    const chosen: number[] = [];
    columns.forEach((column, index) => {
      if (column < firstExtra)
        for (let unit = 0; unit < Math.round(colValue[index] ?? 0); unit++) chosen.push(column);
    });
    return { status: 'feasible', chosen };
  };
  return { at, dispose: () => model.dispose() };
}
