// Date filters of read tools: a user's `YYYY-MM-DD` (the whole day in the job's zone) or ISO
// date-time (with or without offset) as a closed UTC range, and a `from`/`to` pair as one range.

import { type Checked, errorIssue, type RuleIssue } from '../issues.js';
import { DAY_MS, MINUTE_MS, naiveMs, type WallClock, wallFromNaiveMs } from './clock.js';
import { dstIssue, resolveLocalTime } from './dst.js';
import { parseLocalDate } from './parse-local.js';
import { offsetFromText } from './text-forms.js';
import { formatUtc } from './wall-clock.js';
import { checkTimeZone } from './zones.js';

export interface UtcRange {
  /** First instant, UTC ISO. */
  from: string;
  /** Last instant, inclusive (the platform's range filters are closed). */
  to: string;
  /** First instant after the range. */
  toExclusive: string;
  fromMs: number;
  toExclusiveMs: number;
}

function rangeOf(fromMs: number, toExclusiveMs: number): UtcRange {
  return {
    from: formatUtc(fromMs),
    to: formatUtc(toExclusiveMs - 1),
    toExclusive: formatUtc(toExclusiveMs),
    fromMs,
    toExclusiveMs,
  };
}

/** The first instant of a local day in a zone (midnight, or the end of a DST gap at midnight). */
function startOfLocalDay(day: Pick<WallClock, 'year' | 'month' | 'day'>, zone: string): number {
  const resolved = resolveLocalTime({ ...day, hour: 0, minute: 0, second: 0 }, zone);
  return resolved.kind === 'gap' ? resolved.transition.epochMs : resolved.epochMs;
}

const READ_RE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const READ_RULE =
  'read filters: a date is a whole day in the timezone; a date-time without offset is local there';

/**
 * A user's `YYYY-MM-DD` or ISO date-time (with or without offset) as a UTC range. A bare date is
 * that whole day in `timeZone`; a date-time is one instant (read in `timeZone` when it has no
 * offset; an ambiguous one takes the earlier offset, one in a DST gap the moment clocks jump, each
 * with a warning).
 */
export function toUtcRange(value: string, timeZone: string, path = ''): Checked<UtcRange> {
  const zoneIssues = checkTimeZone(timeZone, path);
  if (zoneIssues.length > 0) return { ok: false, issues: zoneIssues };
  const m = READ_RE.exec(value.trim());
  const invalid = (): Checked<UtcRange> => ({
    ok: false,
    issues: [
      errorIssue({
        path,
        code: 'INVALID_DATE',
        rule: READ_RULE,
        detail: `${JSON.stringify(value)} is neither a date YYYY-MM-DD nor an ISO date-time.`,
        fix: 'Give a date like "2026-12-01" (the whole day) or a date-time like "2026-12-01T18:00" or "2026-12-01T18:00:00+01:00".',
      }),
    ],
  });
  if (!m) return invalid();
  const date = parseLocalDate(m[1], path);
  if (!date.ok) return date;
  if (m[2] === undefined) {
    const next = wallFromNaiveMs(naiveMs({ ...date.value, hour: 0, minute: 0, second: 0 }) + DAY_MS);
    return {
      ok: true,
      value: rangeOf(startOfLocalDay(date.value, timeZone), startOfLocalDay(next, timeZone)),
      issues: [],
    };
  }
  const wall: WallClock = {
    ...date.value,
    hour: Number(m[2]),
    minute: Number(m[3]),
    second: Number(m[4] ?? '0'),
  };
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return invalid();
  const millis = m[5] ? Number(m[5].slice(0, 3).padEnd(3, '0')) : 0;
  if (m[6] !== undefined) {
    const offset = offsetFromText(m[6]);
    if (offset === undefined) return invalid();
    const ms = naiveMs(wall) + millis - offset * MINUTE_MS;
    return { ok: true, value: rangeOf(ms, ms + 1), issues: [] };
  }
  const resolved = resolveLocalTime(wall, timeZone);
  const issue = dstIssue(resolved, path, READ_RULE);
  const ms = resolved.kind === 'gap' ? resolved.transition.epochMs : resolved.epochMs + millis;
  const issues = issue ? [{ ...issue, severity: 'warning' as const }] : [];
  return { ok: true, value: rangeOf(ms, ms + 1), issues };
}

export interface DateRangeInput {
  from?: string;
  to?: string;
  timeZone: string;
  fromPath?: string;
  toPath?: string;
}

/**
 * A read tool's `from`/`to` pair as a closed UTC range: `from` starts at the beginning of its day
 * (or at its instant), `to` ends at the end of its day (or at its instant). Either may be absent.
 */
export function resolveDateRange(input: DateRangeInput): Checked<{ from?: string; to?: string }> {
  const issues: RuleIssue[] = [];
  const fromPath = input.fromPath ?? 'from';
  const toPath = input.toPath ?? 'to';
  const from = input.from !== undefined ? toUtcRange(input.from, input.timeZone, fromPath) : undefined;
  const to = input.to !== undefined ? toUtcRange(input.to, input.timeZone, toPath) : undefined;
  if (from) issues.push(...from.issues);
  if (to) issues.push(...to.issues);
  if ((from && !from.ok) || (to && !to.ok)) return { ok: false, issues: sortUnique(issues) };
  const fromValue = from?.ok ? from.value : undefined;
  const toValue = to?.ok ? to.value : undefined;
  if (fromValue && toValue && toValue.toExclusiveMs <= fromValue.fromMs) {
    issues.push(
      errorIssue({
        path: toPath,
        code: 'INVALID_RANGE',
        rule: READ_RULE,
        detail: `the range ends (${input.to}) before it begins (${input.from}).`,
        fix: 'Swap from and to, or give a later to.',
      }),
    );
    return { ok: false, issues };
  }
  const value: { from?: string; to?: string } = {};
  if (fromValue) value.from = fromValue.from;
  if (toValue) value.to = toValue.to;
  return { ok: true, value, issues };
}

function sortUnique(issues: RuleIssue[]): RuleIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}|${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
