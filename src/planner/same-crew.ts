// A plan at the continuity bound (job-cliques.ts) built without the solver: per multi-day job,
// the people on one tight clique's places (a day of the festival) are the job's crew, and every
// other group of its places (a set no one holds two of) is filled by them alone, a bipartite
// matching of that group's places to those people (augmenting paths), each edge a person who may
// take the place next to what they hold (their rows, the class's schedules, a load cap). Greedy
// between groups, so it proves nothing alone: the plan is checked against every row and every
// earlier optimum, and proves the stage only where it reaches the bound.
import { complete, satisfies } from './first-plan.js';
import type { JobBound } from './job-cliques.js';
import { rebuildJob } from './job-crew.js';
import { PlanState } from './plan-state.js';
import type { PartProblem } from './problem.js';
import { type Kept, keepsEvery } from './stages.js';

/** Columns an earlier stage counts (kept, pending) or a pin holds: a rebuilt job keeps them where they are. */
function forcedColumns(problem: PartProblem, earlier: readonly Kept[], solution: Float64Array): Set<number> {
  const forced = new Set<number>();
  for (let column = 0; column < problem.candidates.length; column++) {
    if ((solution[column] ?? 0) < 0.5) continue;
    if ((problem.colLower[column] ?? 0) > 0) forced.add(column);
    for (const { stage } of earlier)
      if (stage.name !== 'filled' && (stage.costs[column] ?? 0) !== 0) forced.add(column);
  }
  return forced;
}

/**
 * A plan keeping `inHand` off the jobs and every earlier optimum, with each job's people at its
 * bound where the matchings find one, nobody's load above `cap`; undefined when they do not or the
 * plan breaks a row (the caller compares its value with the bound).
 */
export function sameCrewPlan(
  problem: PartProblem,
  jobs: readonly JobBound[],
  earlier: readonly Kept[],
  inHand: Float64Array,
  cap = Infinity,
): Float64Array | undefined {
  const state = new PlanState(problem, inHand);
  const forced = forcedColumns(problem, earlier, state.solution);
  for (const bound of jobs) if (!rebuildJob(problem, state, bound, forced, cap)) return undefined;
  const { solution } = state;
  // The maximum load is this plan's (complete), not the plan in hand's.
  solution[problem.loadColumn] = 0;
  const full = complete(problem, solution);
  return satisfies(problem, full) && keepsEvery(earlier, full) ? full : undefined;
}
