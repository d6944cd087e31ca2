// A plan built without the solver around a few chosen columns: what proves a stage at a bound the
// planner computed itself (without-lp.ts). Greedy, so it proves nothing alone: only a plan that
// keeps every row and reaches a proven bound stands as a stage's optimum.
import { complete, satisfies } from './first-plan.js';
import { PlanState } from './plan-state.js';
import type { PartProblem } from './problem.js';

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
  // Its rows' activity, each person's hours and who may not work (plan-state.ts), from nothing.
  const state = new PlanState(problem, new Float64Array(problem.numCols));
  const { solution } = state;
  const used = new Set<number>();
  const add = (column: number): boolean => {
    if ((solution[column] ?? 0) + 1 > (problem.colUpper[column] ?? 0) + 1e-9 || !state.usable(column))
      return false;
    const hours =
      problem.candidates[column]?.hours ?? problem.schedules[column - problem.candidates.length]?.hours ?? 0;
    // Booked hours count once the person works anything (a "used" column in the model).
    const load = state.loadOfColumn(column);
    if ((load ? load.booked + load.load : 0) + hours > cap + 1e-6 || !state.fits(column)) return false;
    state.set(column, (solution[column] ?? 0) + 1);
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
