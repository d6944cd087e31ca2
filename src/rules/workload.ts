// Who works most, and who works too much in a week (issue 31 item 2), as review_crew_schedule
// answers it: each person's local Monday-Sunday weeks and the order a coordinator asks for. A
// shift belongs to the week of the local day it starts on, in its own job's zone (as its day does,
// shifts.ts); its hours come from real instants, so a DST night counts the hours it really has;
// paid hours leave out the break pay counts (a legacy role's hidden one too, given on the shift).
// Nothing here reads the platform.
import { weekAround } from './ranking.js';
import type { PersonSchedule } from './schedule.js';
import { paidHours, type Shift, scheduledHours } from './shifts.js';

/** One local Monday-Sunday of a person's: `week` is the Monday's date. */
export interface WeekTotal {
  week: string;
  hours: number;
  paidHours: number;
}

export const SCHEDULE_SORTS = ['hours', 'paidHours', 'lastWorked', 'name'] as const;
export type ScheduleSort = (typeof SCHEDULE_SORTS)[number];

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A person's hours and paid hours per local week, weeks in date order. */
export function weeklyTotals(shifts: readonly Shift[]): WeekTotal[] {
  const weeks = new Map<string, { hours: number; paidHours: number }>();
  for (const shift of shifts) {
    const monday = weekAround(shift.window.startMs, shift.timeZone).from;
    const total = weeks.get(monday) ?? { hours: 0, paidHours: 0 };
    total.hours += scheduledHours(shift);
    total.paidHours += paidHours(shift);
    weeks.set(monday, total);
  }
  return [...weeks]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([week, total]) => ({ week, hours: round2(total.hours), paidHours: round2(total.paidHours) }));
}

/** The weeks at or above `minHours` (scheduled hours). */
export function weeksAtLeast(weeks: readonly WeekTotal[], minHours: number): WeekTotal[] {
  return weeks.filter((week) => week.hours >= minHours);
}

/** Whether the range's first day is a Monday and its last a Sunday: else its edge weeks are cut. */
export function wholeWeeks(from: string, to: string): boolean {
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday(from) === 1 && weekday(to) === 0;
}

const byId = (a: PersonSchedule, b: PersonSchedule) => Number(a.crewId) - Number(b.crewId);

/**
 * People in the order asked, ties by crew id: hours and paidHours most first, lastWorked longest
 * since first (never worked first), name A-Z.
 */
export function sortPeople<P extends PersonSchedule>(people: readonly P[], sort: ScheduleSort): P[] {
  const compare = (a: P, b: P): number => {
    switch (sort) {
      case 'hours':
        return b.hours - a.hours;
      case 'paidHours':
        return b.paidHours - a.paidHours;
      case 'lastWorked': {
        const [lastA, lastB] = [a.lastWorked ?? '', b.lastWorked ?? ''];
        return lastA === lastB ? 0 : lastA < lastB ? -1 : 1;
      }
      case 'name':
        return a.name === b.name ? 0 : a.name < b.name ? -1 : 1;
    }
  };
  return [...people].sort((a, b) => compare(a, b) || byId(a, b));
}
