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

export function zoneOf(name: string): IANAZone {
  return IANAZone.create(name);
}

/** The wall clock an instant shows in a zone. */
export function wallClockAt(epochMs: number, zoneName: string): WallClock {
  return wallFromNaiveMs(epochMs + zoneOf(zoneName).offset(epochMs) * MINUTE_MS);
}
