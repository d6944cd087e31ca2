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
export function shiftsWithin(ascending: readonly number[], booked: number, hours: number): number {
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
 * The relaxation's least feasible level: the last level below `above` whose linear relaxation,
 * with that threshold, has no solution is the new `infeasible` (none fits in the integer program
 * either, the relaxation having every row and bound of it). Feasibility only grows with the
 * threshold (every bound it sets loosens as it rises), so a binary search over the levels finds
 * it. On the 300-place event the relaxation is infeasible exactly where the integer program is:
 * four integer probes (some 200 ms each) became LPs of a third of that, each started from the
 * last one's basis. A relaxation stopped for any other reason proves nothing: the search goes on
 * from the bound proven so far.
 */
function relaxedLowerLevel(
  highs: Highs,
  model: HighsModel,
  problem: PartProblem,
  levels: readonly number[],
  infeasible: number,
  above: number,
  deadline: number,
  now: () => number,
): number {
  let low = infeasible + 1;
  let high = above - 1;
  let proven = infeasible;
  model.clearIntegrality();
  try {
    while (low <= high) {
      const remaining = (deadline - now()) / 1000;
      if (remaining <= 0.05) break;
      const middle = Math.floor((low + high) / 2);
      setThreshold(model, problem, levels[middle] ?? 0);
      model.options.set({ time_limit: remaining });
      model.run();
      const status = model.getModelStatus();
      if (status === highs.constants.modelStatus.infeasible) {
        proven = middle;
        low = middle + 1;
      } else if (status === highs.constants.modelStatus.optimal) high = middle - 1;
      else break;
    }
  } finally {
    model.changeColsIntegrality(
      { kind: 'range', from: 0, to: problem.numCols - 1 },
      Int32Array.from(problem.integrality),
    );
  }
  return proven;
}

/**
 * The fairness stage as a search over thresholds, not a min-max objective: the relaxation of
 * "L at least every person's load" spreads people fractionally and proves little (a bound of
 * 9.25 h against a 20 h optimum on a seeded multi-day job), while "is there a plan, with every
 * earlier optimum kept, in which nobody works more than T hours" is a feasibility question the
 * solver settles quickly, proven either way. A person's load is one of finitely many sums of
 * their hours (the levels). The relaxation of that question first rules out the levels it can
 * (relaxedLowerLevel), then the integer program is asked at the least level left: when a plan
 * fits there it is the least maximum load, proven by the level below being infeasible; else a
 * binary search over the levels between that one and the best plan found ends at it.
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
  model.changeColsCost(
    { kind: 'range', from: 0, to: problem.numCols - 1 },
    new Float64Array(problem.numCols),
  );
  let ascending = true;
  for (;;) {
    let above = infeasible + 1;
    while (above < levels.length && (levels[above] ?? 0) < best - 1e-6) above++;
    if (above === infeasible + 1) return { solution, value: best, bound: best, proven: true };
    if (ascending) {
      infeasible = relaxedLowerLevel(highs, model, problem, levels, infeasible, above, deadline, now);
      if (above === infeasible + 1) return { solution, value: best, bound: best, proven: true };
    }
    const bound = levels[infeasible + 1] ?? best;
    const remaining = (deadline - now()) / 1000;
    if (remaining <= 0.05) return { solution, value: best, bound, proven: false };
    // First the least level the relaxation left: a plan there is proven at once. Then halving.
    const probe = ascending ? infeasible + 1 : Math.floor((infeasible + 1 + above - 1) / 2);
    ascending = false;
    const threshold = levels[probe] ?? 0;
    setThreshold(model, problem, threshold);
    model.options.set({ time_limit: remaining, mip_abs_gap: 0.5, presolve: 'choose' });
    model.run();
    const status = model.getModelStatus();
    if (status === highs.constants.modelStatus.infeasible) infeasible = probe;
    else if (status === highs.constants.modelStatus.optimal) {
      solution = Float64Array.from(model.getSolution().colValue);
      best = Math.min(best, maximumLoad(problem, solution));
    } else {
      setThreshold(model, problem, best);
      return { solution, value: best, bound, proven: false };
    }
  }
}
