// Time rules of the platform, checked locally (luxon for the zone data).
//
// Role times on createJobs/updateJobs are wall-clock local times `YYYY-MM-DDTHH:mm[:ss]` read in
// the job's IANA timezone (§2.2, §4.4 rules 1-2). Two wall-clock times are not plain instants:
// - a DST gap: the local time does not exist (clocks jump over it). We reject it, naming the
//   valid times on either side, rather than let the platform shift it silently.
// - a DST overlap: the local time happens twice. The platform uses the earlier offset (the first
//   occurrence, the offset in force before the clocks go back). luxon picks the later one, so the
//   resolution below is our own: it enumerates the offsets around the time and keeps those that
//   map back to the same wall clock.
// Read tools take a user's date or date-time and need a UTC range; their output shows instants
// in the job's zone as `YYYY-MM-DDTHH:mm±hh:mm`.

import { DateTime, IANAZone } from 'luxon';
import { type Checked, errorIssue, joinPath, type RuleIssue, warningIssue } from './issues.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const RULE_TIMEZONE = '§2.2 Job.timezone and §4.4 rule 1: an IANA timezone name of the form Area/City';
export const RULE_ROLE_TIMES = "§4.4 rule 2: role times are wall-clock times in the job's timezone";
export const RULE_ON_JOB_DATE = "§4.4 rule 2: a role starts on the job's date, in the job's timezone";
export const RULE_ROLE_ORDER = 'CreateRoleInput.endTime: after startTime, at most 24 hours later [assumed]';

// ---------------------------------------------------------------------------- wall clocks

/** A local wall-clock time, without a zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function pad(value: number, width = 2): string {
  return String(Math.trunc(Math.abs(value))).padStart(width, '0');
}

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

/** Wall clock read as if it were UTC: the arithmetic basis for zone offsets. */
function naiveMs(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

function wallFromNaiveMs(ms: number): WallClock {
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

const MIN_YEAR = 1900;
const MAX_YEAR = 2199;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

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

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const LOOSE_RE =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export interface ParseLocalOptions {
  /** The job's zone; with it, a time given with an offset is converted for the fix. */
  timeZone?: string;
  /** The job's date; with it, a bare `HH:mm` gets a full suggestion. */
  jobDate?: string;
}

function offsetFromText(text: string): number | undefined {
  if (/^z$/i.test(text)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? '0');
  return m[1] === '-' ? -minutes : minutes;
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
          converted = instantToWallClock(ms, options.timeZone);
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

// ---------------------------------------------------------------------------- timezones

/** Common abbreviations and the IANA names that usually stand behind them. */
const ABBREVIATIONS: Record<string, string[]> = {
  UTC: ['Etc/UTC'],
  UT: ['Etc/UTC'],
  Z: ['Etc/UTC'],
  ZULU: ['Etc/UTC'],
  GMT: ['Europe/London', 'Etc/UTC'],
  BST: ['Europe/London'],
  IST: ['Asia/Kolkata', 'Europe/Dublin', 'Asia/Jerusalem'],
  WET: ['Europe/Lisbon'],
  WEST: ['Europe/Lisbon'],
  CET: ['Europe/Paris', 'Europe/Berlin', 'Europe/Madrid'],
  CEST: ['Europe/Paris', 'Europe/Berlin', 'Europe/Madrid'],
  MET: ['Europe/Paris', 'Europe/Berlin'],
  MEST: ['Europe/Paris', 'Europe/Berlin'],
  EET: ['Europe/Athens', 'Europe/Helsinki', 'Europe/Bucharest'],
  EEST: ['Europe/Athens', 'Europe/Helsinki', 'Europe/Bucharest'],
  MSK: ['Europe/Moscow'],
  EST: ['America/New_York', 'America/Toronto'],
  EDT: ['America/New_York', 'America/Toronto'],
  ET: ['America/New_York'],
  CST: ['America/Chicago', 'America/Mexico_City', 'Asia/Shanghai'],
  CDT: ['America/Chicago'],
  CT: ['America/Chicago'],
  MST: ['America/Denver', 'America/Phoenix'],
  MDT: ['America/Denver'],
  MT: ['America/Denver'],
  PST: ['America/Los_Angeles', 'America/Vancouver'],
  PDT: ['America/Los_Angeles', 'America/Vancouver'],
  PT: ['America/Los_Angeles'],
  AKST: ['America/Anchorage'],
  AKDT: ['America/Anchorage'],
  HST: ['Pacific/Honolulu'],
  AST: ['America/Halifax'],
  ADT: ['America/Halifax'],
  NST: ['America/St_Johns'],
  NDT: ['America/St_Johns'],
  AEST: ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane'],
  AEDT: ['Australia/Sydney', 'Australia/Melbourne'],
  ACST: ['Australia/Adelaide', 'Australia/Darwin'],
  ACDT: ['Australia/Adelaide'],
  AWST: ['Australia/Perth'],
  NZST: ['Pacific/Auckland'],
  NZDT: ['Pacific/Auckland'],
  JST: ['Asia/Tokyo'],
  KST: ['Asia/Seoul'],
  HKT: ['Asia/Hong_Kong'],
  SGT: ['Asia/Singapore'],
  WIB: ['Asia/Jakarta'],
  ICT: ['Asia/Bangkok'],
  PKT: ['Asia/Karachi'],
  GST: ['Asia/Dubai'],
  SAST: ['Africa/Johannesburg'],
  CAT: ['Africa/Maputo'],
  EAT: ['Africa/Nairobi'],
  WAT: ['Africa/Lagos'],
  BRT: ['America/Sao_Paulo'],
  ART: ['America/Argentina/Buenos_Aires'],
};

/** Example zones per standard offset (minutes), for a fix when a fixed offset was given. */
const OFFSET_EXAMPLES: Record<number, string[]> = {
  [-600]: ['Pacific/Honolulu'],
  [-540]: ['America/Anchorage'],
  [-480]: ['America/Los_Angeles'],
  [-420]: ['America/Denver', 'America/Phoenix'],
  [-360]: ['America/Chicago', 'America/Mexico_City'],
  [-300]: ['America/New_York', 'America/Bogota'],
  [-240]: ['America/Halifax', 'America/Santiago'],
  [-180]: ['America/Sao_Paulo', 'America/Argentina/Buenos_Aires'],
  0: ['Europe/London', 'Etc/UTC'],
  60: ['Europe/Paris', 'Europe/Berlin', 'Africa/Lagos'],
  120: ['Europe/Athens', 'Africa/Johannesburg'],
  180: ['Europe/Moscow', 'Africa/Nairobi'],
  240: ['Asia/Dubai'],
  300: ['Asia/Karachi'],
  330: ['Asia/Kolkata'],
  345: ['Asia/Kathmandu'],
  360: ['Asia/Dhaka'],
  420: ['Asia/Bangkok', 'Asia/Jakarta'],
  480: ['Asia/Singapore', 'Asia/Shanghai', 'Australia/Perth'],
  540: ['Asia/Tokyo', 'Asia/Seoul'],
  570: ['Australia/Darwin', 'Australia/Adelaide'],
  600: ['Australia/Sydney', 'Australia/Brisbane'],
  720: ['Pacific/Auckland'],
};

/** ICU (and so Intl) still lists some zones under old names; suggest the current ones. */
const MODERN_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
};

let zoneNames: string[] | undefined;
function knownZoneNames(): string[] {
  if (!zoneNames) {
    let names: string[] = [];
    try {
      names = Intl.supportedValuesOf('timeZone');
    } catch {
      names = [];
    }
    zoneNames = [...new Set([...names.map((name) => MODERN_NAMES[name] ?? name), 'Etc/UTC'])].filter((name) =>
      name.includes('/'),
    );
  }
  return zoneNames;
}

function resolvedZoneName(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * True for an IANA zone name of the form Area/City (`Europe/London`, `America/Argentina/Buenos_Aires`,
 * `Etc/UTC`) that this runtime knows, spelled with its proper case. False for offsets (`+01:00`),
 * abbreviations (`EST`, `CET`) and bare `UTC`, even where Intl would accept them.
 */
export function isValidTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  if (!IANAZone.isValidZone(name)) return false;
  const resolved = resolvedZoneName(name);
  if (resolved === undefined) return false;
  // Intl accepts any case; the platform expects the proper spelling. Every segment of an IANA
  // name starts with a capital (Europe/London, America/Port-au-Prince, Etc/GMT+1).
  if (!hasIanaCapitals(name)) return false;
  return !(resolved.toLowerCase() === name.toLowerCase() && resolved !== name);
}

function hasIanaCapitals(name: string): boolean {
  return name.split('/').every((segment) => /^[A-Z]/.test(segment));
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

function parseFixedOffset(text: string): number | undefined {
  const m = /^(?:UTC|GMT)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(text.trim());
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? '0');
  return m[1] === '-' ? -minutes : minutes;
}

/** IANA names a user probably meant by `value` (abbreviation, offset, city, misspelling); may be empty. */
export function suggestTimeZones(value: string): string[] {
  const text = value.trim();
  const upper = text.toUpperCase();
  const abbreviation = ABBREVIATIONS[upper];
  if (abbreviation) return abbreviation;
  const offset = parseFixedOffset(text);
  if (offset !== undefined) return OFFSET_EXAMPLES[offset] ?? [];
  const names = knownZoneNames();
  const resolved = resolvedZoneName(text);
  if (resolved) {
    const modern = MODERN_NAMES[resolved] ?? resolved;
    if (modern.includes('/')) return [modern];
  }
  const key = text.toLowerCase().replace(/\s+/g, '_');
  const byCity = names.filter((name) => name.toLowerCase().split('/').pop() === key);
  if (byCity.length > 0) return byCity.slice(0, 3);
  const scored = names
    .map((name) => ({ name, distance: editDistance(key, name.toLowerCase()) }))
    .filter((entry) => entry.distance <= Math.max(2, Math.floor(key.length / 5)))
    .sort((a, b) => a.distance - b.distance);
  return scored.slice(0, 3).map((entry) => entry.name);
}

/** Issues for a timezone input (empty when valid). */
export function checkTimeZone(value: unknown, path: string): RuleIssue[] {
  if (isValidTimeZone(value)) return [];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const suggestions = typeof value === 'string' ? suggestTimeZones(value) : [];
  const isOffset = typeof value === 'string' && parseFixedOffset(value) !== undefined;
  const isAbbreviation = typeof value === 'string' && ABBREVIATIONS[value.trim().toUpperCase()] !== undefined;
  const isUtc = typeof value === 'string' && /^(UTC|GMT|UT|Z|ZULU)$/i.test(value.trim());
  const resolved = typeof value === 'string' ? resolvedZoneName(value) : undefined;
  const wrongCase =
    typeof value === 'string' &&
    resolved !== undefined &&
    value.includes('/') &&
    (resolved.toLowerCase() === value.toLowerCase() || !hasIanaCapitals(value));
  const detail = isUtc
    ? `"${text}" is not of the form Area/City.`
    : wrongCase
      ? `"${text}" is spelled with the wrong case; timezone names are case-sensitive.`
      : isOffset
        ? `"${text}" is a fixed UTC offset, not an IANA timezone; an offset has no daylight-saving rules.`
        : isAbbreviation
          ? `"${text}" is an abbreviation, not an IANA timezone name; abbreviations are ambiguous and ignore daylight saving.`
          : `${JSON.stringify(value)} is not a known IANA timezone name of the form Area/City.`;
  const fix =
    suggestions.length > 0
      ? `Use the IANA name of the place, e.g. ${suggestions.map((name) => `"${name}"`).join(' or ')}.`
      : 'Use the IANA name of the place, of the form Area/City, e.g. "Europe/London" or "America/New_York".';
  return [errorIssue({ path, code: 'INVALID_TIMEZONE', rule: RULE_TIMEZONE, detail, fix })];
}

// ---------------------------------------------------------------------------- resolution

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

function zoneOf(name: string): IANAZone {
  return IANAZone.create(name);
}

/** First instant in (lo, hi] whose offset differs from the offset at lo; minute precision then ms. */
function findTransition(zone: IANAZone, lo: number, hi: number): number {
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

/**
 * Resolve a wall clock in an IANA zone: exact, ambiguous (earlier offset used, as the platform
 * does) or a gap. Throws RangeError for an invalid zone; check it first with checkTimeZone.
 */
export function resolveLocalTime(local: WallClock, zoneName: string): ResolvedTime {
  if (!IANAZone.isValidZone(zoneName)) throw new RangeError(`invalid timezone ${zoneName}`);
  const zone = zoneOf(zoneName);
  const naive = naiveMs(local);
  const offsets = new Set<number>();
  for (let k = -6; k <= 6; k++) offsets.add(zone.offset(naive + k * 6 * HOUR_MS));
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

/** The DST issue for a resolved time (gap: error, ambiguous: warning), or none. */
export function dstIssue(
  resolved: ResolvedTime,
  path: string,
  rule: string = RULE_ROLE_TIMES,
): RuleIssue | undefined {
  const day = formatLocalDate(resolved.local);
  const clock = formatClock(resolved.local);
  if (resolved.kind === 'gap') {
    const t = resolved.transition;
    return errorIssue({
      path,
      code: 'DST_GAP',
      rule,
      detail:
        `${clock} does not exist on ${day} in ${resolved.zone}: clocks go from ${formatClock(t.localBefore)} to ` +
        `${formatClock(t.localAfter)} (${formatOffset(t.fromOffset)} → ${formatOffset(t.toOffset)}), so local times ` +
        `${clockRange(t.localBefore, t.localAfter)} are skipped.`,
      fix:
        `Use "${formatWallClock(resolved.after)}" (the same moment, after the change) or ` +
        `"${formatWallClock(resolved.before)}" (before it), or any time outside ${clockRange(t.localBefore, t.localAfter)}.`,
    });
  }
  if (resolved.kind === 'ambiguous') {
    const t = resolved.transition;
    return warningIssue({
      path,
      code: 'DST_AMBIGUOUS',
      rule,
      detail:
        `${clock} happens twice on ${day} in ${resolved.zone} (clocks go back from ${formatClock(t.localBefore)} to ` +
        `${formatClock(t.localAfter)}): first at ${formatOffset(resolved.offsetMinutes)} (${formatUtc(resolved.epochMs)}), ` +
        `then at ${formatOffset(resolved.laterOffsetMinutes)} (${formatUtc(resolved.laterEpochMs)}). ` +
        `The platform uses the earlier offset, ${formatOffset(resolved.offsetMinutes)}.`,
      fix:
        `Nothing to change if the first ${clock} (${formatOffset(resolved.offsetMinutes)}) is meant. The second one cannot ` +
        `be written as a wall-clock time; choose a time outside ${clockRange(t.localAfter, t.localBefore)} if it matters.`,
    });
  }
  return undefined;
}

/** The local wall clock `YYYY-MM-DDTHH:mm[:ss]` of an instant (ISO string with offset/Z, epoch ms or Date) in a zone. */
export function instantToWallClock(instant: string | number | Date, zoneName: string): string {
  const ms = instantMs(instant);
  return formatWallClock(wallFromNaiveMs(ms + zoneOf(zoneName).offset(ms) * MINUTE_MS));
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
        : DateTime.fromISO(instant, { setZone: true }).toMillis();
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return ms;
}

/**
 * Format an instant in a zone as `YYYY-MM-DDTHH:mm±hh:mm` (read tools show job times this way).
 * Throws RangeError for an unparseable instant or an unknown zone.
 */
export function formatInZone(instant: string | number | Date, zoneName: string): string {
  if (!IANAZone.isValidZone(zoneName)) throw new RangeError(`invalid timezone ${zoneName}`);
  const ms = instantMs(instant);
  const offset = zoneOf(zoneName).offset(ms);
  const wall = wallFromNaiveMs(ms + offset * MINUTE_MS);
  return `${formatLocalDate(wall)}T${pad(wall.hour)}:${pad(wall.minute)}${formatOffset(offset)}`;
}

// ---------------------------------------------------------------------------- role times

export interface RoleTimesInput {
  /** The job's date `YYYY-MM-DD`. */
  jobDate: string;
  /** The job's effective zone (its own, else its board's). */
  timeZone: string;
  startTime: string;
  endTime: string;
  /** Path of the role, e.g. `jobs[0].roles[1]`; issues go to `<path>.startTime` / `<path>.endTime`. */
  path: string;
  /** Where a bad timezone is reported; default `<path>` (the role inherits it). */
  timeZonePath?: string;
  /** Where a bad job date is reported; default `<path>`. */
  jobDatePath?: string;
  /** Longest role, in hours (default 24). */
  maxHours?: number;
}

export interface RoleTimesAnalysis {
  issues: RuleIssue[];
  start?: ResolvedTime;
  end?: ResolvedTime;
  /** Elapsed minutes between the instants the platform will use (DST changes included). */
  durationMinutes?: number;
}

function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Resolve and check a role's start and end; see checkRoleTimes. */
export function analyzeRoleTimes(input: RoleTimesInput): RoleTimesAnalysis {
  const issues: RuleIssue[] = [];
  const startPath = joinPath(input.path, 'startTime');
  const endPath = joinPath(input.path, 'endTime');
  const zoneIssues = checkTimeZone(input.timeZone, input.timeZonePath ?? input.path);
  const date = parseLocalDate(input.jobDate, input.jobDatePath ?? input.path);
  const zone = zoneIssues.length === 0 ? input.timeZone : undefined;
  const start = parseLocalDateTime(input.startTime, startPath, { timeZone: zone, jobDate: input.jobDate });
  const end = parseLocalDateTime(input.endTime, endPath, { timeZone: zone, jobDate: input.jobDate });
  issues.push(...zoneIssues, ...date.issues, ...start.issues, ...end.issues);

  if (date.ok && start.ok && formatLocalDate(start.value) !== formatLocalDate(date.value)) {
    const moved = formatWallClock({ ...start.value, ...date.value });
    issues.push(
      errorIssue({
        path: startPath,
        code: 'NOT_ON_JOB_DATE',
        rule: RULE_ON_JOB_DATE,
        detail: `starts on ${formatLocalDate(start.value)} but the job is dated ${formatLocalDate(date.value)}${
          zone ? ` (${zone})` : ''
        }.`,
        fix: `Start the role on the job's date, e.g. "${moved}", or put it on a job dated ${formatLocalDate(start.value)}.`,
      }),
    );
  }
  if (!zone || !start.ok || !end.ok) return { issues };

  const startResolved = resolveLocalTime(start.value, zone);
  const endResolved = resolveLocalTime(end.value, zone);
  for (const [resolved, path] of [
    [startResolved, startPath],
    [endResolved, endPath],
  ] as const) {
    const issue = dstIssue(resolved, path);
    if (issue) issues.push(issue);
  }
  if (startResolved.kind === 'gap' || endResolved.kind === 'gap') {
    return { issues, start: startResolved, end: endResolved };
  }
  const durationMinutes = (endResolved.epochMs - startResolved.epochMs) / MINUTE_MS;
  if (durationMinutes <= 0) {
    const sameDay = formatLocalDate(end.value) === formatLocalDate(start.value);
    const nextDay = wallFromNaiveMs(naiveMs(end.value) + DAY_MS);
    const crossesMidnight = sameDay && naiveMs(end.value) < naiveMs(start.value);
    issues.push(
      errorIssue({
        path: endPath,
        code: 'END_BEFORE_START',
        rule: RULE_ROLE_ORDER,
        detail:
          durationMinutes === 0
            ? `ends at the moment it starts (${input.endTime}).`
            : `ends (${input.endTime}) before it starts (${input.startTime})${
                naiveMs(end.value) >= naiveMs(start.value) ? ' once the DST change is applied' : ''
              }.`,
        fix: crossesMidnight
          ? `If the role runs past midnight, give endTime on the next day: "${formatWallClock(nextDay)}".`
          : 'Give an endTime after startTime (at most 24 hours later).',
      }),
    );
  } else {
    const maxMinutes = (input.maxHours ?? 24) * 60;
    if (durationMinutes > maxMinutes) {
      const latest = instantToWallClock(startResolved.epochMs + maxMinutes * MINUTE_MS, zone);
      issues.push(
        errorIssue({
          path: endPath,
          code: 'TOO_LONG',
          rule: RULE_ROLE_ORDER,
          detail: `the role lasts ${formatDuration(durationMinutes)}; a role lasts at most ${formatDuration(maxMinutes)}${
            naiveMs(end.value) - naiveMs(start.value) !== durationMinutes * MINUTE_MS
              ? ' (elapsed time, DST change included)'
              : ''
          }.`,
          fix: `End by "${latest}", or split the work into roles on one job per day (a multi-day job).`,
        }),
      );
    }
  }
  return { issues, start: startResolved, end: endResolved, durationMinutes };
}

/**
 * A role's start and end against the platform's time rules: valid zone and forms; start on the
 * job's date in the job's zone (§4.4 rule 2); no DST gap (error) or overlap (warning); end after
 * start; at most 24 h elapsed. Midnight-crossing roles are fine (end on the next date).
 */
export function checkRoleTimes(input: RoleTimesInput): RuleIssue[] {
  return analyzeRoleTimes(input).issues;
}

export interface RezonedRole {
  /** Instants as read from the platform (ISO with offset). */
  startTime: string;
  endTime: string;
  /** Path of the role in the update input, e.g. `jobs[0].roles[2]` (or of the role as read). */
  path: string;
}

/**
 * updateJobs with a new timezone keeps each role's wall clock and recalculates UTC (§4.4 rule 4).
 * A wall clock that falls into a DST gap (or overlap) of the new zone is reported.
 */
export function checkTimezoneChange(input: {
  fromZone: string;
  toZone: string;
  roles: RezonedRole[];
  path: string;
}): RuleIssue[] {
  const issues = checkTimeZone(input.toZone, joinPath(input.path, 'timezone'));
  if (issues.length > 0 || !isValidTimeZone(input.fromZone)) return issues;
  const rule = "§4.4 rule 4: a new timezone keeps the roles' wall-clock times";
  for (const role of input.roles) {
    for (const key of ['startTime', 'endTime'] as const) {
      const wall = instantToWallClock(role[key], input.fromZone);
      const parsed = parseLocalDateTime(wall, joinPath(role.path, key));
      if (!parsed.ok) continue;
      const issue = dstIssue(resolveLocalTime(parsed.value, input.toZone), joinPath(role.path, key), rule);
      if (issue) issues.push(issue);
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------- ranges for reads

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

/**
 * Epoch ms of a time given either as an ISO instant with offset/Z (as the platform returns role
 * times) or as a wall clock read in `zone` (as role inputs take them; ambiguous: earlier offset;
 * in a gap: the moment clocks jump). Throws RangeError when it cannot be read.
 */
export function toEpochMs(value: string, zone?: string): number {
  const local = LOCAL_RE.exec(value.trim());
  if (local) {
    if (!zone || !IANAZone.isValidZone(zone))
      throw new RangeError(`a wall-clock time needs a timezone: ${value}`);
    const parsed = parseLocalDateTime(value, '');
    if (!parsed.ok) throw new RangeError(`not a wall-clock time: ${value}`);
    const resolved = resolveLocalTime(parsed.value, zone);
    return resolved.kind === 'gap' ? resolved.transition.epochMs : resolved.epochMs;
  }
  return instantMs(value);
}
