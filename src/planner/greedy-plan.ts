// A plan built without the solver around a few chosen columns: what proves a stage at a bound the
// planner computed itself (without-lp.ts). Greedy, so it proves nothing alone: only a plan that
// keeps every row and reaches a proven bound stands as a stage's optimum.
import { complete, satisfies } from './first-plan.js';
import type { PartProblem } from './problem.js';

/** Each row's columns, for the rows a greedy plan checks (those over candidate and schedule columns only). */
const byColumnOf = new WeakMap<PartProblem, number[][]>();

function rowsByColumn(problem: PartProblem): { byColumn: number[][] } {
  // A part's rows never change once built: one index per part, however many plans are built on it.
  const known = byColumnOf.get(problem);
  if (known) return { byColumn: known };
  const firstExtra = problem.candidates.length + problem.schedules.length;
  const { starts, indices, upper } = problem.rows;
  const byColumn: number[][] = Array.from({ length: firstExtra }, () => []);
  for (let row = 0; row < upper.length; row++) {
    const end = starts[row + 1] ?? indices.length;
    let plain = (upper[row] ?? Infinity) !== Infinity;
    for (let entry = starts[row] ?? 0; plain && entry < end; entry++)
      if ((indices[entry] ?? 0) >= firstExtra) plain = false;
    if (plain)
      for (let entry = starts[row] ?? 0; entry < end; entry++) byColumn[indices[entry] ?? 0]?.push(row);
  }
  byColumnOf.set(problem, byColumn);
  return { byColumn };
}

/** Per candidate column, its person's load (problem.loads: booked hours and each column's hours). */
function loadOf(problem: PartProblem): Map<number, number> {
  const of = new Map<number, number>();
  problem.loads.forEach(({ terms }, index) => {
    for (const [column] of terms) of.set(column, index);
  });
  return of;
}

/**
 * A plan built around `chosen` (a column once per unit) without the solver: the pins, then `chosen`, then each place filled
 * in order from its columns (people not yet proposed first, then anyone), each step keeping every
 * row over candidate and schedule columns and, when `cap` is given, nobody's load (booked hours
 * included) above it; the objectives' own columns are filled in after (complete), and the whole
 * plan checked against every row (satisfies). None when it breaks one.
 */
export function planAround(
  problem: PartProblem,
  chosen: readonly number[],
  cap = Infinity,
): Float64Array | undefined {
  const { byColumn } = rowsByColumn(problem);
  const personOf = loadOf(problem);
  const loads = problem.loads.map(() => 0);
  const { starts, indices, values, upper } = problem.rows;
  const activity = new Float64Array(upper.length);
  const entryOf = (row: number, column: number): number => {
    const end = starts[row + 1] ?? indices.length;
    for (let entry = starts[row] ?? 0; entry < end; entry++)
      if (indices[entry] === column) return values[entry] ?? 0;
    return 0;
  };
  // A "used" column fixed at 0 (reduced-cost fixing after continuity) keeps its person off every column it counts.
  const blocked = new Set<number>();
  for (const { used, columns } of problem.links)
    if (problem.zeroed.has(used)) for (const column of columns) blocked.add(column);
  const solution = new Float64Array(problem.numCols);
  const used = new Set<number>();
  const add = (column: number): boolean => {
    if (
      (solution[column] ?? 0) + 1 > (problem.colUpper[column] ?? 0) + 1e-9 ||
      problem.zeroed.has(column) ||
      blocked.has(column)
    )
      return false;
    const person = personOf.get(column);
    const load = person === undefined ? undefined : problem.loads[person];
    const hours =
      problem.candidates[column]?.hours ?? problem.schedules[column - problem.candidates.length]?.hours ?? 0;
    // Booked hours count once the person works anything (a "used" column in the model).
    const before = person === undefined ? 0 : (loads[person] ?? 0);
    const after = (before > 0 ? before : (load?.booked ?? 0)) + hours;
    if (after > cap + 1e-6) return false;
    const rows = byColumn[column] ?? [];
    const steps = rows.map((row) => entryOf(row, column));
    if (rows.some((row, at) => (activity[row] ?? 0) + (steps[at] ?? 0) > (upper[row] ?? 0) + 1e-9))
      return false;
    rows.forEach((row, at) => {
      activity[row] = (activity[row] ?? 0) + (steps[at] ?? 0);
    });
    solution[column] = (solution[column] ?? 0) + 1;
    if (person !== undefined) loads[person] = after;
    const crew = problem.candidates[column]?.crew;
    if (crew !== undefined) used.add(crew);
    return true;
  };
  for (let column = 0; column < problem.numCols; column++)
    for (let pinned = 0; pinned < (problem.colLower[column] ?? 0); pinned++)
      if (!add(column)) return undefined;
  // A column listed n times is taken up to n times (a schedule placing n people).
  const wanted = new Map<number, number>();
  for (const column of chosen) {
    const units = (wanted.get(column) ?? 0) + 1;
    wanted.set(column, units);
    if ((solution[column] ?? 0) < units - 0.5) add(column);
  }
  for (const place of problem.placeColumns) {
    let filled =
      place.columns.reduce((sum, column) => sum + (solution[column] ?? 0), 0) +
      place.schedules.reduce((sum, column) => sum + (solution[column] ?? 0), 0);
    for (const fresh of [true, false]) {
      for (const column of place.columns) {
        if (filled >= place.open) break;
        const crew = problem.candidates[column]?.crew ?? -1;
        if ((solution[column] ?? 0) < 0.5 && (!fresh || !used.has(crew)) && add(column)) filled++;
      }
      for (const column of place.schedules) while (filled < place.open && add(column)) filled++;
    }
  }
  const full = complete(problem, solution);
  return satisfies(problem, full) ? full : undefined;
}
