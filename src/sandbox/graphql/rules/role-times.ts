// A role's start and end (platform-api.md §4.4 rule 2): local wall-clock times read in the job's
// timezone; the start falls on the job's date in that zone; the end is after the start and at
// most 24 hours later [assumed limit].

import type { MutationErrors } from '../errors.js';
import { type LocalParts, localDate, parseWallClock, wallClockToUtc } from './wall-clock.js';

const MAX_ROLE_MS = 24 * 3_600_000;

export interface RoleTimes {
  startUtc: string;
  endUtc: string;
}

/** Parse a wall-clock text at `path`, or add an error there and return null. */
export function readWallClock(text: string, path: string, errors: MutationErrors): LocalParts | null {
  const parsed = parseWallClock(text);
  if (!parsed.ok) {
    errors.add(path, parsed.message);
    return null;
  }
  return parsed.local;
}

/**
 * Resolve local start/end in `timezone` and check them against the job's date. Paths name the
 * fields to blame (`startPath`, `endPath`). Returns null after adding errors.
 */
export function resolveRoleTimes(
  local: { start: LocalParts; end: LocalParts },
  context: { date: string; timezone: string; startPath: string; endPath: string; errors: MutationErrors },
): RoleTimes | null {
  const { date, timezone, startPath, endPath, errors } = context;
  const start = wallClockToUtc(local.start, timezone);
  const end = wallClockToUtc(local.end, timezone);
  if (!start.ok) errors.add(startPath, start.message);
  if (!end.ok) errors.add(endPath, end.message);
  if (!start.ok || !end.ok) return null;
  let ok = true;
  if (localDate(local.start) !== date) {
    errors.add(
      startPath,
      `the role must start on the job's date ${date} in ${timezone} (starts ${localDate(local.start)})`,
    );
    ok = false;
  }
  if (end.utcMs <= start.utcMs) {
    errors.add(endPath, 'endTime must be after startTime');
    ok = false;
  } else if (end.utcMs - start.utcMs > MAX_ROLE_MS) {
    errors.add(endPath, 'a role lasts at most 24 hours: endTime is too late');
    ok = false;
  }
  if (!ok) return null;
  return { startUtc: new Date(start.utcMs).toISOString(), endUtc: new Date(end.utcMs).toISOString() };
}
