// Interchangeable crew as schedules: members of one class (reduce.ts: no history, the same places,
// the same tier and score) differ in nothing a constraint or an objective before the ranking
// reads, so instead of one 0/1 column per member and place, the solver gets one integer column
// per schedule one such member can work (a set of the class's places that one person may hold
// together: no overlap or short rest, the shifts per local day and week, the hours limit), counting how
// many members work it. A class of hundreds over a few days becomes tens of columns, and the
// symmetry between identical members, which makes a branch-and-bound prove little, is gone. The
// members are given their schedules after the solve, best ranked first. When a class has too many
// schedules (long ranges, no day limit) it keeps its per-member columns.
import { localStartDay } from '../rules/shifts.js';
import { type Candidate, localWeek, type PlanModel } from './model.js';
import type { CrewClass } from './reduce.js';

/** One class's schedule, as a column of the part. */
export interface Schedule {
  group: number;
  column: number;
  places: number[];
  hours: number;
  /** Most members that can work it: the class's size, and each place's open places. */
  upper: number;
  /** Distinct multi-day jobs it touches (people counted by the continuity objective). */
  jobs: number;
  /** find_matching_crew's ranks of the class's first member on its places (the tie-break). */
  rank: number;
  score: number;
}

/** More schedules than this in one class keep its per-member columns. */
export const MAX_SCHEDULES = 400;

/** Every non-empty set of the class's places one member may work together, or undefined when too many. */
export function schedulesOf(
  model: PlanModel,
  group: CrewClass,
): Omit<Schedule, 'group' | 'column'>[] | undefined {
  const { options } = model;
  const first = group.members[0] ?? [];
  const restMs = Math.max(0, options.minRestHours) * 3_600_000;
  const spans = first
    .map((candidate) => {
      const role = model.roles[candidate.place];
      const window = role?.shift.window ?? { startMs: 0, endMs: 0 };
      return {
        candidate,
        start: window.startMs,
        end: window.endMs + restMs,
        day: role ? localStartDay(role.shift) : '',
        week: role ? localWeek(role.shift) : '',
        job: role?.multiDayJobId,
        open: role?.open ?? 0,
      };
    })
    .sort((a, b) => a.start - b.start || a.candidate.place - b.candidate.place);
  const found: Omit<Schedule, 'group' | 'column'>[] = [];
  const chosen: typeof spans = [];
  let tooMany = false;
  const extend = (from: number, hours: number): void => {
    for (let index = from; index < spans.length && !tooMany; index++) {
      const span = spans[index];
      if (!span) continue;
      // Sorted by start: a clash is a chosen span whose end (plus the rest) is after this start.
      if (chosen.some((other) => span.start < other.end)) continue;
      if (
        options.maxShiftsPerDay > 0 &&
        chosen.filter((other) => other.day === span.day).length >= options.maxShiftsPerDay
      )
        continue;
      // Members of a class have no BOOKED shift in the window: the caps count proposed shifts only.
      if (options.maxShiftsPerPerson !== undefined && chosen.length >= options.maxShiftsPerPerson) continue;
      if (
        options.maxShiftsPerWeek !== undefined &&
        chosen.filter((other) => other.week === span.week).length >= options.maxShiftsPerWeek
      )
        continue;
      const total = hours + span.candidate.hours;
      if (options.maxHours !== undefined && total > options.maxHours + 1e-9) continue;
      chosen.push(span);
      found.push({
        places: chosen.map((entry) => entry.candidate.place),
        hours: total,
        upper: Math.min(group.members.length, ...chosen.map((entry) => entry.open)),
        jobs: new Set(chosen.flatMap((entry) => (entry.job ? [entry.job] : []))).size,
        rank: chosen.reduce((sum, entry) => sum + entry.candidate.rank, 0),
        score: chosen.reduce((sum, entry) => sum + entry.candidate.score, 0),
      });
      if (found.length > MAX_SCHEDULES) tooMany = true;
      extend(index + 1, total);
      chosen.pop();
    }
  };
  extend(0, 0);
  return tooMany ? undefined : found;
}

/** Whether a class's members have two places on one multi-day job (the continuity objective counts them). */
export function sharesJob(model: PlanModel, group: CrewClass): boolean {
  const jobs = (group.members[0] ?? []).flatMap((candidate) => {
    const job = model.roles[candidate.place]?.multiDayJobId;
    return job ? [job] : [];
  });
  return new Set(jobs).size < jobs.length;
}

/** The members' candidates for the schedules chosen: counts per schedule column, members best ranked first. */
export function assignSchedules(
  schedules: readonly Schedule[],
  groups: readonly CrewClass[],
  solution: Float64Array,
): Candidate[] {
  const chosen: Candidate[] = [];
  const nextMember = new Map<number, number>();
  for (const schedule of schedules) {
    const count = Math.round(solution[schedule.column] ?? 0);
    const members = groups[schedule.group]?.members ?? [];
    for (let taken = 0; taken < count; taken++) {
      const index = nextMember.get(schedule.group) ?? 0;
      nextMember.set(schedule.group, index + 1);
      const member = members[index] ?? [];
      for (const place of schedule.places) {
        const candidate = member.find((entry) => entry.place === place);
        if (candidate) chosen.push(candidate);
      }
    }
  }
  return chosen;
}
