// The rows the objectives need beyond the hard constraints: continuity's "used" column per person
// and multi-day job, fairness's load per person against the maximum load L (with a "used" column
// for people with booked hours), the loads each person can reach (the threshold search's levels),
// and L at least the hours of a filled place.
import { localStartDay } from '../rules/shifts.js';
import type { Candidate, PlanModel } from './model.js';
import { addRow, MAX_LEVELS, type PartProblem, type Rows, roundHours } from './problem.js';
import { clashCliques, type PersonColumns } from './rows.js';

/** Columns past the candidates' and schedules', handed out in order, and what they are. */
export interface ExtraColumns {
  next: number;
  integer: Set<number>;
  links: PartProblem['links'];
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
  list: PersonColumns,
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

/**
 * Distinct people per multi-day job: a member's candidates on one job share one "used" column; a
 * member with a single candidate there counts through that candidate itself. Returns the columns
 * the continuity objective counts.
 */
export function continuityRows(
  rows: Rows,
  model: PlanModel,
  crew: number,
  list: PersonColumns,
  extra: ExtraColumns,
  capacities: PartProblem['capacities'],
): number[] {
  const counted: number[] = [];
  const byJob = new Map<string, number[]>();
  for (const { column, candidate } of list) {
    const group = model.roles[candidate.place]?.multiDayJobId;
    if (group) byJob.set(group, [...(byJob.get(group) ?? []), column]);
  }
  for (const columns of byJob.values()) {
    if (columns.length < 2) {
      counted.push(...columns);
      continue;
    }
    const used = extra.next++;
    extra.integer.add(used);
    counted.push(used);
    extra.links.push({ used, columns });
    for (const [weight, group] of usedGroups(model, list, new Set(columns)))
      addRow(rows, [[used, weight], ...group.map((column): [number, number] => [column, -1])], 0, Infinity);
    // Every candidate of this person on this job: their load is at most the threshold when
    // they are used. The continuity optimum bounds the used columns, so a relaxation cannot
    // spread people thinly over many (the fairness search sets the threshold per probe).
    if (columns.length === list.length) {
      const booked = model.bookedHours.get(crew) ?? 0;
      const total = list.reduce((sum, { candidate }) => sum + candidate.hours, booked);
      capacities.push({ row: rows.lower.length, used, booked });
      addRow(
        rows,
        [...list.map(({ column, candidate }): [number, number] => [column, candidate.hours]), [used, -total]],
        -Infinity,
        0,
      );
    }
  }
  return counted;
}

/** L at least the person's load: their proposed hours, plus booked hours when they are used at all. */
export function loadRows(
  rows: Rows,
  model: PlanModel,
  crew: number,
  list: PersonColumns,
  loadColumn: number,
  extra: ExtraColumns,
): PartProblem['loads'][number] {
  const bookedHours = model.bookedHours.get(crew) ?? 0;
  const load: [number, number][] = list.map(({ column, candidate }) => [column, -candidate.hours]);
  if (bookedHours > 0) {
    const used = extra.next++;
    extra.integer.add(used);
    extra.links.push({ used, columns: list.map(({ column }) => column) });
    // One row per set of pairwise clashing shifts (used >= their sum: at most one is held), and
    // per column in none: fewer rows than one per column (the busy season's first week: 152,184
    // rows in all before, 113,358 after) and a relaxation at least as tight.
    const cliques = clashCliques(model, list);
    const inClique = new Set(cliques.flat());
    const groups = [
      ...cliques,
      ...list.filter(({ column }) => !inClique.has(column)).map(({ column }) => [column]),
    ];
    for (const group of groups)
      addRow(rows, [[used, 1], ...group.map((column): [number, number] => [column, -1])], 0, Infinity);
    load.push([used, -bookedHours]);
  }
  addRow(rows, [[loadColumn, 1], ...load], 0, Infinity);
  return { terms: list.map(({ column, candidate }) => [column, candidate.hours]), booked: bookedHours };
}

/** The row counting a person's proposed shifts (bounded by the fairness search's threshold). */
export function countRow(rows: Rows, list: PersonColumns, booked: number): PartProblem['counts'][number] {
  const row = rows.lower.length;
  addRow(
    rows,
    list.map(({ column }) => [column, 1]),
    -Infinity,
    list.length,
  );
  return { row, hours: list.map(({ candidate }) => candidate.hours).sort((a, b) => a - b), booked };
}

/**
 * The most shifts of `list` one person can hold together: the interval-scheduling greedy (earliest
 * end, each span extended by the minimum rest) is exact for shifts that clash by overlap, and the
 * other caps only lower it, so this bounds every plan's count for them.
 */
export function mostShifts(model: PlanModel, list: PersonColumns): number {
  const restMs = Math.max(0, model.options.minRestHours) * 3_600_000;
  const spans = list
    .map(({ candidate }) => model.roles[candidate.place]?.shift.window ?? { startMs: 0, endMs: 0 })
    .map((window) => ({ start: window.startMs, end: window.endMs + restMs }))
    .sort((a, b) => a.end - b.end);
  let count = 0;
  let free = Number.NEGATIVE_INFINITY;
  for (const span of spans)
    if (span.start >= free) {
      count++;
      free = span.end;
    }
  const { maxShiftsPerPerson } = model.options;
  return maxShiftsPerPerson === undefined ? count : Math.min(count, maxShiftsPerPerson);
}

/**
 * Adds every load the person can have to `levels`: the sums of at most `most` of their hours
 * (mostShifts), plus booked hours. A knapsack over sums keeping the fewest shifts that reach each,
 * a distinct length of shift at a time: a person with 90 candidates in a busy week has a few
 * hundred such sums, where every subset's sum (searched before) ran into thousands per person and
 * most of a minute over 3,000 crew. False once there are too many to search. People with the same
 * lengths of shift and the same most reach the same sums: `known` keeps them per such kind, for
 * one part (the busy season's first week: 2,235 people, a third of the part's build before).
 */
export function addLevels(
  levels: Set<number>,
  list: PersonColumns,
  booked: number,
  most: number,
  known: Map<string, number[] | undefined> = new Map(),
): boolean {
  const lengths = new Map<number, number>();
  for (const { candidate } of list) {
    const hours = roundHours(candidate.hours);
    lengths.set(hours, (lengths.get(hours) ?? 0) + 1);
  }
  const kind = `${most}|${[...lengths].sort((a, b) => a[0] - b[0]).join(';')}`;
  if (!known.has(kind)) known.set(kind, reachableSums(lengths, most));
  const sums = known.get(kind);
  if (!sums) return false;
  for (const sum of sums) levels.add(roundHours(sum + booked));
  return levels.size <= MAX_LEVELS;
}

/** The positive sums of at most `most` shifts of these lengths (hours -> how many); none when too many. */
function reachableSums(lengths: ReadonlyMap<number, number>, most: number): number[] | undefined {
  let fewest = new Map<number, number>([[0, 0]]);
  for (const [hours, available] of lengths) {
    const next = new Map(fewest);
    for (const [sum, count] of fewest)
      for (let taken = 1; taken <= available && count + taken <= most; taken++) {
        const reached = roundHours(sum + taken * hours);
        if ((next.get(reached) ?? Infinity) > count + taken) next.set(reached, count + taken);
      }
    fewest = next;
    if (fewest.size > MAX_LEVELS) return undefined;
  }
  return [...fewest.keys()].filter((sum) => sum > 0);
}

/**
 * Whoever takes a place works its hours, so L is at least a filled place's hours: with the places
 * filled fixed by the first stage this gives the relaxation the bound that min-max lacks.
 */
export function leastLoadRows(
  rows: Rows,
  model: PlanModel,
  places: readonly number[],
  byPlace: ReadonlyMap<number, number[]>,
  candidates: readonly Candidate[],
  loadColumn: number,
): void {
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
}
