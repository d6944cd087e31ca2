// A first plan that needs no solver, and the checks that let a plan in hand stand as a stage's
// optimum: every used column and the maximum load it implies, and every row and bound kept.
import { maximumLoad } from './fairness.js';
import type { PartProblem } from './problem.js';
import type { Schedule } from './schedules.js';

/**
 * A first plan with everyone on one place at most (always within every rule: the model checked
 * each candidate against their BOOKED shifts): places in order, classes' members first, then
 * people with history. Where it reaches each place's bound, the places filled need no solve.
 * None when something is pinned (the pins come first).
 */
export function oneEach(problem: PartProblem): Float64Array | undefined {
  if (problem.colLower.some((lower) => lower > 0)) return undefined;
  const solution = new Float64Array(problem.numCols);
  const left = problem.groups.map((group) => group.members.length);
  const used = new Set<number>();
  const single = new Map<number, Schedule>();
  for (const schedule of problem.schedules)
    if (schedule.places.length === 1) single.set(schedule.column, schedule);
  const take = (column: number): boolean => {
    const crew = problem.candidates[column]?.crew ?? -1;
    if (used.has(crew)) return false;
    used.add(crew);
    solution[column] = 1;
    return true;
  };
  // Crew who applied, were invited or shortlisted (and the earlier plan's) first: the stages
  // after the places filled then often start at their bound. Then classes' members, then the rest.
  const preferred = (column: number) => {
    const candidate = problem.candidates[column];
    return Boolean(candidate?.pending || candidate?.previous);
  };
  for (const place of problem.placeColumns) {
    let open = place.open;
    for (const column of place.columns) if (open > 0 && preferred(column) && take(column)) open -= 1;
    for (const column of place.schedules) {
      const schedule = single.get(column);
      if (!schedule || open === 0) continue;
      const count = Math.min(open, left[schedule.group] ?? 0);
      solution[column] = count;
      left[schedule.group] = (left[schedule.group] ?? 0) - count;
      open -= count;
    }
    for (const column of place.columns) if (open > 0 && !preferred(column) && take(column)) open -= 1;
  }
  return solution;
}

/** The "used" columns and the maximum load a plan's places imply (a first plan sets only its places). */
export function complete(problem: PartProblem, solution: Float64Array): Float64Array {
  const full = Float64Array.from(solution);
  for (const { used, columns } of problem.links)
    full[used] = columns.some((column) => (full[column] ?? 0) > 0.5) ? 1 : 0;
  full[problem.loadColumn] = Math.max(full[problem.loadColumn] ?? 0, maximumLoad(problem, full));
  return full;
}

/** Whether a plan keeps every row built for the part and every column's bounds (fixed columns at 0). */
export function satisfies(problem: PartProblem, solution: Float64Array): boolean {
  const tolerance = 1e-6;
  for (let column = 0; column < problem.numCols; column++) {
    const x = solution[column] ?? 0;
    const upper = problem.zeroed.has(column) ? 0 : (problem.colUpper[column] ?? 0);
    if (x < (problem.colLower[column] ?? 0) - tolerance || x > upper + tolerance) return false;
    if (problem.integrality[column] === 1 && Math.abs(x - Math.round(x)) > tolerance) return false;
  }
  const { starts, indices, values, lower, upper } = problem.rows;
  for (let row = 0; row < lower.length; row++) {
    let activity = 0;
    const end = starts[row + 1] ?? indices.length;
    for (let at = starts[row] ?? 0; at < end; at++)
      activity += (values[at] ?? 0) * (solution[indices[at] ?? 0] ?? 0);
    if (activity < (lower[row] ?? 0) - tolerance || activity > (upper[row] ?? 0) + tolerance) return false;
  }
  return true;
}
