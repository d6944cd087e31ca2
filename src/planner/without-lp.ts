// Stages proven without the whole model's relaxation, by a bound the planner computes itself and
// a plan built greedily that reaches it (greedy-plan.ts). On the busy season's first week the
// whole model (114,540 columns, 111,176 rows) could not finish one relaxation in the time limit,
// while the stages after the places filled are decided by few columns or by one level.
import type { Highs } from 'highs';
import { countedBound } from './counted-columns.js';
import { maximumLoad } from './fairness.js';
import { planAround } from './greedy-plan.js';
import type { PartProblem, Stage } from './problem.js';
import { stageValue } from './stages.js';

/** A stage proven earlier and its optimum, which every later plan keeps. */
export interface Kept {
  stage: Stage;
  value: number;
}

export const keepsEvery = (earlier: readonly Kept[], solution: Float64Array): boolean =>
  earlier.every(({ stage, value }) => {
    const reached = stageValue(stage, solution);
    return stage.sense === 'max' ? reached >= value - 1e-6 : reached <= value + 1e-6;
  });

/**
 * The stages counting few columns (kept, pending) by their own columns first (counted-columns.ts):
 * a plan around that small program's choice which keeps every earlier optimum and reaches its
 * bound is the stage's optimum; else the bound still caps the gap, and a better plan starts the MIP.
 */
export function byCountedColumns(
  highs: Highs,
  problem: PartProblem,
  stage: Stage,
  earlier: readonly Kept[],
  solution: Float64Array,
  deadline: number,
  now: () => number,
): { proven: true; solution: Float64Array; value: number } | { bound?: number; solution: Float64Array } {
  if (stage.name !== 'kept' && stage.name !== 'pending') return { solution };
  const counted = countedBound(highs, problem, stage, deadline, now);
  if (!counted) return { solution };
  const plan = planAround(problem, counted.chosen);
  if (!plan || !keepsEvery(earlier, plan)) return { bound: counted.bound, solution };
  const value = stageValue(stage, plan);
  if (value >= counted.bound - 1e-6) return { proven: true, solution: plan, value };
  return { bound: counted.bound, solution: value > stageValue(stage, solution) ? plan : solution };
}

/**
 * The fairness stage proven without the solver: every plan that fills the places the first stage
 * did has someone working at least the longest of them (problem.leastLoad), so its maximum load is
 * at least the least level from there. A plan that keeps every earlier optimum (the counted
 * columns of the plan in hand first) with nobody above that level is the stage's optimum. The
 * busy season's first week: the threshold search's first relaxation had under a second left and
 * stopped "within 59%".
 */
export function leastPossibleLoad(
  problem: PartProblem,
  levels: readonly number[],
  earlier: readonly Kept[],
  inHand: Float64Array,
): { solution: Float64Array; value: number } | undefined {
  const least = levels.find((level) => level >= problem.leastLoad - 1e-6);
  if (least === undefined) return undefined;
  const counted = earlier.filter(({ stage }) => stage.name !== 'filled');
  const chosen: number[] = [];
  for (let column = 0; column < problem.numCols; column++)
    if ((inHand[column] ?? 0) > 0.5 && counted.some(({ stage }) => (stage.costs[column] ?? 0) !== 0))
      chosen.push(column);
  const plan = planAround(problem, chosen, least);
  if (!plan || !keepsEvery(earlier, plan)) return undefined;
  const value = maximumLoad(problem, plan);
  return value <= least + 1e-6 ? { solution: plan, value } : undefined;
}
