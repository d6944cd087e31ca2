// One independent part of a plan as a mixed-integer program: the columns (one 0/1 per candidate,
// one integer per schedule of interchangeable crew, then the objectives' extra columns), the rows
// of every constraint family (rows.ts, objective-rows.ts) and the stages (stages.ts).
import { paidHours } from '../rules/shifts.js';
import { jobPlaces } from './job-cliques.js';
import type { Candidate, PlanModel } from './model.js';
import {
  addLevels,
  continuityRows,
  countRow,
  type ExtraColumns,
  leastLoadRows,
  loadRows,
  mostShifts,
} from './objective-rows.js';
import { MAX_LEVELS, type PartProblem, type Rows, roundHours } from './problem.js';
import type { CrewClass } from './reduce.js';
import {
  clashRows,
  classSizeRows,
  dayRows,
  hoursRows,
  openPlaceRows,
  type PersonColumns,
  shiftCapRows,
} from './rows.js';
import { type Schedule, schedulesOf, sharesJob } from './schedules.js';
import { buildStages } from './stages.js';

/** Interchangeable classes' schedules (each an integer column), the crew they stand for, and the classes sharing a job. */
function classSchedules(
  model: PlanModel,
  groups: readonly CrewClass[],
  aggregate: boolean,
): { schedules: Schedule[]; aggregated: Set<number>; continuityGroups: Set<number> } {
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
  return { schedules, aggregated, continuityGroups };
}

/** The columns per person and per place, and the schedules at each place. */
function indexColumns(candidates: readonly Candidate[], schedules: readonly Schedule[]) {
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
  return { schedulesAt, byPerson, byPlace };
}

/** What the per-person rows give the part: loads, capacities, levels, continuity's counted columns. */
interface PersonRows {
  loads: PartProblem['loads'];
  capacities: PartProblem['capacities'];
  counts: PartProblem['counts'];
  levels: Set<number>;
  levelsKnown: boolean;
  continuityColumns: number[];
}

/** Every row of one person, family by family (the order of rows and columns is the solver's input). */
function personRows(
  rows: Rows,
  model: PlanModel,
  byPerson: ReadonlyMap<number, PersonColumns>,
  loadColumn: number,
  extra: ExtraColumns,
): PersonRows {
  const out: PersonRows = {
    loads: [],
    capacities: [],
    counts: [],
    levels: new Set(),
    levelsKnown: true,
    continuityColumns: [],
  };
  const knownSums = new Map<string, number[] | undefined>();
  for (const [crew, list] of byPerson) {
    if (list.length > 1) {
      clashRows(rows, model, list);
      dayRows(rows, model, crew, list);
      hoursRows(rows, model, crew, list);
      shiftCapRows(rows, model, crew, list);
    }
    if (model.options.continuity)
      out.continuityColumns.push(...continuityRows(rows, model, crew, list, extra, out.capacities));
    const load = loadRows(rows, model, crew, list, loadColumn, extra);
    out.loads.push(load);
    if (list.length > 1) out.counts.push(countRow(rows, list, load.booked));
    if (out.levelsKnown)
      out.levelsKnown = addLevels(out.levels, list, load.booked, mostShifts(model, list), knownSums);
  }
  return out;
}

export function buildPart(
  model: PlanModel,
  places: readonly number[],
  all: Candidate[],
  groups: readonly CrewClass[],
  aggregate = true,
): PartProblem {
  const rows: Rows = { starts: [], indices: [], values: [], lower: [], upper: [] };
  const { schedules, aggregated, continuityGroups } = classSchedules(model, groups, aggregate);
  const candidates = aggregated.size ? all.filter((candidate) => !aggregated.has(candidate.crew)) : all;
  const n = candidates.length;
  schedules.forEach((schedule, index) => {
    schedule.column = n + index;
  });
  const { schedulesAt, byPerson, byPlace } = indexColumns(candidates, schedules);
  openPlaceRows(rows, model, places, byPlace, candidates, schedulesAt);
  classSizeRows(rows, groups, schedules);
  // Extra columns: the maximum load L, then per person continuity's and fairness's "used" columns.
  const extra: ExtraColumns = { next: n + schedules.length, integer: new Set(), links: [] };
  const loadColumn = extra.next++;
  const person = personRows(rows, model, byPerson, loadColumn, extra);
  for (const schedule of schedules) person.levels.add(roundHours(schedule.hours));
  const levelsKnown = person.levelsKnown && person.levels.size <= MAX_LEVELS;
  // The threshold search bounds schedules by their hours; without levels, keep per-member columns.
  if (!levelsKnown && schedules.length) return buildPart(model, places, all, groups, false);
  leastLoadRows(rows, model, places, byPlace, candidates, loadColumn);
  const numCols = extra.next;
  const integrality = Array.from({ length: numCols }, (_, column) =>
    column < n + schedules.length || extra.integer.has(column) ? 1 : 0,
  );
  const colLower = Array.from({ length: numCols }, (_, column) => (candidates[column]?.pinned ? 1 : 0));
  const colUpper = Array.from({ length: numCols }, (_, column) => (column === loadColumn ? Infinity : 1));
  for (const schedule of schedules) colUpper[schedule.column] = schedule.upper;
  const stages = buildStages(numCols, candidates, schedules, loadColumn, {
    continuityColumns: person.continuityColumns,
    firstExtra: n,
    continuityGroups: continuityGroups.size,
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
    loads: person.loads,
    capacities: person.capacities,
    counts: person.counts,
    schedules,
    groups,
    leastLoad: 0,
    zeroed: new Set(),
    links: extra.links,
    jobs: jobPlaces(model, places),
    placeColumns: places.map((place) => ({
      open: model.roles[place]?.open ?? 0,
      hours: model.roles[place] ? paidHours(model.roles[place].shift) : 0,
      columns: byPlace.get(place) ?? [],
      scheduled: (schedulesAt.get(place) ?? []).reduce((sum, schedule) => sum + schedule.upper, 0),
      schedules: (schedulesAt.get(place) ?? []).map((schedule) => schedule.column),
    })),
    ...(levelsKnown ? { levels: [...person.levels].sort((a, b) => a - b) } : {}),
  };
}
