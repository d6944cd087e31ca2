// Instants (ISO strings with an offset or Z, epoch ms, Dates) and the wall clocks they show in a
// zone: how read tools display job times, and how a role time — an instant from the platform or a
// wall clock from the user — becomes epoch ms. A string without an offset is never read in the
// machine's zone.

import { DateTime } from 'luxon';
import {
  DAY_MS,
  daysFromCivil,
  daysInMonth,
  isKnownZone,
  MINUTE_MS,
  wallClockAt,
  wallFromNaiveMs,
  zoneOf,
} from './clock.js';
import { isAmbiguousNaive, resolveLocalTime } from './dst.js';
import { parseLocalDateTime } from './parse-local.js';
import { LOCAL_RE } from './text-forms.js';
import { formatClock, formatLocalDate, formatOffset, formatWallClock } from './wall-clock.js';

/** The local wall clock `YYYY-MM-DDTHH:mm[:ss]` of an instant (ISO string with offset/Z, epoch ms or Date) in a zone. */
export function instantToWallClock(instant: string | number | Date, zoneName: string): string {
  return formatWallClock(wallClockAt(instantMs(instant), zoneName));
}

/**
 * Today's date (YYYY-MM-DD) in a zone; undefined for a name this runtime's zone data lacks. Read
 * at the minute (every zone's offset is whole minutes today, so the date is the same), which
 * keeps the zone's offset cache at one instant per minute rather than one per call.
 */
export function todayIn(zoneName: string, nowMs: number = Date.now()): string | undefined {
  if (!isKnownZone(zoneName)) return undefined;
  return formatLocalDate(wallClockAt(nowMs - (((nowMs % MINUTE_MS) + MINUTE_MS) % MINUTE_MS), zoneName));
}

/** The digit at `index` of `text` as a number, or -1 when it is not an ASCII digit. */
function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -1;
}

/** The `width` digits from `index` as a number, or -1 when one of them is not a digit. */
function digitsAt(text: string, index: number, width: number): number {
  let value = 0;
  for (let i = index; i < index + width; i++) {
    const digit = digitAt(text, i);
    if (digit < 0) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Epoch ms of an instant in the form the platform writes (`2026-11-21T09:00:00.000Z`, or with
 * `+01:00`), read character by character: luxon's fromISO took a third of the time of showing a
 * list of jobs, and a regular expression with its match arrays half of what remained. undefined
 * for anything else, which luxon reads (other ISO forms, values out of the ordinary ranges), so
 * that both readings never differ.
 */
function platformInstantMs(text: string): number | undefined {
  // YYYY-MM-DDTHH:mm:ss is 19 characters, then an optional .f{1,3}, then Z or ±HH:MM.
  if (text.length < 20 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  if (text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58)
    return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23) return undefined;
  if (minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  let at = 19;
  let millis = 0;
  if (text.charCodeAt(at) === 46) {
    let scale = 100;
    at++;
    const first = at;
    for (; at < text.length && at < first + 3; at++) {
      const digit = digitAt(text, at);
      if (digit < 0) break;
      millis += digit * scale;
      scale /= 10;
    }
    if (at === first) return undefined;
  }
  let offset = 0;
  const zone = text.charCodeAt(at);
  if (zone === 90 && at + 1 === text.length) {
    // Z: UTC.
  } else if ((zone === 43 || zone === 45) && at + 6 === text.length && text.charCodeAt(at + 3) === 58) {
    const offsetHours = digitsAt(text, at + 1, 2);
    const offsetMinutes = digitsAt(text, at + 4, 2);
    if (offsetHours < 0 || offsetHours > 23 || offsetMinutes < 0 || offsetMinutes > 59) return undefined;
    offset = (zone === 45 ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  } else return undefined;
  // Date.UTC would roll February 30 over into March: such a date is luxon's to refuse.
  if (day > daysInMonth(year, month)) return undefined;
  return (
    daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute - offset) * 60 + second) * 1000 + millis
  );
}

function instantMs(instant: string | number | Date): number {
  if (typeof instant === 'number') return finiteMs(instant, instant);
  if (instant instanceof Date) return finiteMs(instant.getTime(), instant);
  // The platform's own form (nearly every instant read) carries its offset: no further checks.
  const platform = platformInstantMs(instant);
  if (platform !== undefined) return platform;
  // A string without offset would be read in the machine's zone: refuse it rather than guess.
  if (!/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(instant.trim())) {
    throw new RangeError(`an instant needs an offset or Z: ${instant}`);
  }
  return finiteMs(DateTime.fromISO(instant, { setZone: true }).toMillis(), instant);
}

function finiteMs(ms: number, instant: string | number | Date): number {
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return ms;
}

export interface LocalClock {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:mm` (with `:ss` when the seconds are not zero) */
  time: string;
  /** `+01:00`, only when this wall clock happens twice that day (a DST overlap), to tell them apart. */
  offset?: string;
}

/**
 * The wall clock an instant shows in a zone, as people read job times: date and time, plus the
 * offset when the clock alone is ambiguous (the hour repeated when clocks go back). Throws
 * RangeError for an unparseable instant or an unknown zone.
 */
export function localClock(instant: string | number | Date, zoneName: string): LocalClock {
  if (!isKnownZone(zoneName)) throw new RangeError(`invalid timezone ${zoneName}`);
  const ms = instantMs(instant);
  const offset = zoneOf(zoneName).offset(ms);
  const naive = ms + offset * MINUTE_MS;
  const wall = wallFromNaiveMs(naive);
  const clock: LocalClock = { date: formatLocalDate(wall), time: formatClock(wall) };
  if (isAmbiguousNaive(naive, zoneName)) clock.offset = formatOffset(offset);
  return clock;
}

/**
 * Epoch ms of a time given either as an ISO instant with offset/Z (as the platform returns role
 * times) or as a wall clock read in `zone` (as role inputs take them; ambiguous: earlier offset;
 * in a gap: the moment clocks jump). Throws RangeError when it cannot be read.
 */
export function toEpochMs(value: string, zone?: string): number {
  // The platform's own form first: it has an offset, so it is never a wall clock.
  const platform = platformInstantMs(value);
  if (platform !== undefined) return platform;
  const local = LOCAL_RE.exec(value.trim());
  if (local) {
    if (!zone || !isKnownZone(zone)) throw new RangeError(`a wall-clock time needs a timezone: ${value}`);
    const parsed = parseLocalDateTime(value, '');
    if (!parsed.ok) throw new RangeError(`not a wall-clock time: ${value}`);
    const resolved = resolveLocalTime(parsed.value, zone);
    return resolved.kind === 'gap' ? resolved.transition.epochMs : resolved.epochMs;
  }
  return instantMs(value);
}
