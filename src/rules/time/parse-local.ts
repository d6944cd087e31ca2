// Reading the user's dates and wall-clock times: `YYYY-MM-DD` (a real calendar date) and the
// `YYYY-MM-DDTHH:mm[:ss]` form role inputs take. Near-misses (an offset or `Z`, a space for `T`,
// hour 24, a bare `HH:mm`, day-first dates) are rejected with the exact form to write instead.

import { type Checked, errorIssue } from '../issues.js';
import {
  DAY_MS,
  daysInMonth,
  MINUTE_MS,
  naiveMs,
  pad,
  type WallClock,
  wallClockAt,
  wallFromNaiveMs,
} from './clock.js';
import { LOCAL_RE, offsetFromText } from './text-forms.js';
import { formatWallClock, RULE_ROLE_TIMES } from './wall-clock.js';
import { isValidTimeZone } from './zones.js';

const MIN_YEAR = 1900;
const MAX_YEAR = 2199;

function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parse `YYYY-MM-DD` (a real calendar date). */
export function parseLocalDate(
  value: unknown,
  path: string,
): Checked<Pick<WallClock, 'year' | 'month' | 'day'>> {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = DATE_RE.exec(text);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (isValidCalendarDate(year, month, day)) return { ok: true, value: { year, month, day }, issues: [] };
  }
  const slashed = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  const fix = slashed
    ? `Write the date as YYYY-MM-DD, e.g. "${slashed[3]}-${pad(Number(slashed[2]))}-${pad(Number(slashed[1]))}" if the day comes first.`
    : match
      ? 'Give a date that exists in the calendar (month 01-12, a day that month has), as YYYY-MM-DD.'
      : 'Write the date as YYYY-MM-DD, e.g. "2026-12-01".';
  return {
    ok: false,
    issues: [
      errorIssue({
        path,
        code: 'INVALID_DATE',
        rule: 'Date scalar: a calendar date YYYY-MM-DD',
        detail: `${JSON.stringify(value)} is not a valid calendar date YYYY-MM-DD.`,
        fix,
      }),
    ],
  };
}

const LOOSE_RE =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export interface ParseLocalOptions {
  /** The job's zone; with it, a time given with an offset is converted for the fix. */
  timeZone?: string;
  /** The job's date; with it, a bare `HH:mm` gets a full suggestion. */
  jobDate?: string;
}

/**
 * Parse a wall-clock time `YYYY-MM-DDTHH:mm[:ss]` as role inputs take it. An offset or `Z`,
 * a space instead of `T`, fractions of a second, a bare `HH:mm` are rejected with the form to use.
 */
export function parseLocalDateTime(
  value: unknown,
  path: string,
  options: ParseLocalOptions = {},
): Checked<WallClock> {
  const fail = (
    detail: string,
    fix: string,
    code: 'INVALID_LOCAL_TIME' | 'OFFSET_NOT_ALLOWED' = 'INVALID_LOCAL_TIME',
  ): Checked<WallClock> => ({
    ok: false,
    issues: [errorIssue({ path, code, rule: RULE_ROLE_TIMES, detail, fix })],
  });
  const form = 'YYYY-MM-DDTHH:mm (optionally :ss), local to the job, without offset or Z';
  if (typeof value !== 'string') {
    return fail(
      `expected a wall-clock time string, got ${JSON.stringify(value) ?? String(value)}.`,
      `Write it as ${form}.`,
    );
  }
  const text = value.trim();
  const match = LOCAL_RE.exec(text);
  if (match) {
    const wall: WallClock = {
      year: Number(match[1]),
      month: Number(match[2]),
      day: Number(match[3]),
      hour: Number(match[4]),
      minute: Number(match[5]),
      second: Number(match[6] ?? '0'),
    };
    if (!isValidCalendarDate(wall.year, wall.month, wall.day)) {
      return fail(`${JSON.stringify(value)} has no such calendar date.`, `Give a real date, as ${form}.`);
    }
    if (wall.hour === 24 && wall.minute === 0 && wall.second === 0) {
      const next = wallFromNaiveMs(naiveMs({ ...wall, hour: 0 }) + DAY_MS);
      return fail(
        `${JSON.stringify(value)} uses hour 24.`,
        `Midnight at the end of the day is 00:00 of the next day: "${formatWallClock(next)}".`,
      );
    }
    if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) {
      return fail(
        `${JSON.stringify(value)} is not a valid time of day.`,
        `Use hours 00-23, minutes and seconds 00-59, as ${form}.`,
      );
    }
    return { ok: true, value: wall, issues: [] };
  }
  const loose = LOOSE_RE.exec(text);
  if (loose) {
    const [, date, hh, mm, ss, offsetText] = loose;
    const local = `${date}T${hh}:${mm}${ss && ss !== '00' ? `:${ss}` : ''}`;
    if (offsetText) {
      const offset = offsetFromText(offsetText);
      let converted: string | undefined;
      if (offset !== undefined && options.timeZone && isValidTimeZone(options.timeZone)) {
        const parsed = LOCAL_RE.exec(local);
        if (parsed) {
          const ms =
            Date.UTC(
              Number(parsed[1]),
              Number(parsed[2]) - 1,
              Number(parsed[3]),
              Number(parsed[4]),
              Number(parsed[5]),
              Number(parsed[6] ?? '0'),
            ) -
            offset * MINUTE_MS;
          converted = formatWallClock(wallClockAt(ms, options.timeZone));
        }
      }
      return fail(
        `${JSON.stringify(value)} carries an offset or Z; role times are wall-clock times read in the job's timezone.`,
        converted
          ? `Drop the offset and give the local time in ${options.timeZone}: "${converted}" is the same instant.`
          : `Drop the offset and give the local time in the job's timezone, e.g. "${local}" if that is the local time there.`,
        'OFFSET_NOT_ALLOWED',
      );
    }
    return fail(`${JSON.stringify(value)} is not in the form ${form}.`, `Write it as "${local}".`);
  }
  const clockOnly = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (clockOnly) {
    const example = `${options.jobDate ?? 'YYYY-MM-DD'}T${pad(Number(clockOnly[1]))}:${clockOnly[2]}`;
    return fail(
      `${JSON.stringify(value)} has no date.`,
      `Give date and time, e.g. "${example}" (the next day's date if the role runs past midnight).`,
    );
  }
  return fail(
    `${JSON.stringify(value)} is not a wall-clock time.`,
    `Write it as ${form}, e.g. "2026-12-01T18:00".`,
  );
}
