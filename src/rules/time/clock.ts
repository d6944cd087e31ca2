// Internal to the time modules (src/domain/time.ts does not re-export it): the WallClock shape and
// the arithmetic under every other time module. A wall clock read as if it were UTC ("naive ms")
// lets plain Date.UTC arithmetic step days and apply zone offsets without the machine's own zone.

import { IANAZone } from 'luxon';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A local wall-clock time, without a zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function pad(value: number, width = 2): string {
  const whole = Math.trunc(Math.abs(value));
  // Two digits is every clock field: no string padding for those (views format hundreds a call).
  if (width === 2 && whole < 100) return whole < 10 ? `0${whole}` : `${whole}`;
  return String(whole).padStart(width, '0');
}

/** Wall clock read as if it were UTC: the arithmetic basis for zone offsets. */
export function naiveMs(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1-12) of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month !== 2) return DAYS_IN_MONTH[month - 1]!;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar, as Date.UTC counts them
 * (the days-from-civil algorithm of H. Hinnant; wallFromNaiveMs below is its inverse).
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The largest |ms| a Date holds (±100,000,000 days). */
const MAX_DATE_MS = 8.64e15;

/**
 * The fields of a naive ms, as a Date's UTC getters give them, by arithmetic (the civil-from-days
 * algorithm of H. Hinnant): no Date is built, and views read two per role time. NaN fields for a
 * time out of a Date's range, as the getters give.
 */
export function wallFromNaiveMs(naive: number): WallClock {
  // A Date drops a fraction of a millisecond towards zero.
  const ms = Math.trunc(naive);
  if (!(Math.abs(ms) <= MAX_DATE_MS)) {
    return {
      year: Number.NaN,
      month: Number.NaN,
      day: Number.NaN,
      hour: Number.NaN,
      minute: Number.NaN,
      second: Number.NaN,
    };
  }
  const days = Math.floor(ms / DAY_MS);
  const secondOfDay = Math.floor((ms - days * DAY_MS) / 1000);
  // Days since 0000-03-01, in 400-year eras of 146,097 days: leap days fall at the end of a year.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor(secondOfDay / 60) % 60,
    second: secondOfDay % 60,
  };
}

/** A time zone as the time rules use it: its UTC offset, in minutes, at an instant. */
export interface ZoneOffsets {
  offset(epochMs: number): number;
}

const zones = new Map<string, ZoneOffsets>();

/**
 * The zone named `name`. Offsets are read from Intl, as luxon reads them, but from format() and
 * a pattern instead of formatToParts(): about 1.4 µs against 5 µs, and the views of a list read
 * some fifteen offsets per role time (dst.ts looks either side of it for clock changes). Anything
 * the pattern does not read (a year outside 1000-9999) goes to luxon. An unknown zone's offsets
 * are NaN, as luxon has them.
 */
export function zoneOf(name: string): ZoneOffsets {
  let zone = zones.get(name);
  if (!zone) {
    const luxon = IANAZone.create(name);
    if (!isKnownZone(name)) return luxon;
    zone = intlOffsets(name, luxon);
    zones.set(name, zone);
  }
  return zone;
}

/** Offsets remembered per zone (a few hundred KiB at most). */
const OFFSETS_KEPT = 4096;

const FORMATTED = /^(\d{1,2})\/(\d{1,2})\/(\d{4}), (\d{1,2}):(\d{2}):(\d{2})$/;

function intlOffsets(name: string, fallback: IANAZone): ZoneOffsets {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: name,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const read = (epochMs: number): number => {
    const parts = FORMATTED.exec(format.format(epochMs));
    if (!parts) return fallback.offset(epochMs);
    const [, month, day, year, hour, minute, second] = parts as unknown as string[];
    const wallAsUtc = Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second!);
    // The wall clock has whole seconds: compare it with the instant's whole second.
    const wholeSecond = epochMs - (((epochMs % 1000) + 1000) % 1000);
    return (wallAsUtc - wholeSecond) / MINUTE_MS;
  };
  // The same instants come back: dst.ts samples every 6 h around a time, so the roles of a list
  // (same hours, day after day) share most of their samples. Bounded: cleared when full.
  const known = new Map<number, number>();
  return {
    offset(epochMs) {
      if (!Number.isFinite(epochMs)) return Number.NaN;
      let offset = known.get(epochMs);
      if (offset === undefined) {
        if (known.size >= OFFSETS_KEPT) known.clear();
        offset = read(epochMs);
        known.set(epochMs, offset);
      }
      return offset;
    },
  };
}

/** Zone names this runtime knows, once seen: only valid names are kept, so the set stays small. */
const knownZones = new Set<string>();

/**
 * True for a zone name this runtime's time zone data knows (any spelling Intl accepts). The
 * check builds an Intl.DateTimeFormat, some 50 µs; every local time of every role in a list
 * asked it, so a name found valid is remembered.
 */
export function isKnownZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (!IANAZone.isValidZone(name)) return false;
  knownZones.add(name);
  return true;
}

/** The wall clock an instant shows in a zone. */
export function wallClockAt(epochMs: number, zoneName: string): WallClock {
  return wallFromNaiveMs(epochMs + zoneOf(zoneName).offset(epochMs) * MINUTE_MS);
}
