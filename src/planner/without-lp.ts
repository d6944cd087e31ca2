// Stages proven without the whole model's relaxation, by a bound the planner computes itself and
// a plan built greedily that reaches it (greedy-plan.ts). On the busy season's first week the
// whole model (114,540 columns, 111,176 rows) could not finish one relaxation in the time limit,
// while the stages after the places filled are decided by few columns or by one level.
import type { Highs } from 'highs';
import { countedBound } from './counted-columns.js';
import { maximumLoad } from './fairness.js';
import { satisfies } from './first-plan.js';
import { planAround } from './greedy-plan.js';
import { continuityBound, type JobBound, offTightCliques, tightLoad } from './job-cliques.js';
import { levelsAtPlaces, placesCounted } from './job-places.js';
import type { PartProblem, Stage } from './problem.js';
import { sameCrewPlan } from './same-crew.js';
import { type Kept, keepsEvery, stageValue } from './stages.js';

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
 * Hours someone works in every plan that keeps the earlier optima: the pins, and every column of a
 * counting stage whose optimum counts all of its columns (the busy season's first week: the 35
 * pending columns are all in the plan, one person holding two of them), each person with their
 * booked hours. With the longest place filled (problem.leastLoad) a bound on the least maximum
 * load that needs no solver.
 */
export function forcedLoad(problem: PartProblem, earlier: readonly Kept[]): number {
  const forced = forcedColumnsOf(problem, earlier);
  let most = 0;
  for (const { terms, booked } of problem.loads) {
    const held = terms.filter(([column]) => forced.has(column));
    if (held.length)
      most = Math.max(
        most,
        held.reduce((sum, [, hours]) => sum + hours, booked),
      );
  }
  return most;
}

/** Columns in every plan keeping the earlier optima: the pins, and a counting stage's columns all counted at its optimum. */
export function forcedColumnsOf(problem: PartProblem, earlier: readonly Kept[]): Set<number> {
  const forced = new Set<number>();
  problem.colLower.forEach((lower, column) => {
    if (lower > 0) forced.add(column);
  });
  for (const { stage, value } of earlier) {
    if (stage.name !== 'kept' && stage.name !== 'pending') continue;
    const columns: number[] = [];
    let most = 0;
    stage.costs.forEach((cost, column) => {
      if (cost === 0 || problem.zeroed.has(column)) return;
      columns.push(column);
      most += cost * (problem.colUpper[column] ?? 0);
    });
    if (value >= most - 1e-6) for (const column of columns) forced.add(column);
  }
  return forced;
}

/**
 * The plan in hand's columns that earlier stages count first, then the rest of it: what a greedy
 * plan keeping those stages' optima starts from (those over a cap are left out by the greedy).
 */
function inHandOrder(problem: PartProblem, earlier: readonly Kept[], inHand: Float64Array): number[] {
  const counted = earlier.filter(({ stage }) => stage.name !== 'filled');
  const isCounted = (column: number) => counted.some(({ stage }) => (stage.costs[column] ?? 0) !== 0);
  const held: number[] = [];
  for (let column = 0; column < problem.candidates.length + problem.schedules.length; column++)
    for (let unit = 0; unit < Math.round(inHand[column] ?? 0); unit++) held.push(column);
  return [...held.filter(isCounted), ...held.filter((column) => !isCounted(column))];
}

/** A plan of the columns listed (a column once per unit). */
function unitsOf(problem: PartProblem, chosen: readonly number[]): Float64Array {
  const solution = new Float64Array(problem.numCols);
  for (const column of chosen) solution[column] = (solution[column] ?? 0) + 1;
  return solution;
}

/**
 * The fairness stage's bound from the continuity stage's places alone: a level at which no plan
 * of those places' columns (every row loosened by what the rest could add, continuity's optimum
 * kept) has nobody above it is below every plan's maximum load, and feasibility only grows with
 * the level, so a search over the levels from problem.leastLoad to the plan in hand's finds the
 * least level those places allow: a bound. A greedy plan around their plan there (then the plan
 * in hand), nobody above it and every earlier optimum kept, is the stage's optimum. A real week's
 * multi-day job (16 places for 9 people) decides its least maximum load (13.25 h, the longest
 * place 10 h), which the whole model proved in 4.5-8.7 s of feasibility probes under load.
 */
export function leastLoadByPlaces(
  highs: Highs,
  problem: PartProblem,
  levels: readonly number[],
  earlier: readonly Kept[],
  inHand: Float64Array,
  deadline: number,
  now: () => number,
  // Most of the part (a festival that is one multi-day job): the whole model's search asks the same.
  mostColumns = problem.numCols / 2,
): { bound: number; plan?: { solution: Float64Array; value: number; proven: boolean } } | undefined {
  const continuity = earlier.find(({ stage }) => stage.name === 'continuity');
  if (!continuity) return undefined;
  const places = placesCounted(problem, continuity.stage);
  let low = levels.findIndex((level) => level >= problem.leastLoad - 1e-6);
  const inHandLoad = maximumLoad(problem, inHand);
  let high = levels.findIndex((level) => level >= inHandLoad - 1e-6);
  if (low < 0 || high < low) return undefined;
  const question = levelsAtPlaces(highs, problem, places, earlier, mostColumns);
  if (!question) return undefined;
  let chosen: number[] = [];
  // The least level first (a plan there is proven at once), then down from the plans found: each
  // probe's plan (steered to a low load, job-places.ts) sets the level to beat, so only the last
  // probe rules a level out, the dearest kind of probe (0.2-1.8 s near a real week's optimum
  // against 20-60 ms for a plan, under load).
  let probe = low;
  try {
    while (low < high && now() < deadline) {
      const outcome = question.at(levels[probe] ?? 0, deadline, now);
      if (outcome.status === 'unknown') break;
      if (outcome.status === 'infeasible') low = probe + 1;
      else {
        chosen = outcome.chosen;
        const reached = maximumLoad(problem, unitsOf(problem, chosen));
        high = Math.min(
          probe,
          levels.findIndex((each) => each >= reached - 1e-6),
        );
      }
      probe = high - 1;
    }
  } finally {
    question.dispose();
  }
  const bound = levels[low] ?? 0;
  // At the least level those places allow (low === high) a plan is proven; stopped short of it, a
  // plan under the least level they were seen to fit is still the better start for the search.
  const cap = levels[high] ?? Infinity;
  const plan = planAround(problem, [...chosen, ...inHandOrder(problem, earlier, inHand)], cap);
  if (!plan || !keepsEvery(earlier, plan)) return { bound };
  const value = maximumLoad(problem, plan);
  return { bound, plan: { solution: plan, value, proven: value <= bound + 1e-6 } };
}

/**
 * The fairness stage by plans built without the solver: every plan keeping the earlier optima has
 * someone working at least problem.leastLoad (the longest place filled, the forced load), so its
 * maximum load is at least the least level from there; a greedy plan keeping those optima (the
 * counted columns of the plan in hand first) with nobody above that level is the stage's optimum.
 * Else the least level a greedy plan fits under (a bisection over the levels) is the best plan
 * found, for the threshold search to start from. The busy season's first week: the search's
 * first relaxation had under a second left and stopped "within 59%".
 */
export function leastPossibleLoad(
  problem: PartProblem,
  levels: readonly number[],
  earlier: readonly Kept[],
  inHand: Float64Array,
  deadline = Infinity,
  now: () => number = Date.now,
): { solution: Float64Array; value: number; proven: boolean } | undefined {
  let low = levels.findIndex((level) => level >= problem.leastLoad - 1e-6);
  if (low < 0) return undefined;
  const least = levels[low] ?? 0;
  const chosen = inHandOrder(problem, earlier, inHand);
  const under = (cap: number): Float64Array | undefined => {
    const plan = planAround(problem, chosen, cap);
    return plan && keepsEvery(earlier, plan) ? plan : undefined;
  };
  let best: { solution: Float64Array; value: number } | undefined;
  const inHandLoad = maximumLoad(problem, inHand);
  let high = levels.findIndex((level) => level >= inHandLoad - 1e-6);
  if (high < 0) high = levels.length - 1;
  // The least level first (a plan there is proven), then halving between it and the plan in hand
  // while time is left. The first is tried even past the time limit: a plan built without the
  // solver, bounded by the part's size (70 ms on the busy season's first week), not a search.
  let probe = low;
  let tried = 0;
  while (low <= high && (tried++ === 0 || now() < deadline)) {
    const plan = under(levels[probe] ?? 0);
    if (plan) {
      const value = maximumLoad(problem, plan);
      if (!best || value < best.value) best = { solution: plan, value };
      high = levels.findIndex((level) => level >= value - 1e-6) - 1;
    } else low = probe + 1;
    probe = Math.floor((low + high) / 2);
  }
  return best && { ...best, proven: best.value <= least + 1e-6 };
}

/**
 * The continuity stage by its cliques (job-cliques.ts): a plan keeping every earlier optimum with
 * each job's people at its clique's count (same-crew.ts) is the stage's optimum, and every column
 * off a tight clique's people is 0 in every plan at it (the later stages never see them). Else
 * the bound and the better plan go to the solver.
 */
export function byJobCliques(
  problem: PartProblem,
  stage: Stage,
  earlier: readonly Kept[],
  inHand: Float64Array,
):
  | { proven: true; solution: Float64Array; value: number; off: number[] }
  | { bound?: number; solution: Float64Array } {
  const bound = continuityBound(problem, stage, earlier);
  if (!bound) return { solution: inHand };
  // Under the fairness stage's floor first: that plan, when found, is the next stage's proof too
  // (leastLoadOnJobs), one rebuild fewer (on the festival some 60 ms warm, more cold).
  const level = problem.levels?.find((each) => each >= fairnessFloor(problem, bound.jobs, earlier) - 1e-6);
  const plan =
    (level === undefined ? undefined : sameCrewPlan(problem, bound.jobs, earlier, inHand, level)) ??
    sameCrewPlan(problem, bound.jobs, earlier, inHand);
  if (!plan) return { bound: bound.bound, solution: inHand };
  const value = stageValue(stage, plan);
  if (value <= bound.bound + 1e-6)
    return { proven: true, solution: plan, value, off: offTightCliques(problem, bound.jobs) };
  return { bound: bound.bound, solution: value < stageValue(stage, inHand) ? plan : inHand };
}

/**
 * The fairness stage at the continuity bound (job-cliques.ts): there every person on a job works
 * one place of each tight clique, so someone held on it (a pin, a counted column every plan keeps)
 * works at least their held hours plus, per tight clique they hold nothing in, the shortest place
 * of it they may take (tightLoad). The festival: a member who applied to one day's Security
 * Officer place and qualifies for no other place works it all three days, 33 h, the optimum
 * (HiGHS's threshold search proved it in 0.4-0.6 s). A plan at the continuity bound with nobody
 * above the least level from there (same-crew.ts, under that cap) is the stage's optimum.
 */
export function leastLoadOnJobs(
  problem: PartProblem,
  levels: readonly number[],
  earlier: readonly Kept[],
  inHand: Float64Array,
): { bound: number; plan?: { solution: Float64Array; value: number; proven: boolean } } | undefined {
  const continuity = earlier.find(({ stage }) => stage.name === 'continuity');
  if (!continuity) return undefined;
  const bound = continuityBound(problem, continuity.stage, earlier);
  if (!bound || Math.abs(bound.bound - continuity.value) > 1e-6) return undefined;
  const floor = fairnessFloor(problem, bound.jobs, earlier);
  const level = levels.find((each) => each >= floor - 1e-6);
  if (level === undefined) return { bound: floor };
  // The continuity stage's plan, built under this level already when it could be.
  const plan =
    maximumLoad(problem, inHand) <= level + 1e-6 && satisfies(problem, inHand) && keepsEvery(earlier, inHand)
      ? inHand
      : sameCrewPlan(problem, bound.jobs, earlier, inHand, level);
  if (!plan) return { bound: floor };
  const value = maximumLoad(problem, plan);
  return { bound: floor, plan: { solution: plan, value, proven: value <= level + 1e-6 } };
}

/** The least maximum load at the continuity bound: the longest place filled, and tightLoad. */
function fairnessFloor(problem: PartProblem, jobs: readonly JobBound[], earlier: readonly Kept[]): number {
  return Math.max(problem.leastLoad, tightLoad(problem, jobs, forcedColumnsOf(problem, earlier)));
}
