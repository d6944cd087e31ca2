// Read filters in the user's terms. A date ("2026-11-25") means that whole day: in the given
// timezone when there is one, otherwise in each job's own timezone (the platform's jobs carry
// their zone, and "jobs on the 25th" means their local 25th). A date-time with an offset is an
// instant; one without an offset is read in the given timezone (else UTC).
import { DateTime } from 'luxon';
import { UserInputError } from '../platform/errors.js';
import { checkTimeZone as checkZoneRule } from '../rules/time.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Widest offsets in use (UTC+14, UTC-12): a local day lies within [date-14h, date+1d+12h) UTC. */
const EARLIEST_OFFSET_HOURS = 14;
const LATEST_OFFSET_HOURS = 12;

export interface ResolvedRange {
  /** UTC instants for the platform's fromRange/toRange overlap filter. */
  fromUtc?: string;
  toUtc?: string;
  /** Local dates that the results must be cut to, when dates are read in each job's own zone. */
  localDates?: { from?: string; to?: string };
}

/** Read filters also accept plain "UTC"; anything else must be an IANA Area/City name. */
export function checkTimeZone(zone: string, field: string): void {
  if (zone === 'UTC') return;
  const issue = checkZoneRule(zone, field)[0];
  if (issue) {
    throw new UserInputError(`${field}: "${zone}" is not an IANA timezone name.`, [
      { path: field, message: issue.message, fix: issue.fix, code: issue.code },
    ]);
  }
}

function parseInstant(
  value: string,
  field: string,
  zone: string | undefined,
  edge: 'start' | 'end',
): DateTime {
  if (DATE.test(value)) {
    const day = DateTime.fromISO(value, { zone: zone ?? 'UTC' });
    if (!day.isValid) throw invalid(value, field);
    return edge === 'start' ? day.startOf('day') : day.endOf('day');
  }
  const time = DateTime.fromISO(value, { zone: zone ?? 'UTC', setZone: true });
  if (!time.isValid) throw invalid(value, field);
  return time;
}

function invalid(value: string, field: string): UserInputError {
  return new UserInputError(`${field}: "${value}" is not a date or date-time.`, [
    {
      path: field,
      message: 'not a date or date-time',
      fix: 'Use YYYY-MM-DD for a whole day, or an ISO date-time such as 2026-11-25T18:00 or 2026-11-25T18:00+01:00.',
    },
  ]);
}

export function resolveRange(
  from: string | undefined,
  to: string | undefined,
  zone: string | undefined,
): ResolvedRange {
  if (zone) checkTimeZone(zone, 'timezone');
  const range: ResolvedRange = {};
  const perJobZone = !zone && ((from && DATE.test(from)) || (to && DATE.test(to)));
  if (from) {
    let start = parseInstant(from, 'from', zone, 'start');
    if (perJobZone && DATE.test(from)) start = start.minus({ hours: EARLIEST_OFFSET_HOURS });
    range.fromUtc = start.toUTC().toISO() ?? undefined;
  }
  if (to) {
    let end = parseInstant(to, 'to', zone, 'end');
    if (perJobZone && DATE.test(to)) end = end.plus({ hours: LATEST_OFFSET_HOURS });
    range.toUtc = end.toUTC().toISO() ?? undefined;
  }
  if (range.fromUtc && range.toUtc && range.fromUtc > range.toUtc) {
    throw new UserInputError(`from (${from}) is after to (${to}).`, [
      { path: 'to', message: 'before from', fix: 'Swap from and to, or widen the range.' },
    ]);
  }
  if (perJobZone) {
    range.localDates = {
      ...(from && DATE.test(from) ? { from } : {}),
      ...(to && DATE.test(to) ? { to } : {}),
    };
  }
  return range;
}

export function withinLocalDates(date: string, dates: ResolvedRange['localDates']): boolean {
  if (!dates) return true;
  return (!dates.from || date >= dates.from) && (!dates.to || date <= dates.to);
}
