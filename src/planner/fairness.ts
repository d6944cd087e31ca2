// The fairness stage: the least maximum load per person, as a search over thresholds.
import type { Highs } from 'highs';
import { type HighsModel, type PartProblem, roundHours } from './problem.js';

/** Nobody's load above this many hours, from here on (the maximum load's column and each capacity row). */
export function setThreshold(model: HighsModel, problem: PartProblem, hours: number): void {
  model.changeColBounds(problem.loadColumn, 0, hours + 1e-6);
  for (const { row, used, booked } of problem.capacities)
    model.changeCoefficient(row, used, booked - hours - 1e-6);
  for (const schedule of problem.schedules)
    if (!problem.zeroed.has(schedule.column))
      model.changeColBounds(schedule.column, 0, schedule.hours > hours + 1e-6 ? 0 : schedule.upper);
  for (const { row, hours: each, booked } of problem.counts)
    model.changeRowBounds(row, -Infinity, shiftsWithin(each, booked, hours));
}

/** How many shifts fit in `hours`: the shortest first, on top of the booked hours (when any is taken). */
function shiftsWithin(ascending: readonly number[], booked: number, hours: number): number {
  let total = booked;
  let count = 0;
  for (const each of ascending) {
    total += each;
    if (total > hours + 1e-6) break;
    count++;
  }
  return count;
}

/** The largest load of any person in a solution. */
export function maximumLoad(problem: PartProblem, solution: Float64Array): number {
  let most = 0;
  // From the places proposed (a first plan need not set the "used" columns).
  for (const { terms, booked } of problem.loads) {
    const worked = terms.filter(([column]) => (solution[column] ?? 0) > 0.5);
    const load = worked.length ? worked.reduce((sum, [, hours]) => sum + hours, booked) : 0;
    most = Math.max(most, load);
  }
  for (const schedule of problem.schedules)
    if ((solution[schedule.column] ?? 0) > 0.5) most = Math.max(most, schedule.hours);
  return roundHours(most);
}

/**
 * Probes just below the best plan's maximum load before the search halves the levels left: one.
 * More (four were tried) saved probes on the 300-place event only when they ran to the end, and
 * left the bound at the longest place when the time limit stopped them (a 156% gap where halving
 * reports a few percent), since infeasible probes are cheap once reduced costs fixed half the columns.
 */
export const DESCENDING_PROBES = 1;

/**
 * The fairness stage as a search over thresholds, not a min-max objective: the relaxation of
 * "L at least every person's load" spreads people fractionally and proves little (a bound of
 * 9.25 h against a 20 h optimum on a seeded multi-day job), while "is there a plan, with every
 * earlier optimum kept, in which nobody works more than T hours" is a feasibility question the
 * solver settles quickly, proven either way. A person's load is one of finitely many sums of
 * their hours (the levels), so a binary search over the levels below the best plan found ends
 * at the least maximum load, proven by the level below it being infeasible.
 */
export function leastMaximumLoad(
  highs: Highs,
  model: HighsModel,
  problem: PartProblem,
  levels: readonly number[],
  start: Float64Array,
  deadline: number,
  now: () => number,
): { solution: Float64Array; value: number; bound: number; proven: boolean } {
  let solution = start;
  let best = maximumLoad(problem, solution);
  // levels[0..infeasible] are proven impossible: below the longest place filled, at once.
  let infeasible = -1;
  while ((levels[infeasible + 1] ?? Infinity) < problem.leastLoad - 1e-6) infeasible++;
  let descending = DESCENDING_PROBES;
  model.changeColsCost(
    { kind: 'range', from: 0, to: problem.numCols - 1 },
    new Float64Array(problem.numCols),
  );
  for (;;) {
    let above = infeasible + 1;
    while (above < levels.length && (levels[above] ?? 0) < best - 1e-6) above++;
    if (above === infeasible + 1) return { solution, value: best, bound: best, proven: true };
    const bound = levels[infeasible + 1] ?? best;
    const remaining = (deadline - now()) / 1000;
    if (remaining <= 0.05) return { solution, value: best, bound, proven: false };
    // First the level just below the best plan: the earlier stages' plan is often at the least
    // maximum, and an infeasible probe there proves it at once. Then halving the levels left.
    const probe = descending > 0 ? above - 1 : Math.floor((infeasible + 1 + above - 1) / 2);
    const threshold = levels[probe] ?? 0;
    setThreshold(model, problem, threshold);
    model.options.set({ time_limit: remaining, mip_abs_gap: 0.5, presolve: 'choose' });
    model.run();
    const status = model.getModelStatus();
    if (status === highs.constants.modelStatus.infeasible) infeasible = probe;
    else if (status === highs.constants.modelStatus.optimal) {
      solution = Float64Array.from(model.getSolution().colValue);
      best = Math.min(best, maximumLoad(problem, solution));
      descending--;
    } else {
      setThreshold(model, problem, best);
      return { solution, value: best, bound, proven: false };
    }
  }
}
