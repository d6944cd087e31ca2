// Timezone inputs: whether a value is an IANA zone name the platform accepts (Area/City, proper
// case, known to this runtime), and for one that is not, why (offset, abbreviation, wrong case,
// unknown) and which IANA names the user probably meant.

import { errorIssue, type RuleIssue, warningIssue } from '../issues.js';
import { isKnownZone } from './clock.js';
import { ABBREVIATIONS, MODERN_NAMES, OFFSET_EXAMPLES } from './zone-aliases.js';

export const RULE_TIMEZONE = '§2.2 Job.timezone and §4.4 rule 1: an IANA timezone name of the form Area/City';

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
 * Names found valid (the check builds Intl formatters; views of a list ask it for every role).
 * Only valid names are kept, so the set is bounded by the runtime's zone list.
 */
const validZoneNames = new Set<string>();

/**
 * True for an IANA zone name of the form Area/City (`Europe/London`, `America/Argentina/Buenos_Aires`,
 * `Etc/UTC`) that this runtime knows, spelled with its proper case. False for offsets (`+01:00`),
 * abbreviations (`EST`, `CET`) and bare `UTC`, even where Intl would accept them.
 */
export function isValidTimeZone(name: unknown): name is string {
  if (typeof name !== 'string') return false;
  if (validZoneNames.has(name)) return true;
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  if (!isKnownZone(name)) return false;
  const resolved = resolvedZoneName(name);
  if (resolved === undefined) return false;
  // Intl accepts any case; the platform expects the proper spelling. Every segment of an IANA
  // name starts with a capital (Europe/London, America/Port-au-Prince, Etc/GMT+1).
  if (!hasIanaCapitals(name)) return false;
  if (resolved.toLowerCase() === name.toLowerCase() && resolved !== name) return false;
  validZoneNames.add(name);
  return true;
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
  const within = Math.max(2, Math.floor(key.length / 5));
  // Two strings are at least their difference in length apart: a name that far off cannot be
  // suggested, and skipping it saves the distance's cost (length times length, for any of the
  // runtime's ~430 names) on a long value that is no zone at all.
  const scored = names
    .filter((name) => Math.abs(name.length - key.length) <= within)
    .map((name) => ({ name, distance: editDistance(key, name.toLowerCase()) }))
    .filter((entry) => entry.distance <= within)
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

/**
 * Notes on a valid timezone input that reads differently from how it looks: `Etc/GMT+5` is five
 * hours BEHIND UTC (the POSIX sign convention these names keep), all year, without DST.
 */
export function timeZoneNotes(value: unknown, path: string): RuleIssue[] {
  const match = typeof value === 'string' ? /^Etc\/GMT([+-])(\d{1,2})$/.exec(value) : null;
  if (!match || !isValidTimeZone(value) || Number(match[2]) === 0) return [];
  const hours = Number(match[2]);
  const offset = `UTC${match[1] === '+' ? '-' : '+'}${String(hours).padStart(2, '0')}:00`;
  return [
    warningIssue({
      path,
      code: 'FIXED_OFFSET_ZONE',
      rule: RULE_TIMEZONE,
      detail: `${value} means ${offset} (Etc/GMT names carry the opposite sign), all year, with no daylight saving.`,
      fix: `If the place keeps daylight saving, use its Area/City name instead, e.g. ${
        (OFFSET_EXAMPLES[(match[1] === '+' ? -1 : 1) * hours * 60] ?? ['America/New_York'])[0]
      }.`,
    }),
  ];
}
