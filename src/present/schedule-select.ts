// Which people a schedule review shows, and in what order (review_crew_schedule's problemsOnly,
// minWeeklyHours, sort and limit): the review counts everyone in the range; the answer lists the
// people asked for, each on one line, with the weeks at or above minWeeklyHours when it is given,
// and their shifts only when a few people are shown without a limit (a top N is a ranking, not a
// roster: its shifts would cost more than the ranking itself).
import type { ScheduleEntry } from '../lookups/schedule.js';
import { hasProblem, type PersonSchedule } from '../rules/schedule.js';
import {
  type ScheduleSort,
  sortPeople,
  type WeekTotal,
  weeklyTotals,
  weeksAtLeast,
  wholeWeeks,
} from '../rules/workload.js';
import { roleLine, SHIFTS_LISTED_UP_TO } from './schedule.js';

export interface ShownPerson extends PersonSchedule {
  weeks?: WeekTotal[];
  shifts?: string[];
}

export interface PeopleAsked {
  from: string;
  to: string;
  problemsOnly?: boolean;
  minWeeklyHours?: number;
  sort?: ScheduleSort;
  limit?: number;
}

/** The people to show of `all`, and what the answer must say about how they were chosen. */
export function selectPeople(
  all: readonly PersonSchedule[],
  entries: readonly ScheduleEntry[],
  asked: PeopleAsked,
): { crew: ShownPerson[]; notes: string[] } {
  const notes: string[] = [];
  const own = new Map<string, ScheduleEntry[]>();
  for (const entry of entries) {
    const list = own.get(String(entry.crewId)) ?? [];
    list.push(entry);
    own.set(String(entry.crewId), list);
  }
  let crew: ShownPerson[] = asked.problemsOnly ? all.filter(hasProblem) : [...all];
  const min = asked.minWeeklyHours;
  if (min !== undefined) {
    crew = crew.flatMap((person) => {
      const weeks = weeksAtLeast(weeklyTotals((own.get(person.crewId) ?? []).map((e) => e.shift)), min);
      return weeks.length ? [{ ...person, weeks }] : [];
    });
    if (!wholeWeeks(asked.from, asked.to))
      notes.push('The range does not run Monday to Sunday: its first and last weeks count only its days.');
  }
  if (asked.sort) crew = sortPeople(crew, asked.sort);
  if (asked.limit !== undefined && crew.length > asked.limit) crew = crew.slice(0, asked.limit);
  if (asked.limit === undefined && crew.length <= SHIFTS_LISTED_UP_TO)
    crew = crew.map((person) => ({
      ...person,
      shifts: [...(own.get(person.crewId) ?? [])]
        .sort((a, b) => a.shift.window.startMs - b.shift.window.startMs)
        .map((entry) => `${entry.shift.roleId}: ${roleLine(entry)}`),
    }));
  return { crew, notes };
}
