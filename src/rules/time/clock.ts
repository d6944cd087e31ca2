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
  return String(Math.trunc(Math.abs(value))).padStart(width, '0');
}

/** Wall clock read as if it were UTC: the arithmetic basis for zone offsets. */
export function naiveMs(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

export function wallFromNaiveMs(ms: number): WallClock {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
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
