// Date filters of read tools (`from`/`to` in the user's terms), read by the same rules as role
// times: a bare `YYYY-MM-DD` is that whole local day; a date-time with an offset or Z is that
// instant; one without is a wall clock in the filter's zone, resolved like a role time. A wall
// clock the clocks skip (DST gap) is refused with the valid times around it, and one that
// happens twice (DST overlap) is read at its first occurrence and flagged with that offset.
// Without a zone, a bare date can mean each item's own local day (each job's own zone, for jobs):
// the UTC window is widened by the widest offsets and the items are then cut by local date.

import { type Checked, errorIssue, hasErrors, type RuleIssue } from '../issues.js';
import { DAY_MS, MINUTE_MS, naiveMs, type WallClock, wallFromNaiveMs } from './clock.js';
import { dstIssue, resolveLocalTime } from './dst.js';
import { parseLocalDate } from './parse-local.js';
import { offsetFromText } from './text-forms.js';
import { checkTimeZone, timeZoneNotes } from './zones.js';

export const RULE_READ_FILTER =
  'read filters: a date is a whole day in the timezone; a date-time without offset is a wall clock there';

/** Widest offsets in use (UTC+14, UTC-12): a local day lies within [date-14h, date+1d+12h) UTC. */
const EARLIEST_OFFSET_MS = 14 * 60 * MINUTE_MS;
const LATEST_OFFSET_MS = 12 * 60 * MINUTE_MS;

export interface ReadRangeInput {
  from?: string;
  to?: string;
  /** The zone the user gave for the filter; `UTC` is read as `Etc/UTC`. */
  timeZone?: string;
  /** Without `timeZone`: `each` reads a bare date as each item's own local day; a zone name reads it there. */
  otherwise: 'each' | string;
  /** Input paths for messages; default `from`, `to`, `timezone`. */
  paths?: { from?: string; to?: string; timeZone?: string };
}

export interface ReadRange {
  /** UTC instants for the platform's closed range filters. */
  fromUtc?: string;
  toUtc?: string;
  /** Local dates the items must be cut to, when a bare date means each item's own day. */
  localDates?: { from?: string; to?: string };
}

const READ_RE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The first instant of a local day in a zone (midnight, or the end of a DST gap at midnight). */
function startOfLocalDay(day: Pick<WallClock, 'year' | 'month' | 'day'>, zone: string): number {
  const resolved = resolveLocalTime({ ...day, hour: 0, minute: 0, second: 0 }, zone);
  return resolved.kind === 'gap' ? resolved.transition.epochMs : resolved.epochMs;
}

type Edge = 'from' | 'to';

interface ReadValue {
  /** The instant the filter edge stands for (inclusive). */
  ms: number;
  /** The value was a bare date. */
  date?: string;
}

function invalid(value: string, path: string): RuleIssue {
  return errorIssue({
    path,
    code: 'INVALID_DATE',
    rule: RULE_READ_FILTER,
    detail: `${JSON.stringify(value)} is not a date (YYYY-MM-DD) or an ISO date-time.`,
    fix: 'Give a date like "2026-12-01" (the whole day) or a date-time like "2026-12-01T18:00" or "2026-12-01T18:00+01:00".',
  });
}

/** One edge of the range; a bare date read without a zone (`each`) is widened to every zone's day. */
function readEdge(value: string, edge: Edge, zone: string | undefined, path: string): Checked<ReadValue> {
  const m = READ_RE.exec(value.trim());
  if (!m) return { ok: false, issues: [invalid(value, path)] };
  const date = parseLocalDate(m[1], path);
  if (!date.ok) return date;
  if (m[2] === undefined) {
    const next = wallFromNaiveMs(naiveMs({ ...date.value, hour: 0, minute: 0, second: 0 }) + DAY_MS);
    const ms = zone
      ? edge === 'from'
        ? startOfLocalDay(date.value, zone)
        : startOfLocalDay(next, zone) - 1
      : edge === 'from'
        ? naiveMs({ ...date.value, hour: 0, minute: 0, second: 0 }) - EARLIEST_OFFSET_MS
        : naiveMs(next) + LATEST_OFFSET_MS - 1;
    return { ok: true, value: { ms, date: m[1] }, issues: [] };
  }
  const wall: WallClock = {
    ...date.value,
    hour: Number(m[2]),
    minute: Number(m[3]),
    second: Number(m[4] ?? '0'),
  };
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59)
    return { ok: false, issues: [invalid(value, path)] };
  const millis = m[5] ? Number(m[5].slice(0, 3).padEnd(3, '0')) : 0;
  if (m[6] !== undefined) {
    const offset = offsetFromText(m[6]);
    if (offset === undefined) return { ok: false, issues: [invalid(value, path)] };
    return { ok: true, value: { ms: naiveMs(wall) + millis - offset * MINUTE_MS }, issues: [] };
  }
  const resolved = resolveLocalTime(wall, zone ?? 'Etc/UTC');
  const issue = dstIssue(resolved, path, { rule: RULE_READ_FILTER, offsetAllowed: true });
  if (resolved.kind === 'gap') return { ok: false, issues: issue ? [issue] : [] };
  return { ok: true, value: { ms: resolved.epochMs + millis }, issues: issue ? [issue] : [] };
}

/**
 * A read tool's `from`/`to` as a closed UTC range, by the rules above. Errors: an unreadable
 * value, a zone that is not IANA, a wall clock in a DST gap, a range that ends before it begins.
 * Warnings: a wall clock in a DST overlap (read at its first offset), a fixed-offset zone.
 */
export function resolveReadRange(input: ReadRangeInput): Checked<ReadRange> {
  const paths = { from: 'from', to: 'to', timeZone: 'timezone', ...input.paths };
  const given = input.timeZone === 'UTC' ? 'Etc/UTC' : input.timeZone;
  const issues: RuleIssue[] =
    given === undefined
      ? []
      : [...checkTimeZone(given, paths.timeZone), ...timeZoneNotes(given, paths.timeZone)];
  if (hasErrors(issues)) return { ok: false, issues };
  const zone = given ?? (input.otherwise === 'each' ? undefined : input.otherwise);
  const from = input.from === undefined ? undefined : readEdge(input.from, 'from', zone, paths.from);
  const to = input.to === undefined ? undefined : readEdge(input.to, 'to', zone, paths.to);
  issues.push(...(from?.issues ?? []), ...(to?.issues ?? []));
  if (hasErrors(issues) || from?.ok === false || to?.ok === false) return { ok: false, issues };
  const start = from?.value;
  const end = to?.value;
  // Two bare dates compare as dates: widened to every zone's day, a reversed pair would overlap.
  if (start && end && (end.ms < start.ms || (start.date && end.date && end.date < start.date))) {
    issues.push(
      errorIssue({
        path: paths.to,
        code: 'INVALID_RANGE',
        rule: RULE_READ_FILTER,
        detail: `from (${input.from}) is after to (${input.to}).`,
        fix: 'Swap from and to, or give a later to.',
      }),
    );
    return { ok: false, issues };
  }
  // The instants are written as the platform's own answers write them (ISO, milliseconds, Z).
  const range: ReadRange = {};
  if (start) range.fromUtc = new Date(start.ms).toISOString();
  if (end) range.toUtc = new Date(end.ms).toISOString();
  if (!zone && (start?.date || end?.date)) {
    range.localDates = {
      ...(start?.date ? { from: start.date } : {}),
      ...(end?.date ? { to: end.date } : {}),
    };
  }
  return { ok: true, value: range, issues };
}

/** Whether a local date lies within the dates a range was cut to (no dates: everything does). */
export function withinLocalDates(date: string, dates: ReadRange['localDates']): boolean {
  if (!dates) return true;
  return (!dates.from || date >= dates.from) && (!dates.to || date <= dates.to);
}

/**
 * The UTC instants between which the local days `from`..`to` (YYYY-MM-DD) lie in every zone:
 * the window to ask the platform for before cutting its answer by each item's own local date.
 */
export function localDaysUtcWindow(from: string, to: string): { fromUtc: string; toUtc: string } {
  const checked = resolveReadRange({ from, to, otherwise: 'each' });
  const { fromUtc, toUtc } = checked.ok ? checked.value : {};
  if (!fromUtc || !toUtc) throw new RangeError(`not a range of local days: ${from} to ${to}`);
  return { fromUtc, toUtc };
}
