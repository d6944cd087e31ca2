// The staffing plan as a mixed-integer program, solved exactly by HiGHS, one independent part at
// a time (reduce.ts). One 0/1 column per candidate (person, place); the rows are every hard
// constraint between proposed places: a role's open places; per person, one shift at a time with
// the minimum rest (two shifts clash exactly when their spans, each extended by the rest, overlap:
// an interval graph, whose maximal cliques are the rows, so the relaxation is tight), the shifts
// per local day (less those already BOOKED that day) and the hours limit (less booked hours).
//
// The objective is lexicographic and solved in stages: each stage's optimum becomes a constraint
// of the next (an integer objective's exact value; a real one's within 1e-6), each stage warm
// started from the last, so `optimal` means every stage was proven. A stage stopped by the time
// limit keeps its best plan, reports its own gap, and the later stages are not run. A last,
// tie-breaking stage prefers find_matching_crew's ranking, so equal plans come out the same.
// The fairness stage (least maximum load) is a search over thresholds, each a feasibility
// question with every person's load capped (leastMaximumLoad), not a min-max objective, whose
//
// The files: part.ts builds a part (rows.ts and objective-rows.ts, one function per constraint
// family; stages.ts the objective's stages), solve-part.ts solves its stages (relaxation.ts,
// fairness.ts, first-plan.ts).
import type { Highs } from 'highs';
import { loadHighs } from './highs.js';
import type { Candidate, PlanModel } from './model.js';
import { buildPart } from './part.js';
import type { ObjectiveName, PartProblem } from './problem.js';
import { crewClasses, independentParts } from './reduce.js';
import { type PartResult, solvePart } from './solve-part.js';
import { ORDER } from './stages.js';

export type { ObjectiveName };

/** How the stated objective reads each stage, in order. */
export const OBJECTIVE_WORDS: Record<ObjectiveName, string> = {
  filled: 'most places filled',
  kept: 'most of the earlier plan kept',
  pending: 'most filled by crew who applied, were invited or shortlisted',
  continuity: 'fewest different people per multi-day job',
  score: 'highest score',
  fairness: 'least maximum hours per person',
};

export interface SolveOptions {
  timeLimitMs: number;
  now?: () => number;
}

export interface PlanSolution {
  chosen: Candidate[];
  status: 'optimal' | 'feasible';
  /** Relative gap of the first objective not proven (0 when optimal; undefined when no bound on it was proven). */
  gap: number | undefined;
  unproven?: ObjectiveName;
  objectives: ObjectiveName[];
  solveMs: number;
  parts: number;
  columns: number;
  /** Places whose part stopped at the time limit. */
  limitedPlaces: Set<number>;
  /** Time per objective stage over all parts, and whether every part proved it (benchmarks). */
  stageMs: Record<string, { ms: number; proven: boolean }>;
}

/** Time per stage over all parts, the first objective some part did not prove, and its gap. */
function summarize(results: readonly { problem: PartProblem; result: PartResult }[]): {
  stageMs: PlanSolution['stageMs'];
  firstUnproven: ObjectiveName | undefined;
  gap: number | undefined;
} {
  const stageMs: PlanSolution['stageMs'] = {};
  for (const { result } of results)
    for (const stage of result.stageMs) {
      const entry = stageMs[stage.name] ?? { ms: 0, proven: true };
      stageMs[stage.name] = { ms: entry.ms + stage.ms, proven: entry.proven && stage.proven };
    }
  const firstUnproven = ORDER.find((name) => results.some(({ result }) => result.unproven?.name === name));
  let gap: number | undefined = 0;
  if (firstUnproven) {
    let missing = 0;
    let total = 0;
    for (const { problem, result } of results) {
      const index = problem.stages.findIndex((stage) => stage.name === firstUnproven);
      if (index === -1) continue;
      if (result.unproven?.name === firstUnproven) {
        if (result.unproven.bound === undefined) return { stageMs, firstUnproven, gap: undefined };
        missing += Math.abs(result.unproven.bound - result.unproven.value);
        // The larger of plan and bound: the bound for a maximum, the plan for a minimum (as
        // solvers report it), so a gap reads as a share of at most 100%, never "within 172%".
        total += Math.max(Math.abs(result.unproven.bound), Math.abs(result.unproven.value));
      } else total += Math.abs(result.values.get(index) ?? 0);
    }
    // A bound and a plan both of zero leave nothing missing; otherwise total > 0.
    gap = total > 0 ? missing / total : missing === 0 ? 0 : undefined;
  }
  return { stageMs, firstUnproven, gap };
}

export async function solvePlan(
  model: PlanModel,
  options: SolveOptions,
): Promise<PlanSolution | { pinsInfeasible: 'clash' }> {
  const now = options.now ?? Date.now;
  const started = now();
  const { unique, classes } = crewClasses(model);
  const candidates = [...unique, ...classes.flatMap((group) => group.members.flat())];
  const parts = independentParts(model.roles.length, candidates).filter((part) => part.candidates.length > 0);
  const highs = parts.length ? await loadHighs() : undefined;
  const deadline = now() + options.timeLimitMs;
  const chosen: Candidate[] = [];
  const limitedPlaces = new Set<number>();
  const objectives = new Set<ObjectiveName>();
  let columns = 0;
  const results: { problem: PartProblem; result: PartResult }[] = [];
  for (const part of parts) {
    const inPart = new Set(part.places);
    const groups = classes.filter((group) => inPart.has(group.places[0] ?? -1));
    const problem = buildPart(model, part.places, part.candidates, groups);
    columns += problem.numCols;
    for (const stage of problem.stages) if (stage.name !== 'ranking') objectives.add(stage.name);
    const result = solvePart(highs as Highs, problem, deadline, now);
    if ('infeasible' in result) return { pinsInfeasible: 'clash' };
    chosen.push(...result.chosen);
    if (!result.proven) for (const place of part.places) limitedPlaces.add(place);
    results.push({ problem, result });
  }
  const { stageMs, firstUnproven, gap } = summarize(results);
  return {
    chosen,
    status: firstUnproven ? 'feasible' : 'optimal',
    gap,
    ...(firstUnproven ? { unproven: firstUnproven } : {}),
    objectives: ORDER.filter((name) => objectives.has(name) || name === 'filled'),
    solveMs: now() - started,
    parts: parts.length,
    columns,
    limitedPlaces,
    stageMs,
  };
}
