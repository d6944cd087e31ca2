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
import type { Highs } from 'highs';
import { UserInputError } from '../platform/errors.js';
import { localStartDay } from '../rules/shifts.js';
import { loadHighs } from './highs.js';
import { bookedPerDay, type Candidate, type PlanModel } from './model.js';
import { independentParts, keptCandidates } from './reduce.js';

export type ObjectiveName = 'filled' | 'kept' | 'pending' | 'continuity' | 'score' | 'fairness';

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
  /** Relative gap of the first objective not proven (0 when optimal). */
  gap: number;
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

interface Stage {
  name: ObjectiveName | 'ranking';
  sense: 'max' | 'min';
  costs: Float64Array;
  integral: boolean;
}

interface Rows {
  starts: number[];
  indices: number[];
  values: number[];
  lower: number[];
  upper: number[];
}

function addRow(rows: Rows, entries: [number, number][], lower: number, upper: number): void {
  rows.starts.push(rows.indices.length);
  for (const [index, value] of entries) {
    rows.indices.push(index);
    rows.values.push(value);
  }
  rows.lower.push(lower);
  rows.upper.push(upper);
}

/** Maximal sets of one person's candidates that pairwise clash (overlap or short rest). */
function clashCliques(
  model: PlanModel,
  list: readonly { column: number; candidate: Candidate }[],
): number[][] {
  const restMs = Math.max(0, model.options.minRestHours) * 3_600_000;
  const spans = list
    .map(({ column, candidate }) => {
      const window = model.roles[candidate.place]?.shift.window ?? { startMs: 0, endMs: 0 };
      return { column, start: window.startMs, end: window.endMs + restMs };
    })
    .sort((a, b) => a.start - b.start || a.column - b.column);
  const cliques: number[][] = [];
  for (let i = 0; i < spans.length; i++) {
    const point = spans[i]?.start ?? 0;
    const active = spans.filter((span) => span.start <= point && point < span.end).map((span) => span.column);
    const last = cliques[cliques.length - 1];
    // Sorted by start, a clique contains the last one's members still active: keep the larger.
    if (last?.every((column) => active.includes(column))) cliques.pop();
    cliques.push(active);
  }
  return cliques.filter((clique) => clique.length > 1);
}

interface PartProblem {
  candidates: Candidate[];
  numCols: number;
  rows: Rows;
  integrality: number[];
  colLower: number[];
  colUpper: number[];
  stages: Stage[];
}

function buildPart(model: PlanModel, places: readonly number[], candidates: Candidate[]): PartProblem {
  const { options } = model;
  const rows: Rows = { starts: [], indices: [], values: [], lower: [], upper: [] };
  const n = candidates.length;
  const byPerson = new Map<number, { column: number; candidate: Candidate }[]>();
  const byPlace = new Map<number, number[]>();
  candidates.forEach((candidate, column) => {
    const person = byPerson.get(candidate.crew);
    if (person) person.push({ column, candidate });
    else byPerson.set(candidate.crew, [{ column, candidate }]);
    const place = byPlace.get(candidate.place);
    if (place) place.push(column);
    else byPlace.set(candidate.place, [column]);
  });
  for (const place of places) {
    const columns = byPlace.get(place) ?? [];
    const pinnedHere = columns.filter((column) => candidates[column]?.pinned).length;
    const open = model.roles[place]?.open ?? 0;
    if (columns.length > open)
      addRow(
        rows,
        columns.map((column) => [column, 1]),
        pinnedHere,
        Math.max(open, pinnedHere),
      );
  }
  // Extra columns: continuity (one per person and multi-day job), fairness (the maximum load L,
  // and per person with booked hours whether they are used at all).
  let next = n;
  const extraInteger = new Set<number>();
  const continuityColumns: number[] = [];
  const loadColumn = next++;
  for (const [crew, list] of byPerson) {
    if (list.length > 1) {
      for (const clique of clashCliques(model, list))
        addRow(
          rows,
          clique.map((column) => [column, 1]),
          -Infinity,
          1,
        );
      if (options.maxShiftsPerDay > 0) {
        const booked = bookedPerDay(model, crew);
        const perDay = new Map<string, number[]>();
        for (const { column, candidate } of list) {
          const shift = model.roles[candidate.place]?.shift;
          if (!shift) continue;
          const day = localStartDay(shift);
          perDay.set(day, [...(perDay.get(day) ?? []), column]);
        }
        for (const [day, columns] of perDay) {
          const cap = options.maxShiftsPerDay - (booked.get(day) ?? 0);
          if (columns.length > cap)
            addRow(
              rows,
              columns.map((column) => [column, 1]),
              -Infinity,
              cap,
            );
        }
      }
      if (options.maxHours !== undefined) {
        const cap = options.maxHours - (model.bookedHours.get(crew) ?? 0);
        const total = list.reduce((sum, { candidate }) => sum + candidate.hours, 0);
        if (total > cap + 1e-9)
          addRow(
            rows,
            list.map(({ column, candidate }) => [column, candidate.hours]),
            -Infinity,
            cap,
          );
      }
    }
    if (options.continuity) {
      // Distinct people per multi-day job: a member's candidates on one job share one "used" column;
      // a member with a single candidate there counts through that candidate itself.
      const byJob = new Map<string, number[]>();
      for (const { column, candidate } of list) {
        const group = model.roles[candidate.place]?.multiDayJobId;
        if (group) byJob.set(group, [...(byJob.get(group) ?? []), column]);
      }
      for (const columns of byJob.values()) {
        if (columns.length < 2) {
          continuityColumns.push(...columns);
          continue;
        }
        const used = next++;
        extraInteger.add(used);
        continuityColumns.push(used);
        for (const column of columns)
          addRow(
            rows,
            [
              [used, 1],
              [column, -1],
            ],
            0,
            Infinity,
          );
      }
    }
    const bookedHours = model.bookedHours.get(crew) ?? 0;
    const load: [number, number][] = list.map(({ column, candidate }) => [column, -candidate.hours]);
    if (bookedHours > 0) {
      const used = next++;
      extraInteger.add(used);
      for (const { column } of list)
        addRow(
          rows,
          [
            [used, 1],
            [column, -1],
          ],
          0,
          Infinity,
        );
      load.push([used, -bookedHours]);
    }
    addRow(rows, [[loadColumn, 1], ...load], 0, Infinity);
  }
  // Whoever takes a place works its hours, so L is at least a filled place's hours: with the places
  // filled fixed by the first stage this gives the relaxation the bound that min-max lacks.
  for (const place of places) {
    const columns = byPlace.get(place) ?? [];
    const open = model.roles[place]?.open ?? 0;
    const hours = candidates[columns[0] ?? -1]?.hours ?? 0;
    if (columns.length && open > 0 && hours > 0)
      addRow(
        rows,
        [
          [loadColumn, 1],
          ...columns.map((column): [number, number] => [column, -hours / Math.min(open, columns.length)]),
        ],
        0,
        Infinity,
      );
  }
  const numCols = next;
  const integrality = Array.from({ length: numCols }, (_, column) =>
    column < n || extraInteger.has(column) ? 1 : 0,
  );
  const colLower = Array.from({ length: numCols }, (_, column) => (candidates[column]?.pinned ? 1 : 0));
  const colUpper = Array.from({ length: numCols }, (_, column) => (column === loadColumn ? Infinity : 1));
  const vector = (value: (candidate: Candidate) => number) => {
    const costs = new Float64Array(numCols);
    candidates.forEach((candidate, column) => {
      costs[column] = value(candidate);
    });
    return costs;
  };
  const stages: Stage[] = [{ name: 'filled', sense: 'max', costs: vector(() => 1), integral: true }];
  if (candidates.some((candidate) => candidate.previous))
    stages.push({ name: 'kept', sense: 'max', costs: vector((c) => (c.previous ? 1 : 0)), integral: true });
  if (candidates.some((candidate) => candidate.pending))
    stages.push({ name: 'pending', sense: 'max', costs: vector((c) => (c.pending ? 1 : 0)), integral: true });
  if (continuityColumns.some((column) => column >= n)) {
    const costs = new Float64Array(numCols);
    for (const column of continuityColumns) costs[column] = 1;
    stages.push({ name: 'continuity', sense: 'min', costs, integral: true });
  }
  if (candidates.some((candidate) => candidate.score !== 0))
    stages.push({ name: 'score', sense: 'max', costs: vector((c) => c.score), integral: false });
  const fairness = new Float64Array(numCols);
  fairness[loadColumn] = 1;
  stages.push({ name: 'fairness', sense: 'min', costs: fairness, integral: false });
  stages.push({ name: 'ranking', sense: 'min', costs: vector((c) => c.rank), integral: true });
  return { candidates, numCols, rows, integrality, colLower, colUpper, stages };
}

interface PartResult {
  chosen: Candidate[];
  proven: boolean;
  unproven?: { name: ObjectiveName; stage: number; value: number; bound: number };
  /** Proven optimum per stage index. */
  values: Map<number, number>;
  stageMs: { name: string; ms: number; proven: boolean }[];
}

function solvePart(highs: Highs, problem: PartProblem, deadline: number, now: () => number): PartResult {
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
  const values = new Map<number, number>();
  const stageMs: PartResult['stageMs'] = [];
  try {
    // Nothing proposed but the pins is feasible whenever the pins are (checked before solving).
    let solution: Float64Array = Float64Array.from(problem.colLower);
    let unproven: PartResult['unproven'];
    for (const [index, stage] of problem.stages.entries()) {
      const seconds = Math.max(0.05, (deadline - now()) / 1000);
      model.options.set({
        output_flag: false,
        time_limit: seconds,
        mip_rel_gap: 0,
        mip_abs_gap: stage.integral ? 0.999 : 1e-6,
        // Feasibility jump spent some 150 ms on every tiny part before the root LP (measured);
        // each stage starts from the last stage's plan anyway.
        mip_heuristic_run_feasibility_jump: false,
      });
      model.changeColsCost({ kind: 'range', from: 0, to: numCols - 1 }, stage.costs);
      model.changeObjectiveSense(
        stage.sense === 'max'
          ? highs.constants.objectiveSense.maximize
          : highs.constants.objectiveSense.minimize,
      );
      model.setSolution({ colValue: solution });
      const stageStart = now();
      model.run();
      const status = model.getModelStatus();
      stageMs.push({
        name: stage.name,
        ms: now() - stageStart,
        proven: status === highs.constants.modelStatus.optimal,
      });
      if (status === highs.constants.modelStatus.infeasible)
        // Only pins can make a part infeasible (proposing nobody else always fits).
        throw new UserInputError('The pinned people cannot all keep their roles.', [
          {
            path: 'pin',
            message: 'Two pins clash, break the rest or day limit, or exceed a role.',
            fix: 'Drop one of the pins.',
          },
        ]);
      const optimal = status === highs.constants.modelStatus.optimal;
      const found = model.info.get('primal_solution_status') === 2;
      if (found) solution = Float64Array.from(model.getSolution().colValue);
      if (!optimal) {
        if (stage.name !== 'ranking') {
          const value = found ? model.getObjectiveValue() : 0;
          const bound = Number(model.info.get('mip_dual_bound'));
          unproven = { name: stage.name, stage: index, value, bound: Number.isFinite(bound) ? bound : value };
        }
        break;
      }
      const value = model.getObjectiveValue();
      values.set(index, value);
      const entries: [number, number][] = [];
      stage.costs.forEach((cost, column) => {
        if (cost !== 0) entries.push([column, cost]);
      });
      if (entries.length === 0 || index === problem.stages.length - 1) continue;
      const slack = stage.integral ? 0 : 1e-6 * Math.max(1, Math.abs(value));
      const target = stage.integral ? Math.round(value) : value;
      if (stage.sense === 'max') model.addRow(target - slack, highs.infinity, columnsOf(entries));
      else model.addRow(-highs.infinity, target + slack, columnsOf(entries));
    }
    const chosen = problem.candidates.filter((_, column) => (solution[column] ?? 0) > 0.5);
    return { chosen, proven: unproven === undefined, ...(unproven ? { unproven } : {}), values, stageMs };
  } finally {
    model.dispose();
  }
}

function columnsOf(entries: [number, number][]): { indices: number[]; values: number[] } {
  return { indices: entries.map(([column]) => column), values: entries.map(([, value]) => value) };
}

const ORDER: ObjectiveName[] = ['filled', 'kept', 'pending', 'continuity', 'score', 'fairness'];

export async function solvePlan(model: PlanModel, options: SolveOptions): Promise<PlanSolution> {
  const now = options.now ?? Date.now;
  const started = now();
  const candidates = keptCandidates(model);
  const parts = independentParts(model.roles.length, candidates).filter((part) => part.candidates.length > 0);
  const highs = parts.length ? await loadHighs() : undefined;
  const deadline = now() + options.timeLimitMs;
  const chosen: Candidate[] = [];
  const limitedPlaces = new Set<number>();
  const objectives = new Set<ObjectiveName>();
  let columns = 0;
  const results: { problem: PartProblem; result: PartResult }[] = [];
  for (const part of parts) {
    const problem = buildPart(model, part.places, part.candidates);
    columns += problem.numCols;
    for (const stage of problem.stages) if (stage.name !== 'ranking') objectives.add(stage.name);
    const result = solvePart(highs as Highs, problem, deadline, now);
    chosen.push(...result.chosen);
    if (!result.proven) for (const place of part.places) limitedPlaces.add(place);
    results.push({ problem, result });
  }
  const stageMs: PlanSolution['stageMs'] = {};
  for (const { result } of results)
    for (const stage of result.stageMs) {
      const entry = stageMs[stage.name] ?? { ms: 0, proven: true };
      stageMs[stage.name] = { ms: entry.ms + stage.ms, proven: entry.proven && stage.proven };
    }
  const firstUnproven = ORDER.find((name) => results.some(({ result }) => result.unproven?.name === name));
  let gap = 0;
  if (firstUnproven) {
    let missing = 0;
    let total = 0;
    for (const { problem, result } of results) {
      const index = problem.stages.findIndex((stage) => stage.name === firstUnproven);
      if (index === -1) continue;
      if (result.unproven?.name === firstUnproven) {
        missing += Math.abs(result.unproven.bound - result.unproven.value);
        total += Math.abs(result.unproven.bound);
      } else total += Math.abs(result.values.get(index) ?? 0);
    }
    gap = total > 0 ? missing / total : 1;
  }
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
