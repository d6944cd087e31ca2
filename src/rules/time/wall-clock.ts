// Wall clocks as the platform writes them: the WallClock shape, the `YYYY-MM-DD`, `HH:mm[:ss]`,
// `YYYY-MM-DDTHH:mm[:ss]`, `±hh:mm` and UTC `…Z` forms, and the rule that role times are
// wall-clock times in the job's zone. Parsing them is in parse-local.ts.

import { pad, type WallClock } from './clock.js';

export type { WallClock } from './clock.js';

export const RULE_ROLE_TIMES = "§4.4 rule 2: role times are wall-clock times in the job's timezone";

/** `YYYY-MM-DD` of a wall clock. */
export function formatLocalDate(wall: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** `HH:mm`, or `HH:mm:ss` when the seconds are not zero. */
export function formatClock(wall: Pick<WallClock, 'hour' | 'minute' | 'second'>): string {
  return `${pad(wall.hour)}:${pad(wall.minute)}${wall.second ? `:${pad(wall.second)}` : ''}`;
}

/** `YYYY-MM-DDTHH:mm`, or with `:ss` when the seconds are not zero: the form role inputs take. */
export function formatWallClock(wall: WallClock): string {
  return `${formatLocalDate(wall)}T${formatClock(wall)}`;
}

/** `+01:00`, `-05:00`, `+05:30`, `+00:00` for an offset in minutes. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as `2026-12-01T17:00:00Z` (milliseconds only when not zero). */
export function formatUtc(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('.000Z', 'Z');
}
