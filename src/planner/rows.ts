// The rows of a part, one function per family of hard constraints between proposed places (the
// README's list; what a single candidate may not do was settled by the model already):
//   - a role's open places (and its pins), and a class's members (interchangeable crew);
//   - per person: one shift at a time with the minimum rest (the maximal cliques of an interval
//     graph, so the relaxation is tight), the shifts per local day (less those BOOKED that day),
//     the hours limit (less booked hours), the shifts per person in the plan and per local week
//     (less those BOOKED that week).
// The rows that the objectives need (continuity's and fairness's "used" and load columns) are in
// objective-rows.ts.
import { localStartDay, type Shift } from '../rules/shifts.js';
import { bookedPerDay, bookedPerWeek, type Candidate, localWeek, type PlanModel } from './model.js';
import { addRow, type Rows } from './problem.js';
import type { CrewClass } from './reduce.js';
import type { Schedule } from './schedules.js';

/** One person's candidates in a part, each with its column. */
export type PersonColumns = readonly { column: number; candidate: Candidate }[];

/** Maximal sets of one person's candidates that pairwise clash (overlap or short rest). */
export function clashCliques(model: PlanModel, list: PersonColumns): number[][] {
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

/** A role's open places: at most its open places, at least its pins (schedules count their members). */
export function openPlaceRows(
  rows: Rows,
  model: PlanModel,
  places: readonly number[],
  byPlace: ReadonlyMap<number, number[]>,
  candidates: readonly Candidate[],
  schedulesAt: ReadonlyMap<number, Schedule[]>,
): void {
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
}

/** A class has as many members as it has: its schedules' counts add up to at most that. */
export function classSizeRows(
  rows: Rows,
  groups: readonly CrewClass[],
  schedules: readonly Schedule[],
): void {
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
}

/**
 * One shift at a time with the minimum rest: one row per maximal set of pairwise clashing shifts,
 * but for a set within one local day when one shift a day is the limit: that day's row (dayRows)
 * holds it already, the same relaxation with fewer rows (the busy season's first week: 111,176
 * rows before).
 */
export function clashRows(rows: Rows, model: PlanModel, list: PersonColumns): void {
  const dayOf = new Map<number, string>();
  if (model.options.maxShiftsPerDay === 1)
    for (const { column, candidate } of list) {
      const shift = model.roles[candidate.place]?.shift;
      if (shift) dayOf.set(column, localStartDay(shift));
    }
  for (const clique of clashCliques(model, list)) {
    const day = dayOf.get(clique[0] ?? -1);
    if (day !== undefined && clique.every((column) => dayOf.get(column) === day)) continue;
    addRow(
      rows,
      clique.map((column) => [column, 1]),
      -Infinity,
      1,
    );
  }
}

/**
 * One row per group of a person's columns (a local day, a local week): at most `cap` of them less
 * the shifts the person is BOOKED on in that group.
 */
function capPerGroup(
  rows: Rows,
  model: PlanModel,
  list: PersonColumns,
  groupOf: (shift: Shift) => string,
  cap: number,
  booked: ReadonlyMap<string, number>,
): void {
  const grouped = new Map<string, number[]>();
  for (const { column, candidate } of list) {
    const shift = model.roles[candidate.place]?.shift;
    if (!shift) continue;
    const group = groupOf(shift);
    grouped.set(group, [...(grouped.get(group) ?? []), column]);
  }
  for (const [group, columns] of grouped) {
    const left = cap - (booked.get(group) ?? 0);
    if (columns.length > left)
      addRow(
        rows,
        columns.map((column) => [column, 1]),
        -Infinity,
        left,
      );
  }
}

/** The shifts per local day, less those the person is BOOKED on that day. */
export function dayRows(rows: Rows, model: PlanModel, crew: number, list: PersonColumns): void {
  const { maxShiftsPerDay } = model.options;
  if (maxShiftsPerDay <= 0) return;
  capPerGroup(rows, model, list, localStartDay, maxShiftsPerDay, bookedPerDay(model, crew));
}

/** The hours limit over the plan's days, less the person's booked hours. */
export function hoursRows(rows: Rows, model: PlanModel, crew: number, list: PersonColumns): void {
  if (model.options.maxHours === undefined) return;
  const cap = model.options.maxHours - (model.bookedHours.get(crew) ?? 0);
  const total = list.reduce((sum, { candidate }) => sum + candidate.hours, 0);
  if (total > cap + 1e-9)
    addRow(
      rows,
      list.map(({ column, candidate }) => [column, candidate.hours]),
      -Infinity,
      cap,
    );
}

/** The shifts a coordinator allows per person: in this plan, and per local Monday-Sunday week less BOOKED ones. */
export function shiftCapRows(rows: Rows, model: PlanModel, crew: number, list: PersonColumns): void {
  const { maxShiftsPerPerson, maxShiftsPerWeek } = model.options;
  if (maxShiftsPerPerson !== undefined && list.length > maxShiftsPerPerson)
    addRow(
      rows,
      list.map(({ column }) => [column, 1]),
      -Infinity,
      maxShiftsPerPerson,
    );
  if (maxShiftsPerWeek === undefined) return;
  capPerGroup(rows, model, list, localWeek, maxShiftsPerWeek, bookedPerWeek(model, crew));
}
