// "Last worked" as a coordinator means it (issue 31): the local start day, in the shift's own job
// zone, of a person's latest BOOKED shift that has already started by now, whatever role is being
// asked about; a booking still to come is never work done, it is the next shift. Used by
// find_matching_crew (ranking and recency filter) and review_crew_schedule. Nothing here reads the
// platform: the caller gives the person's BOOKED shifts (the whole history it could read).
import { localStartDay, type Shift } from './shifts.js';

export interface WorkDates {
  /** Local start day of the latest BOOKED shift started by now; null: none (never, in what was read). */
  lastWorked: string | null;
  /** Local start day of the first BOOKED shift starting after now; absent: none booked. */
  nextShift?: string;
}

/** Of two shifts starting at the same instant in different zones: whether `a`'s local day is later. */
const laterDay = (a: Pick<Shift, 'window' | 'timeZone'>, b: Pick<Shift, 'window' | 'timeZone'>) =>
  localStartDay(a) > localStartDay(b);

/** A person's last day worked and next shift, from their BOOKED shifts, at `nowMs`. */
export function workDates(shifts: Iterable<Pick<Shift, 'window' | 'timeZone'>>, nowMs: number): WorkDates {
  let last: { startMs: number; shift: Pick<Shift, 'window' | 'timeZone'> } | undefined;
  let next: typeof last;
  for (const shift of shifts) {
    const startMs = shift.window.startMs;
    // Started at or before now: work done (a shift in progress counts as worked).
    if (startMs <= nowMs) {
      if (!last || startMs > last.startMs || (startMs === last.startMs && laterDay(shift, last.shift)))
        last = { startMs, shift };
    } else if (!next || startMs < next.startMs) next = { startMs, shift };
  }
  return {
    lastWorked: last ? localStartDay(last.shift) : null,
    ...(next ? { nextShift: localStartDay(next.shift) } : {}),
  };
}

/** The last day worked at `nowMs` of each of `crewIds` that has one, from BOOKED crew jobs of anyone. */
export function lastWorkedOf(
  booked: readonly { crewId: number; window: Shift['window']; timeZone?: string }[],
  crewIds: readonly number[],
  nowMs: number,
): Map<number, string> {
  const wanted = new Set(crewIds);
  const shifts = new Map<number, Pick<Shift, 'window' | 'timeZone'>[]>();
  for (const { crewId, window, timeZone } of booked) {
    if (!wanted.has(crewId)) continue;
    // The platform gives each job's zone; UTC only if it ever did not.
    const list = shifts.get(crewId) ?? [];
    list.push({ window, timeZone: timeZone ?? 'UTC' });
    shifts.set(crewId, list);
  }
  const last = new Map<number, string>();
  for (const [crewId, own] of shifts) {
    const day = workDates(own, nowMs).lastWorked;
    if (day) last.set(crewId, day);
  }
  return last;
}
