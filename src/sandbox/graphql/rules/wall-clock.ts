// Time rules of platform-api.md §4.4 (rules 1, 2, 4): job timezones are IANA names; role times
// are local wall-clock times read in the job's timezone. We resolve DST edge cases ourselves
// because luxon silently shifts a time in a spring-forward gap and picks the later offset in a
// fall-back overlap, while the platform rejects the first and takes the earlier offset.

import { DateTime, IANAZone } from 'luxon';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// Current IANA names that ICU still lists under their old aliases.
const MODERN_NAMES = [
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Yangon',
  'Asia/Ho_Chi_Minh',
  'Europe/Kyiv',
  'America/Nuuk',
];
const KNOWN_ZONES = new Map(
  [...Intl.supportedValuesOf('timeZone'), ...MODERN_NAMES].map((zone) => [zone.toLowerCase(), zone]),
);

/**
 * The IANA name with its usual capitals, or null when it is not an IANA zone of the form
 * Area/City. Aliases are kept as given (Asia/Kolkata stays Asia/Kolkata, although ICU calls it
 * Asia/Calcutta), since clients compare the name they sent with the one they read back.
 */
export function canonicalTimezone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed.includes('/') || !IANAZone.isValidZone(trimmed)) return null;
  return KNOWN_ZONES.get(trimmed.toLowerCase()) ?? trimmed;
}

export function timezoneProblem(name: string): string {
  return `"${name}" is not an IANA timezone name of the form Area/City, e.g. Europe/London or America/New_York`;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export type WallClockResult = { ok: true; utcMs: number; local: LocalParts } | { ok: false; message: string };

/** Parse `YYYY-MM-DDTHH:mm[:ss]` (no offset) into local parts; a string with an offset is refused. */
export function parseWallClock(
  text: string,
): { ok: true; local: LocalParts } | { ok: false; message: string } {
  const form = 'a local wall-clock time YYYY-MM-DDTHH:mm[:ss] without offset, read in the job timezone';
  if (WITH_OFFSET.test(text)) {
    return { ok: false, message: `"${text}" carries an offset or Z; send ${form}, e.g. 2026-12-01T18:00` };
  }
  const match = WALL_CLOCK.exec(text);
  if (!match) return { ok: false, message: `"${text}" is not ${form}, e.g. 2026-12-01T18:00` };
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const probe = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: 'UTC' });
  if (!probe.isValid || probe.day !== day || probe.hour !== hour) {
    return { ok: false, message: `"${text}" is not a valid date and time` };
  }
  return { ok: true, local: { year, month, day, hour, minute, second } };
}

/**
 * The UTC instant of a local wall-clock time in a zone. A time in a DST gap does not exist and
 * is refused; a time in a DST overlap exists twice and resolves to the earlier instant (the
 * offset in force before the change).
 */
export function wallClockToUtc(local: LocalParts, timezone: string): WallClockResult {
  const zone = IANAZone.create(timezone);
  const asIfUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((delta) => zone.offset(asIfUtc + delta)));
  const candidates = [...offsets]
    .map((offsetMinutes) => asIfUtc - offsetMinutes * MINUTE_MS)
    .filter((utcMs) => zone.offset(utcMs) * MINUTE_MS === asIfUtc - utcMs)
    .sort((a, b) => a - b);
  const earliest = candidates[0];
  if (earliest === undefined) {
    return {
      ok: false,
      message: `${formatLocal(local)} does not exist in ${timezone} (clocks skip it at the daylight-saving change)`,
    };
  }
  return { ok: true, utcMs: earliest, local };
}

export function formatLocal(local: LocalParts): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
}

export function localDate(local: LocalParts): string {
  return formatLocal(local).slice(0, 10);
}

/** The wall-clock parts of a UTC instant in a zone. */
export function utcToLocal(utcIso: string, timezone: string): LocalParts {
  const dt = DateTime.fromISO(utcIso, { zone: 'UTC' }).setZone(timezone);
  return { year: dt.year, month: dt.month, day: dt.day, hour: dt.hour, minute: dt.minute, second: dt.second };
}

/** Answers of isoInZone, by zone and instant; emptied when full, so it stays bounded. */
const inZone = new Map<string, string>();
const IN_ZONE_MAX = 50_000;

/**
 * ISO-8601 with the zone's offset at that instant, e.g. 2026-10-25T01:30:00+01:00. Remembered:
 * every role of a job is presented this way on every read of the job (a crew job's role, its job's
 * roles), the same few thousand instants again and again, and luxon's offset lookup is the most
 * expensive part of serving them.
 */
export function isoInZone(utcIso: string, timezone: string): string {
  const key = `${timezone} ${utcIso}`;
  let iso = inZone.get(key);
  if (iso === undefined) {
    iso = DateTime.fromISO(utcIso, { zone: 'UTC' })
      .setZone(timezone)
      .toISO({ suppressMilliseconds: true, includeOffset: true }) as string;
    if (inZone.size >= IN_ZONE_MAX) inZone.clear();
    inZone.set(key, iso);
  }
  return iso;
}

export function isValidDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const dt = DateTime.fromISO(text, { zone: 'UTC' });
  return dt.isValid && dt.toISODate() === text;
}

/** Start and end instant (UTC ms) of a calendar date in a zone. */
export function dayBoundsUtc(date: string, timezone: string): { startMs: number; endMs: number } {
  const start = DateTime.fromISO(date, { zone: timezone }).startOf('day');
  return { startMs: start.toMillis(), endMs: start.plus({ days: 1 }).toMillis() };
}
