// One part's stages solved in order, each stage's optimum kept by the next (stages.ts), each
// warm started from the plan in hand: a counting bound reached needs no solve; else the LP
// relaxation (relaxation.ts), whose whole-number optimum, or a plan in hand at its bound, or a
// smaller MIP near it, proves the stage; else the stage's MIP. Fairness is a threshold search
// (fairness.ts). The first stage not proven keeps its best plan and ends the part.
import type { Highs } from 'highs';
import { leastMaximumLoad, maximumLoad, setThreshold } from './fairness.js';
import { complete, oneEach, satisfies } from './first-plan.js';
import type { Candidate } from './model.js';
import type { HighsModel, ObjectiveName, PartProblem, Stage } from './problem.js';
import { fixByReducedCost, nearRelaxation, type Relaxation, relax } from './relaxation.js';
import { assignSchedules } from './schedules.js';
import { closed, countingBound, fixStage, type Kept, keepLeastLoad, stageValue } from './stages.js';
import {
  byCountedColumns,
  byJobCliques,
  forcedLoad,
  leastLoadByPlaces,
  leastLoadOnJobs,
  leastPossibleLoad,
} from './without-lp.js';

export interface PartResult {
  chosen: Candidate[];
  proven: boolean;
  /** The first stage not proven: its best value and the best bound proven on it (none when no bound was found). */
  unproven?: { name: ObjectiveName; stage: number; value: number; bound: number | undefined };
  /** Proven optimum per stage index. */
  values: Map<number, number>;
  stageMs: { name: string; ms: number; proven: boolean }[];
}

/** A stage's outcome: proven at `value`, stopped unproven (value and bound), or infeasible. */
type StageOutcome =
  | { proven: true; solution: Float64Array; value: number; relaxed?: Relaxation; off?: number[]; ms: number }
  | { proven: false; solution: Float64Array; value: number; bound: number | undefined; ms: number }
  | { infeasible: true };

/** The part as one HiGHS model (its rows and bounds, no objective yet); the property tests solve it whole. */
export function createPartModel(highs: Highs, problem: PartProblem): HighsModel {
  const { rows, numCols } = problem;
  const numRows = rows.lower.length;
  const model = highs.createModel({
    numCols,
    numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: new Float64Array(numCols),
    colLower: problem.colLower,
    colUpper: problem.colUpper,
    rowLower: rows.lower.map((value) => (value === -Infinity ? -highs.infinity : value)),
    rowUpper: rows.upper.map((value) => (value === Infinity ? highs.infinity : value)),
    matrix: {
      format: 'csr',
      numRows,
      numCols,
      starts: [...rows.starts, rows.indices.length],
      indices: rows.indices,
      values: rows.values,
    },
    integrality: problem.integrality as (0 | 1)[],
  });
  // Quiet whichever stage first runs it (the fairness search may be the first, past solveStage).
  model.options.set({ output_flag: false, mip_rel_gap: 0, mip_heuristic_run_feasibility_jump: false });
  return model;
}

/** Proven by the relaxation: integral, or a plan in hand (or a smaller MIP's) at its bound; else undefined. */
function provenByRelaxation(
  model: HighsModel,
  problem: PartProblem,
  stage: Stage,
  relaxed: Relaxation,
  solution: Float64Array,
  deadline: number,
  now: () => number,
): { solution: Float64Array; value: number } | { near?: Float64Array } {
  if (!relaxed.integral) {
    const target = stage.sense === 'min' ? Math.ceil(relaxed.value - 1e-6) : Math.floor(relaxed.value + 1e-6);
    const inHand = complete(problem, solution);
    const reached = stageValue(stage, inHand);
    const atBound = stage.sense === 'min' ? reached <= target + 1e-6 : reached >= target - 1e-6;
    if (atBound && satisfies(problem, inHand)) return { solution: inHand, value: reached };
  }
  const near = relaxed.integral ? undefined : nearRelaxation(model, problem, stage, relaxed, deadline, now);
  if (relaxed.integral || near?.reached) {
    const found =
      near?.solution ??
      relaxed.colValue.map((x, column) => (problem.integrality[column] === 1 ? Math.round(x) : x));
    return { solution: found, value: stageValue(stage, found) };
  }
  return near ? { near: near.solution } : {};
}

/**
 * Stages solved without HiGHS's presolve (their relaxation, the smaller MIP near it, their MIP):
 * on whole weeks of the default seed the counting stages and continuity close at the root node
 * from the plan in hand, and presolve was most of their time (one week's pending MIP: 7.0 s of
 * 9.1 s in presolve, then one node; another week's pending stage 3.5 s, 0.07 s without, side by
 * side under load). The ranking and score stages and the fairness probes (fairness.ts) keep it:
 * without it the ranking took two to three times as long.
 */
const PRESOLVE_OFF = new Set<Stage['name']>(['filled', 'kept', 'pending', 'continuity']);

/** One stage other than fairness, started from the plan in hand. */
function solveStage(
  highs: Highs,
  partModel: () => HighsModel,
  problem: PartProblem,
  stage: Stage,
  earlier: readonly Kept[],
  inHand: Float64Array,
  deadline: number,
  now: () => number,
): StageOutcome {
  // A plan found already that reaches the counting bound is this stage's optimum: no solve.
  const bound = countingBound(problem, stage);
  if (bound !== undefined && stageValue(stage, inHand) >= bound - 1e-6)
    return { proven: true, solution: inHand, value: bound, ms: 0 };
  const stageStart = now();
  const counted = byCountedColumns(highs, problem, stage, earlier, inHand, deadline, now);
  if ('proven' in counted) return { ...counted, ms: now() - stageStart };
  const cliques = byJobCliques(problem, stage, earlier, counted.solution);
  if ('proven' in cliques) return { ...cliques, ms: now() - stageStart };
  const { solution } = cliques;
  const model = partModel();
  model.options.set({
    output_flag: false,
    time_limit: Math.max(0.05, (deadline - now()) / 1000),
    mip_rel_gap: 0,
    mip_abs_gap: stage.integral ? 0.999 : 1e-6,
    // Feasibility jump spent some 150 ms on every tiny part before the root LP (measured);
    // each stage starts from the last stage's plan anyway.
    mip_heuristic_run_feasibility_jump: false,
    presolve: PRESOLVE_OFF.has(stage.name) ? 'off' : 'choose',
  });
  model.changeColsCost({ kind: 'range', from: 0, to: problem.numCols - 1 }, stage.costs);
  model.changeObjectiveSense(
    stage.sense === 'max' ? highs.constants.objectiveSense.maximize : highs.constants.objectiveSense.minimize,
  );
  // The relaxation first: when its optimum is integral it is the stage's (no branch and bound),
  // and its reduced costs fix columns for every later stage once the optimum is known.
  const relaxed = stage.integral ? relax(highs, model, problem, deadline, now) : undefined;
  const byRelaxation = relaxed
    ? provenByRelaxation(model, problem, stage, relaxed, solution, deadline, now)
    : {};
  if ('value' in byRelaxation) return { proven: true, ...byRelaxation, relaxed, ms: now() - stageStart };
  model.options.set({ time_limit: Math.max(0.05, (deadline - now()) / 1000) });
  // The sub-MIP's plan, short of the bound, is still a plan of the whole model: the better start.
  model.setSolution({ colValue: complete(problem, byRelaxation.near ?? solution) });
  model.run();
  const status = model.getModelStatus();
  // Only pins can make a part infeasible (proposing nobody else always fits).
  if (status === highs.constants.modelStatus.infeasible) return { infeasible: true };
  const found = model.info.get('primal_solution_status') === 2;
  const value = found ? model.getObjectiveValue() : 0;
  const dual = Number(model.info.get('mip_dual_bound'));
  // Stopped by the time limit with the best plan's value at its proven bound is proven too.
  const optimal = status === highs.constants.modelStatus.optimal || (found && closed(stage, value, dual));
  const next = found ? Float64Array.from(model.getSolution().colValue) : solution;
  const ms = now() - stageStart;
  if (!optimal) {
    // The solver's bound, or the counting bound where it proved none (a busy season's first
    // relaxation can outlast the limit): never the plan's own value, which would read as proven.
    const bounds = [Number.isFinite(dual) ? dual : undefined, bound, counted.bound].filter(
      (each) => each !== undefined,
    );
    const best = bounds.length
      ? stage.sense === 'max'
        ? Math.min(...bounds)
        : Math.max(...bounds)
      : undefined;
    return {
      proven: false,
      solution: next,
      value: found ? value : stageValue(stage, solution),
      bound: best,
      ms,
    };
  }
  return {
    proven: true,
    solution: next,
    value: model.getObjectiveValue(),
    ...(relaxed ? { relaxed } : {}),
    ms,
  };
}

/**
 * The part's HiGHS model, made when a stage first needs the solver, with the edits asked for
 * before it (earlier optima kept, the threshold) applied then: on the busy season's first week
 * every stage before the ranking is proven without it, and making it (111,176 rows) took 0.4 s
 * of the 2.5 s limit.
 */
function lazyModel(highs: Highs, problem: PartProblem) {
  let model: HighsModel | undefined;
  const queued: ((made: HighsModel) => void)[] = [];
  return {
    get: (): HighsModel => {
      if (!model) {
        model = createPartModel(highs, problem);
        for (const change of queued) change(model);
      }
      return model;
    },
    made: (): boolean => model !== undefined,
    edit: (change: (made: HighsModel) => void): void => {
      if (model) change(model);
      else queued.push(change);
    },
    dispose: (): void => model?.dispose(),
  };
}

/** Columns no plan keeping the stages proven can use: 0 for good, in the model when it is made. */
function zeroColumns(
  model: ReturnType<typeof lazyModel>,
  problem: PartProblem,
  columns: readonly number[],
): void {
  const fresh = columns.filter((column) => !problem.zeroed.has(column));
  for (const column of fresh) problem.zeroed.add(column);
  if (fresh.length === 0) return;
  const zeros = new Float64Array(fresh.length);
  model.edit((made) => made.changeColsBounds({ kind: 'set', indices: fresh }, zeros, zeros));
}

export function solvePart(
  highs: Highs,
  problem: PartProblem,
  deadline: number,
  now: () => number,
): PartResult | { infeasible: true } {
  const model = lazyModel(highs, problem);
  const values = new Map<number, number>();
  const stageMs: PartResult['stageMs'] = [];
  try {
    // Nothing proposed but the pins is feasible whenever the pins are (checked before solving).
    let solution: Float64Array = oneEach(problem) ?? Float64Array.from(problem.colLower);
    let unproven: PartResult['unproven'];
    const earlier: Kept[] = [];
    for (const [index, stage] of problem.stages.entries()) {
      if (stage.name === 'fairness' && problem.levels) {
        const stageStart = now();
        problem.leastLoad = Math.max(problem.leastLoad, forcedLoad(problem, earlier));
        const onJobs = leastLoadOnJobs(problem, problem.levels, earlier, solution);
        if (onJobs) problem.leastLoad = Math.max(problem.leastLoad, onJobs.bound);
        const byPlaces = onJobs?.plan?.proven
          ? undefined
          : leastLoadByPlaces(highs, problem, problem.levels, earlier, solution, deadline, now);
        if (byPlaces) problem.leastLoad = Math.max(problem.leastLoad, byPlaces.bound);
        const least = onJobs?.plan?.proven
          ? onJobs.plan
          : byPlaces?.plan?.proven
            ? byPlaces.plan
            : leastPossibleLoad(problem, problem.levels, earlier, solution, deadline, now);
        if (least?.proven) {
          stageMs.push({ name: stage.name, ms: now() - stageStart, proven: true });
          solution = least.solution;
          values.set(index, least.value);
          model.edit((made) => setThreshold(made, problem, least.value));
          continue;
        }
        for (const plan of [onJobs?.plan, byPlaces?.plan, least])
          if (plan && plan.value < maximumLoad(problem, solution)) solution = plan.solution;
        const search = leastMaximumLoad(highs, model.get(), problem, problem.levels, solution, deadline, now);
        stageMs.push({ name: stage.name, ms: now() - stageStart, proven: search.proven });
        solution = Float64Array.from(search.solution);
        solution[problem.loadColumn] = search.value;
        if (!search.proven) {
          unproven = { name: stage.name, stage: index, value: search.value, bound: search.bound };
          break;
        }
        values.set(index, search.value);
        setThreshold(model.get(), problem, search.value);
        continue;
      }
      // The ranking only orders ties: past the time limit it is not worth making the model for.
      if (stage.name === 'ranking' && !model.made() && now() >= deadline) {
        stageMs.push({ name: stage.name, ms: 0, proven: false });
        break;
      }
      const outcome = solveStage(highs, model.get, problem, stage, earlier, solution, deadline, now);
      if ('infeasible' in outcome) return outcome;
      stageMs.push({ name: stage.name, ms: outcome.ms, proven: outcome.proven });
      solution = outcome.solution;
      if (!outcome.proven) {
        if (stage.name !== 'ranking')
          unproven = { name: stage.name, stage: index, value: outcome.value, bound: outcome.bound };
        break;
      }
      values.set(index, outcome.value);
      earlier.push({ stage, value: outcome.value });
      if (outcome.relaxed) fixByReducedCost(model.get(), problem, stage, outcome.relaxed, outcome.value);
      if (outcome.off?.length) zeroColumns(model, problem, outcome.off);
      keepLeastLoad(problem, stage, outcome.value);
      model.edit((made) => fixStage(highs, made, problem, stage, index, outcome.value));
    }
    const chosen = [
      ...problem.candidates.filter((_, column) => (solution[column] ?? 0) > 0.5),
      ...assignSchedules(problem.schedules, problem.groups, solution),
    ];
    return { chosen, proven: unproven === undefined, ...(unproven ? { unproven } : {}), values, stageMs };
  } finally {
    model.dispose();
  }
}
