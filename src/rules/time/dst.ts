// Daylight saving: a wall clock in an IANA zone resolved to the instant the platform uses. A time
// the clocks jump over (gap) is an error naming the valid times on either side; a time that
// happens twice (overlap) takes the earlier offset, as the platform does, with a warning. luxon
// picks the later offset, so the resolution is our own: it enumerates the offsets around the
// time and keeps those that map back to the same wall clock.

import { errorIssue, type RuleIssue, warningIssue } from '../issues.js';
import {
  HOUR_MS,
  isKnownZone,
  MINUTE_MS,
  naiveMs,
  type WallClock,
  wallFromNaiveMs,
  type ZoneOffsets,
  zoneOf,
} from './clock.js';
import {
  formatClock,
  formatLocalDate,
  formatOffset,
  formatUtc,
  formatWallClock,
  RULE_ROLE_TIMES,
} from './wall-clock.js';

export interface ZoneTransition {
  /** First instant with the new offset. */
  epochMs: number;
  utc: string;
  fromOffset: number;
  toOffset: number;
  /** Wall clock the clocks leave (`01:00` when London springs forward). */
  localBefore: WallClock;
  /** Wall clock they show right after (`02:00`). */
  localAfter: WallClock;
}

interface ResolvedBase {
  local: WallClock;
  zone: string;
}

/** The wall clock exists once. */
export interface ExactTime extends ResolvedBase {
  kind: 'exact';
  epochMs: number;
  offsetMinutes: number;
}

/** The wall clock happens twice; the platform uses the earlier offset (`epochMs`). */
export interface AmbiguousTime extends ResolvedBase {
  kind: 'ambiguous';
  epochMs: number;
  offsetMinutes: number;
  /** The second occurrence (later offset), which a wall-clock input cannot express. */
  laterEpochMs: number;
  laterOffsetMinutes: number;
  transition: ZoneTransition;
}

/** The wall clock does not exist: the clocks jump over it. */
export interface GapTime extends ResolvedBase {
  kind: 'gap';
  transition: ZoneTransition;
  /** The same wall clock moved past the gap (what `Z`-less libraries would silently pick). */
  after: WallClock;
  /** The same wall clock moved before the gap. */
  before: WallClock;
}

export type ResolvedTime = ExactTime | AmbiguousTime | GapTime;

/** First instant in (lo, hi] whose offset differs from the offset at lo; minute precision then ms. */
function findTransition(zone: ZoneOffsets, lo: number, hi: number): number {
  const start = zone.offset(lo);
  let a = lo;
  let b = hi;
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (zone.offset(mid) === start) a = mid;
    else b = mid;
  }
  return b;
}

function transitionAt(epochMs: number, fromOffset: number, toOffset: number): ZoneTransition {
  return {
    epochMs,
    utc: formatUtc(epochMs),
    fromOffset,
    toOffset,
    localBefore: wallFromNaiveMs(epochMs + fromOffset * MINUTE_MS),
    localAfter: wallFromNaiveMs(epochMs + toOffset * MINUTE_MS),
  };
}

/** Offsets are probed every 6 h for 36 h either side of a wall clock: clock changes are further apart. */
const PROBES = 6;
const PROBE_STEP_MS = 6 * HOUR_MS;

/**
 * True when a wall clock, given as its naive ms (read as if it were UTC), happens twice in the
 * zone (clocks going back), as resolveLocalTime says. Every role time of a listed job asks it,
 * and nearly always one offset holds all around. That is read from probes on a 6 h grid
 * (midnight, 06:00… UTC-naive) spanning the same 36 h either side, remembered per zone and grid
 * cell: the role times of a day share them, and a cell is answered by one lookup instead of
 * thirteen offsets. Clock changes are further apart than 6 h, so offsets that agree on the grid
 * agree between its points. Anything else (a change nearby) is resolveLocalTime's to answer.
 * Throws RangeError for an invalid zone.
 */
export function isAmbiguousNaive(naive: number, zoneName: string): boolean {
  if (!isKnownZone(zoneName)) throw new RangeError(`invalid timezone ${zoneName}`);
  if (offsetSteadyAround(zoneName, Math.floor(naive / PROBE_STEP_MS))) return false;
  return resolveLocalTime(wallFromNaiveMs(naive), zoneName).kind === 'ambiguous';
}

/** Per zone, grid cells known to have one offset all around (true) or not (false); bounded. */
const steadyCells = new Map<string, Map<number, boolean>>();
const CELLS_KEPT = 4096;

/** Whether the zone's offset is the same at every grid point from 7 cells before `cell` to 7 after. */
function offsetSteadyAround(zoneName: string, cell: number): boolean {
  let cells = steadyCells.get(zoneName);
  if (!cells) {
    cells = new Map();
    steadyCells.set(zoneName, cells);
  }
  let steady = cells.get(cell);
  if (steady === undefined) {
    const zone = zoneOf(zoneName);
    const first = zone.offset((cell - PROBES - 1) * PROBE_STEP_MS);
    steady = Number.isFinite(first);
    for (let k = -PROBES; k <= PROBES + 1 && steady; k++) {
      steady = zone.offset((cell + k) * PROBE_STEP_MS) === first;
    }
    if (cells.size >= CELLS_KEPT) cells.clear();
    cells.set(cell, steady);
  }
  return steady;
}

/**
 * Resolve a wall clock in an IANA zone: exact, ambiguous (earlier offset used, as the platform
 * does) or a gap. Throws RangeError for an invalid zone; check it first with checkTimeZone.
 */
export function resolveLocalTime(local: WallClock, zoneName: string): ResolvedTime {
  if (!isKnownZone(zoneName)) throw new RangeError(`invalid timezone ${zoneName}`);
  const zone = zoneOf(zoneName);
  const naive = naiveMs(local);
  const offsets = new Set<number>();
  for (let k = -PROBES; k <= PROBES; k++) offsets.add(zone.offset(naive + k * PROBE_STEP_MS));
  const valid = [...offsets].filter((offset) => zone.offset(naive - offset * MINUTE_MS) === offset);
  // Earlier offset = larger offset = earlier instant for the same wall clock.
  valid.sort((a, b) => b - a);
  if (valid.length === 1) {
    const offset = valid[0]!;
    return {
      kind: 'exact',
      local,
      zone: zoneName,
      epochMs: naive - offset * MINUTE_MS,
      offsetMinutes: offset,
    };
  }
  if (valid.length >= 2) {
    const earlier = valid[0]!;
    const later = valid[valid.length - 1]!;
    const first = naive - earlier * MINUTE_MS;
    const second = naive - later * MINUTE_MS;
    const at = findTransition(zone, first, second);
    return {
      kind: 'ambiguous',
      local,
      zone: zoneName,
      epochMs: first,
      offsetMinutes: earlier,
      laterEpochMs: second,
      laterOffsetMinutes: later,
      transition: transitionAt(at, earlier, later),
    };
  }
  // A gap: the offset before is smaller than the one after. Bracket the jump and find it.
  const sorted = [...offsets].sort((a, b) => a - b);
  const before = sorted[0]!;
  const after = sorted[sorted.length - 1]!;
  const lo = naive - after * MINUTE_MS;
  const hi = naive - before * MINUTE_MS;
  const at = findTransition(zone, lo, hi);
  const fromOffset = zone.offset(at - 1);
  const toOffset = zone.offset(at);
  const gap = (toOffset - fromOffset) * MINUTE_MS;
  return {
    kind: 'gap',
    local,
    zone: zoneName,
    transition: transitionAt(at, fromOffset, toOffset),
    after: wallFromNaiveMs(naive + gap),
    before: wallFromNaiveMs(naive - gap),
  };
}

function clockRange(from: WallClock, to: WallClock): string {
  // `to` is the first valid time again; the skipped/repeated range ends one minute earlier.
  const last = wallFromNaiveMs(naiveMs(to) - MINUTE_MS);
  return `${formatClock(from)}–${formatClock(last)}`;
}

export interface DstIssueOptions {
  /** The platform rule the time falls under; default rule 2 (role times). */
  rule?: string;
  /** Names the time in the message, e.g. `role 12 of job 7 (2027-03-14) startTime:`. */
  subject?: string;
  /** A start must stay on the job's date (§4.4 rule 2): suggest only times on this date. */
  onDate?: string;
  /** The input may carry an offset (read filters): an ambiguous time can then be made exact. */
  offsetAllowed?: boolean;
}

/** Valid wall clocks to suggest instead of one in a gap: the same clock shifted past or before it. */
function gapSuggestions(resolved: GapTime, onDate: string | undefined): WallClock[] {
  const shifted = [resolved.after, resolved.before];
  if (!onDate) return shifted;
  const kept = shifted.filter((wall) => formatLocalDate(wall) === onDate);
  if (kept.length > 0) return kept;
  // Both shifts leave the date (a gap at a day's edge): the first clock after the jump, or the
  // last one before it, whichever is on the date.
  const t = resolved.transition;
  const edges = [t.localAfter, wallFromNaiveMs(naiveMs(t.localBefore) - MINUTE_MS)];
  return edges.filter((wall) => formatLocalDate(wall) === onDate).slice(0, 1);
}

/** The DST issue for a resolved time (gap: error, ambiguous: warning), or none. */
export function dstIssue(
  resolved: ResolvedTime,
  path: string,
  options: DstIssueOptions = {},
): RuleIssue | undefined {
  const rule = options.rule ?? RULE_ROLE_TIMES;
  const day = formatLocalDate(resolved.local);
  const clock = formatClock(resolved.local);
  const subject = options.subject ? `${options.subject} ` : '';
  if (resolved.kind === 'gap') {
    const t = resolved.transition;
    const skipped = clockRange(t.localBefore, t.localAfter);
    const [first, second] = gapSuggestions(resolved, options.onDate).map(formatWallClock);
    const use = first
      ? `Use "${first}"${second ? ` or "${second}"` : ''}, or any time outside ${skipped}`
      : `Use a time outside ${skipped}`;
    return errorIssue({
      path,
      code: 'DST_GAP',
      rule,
      detail:
        `${subject}${clock} does not exist on ${day} in ${resolved.zone}: clocks go from ${formatClock(t.localBefore)} to ` +
        `${formatClock(t.localAfter)} (${formatOffset(t.fromOffset)} → ${formatOffset(t.toOffset)}), so local times ` +
        `${skipped} are skipped.`,
      fix: `${use}${options.onDate ? ` on ${options.onDate}` : ''}.`,
    });
  }
  if (resolved.kind === 'ambiguous') {
    const t = resolved.transition;
    return warningIssue({
      path,
      code: 'DST_AMBIGUOUS',
      rule,
      detail:
        `${subject}${clock} happens twice on ${day} in ${resolved.zone} (clocks go back from ${formatClock(t.localBefore)} to ` +
        `${formatClock(t.localAfter)}): first at ${formatOffset(resolved.offsetMinutes)} (${formatUtc(resolved.epochMs)}), ` +
        `then at ${formatOffset(resolved.laterOffsetMinutes)} (${formatUtc(resolved.laterEpochMs)}). ` +
        `The earlier offset, ${formatOffset(resolved.offsetMinutes)}, is used, as the platform does.`,
      fix: options.offsetAllowed
        ? `Give the offset to choose: "${formatWallClock(resolved.local)}${formatOffset(resolved.offsetMinutes)}" for the first, ` +
          `"${formatWallClock(resolved.local)}${formatOffset(resolved.laterOffsetMinutes)}" for the second.`
        : `Nothing to change if the first ${clock} (${formatOffset(resolved.offsetMinutes)}) is meant. The second one cannot ` +
          `be written as a wall-clock time; choose a time outside ${clockRange(t.localAfter, t.localBefore)} if it matters.`,
    });
  }
  return undefined;
}
