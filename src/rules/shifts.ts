// The shift model that staffing questions share (plan_staffing, review_crew_schedule,
// find_matching_crew): a shift is one role's span in UTC plus the job's zone and the role's break.
// Two shifts clash when their instants overlap in UTC whatever the zones (§2.2 Job.timezone only
// says how times are read); rest is the real time between one shift's end and the next's start;
// a shift's day is the local date, in its job's own zone, on which it starts; paid time leaves
// the role's breakPeriod out (§2.3 Role.breakPeriod, minutes, used in the pay total).
import { overlaps, type TimeWindow } from './availability.js';
import { HOUR_MS, MINUTE_MS, wallClockAt } from './time/clock.js';
import { formatLocalDate } from './time/wall-clock.js';

/** One role's span as staffing sees it. */
export interface Shift {
  jobId: string;
  roleId: string;
  window: TimeWindow;
  /** The job's effective IANA zone (its own, else its board's). */
  timeZone: string;
  /** The role's break in minutes (Role.breakPeriod); 0 when the platform reports none. */
  breakMinutes?: number;
}

/** A pair of one person's shifts, earlier first. */
export interface ShiftPair<S extends Shift = Shift> {
  first: S;
  second: S;
}

/** The local date (`YYYY-MM-DD`) in the job's zone on which the shift starts. */
export function localStartDay(shift: Pick<Shift, 'window' | 'timeZone'>): string {
  return formatLocalDate(wallClockAt(shift.window.startMs, shift.timeZone));
}

/** Elapsed hours from start to end (DST changes included: the instants are real). */
export function scheduledHours(shift: Pick<Shift, 'window'>): number {
  return (shift.window.endMs - shift.window.startMs) / HOUR_MS;
}

/** Scheduled hours less the role's break, never below 0. */
export function paidHours(shift: Pick<Shift, 'window' | 'breakMinutes'>): number {
  return Math.max(0, scheduledHours(shift) - (shift.breakMinutes ?? 0) / 60);
}

/** Minutes two shifts share in UTC (0 when they do not overlap; back to back is no clash). */
export function overlapMinutes(a: Pick<Shift, 'window'>, b: Pick<Shift, 'window'>): number {
  if (!overlaps(a.window, b.window)) return 0;
  const shared = Math.min(a.window.endMs, b.window.endMs) - Math.max(a.window.startMs, b.window.startMs);
  return shared / MINUTE_MS;
}

/** Hours of rest from the earlier shift's end to the later one's start (negative when they overlap). */
export function restHours(a: Pick<Shift, 'window'>, b: Pick<Shift, 'window'>): number {
  const [first, second] = a.window.startMs <= b.window.startMs ? [a, b] : [b, a];
  return (second.window.startMs - first.window.endMs) / HOUR_MS;
}

/**
 * Whether one person may work both shifts: they do not overlap and, when `minRestHours` is above
 * 0, the rest between them is at least that long. A person's shifts on the same role never pair
 * (a role is worked once).
 */
export function canWorkBoth(a: Shift, b: Shift, minRestHours: number): boolean {
  if (a.roleId === b.roleId) return false;
  if (overlaps(a.window, b.window)) return false;
  return minRestHours <= 0 || restHours(a, b) >= minRestHours;
}

export function byShiftStart(a: Shift, b: Shift): number {
  return (
    a.window.startMs - b.window.startMs ||
    a.window.endMs - b.window.endMs ||
    a.roleId.localeCompare(b.roleId, 'en', { numeric: true })
  );
}

/** Every pair of one person's shifts that overlap in UTC, with the minutes they share. */
export function clashingPairs<S extends Shift>(shifts: readonly S[]): (ShiftPair<S> & { minutes: number })[] {
  const sorted = [...shifts].sort(byShiftStart);
  const pairs: (ShiftPair<S> & { minutes: number })[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const first = sorted[i] as S;
    for (let j = i + 1; j < sorted.length; j++) {
      const second = sorted[j] as S;
      // Sorted by start: once a shift starts at or after this one ends, no later one overlaps it.
      if (second.window.startMs >= first.window.endMs) break;
      const minutes = overlapMinutes(first, second);
      if (minutes > 0) pairs.push({ first, second, minutes });
    }
  }
  return pairs;
}

/**
 * Consecutive shifts (by start, overlapping ones left to clashingPairs) whose rest between them is
 * under `minRestHours`. Off when `minRestHours` is 0 or less.
 */
export function shortRestPairs<S extends Shift>(
  shifts: readonly S[],
  minRestHours: number,
): (ShiftPair<S> & { hours: number })[] {
  if (minRestHours <= 0) return [];
  const sorted = [...shifts].sort(byShiftStart);
  const pairs: (ShiftPair<S> & { hours: number })[] = [];
  // Rest is measured from the latest end so far: a short shift inside a long one does not reset it.
  let latest: S | undefined;
  for (const shift of sorted) {
    if (latest !== undefined) {
      const hours = (shift.window.startMs - latest.window.endMs) / HOUR_MS;
      if (hours >= 0 && hours < minRestHours) pairs.push({ first: latest, second: shift, hours });
    }
    if (latest === undefined || shift.window.endMs > latest.window.endMs) latest = shift;
  }
  return pairs;
}
