// Instants (ISO strings with an offset or Z, epoch ms, Dates) and the wall clocks they show in a
// zone: how read tools display job times, and how a role time — an instant from the platform or a
// wall clock from the user — becomes epoch ms. A string without an offset is never read in the
// machine's zone.

import { DateTime } from 'luxon';
import { isKnownZone, MINUTE_MS, wallClockAt, wallFromNaiveMs, zoneOf } from './clock.js';
import { resolveLocalTime } from './dst.js';
import { parseLocalDateTime } from './parse-local.js';
import { LOCAL_RE } from './text-forms.js';
import { formatClock, formatLocalDate, formatOffset, formatWallClock } from './wall-clock.js';

/** The local wall clock `YYYY-MM-DDTHH:mm[:ss]` of an instant (ISO string with offset/Z, epoch ms or Date) in a zone. */
export function instantToWallClock(instant: string | number | Date, zoneName: string): string {
  return formatWallClock(wallClockAt(instantMs(instant), zoneName));
}

/** The form the platform writes instants in: `2026-11-21T09:00:00.000Z`, or with `+01:00`. */
const PLATFORM_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * Epoch ms of an instant in the platform's form, read directly (luxon's fromISO took a third of
 * the time of showing a list of jobs); undefined for anything else, which luxon reads: other ISO
 * forms, and values out of the ordinary ranges, so that both readings never differ.
 */
function platformInstantMs(text: string): number | undefined {
  const parts = PLATFORM_INSTANT.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as number[];
  const [fraction, sign, offsetHours, offsetMinutes] = parts.slice(7) as (string | undefined)[];
  if (year! < 1000 || month! < 1 || month! > 12 || day! < 1 || hour! > 23 || minute! > 59 || second! > 59)
    return undefined;
  if (Number(offsetHours ?? 0) > 23 || Number(offsetMinutes ?? 0) > 59) return undefined;
  const dayStart = Date.UTC(year!, month! - 1, day!);
  // Date.UTC rolls February 30 over into March: such a date is luxon's to refuse.
  if (new Date(dayStart).getUTCDate() !== day) return undefined;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) : 0;
  const millis = fraction ? Number(fraction.padEnd(3, '0')) : 0;
  return dayStart + ((hour! * 60 + minute! - offset) * 60 + second!) * 1000 + millis;
}

function instantMs(instant: string | number | Date): number {
  // A string without offset would be read in the machine's zone: refuse it rather than guess.
  if (typeof instant === 'string' && !/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(instant.trim())) {
    throw new RangeError(`an instant needs an offset or Z: ${instant}`);
  }
  const ms =
    typeof instant === 'number'
      ? instant
      : instant instanceof Date
        ? instant.getTime()
        : (platformInstantMs(instant) ?? DateTime.fromISO(instant, { setZone: true }).toMillis());
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return ms;
}

export interface LocalClock {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:mm` (with `:ss` when the seconds are not zero) */
  time: string;
  /** `+01:00`, only when this wall clock happens twice that day (a DST overlap), to tell them apart. */
  offset?: string;
}

/**
 * The wall clock an instant shows in a zone, as people read job times: date and time, plus the
 * offset when the clock alone is ambiguous (the hour repeated when clocks go back). Throws
 * RangeError for an unparseable instant or an unknown zone.
 */
export function localClock(instant: string | number | Date, zoneName: string): LocalClock {
  if (!isKnownZone(zoneName)) throw new RangeError(`invalid timezone ${zoneName}`);
  const ms = instantMs(instant);
  const offset = zoneOf(zoneName).offset(ms);
  const wall = wallFromNaiveMs(ms + offset * MINUTE_MS);
  const clock: LocalClock = { date: formatLocalDate(wall), time: formatClock(wall) };
  if (resolveLocalTime(wall, zoneName).kind === 'ambiguous') clock.offset = formatOffset(offset);
  return clock;
}

/**
 * Epoch ms of a time given either as an ISO instant with offset/Z (as the platform returns role
 * times) or as a wall clock read in `zone` (as role inputs take them; ambiguous: earlier offset;
 * in a gap: the moment clocks jump). Throws RangeError when it cannot be read.
 */
export function toEpochMs(value: string, zone?: string): number {
  const local = LOCAL_RE.exec(value.trim());
  if (local) {
    if (!zone || !isKnownZone(zone)) throw new RangeError(`a wall-clock time needs a timezone: ${value}`);
    const parsed = parseLocalDateTime(value, '');
    if (!parsed.ok) throw new RangeError(`not a wall-clock time: ${value}`);
    const resolved = resolveLocalTime(parsed.value, zone);
    return resolved.kind === 'gap' ? resolved.transition.epochMs : resolved.epochMs;
  }
  return instantMs(value);
}
