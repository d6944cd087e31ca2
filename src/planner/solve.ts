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
// relaxation proved a third of the optimum on a seeded multi-day job.
import type { Highs } from 'highs';
import { localStartDay, paidHours } from '../rules/shifts.js';
import { loadHighs } from './highs.js';
import { bookedPerDay, type Candidate, type PlanModel } from './model.js';
import { type CrewClass, crewClasses, independentParts } from './reduce.js';
import { assignSchedules, type Schedule, schedulesOf, sharesJob } from './schedules.js';

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

/**
 * The rows tying a person's "used" column on one multi-day job to their candidates there, as
 * (weight, columns): weight x used >= the sum of the columns. Not one row per candidate (used >=
 * x), whose relaxation lets a person be a ninth used on each of nine places of a day and count a
 * ninth for a whole day's place (the 300-place event's relaxation proved 75 people against a
 * 100-person optimum), but per group of candidates one person can hold at most `weight` of: a
 * local day (the shifts per day) and a set of pairwise clashing shifts (weight 1). A candidate in
 * no such group keeps its own row.
 */
function usedGroups(
  model: PlanModel,
  list: readonly { column: number; candidate: Candidate }[],
  columns: ReadonlySet<number>,
): [number, number[]][] {
  const mine = list.filter(({ column }) => columns.has(column));
  const groups: [number, number[]][] = clashCliques(model, mine).map((clique) => [1, clique]);
  const perDay = model.options.maxShiftsPerDay;
  if (perDay > 0) {
    const byDay = new Map<string, number[]>();
    for (const { column, candidate } of mine) {
      const shift = model.roles[candidate.place]?.shift;
      if (!shift) continue;
      const day = localStartDay(shift);
      byDay.set(day, [...(byDay.get(day) ?? []), column]);
    }
    for (const group of byDay.values()) if (group.length > perDay) groups.push([perDay, group]);
  }
  const covered = new Set(groups.flatMap(([, group]) => group));
  for (const { column } of mine) if (!covered.has(column)) groups.push([1, [column]]);
  return groups;
}

interface PartProblem {
  candidates: Candidate[];
  numCols: number;
  rows: Rows;
  integrality: number[];
  colLower: number[];
  colUpper: number[];
  stages: Stage[];
  /** The maximum load L, and each person's load as (column, hours) terms. */
  loadColumn: number;
  loads: { terms: [number, number][]; booked: number }[];
  /** Every load a person can have (sums of their candidates' hours, plus booked), ascending; none when too many. */
  levels?: number[];
  /** Rows "a person's load <= threshold x their used column", for people on one multi-day job only. */
  capacities: { row: number; used: number; booked: number }[];
  /** Integer columns of interchangeable crew's schedules (schedules.ts), and their classes. */
  schedules: Schedule[];
  groups: readonly CrewClass[];
  /** Per place: its open places, its individual columns, and how many its schedules can hold. */
  placeColumns: { open: number; hours: number; columns: number[]; scheduled: number; schedules: number[] }[];
  /** Hours of the longest place every plan from here on fills (someone works at least that). */
  leastLoad: number;
  /** Columns no plan keeping the stages solved can use (reduced-cost fixing): bounds 0 for good. */
  zeroed: Set<number>;
  /** Each "used" column (a person on a multi-day job, or with booked hours) and the columns it counts. */
  links: { used: number; columns: number[] }[];
}

/** Distinct sums of a person's hours above this many make the levels too many to search. */
const MAX_LEVELS = 4_096;

const roundHours = (hours: number): number => Math.round(hours * 1e6) / 1e6;

function buildPart(
  model: PlanModel,
  places: readonly number[],
  all: Candidate[],
  groups: readonly CrewClass[],
  aggregate = true,
): PartProblem {
  const { options } = model;
  const rows: Rows = { starts: [], indices: [], values: [], lower: [], upper: [] };
  const schedules: Schedule[] = [];
  const aggregated = new Set<number>();
  const continuityGroups = new Set<number>();
  if (aggregate)
    groups.forEach((group, index) => {
      if (group.members.length < 2) return;
      const found = schedulesOf(model, group);
      if (!found) return;
      for (const member of group.members) aggregated.add(member[0]?.crew ?? -1);
      if (sharesJob(model, group)) continuityGroups.add(index);
      for (const schedule of found) schedules.push({ ...schedule, group: index, column: -1 });
    });
  const candidates = aggregated.size ? all.filter((candidate) => !aggregated.has(candidate.crew)) : all;
  const n = candidates.length;
  schedules.forEach((schedule, index) => {
    schedule.column = n + index;
  });
  const schedulesAt = new Map<number, Schedule[]>();
  for (const schedule of schedules)
    for (const place of schedule.places) {
      const here = schedulesAt.get(place);
      if (here) here.push(schedule);
      else schedulesAt.set(place, [schedule]);
    }
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
    const here = schedulesAt.get(place) ?? [];
    if (columns.length + here.reduce((sum, schedule) => sum + schedule.upper, 0) > open)
      addRow(
        rows,
        [
          ...columns.map((column): [number, number] => [column, 1]),
          ...here.map((schedule): [number, number] => [schedule.column, 1]),
        ],
        pinnedHere,
        Math.max(open, pinnedHere),
      );
  }
  // Extra columns: continuity (one per person and multi-day job), fairness (the maximum load L,
  // and per person with booked hours whether they are used at all).
  // A class has as many members as it has: its schedules' counts add up to at most that.
  const byGroup = new Map<number, Schedule[]>();
  for (const schedule of schedules) {
    const mine = byGroup.get(schedule.group);
    if (mine) mine.push(schedule);
    else byGroup.set(schedule.group, [schedule]);
  }
  groups.forEach((group, index) => {
    const mine = byGroup.get(index) ?? [];
    if (mine.reduce((sum, schedule) => sum + schedule.upper, 0) > group.members.length)
      addRow(
        rows,
        mine.map((schedule) => [schedule.column, 1]),
        -Infinity,
        group.members.length,
      );
  });
  let next = n + schedules.length;
  const loads: PartProblem['loads'] = [];
  const capacities: PartProblem['capacities'] = [];
  const levels = new Set<number>();
  let levelsKnown = true;
  const extraInteger = new Set<number>();
  const continuityColumns: number[] = [];
  const links: PartProblem['links'] = [];
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
        links.push({ used, columns });
        for (const [weight, group] of usedGroups(model, list, new Set(columns)))
          addRow(
            rows,
            [[used, weight], ...group.map((column): [number, number] => [column, -1])],
            0,
            Infinity,
          );
        // Every candidate of this person on this job: their load is at most the threshold when
        // they are used. The continuity optimum bounds the used columns, so a relaxation cannot
        // spread people thinly over many (the fairness search sets the threshold per probe).
        if (columns.length === list.length) {
          const booked = model.bookedHours.get(crew) ?? 0;
          const total = list.reduce((sum, { candidate }) => sum + candidate.hours, booked);
          capacities.push({ row: rows.lower.length, used, booked });
          addRow(
            rows,
            [
              ...list.map(({ column, candidate }): [number, number] => [column, candidate.hours]),
              [used, -total],
            ],
            -Infinity,
            0,
          );
        }
      }
    }
    const bookedHours = model.bookedHours.get(crew) ?? 0;
    const load: [number, number][] = list.map(({ column, candidate }) => [column, -candidate.hours]);
    if (bookedHours > 0) {
      const used = next++;
      extraInteger.add(used);
      links.push({ used, columns: list.map(({ column }) => column) });
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
    loads.push({
      terms: list.map(({ column, candidate }) => [column, candidate.hours]),
      booked: bookedHours,
    });
    if (levelsKnown) {
      let sums = new Set([0]);
      for (const { candidate } of list) {
        sums = new Set([...sums, ...[...sums].map((sum) => roundHours(sum + candidate.hours))]);
        if (sums.size > MAX_LEVELS) break;
      }
      for (const sum of sums) if (sum > 0) levels.add(roundHours(sum + bookedHours));
      if (sums.size > MAX_LEVELS || levels.size > MAX_LEVELS) levelsKnown = false;
    }
  }
  for (const schedule of schedules) levels.add(roundHours(schedule.hours));
  if (levels.size > MAX_LEVELS) levelsKnown = false;
  // The threshold search bounds schedules by their hours; without levels, keep per-member columns.
  if (!levelsKnown && schedules.length) return buildPart(model, places, all, groups, false);
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
    column < n + schedules.length || extraInteger.has(column) ? 1 : 0,
  );
  const colLower = Array.from({ length: numCols }, (_, column) => (candidates[column]?.pinned ? 1 : 0));
  const colUpper = Array.from({ length: numCols }, (_, column) => (column === loadColumn ? Infinity : 1));
  for (const schedule of schedules) colUpper[schedule.column] = schedule.upper;
  const vector = (
    value: (candidate: Candidate) => number,
    perSchedule: (schedule: Schedule) => number = () => 0,
  ) => {
    const costs = new Float64Array(numCols);
    candidates.forEach((candidate, column) => {
      costs[column] = value(candidate);
    });
    for (const schedule of schedules) costs[schedule.column] = perSchedule(schedule);
    return costs;
  };
  const stages: Stage[] = [
    {
      name: 'filled',
      sense: 'max',
      costs: vector(
        () => 1,
        (schedule) => schedule.places.length,
      ),
      integral: true,
    },
  ];
  if (candidates.some((candidate) => candidate.previous))
    stages.push({ name: 'kept', sense: 'max', costs: vector((c) => (c.previous ? 1 : 0)), integral: true });
  if (candidates.some((candidate) => candidate.pending))
    stages.push({ name: 'pending', sense: 'max', costs: vector((c) => (c.pending ? 1 : 0)), integral: true });
  if (continuityColumns.some((column) => column >= n) || continuityGroups.size) {
    const costs = new Float64Array(numCols);
    for (const column of continuityColumns) costs[column] = 1;
    for (const schedule of schedules) costs[schedule.column] = schedule.jobs;
    stages.push({ name: 'continuity', sense: 'min', costs, integral: true });
  }
  if (
    candidates.some((candidate) => candidate.score !== 0) ||
    schedules.some((schedule) => schedule.score !== 0)
  )
    stages.push({
      name: 'score',
      sense: 'max',
      costs: vector(
        (c) => c.score,
        (schedule) => schedule.score,
      ),
      integral: false,
    });
  const fairness = new Float64Array(numCols);
  fairness[loadColumn] = 1;
  stages.push({ name: 'fairness', sense: 'min', costs: fairness, integral: false });
  stages.push({
    name: 'ranking',
    sense: 'min',
    costs: vector(
      (c) => c.rank,
      (schedule) => schedule.rank,
    ),
    integral: true,
  });
  return {
    candidates,
    numCols,
    rows,
    integrality,
    colLower,
    colUpper,
    stages,
    loadColumn,
    loads,
    capacities,
    schedules,
    groups,
    leastLoad: 0,
    zeroed: new Set(),
    links,
    placeColumns: places.map((place) => ({
      open: model.roles[place]?.open ?? 0,
      hours: model.roles[place] ? paidHours(model.roles[place].shift) : 0,
      columns: byPlace.get(place) ?? [],
      scheduled: (schedulesAt.get(place) ?? []).reduce((sum, schedule) => sum + schedule.upper, 0),
      schedules: (schedulesAt.get(place) ?? []).map((schedule) => schedule.column),
    })),
    ...(levelsKnown ? { levels: [...levels].sort((a, b) => a - b) } : {}),
  };
}

interface PartResult {
  chosen: Candidate[];
  proven: boolean;
  unproven?: { name: ObjectiveName; stage: number; value: number; bound: number };
  /** Proven optimum per stage index. */
  values: Map<number, number>;
  stageMs: { name: string; ms: number; proven: boolean }[];
}

function solvePart(
  highs: Highs,
  problem: PartProblem,
  deadline: number,
  now: () => number,
): PartResult | { infeasible: true } {
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
    let solution: Float64Array = oneEach(problem) ?? Float64Array.from(problem.colLower);
    let unproven: PartResult['unproven'];
    for (const [index, stage] of problem.stages.entries()) {
      if (stage.name === 'fairness' && problem.levels) {
        const stageStart = now();
        const search = leastMaximumLoad(highs, model, problem, problem.levels, solution, deadline, now);
        stageMs.push({ name: stage.name, ms: now() - stageStart, proven: search.proven });
        solution = Float64Array.from(search.solution);
        solution[problem.loadColumn] = search.value;
        if (!search.proven) {
          unproven = { name: stage.name, stage: index, value: search.value, bound: search.bound };
          break;
        }
        values.set(index, search.value);
        setThreshold(model, problem, search.value);
        continue;
      }
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
      // A plan found already that reaches the counting bound is this stage's optimum: no solve.
      const bound = countingBound(problem, stage);
      const reached = stage.costs.reduce((sum, cost, column) => sum + cost * (solution[column] ?? 0), 0);
      if (bound !== undefined && reached >= bound - 1e-6) {
        stageMs.push({ name: stage.name, ms: 0, proven: true });
        values.set(index, bound);
        fixStage(highs, model, problem, stage, index, bound);
        continue;
      }
      model.changeColsCost({ kind: 'range', from: 0, to: numCols - 1 }, stage.costs);
      model.changeObjectiveSense(
        stage.sense === 'max'
          ? highs.constants.objectiveSense.maximize
          : highs.constants.objectiveSense.minimize,
      );
      const stageStart = now();
      // The relaxation first: when its optimum is integral it is the stage's (no branch and bound),
      // and its reduced costs fix columns for every later stage once the optimum is known.
      const relaxed = stage.integral ? relax(highs, model, problem, deadline, now) : undefined;
      // The plan in hand (every earlier stage's optimum kept) at the relaxation's bound is optimal.
      if (relaxed && !relaxed.integral) {
        const target =
          stage.sense === 'min' ? Math.ceil(relaxed.value - 1e-6) : Math.floor(relaxed.value + 1e-6);
        const inHand = complete(problem, solution);
        const reached = stage.costs.reduce((sum, cost, column) => sum + cost * (inHand[column] ?? 0), 0);
        const atBound = stage.sense === 'min' ? reached <= target + 1e-6 : reached >= target - 1e-6;
        if (atBound && satisfies(problem, inHand)) {
          stageMs.push({ name: stage.name, ms: now() - stageStart, proven: true });
          solution = inHand;
          values.set(index, reached);
          fixByReducedCost(model, problem, stage, relaxed, reached);
          fixStage(highs, model, problem, stage, index, reached);
          continue;
        }
      }
      const near =
        relaxed && !relaxed.integral
          ? nearRelaxation(model, problem, stage, relaxed, deadline, now)
          : undefined;
      if (relaxed && (relaxed.integral || near?.reached)) {
        stageMs.push({ name: stage.name, ms: now() - stageStart, proven: true });
        solution =
          near?.solution ??
          relaxed.colValue.map((x, column) => (problem.integrality[column] === 1 ? Math.round(x) : x));
        const value = stage.costs.reduce((sum, cost, column) => sum + cost * (solution[column] ?? 0), 0);
        values.set(index, value);
        fixByReducedCost(model, problem, stage, relaxed, value);
        fixStage(highs, model, problem, stage, index, value);
        continue;
      }
      model.options.set({ time_limit: Math.max(0.05, (deadline - now()) / 1000) });
      // The sub-MIP's plan, short of the bound, is still a plan of the whole model: the better start.
      model.setSolution({ colValue: near?.solution ?? solution });
      model.run();
      const status = model.getModelStatus();
      stageMs.push({
        name: stage.name,
        ms: now() - stageStart,
        proven: status === highs.constants.modelStatus.optimal,
      });
      // Only pins can make a part infeasible (proposing nobody else always fits).
      if (status === highs.constants.modelStatus.infeasible) return { infeasible: true };
      const found = model.info.get('primal_solution_status') === 2;
      // Stopped by the time limit with the best plan's value at its proven bound is proven too.
      const optimal =
        status === highs.constants.modelStatus.optimal ||
        (found && closed(stage, model.getObjectiveValue(), Number(model.info.get('mip_dual_bound'))));
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
      if (relaxed) fixByReducedCost(model, problem, stage, relaxed, value);
      fixStage(highs, model, problem, stage, index, value);
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

type HighsModel = ReturnType<Highs['createModel']>;

/**
 * A bound of the stages that count places (filled, kept, pending) without the solver: each place
 * gives at most its open places, and at most as many as the columns that count there can hold.
 */
function countingBound(problem: PartProblem, stage: Stage): number | undefined {
  return placeBounds(problem, stage)?.reduce((sum, place) => sum + place.bound, 0);
}

function placeBounds(problem: PartProblem, stage: Stage): { columns: number[]; bound: number }[] | undefined {
  if (stage.name !== 'filled' && stage.name !== 'kept' && stage.name !== 'pending') return undefined;
  return problem.placeColumns.map((place) => {
    const columns = [
      ...place.columns.filter((column) => (stage.costs[column] ?? 0) > 0),
      ...(stage.name === 'filled' ? place.schedules : []),
    ];
    const counted = columns.length - (stage.name === 'filled' ? place.schedules.length : 0);
    return {
      columns,
      bound: Math.min(place.open, counted + (stage.name === 'filled' ? place.scheduled : 0)),
    };
  });
}

/** Whether a stage's best value meets its bound (an integer objective: closer than one). */
function closed(stage: Stage, value: number, bound: number): boolean {
  if (!Number.isFinite(bound)) return false;
  const gap = stage.sense === 'max' ? bound - value : value - bound;
  return stage.integral ? gap < 1 - 1e-6 : gap <= 1e-6 * Math.max(1, Math.abs(value));
}

interface Relaxation {
  value: number;
  colValue: Float64Array;
  colDual: Float64Array;
  /** Every integer column integral in the relaxation's optimum: it is the stage's optimum. */
  integral: boolean;
}

/** The stage's linear relaxation (the model's integrality restored after), or none when not solved. */
function relax(
  highs: Highs,
  model: HighsModel,
  problem: PartProblem,
  deadline: number,
  now: () => number,
): Relaxation | undefined {
  model.clearIntegrality();
  try {
    model.options.set({ time_limit: Math.max(0.05, (deadline - now()) / 1000) });
    model.run();
    if (model.getModelStatus() !== highs.constants.modelStatus.optimal) return undefined;
    const { colValue, colDual } = model.getSolution();
    const integral = problem.integrality.every(
      (kind, column) =>
        kind !== 1 || Math.abs((colValue[column] ?? 0) - Math.round(colValue[column] ?? 0)) <= 1e-6,
    );
    return {
      value: model.getObjectiveValue(),
      colValue: Float64Array.from(colValue),
      colDual: Float64Array.from(colDual),
      integral,
    };
  } finally {
    model.changeColsIntegrality(
      { kind: 'range', from: 0, to: problem.numCols - 1 },
      Int32Array.from(problem.integrality),
    );
  }
}

/**
 * A plan at the relaxation's bound, searched first in a smaller model: if the stage's optimum is
 * the relaxation's bound rounded to the integer objective, no column whose reduced cost exceeds
 * the room between them can be in it (the reduced-cost argument of fixByReducedCost), so those
 * columns are fixed at 0 and a MIP searches the rest. When its plan reaches the bound it is the
 * stage's optimum, proven by the bound, without the whole model's branch and bound (on the
 * 300-place event, continuity: half of 8,938 columns fixed, 1.6 s to 0.4 s warm). Otherwise its
 * plan, if any, starts the whole model's MIP. The bounds are restored before returning.
 */
function nearRelaxation(
  model: HighsModel,
  problem: PartProblem,
  stage: Stage,
  relaxed: Relaxation,
  deadline: number,
  now: () => number,
): { solution: Float64Array; reached: boolean } | undefined {
  const target = stage.sense === 'min' ? Math.ceil(relaxed.value - 1e-6) : Math.floor(relaxed.value + 1e-6);
  const { lower, upper } = model.getCols({ kind: 'range', from: 0, to: problem.numCols - 1 });
  const sign = stage.sense === 'min' ? 1 : -1;
  const room = sign * (target - relaxed.value) + 1e-6 * Math.max(1, Math.abs(target));
  const fix: number[] = [];
  problem.integrality.forEach((kind, column) => {
    const x = relaxed.colValue[column] ?? 0;
    if (
      kind === 1 &&
      (lower[column] ?? 0) === 0 &&
      (upper[column] ?? 0) > 0 &&
      x <= 1e-9 &&
      sign * (relaxed.colDual[column] ?? 0) > room
    )
      fix.push(column);
  });
  if (fix.length === 0) return undefined;
  const at = new Float64Array(fix.length);
  model.changeColsBounds({ kind: 'set', indices: fix }, at, at);
  try {
    // Most of the time left: this is the likelier proof, and its plan starts the whole MIP if not.
    model.options.set({ time_limit: Math.max(0.05, ((deadline - now()) * 0.75) / 1000) });
    model.run();
    if (model.info.get('primal_solution_status') !== 2) return undefined;
    const value = model.getObjectiveValue();
    const reached = stage.sense === 'min' ? value <= target + 1e-6 : value >= target - 1e-6;
    return { solution: Float64Array.from(model.getSolution().colValue), reached };
  } finally {
    model.changeColsBounds(
      { kind: 'set', indices: fix },
      Float64Array.from(fix, (column) => lower[column] ?? 0),
      Float64Array.from(fix, (column) => upper[column] ?? 0),
    );
  }
}

/**
 * Reduced-cost fixing once a stage is proven at `value`: its relaxation (optimum z, reduced costs
 * d) says every plan costs at least z + d_j x_j for a column j at its lower bound 0, so a column
 * whose reduced cost exceeds |value - z| is 0 in every plan that keeps the stage at its optimum,
 * and later stages (the fairness probes, the ranking) never see it. On the 300-place event the
 * continuity optimum equals its relaxation's, which rules out half the columns.
 */
function fixByReducedCost(
  model: HighsModel,
  problem: PartProblem,
  stage: Stage,
  relaxed: Relaxation,
  value: number,
): void {
  const sign = stage.sense === 'min' ? 1 : -1;
  const room = Math.max(0, sign * (value - relaxed.value)) + 1e-6 * Math.max(1, Math.abs(value));
  for (let column = 0; column < problem.numCols; column++) {
    if (problem.integrality[column] !== 1 || problem.colLower[column] !== 0) continue;
    if (problem.zeroed.has(column) || (relaxed.colValue[column] ?? 0) > 1e-9) continue;
    if (sign * (relaxed.colDual[column] ?? 0) <= room) continue;
    problem.zeroed.add(column);
    model.changeColBounds(column, 0, 0);
  }
}

/** Nobody's load above this many hours, from here on (the maximum load's column and each capacity row). */
function setThreshold(model: HighsModel, problem: PartProblem, hours: number): void {
  model.changeColBounds(problem.loadColumn, 0, hours + 1e-6);
  for (const { row, used, booked } of problem.capacities)
    model.changeCoefficient(row, used, booked - hours - 1e-6);
  for (const schedule of problem.schedules)
    if (!problem.zeroed.has(schedule.column))
      model.changeColBounds(schedule.column, 0, schedule.hours > hours + 1e-6 ? 0 : schedule.upper);
}

/** The largest load of any person in a solution. */
function maximumLoad(problem: PartProblem, solution: Float64Array): number {
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
const DESCENDING_PROBES = 1;

/**
 * The fairness stage as a search over thresholds, not a min-max objective: the relaxation of
 * "L at least every person's load" spreads people fractionally and proves little (a bound of
 * 9.25 h against a 20 h optimum on a seeded multi-day job), while "is there a plan, with every
 * earlier optimum kept, in which nobody works more than T hours" is a feasibility question the
 * solver settles quickly, proven either way. A person's load is one of finitely many sums of
 * their hours (the levels), so a binary search over the levels below the best plan found ends
 * at the least maximum load, proven by the level below it being infeasible.
 */
function leastMaximumLoad(
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
    model.options.set({ time_limit: remaining, mip_abs_gap: 0.5 });
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

/**
 * A first plan with everyone on one place at most (always within every rule: the model checked
 * each candidate against their BOOKED shifts): places in order, classes' members first, then
 * people with history. Where it reaches each place's bound, the places filled need no solve.
 * None when something is pinned (the pins come first).
 */
function oneEach(problem: PartProblem): Float64Array | undefined {
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
function complete(problem: PartProblem, solution: Float64Array): Float64Array {
  const full = Float64Array.from(solution);
  for (const { used, columns } of problem.links)
    full[used] = columns.some((column) => (full[column] ?? 0) > 0.5) ? 1 : 0;
  full[problem.loadColumn] = Math.max(full[problem.loadColumn] ?? 0, maximumLoad(problem, full));
  return full;
}

/** Whether a plan keeps every row built for the part and every column's bounds (fixed columns at 0). */
function satisfies(problem: PartProblem, solution: Float64Array): boolean {
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

/** A stage's optimum kept by every later stage: a row (an integer objective's exact value). */
function fixStage(
  highs: Highs,
  model: HighsModel,
  problem: PartProblem,
  stage: Stage,
  index: number,
  value: number,
): void {
  const entries: [number, number][] = [];
  stage.costs.forEach((cost, column) => {
    if (cost !== 0) entries.push([column, cost]);
  });
  if (entries.length === 0 || index === problem.stages.length - 1) return;
  // At the counting bound every place is at its own: sparse rows per place, not one dense row
  // over every column, which slowed each later stage's relaxation (seconds on 300 places).
  const perPlace = placeBounds(problem, stage);
  if (perPlace && Math.abs(perPlace.reduce((sum, place) => sum + place.bound, 0) - value) < 1e-6) {
    perPlace.forEach((place, at) => {
      if (place.bound <= 0) return;
      model.addRow(place.bound, highs.infinity, {
        indices: place.columns,
        values: place.columns.map(() => 1),
      });
      if (stage.name === 'filled')
        problem.leastLoad = Math.max(problem.leastLoad, problem.placeColumns[at]?.hours ?? 0);
    });
    return;
  }
  const slack = stage.integral ? 0 : 1e-6 * Math.max(1, Math.abs(value));
  const target = stage.integral ? Math.round(value) : value;
  if (stage.sense === 'max') model.addRow(target - slack, highs.infinity, columnsOf(entries));
  else model.addRow(-highs.infinity, target + slack, columnsOf(entries));
}

function columnsOf(entries: [number, number][]): { indices: number[]; values: number[] } {
  return { indices: entries.map(([column]) => column), values: entries.map(([, value]) => value) };
}

const ORDER: ObjectiveName[] = ['filled', 'kept', 'pending', 'continuity', 'score', 'fairness'];

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
