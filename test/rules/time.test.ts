import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { RuleIssue } from '../../src/rules/issues.js';
import { daysFromCivil, daysInMonth, naiveMs, wallFromNaiveMs, zoneOf } from '../../src/rules/time/clock.js';
import { isAmbiguousNaive } from '../../src/rules/time/dst.js';
import {
  analyzeRoleTimes,
  checkTimeZone,
  checkTimezoneChange,
  dstIssue,
  formatWallClock,
  instantToWallClock,
  isValidTimeZone,
  localClock,
  parseLocalDate,
  parseLocalDateTime,
  type RoleTimesInput,
  resolveLocalTime,
  resolveReadRange,
  suggestTimeZones,
  timeZoneNotes,
  todayIn,
  toEpochMs,
  type WallClock,
  withinLocalDates,
} from '../../src/rules/time.js';

const codes = (issues: RuleIssue[]) => issues.map((issue) => issue.code);
const ROLE = 'jobs[0].roles[1]';

function wall(text: string): WallClock {
  const parsed = parseLocalDateTime(text, 'x');
  if (!parsed.ok) throw new Error(`bad wall clock ${text}`);
  return parsed.value;
}

const roleTimes = (input: RoleTimesInput): RuleIssue[] => analyzeRoleTimes(input).issues;

function role(partial: Partial<RoleTimesInput> & Pick<RoleTimesInput, 'startTime' | 'endTime'>): RuleIssue[] {
  return roleTimes({
    jobDate: partial.startTime.slice(0, 10),
    timeZone: 'Europe/London',
    path: ROLE,
    ...partial,
  });
}

describe('isValidTimeZone / checkTimeZone', () => {
  it.each([
    'Europe/London',
    'America/New_York',
    'Asia/Kolkata',
    'Australia/Sydney',
    'America/Argentina/Buenos_Aires',
    'America/Port-au-Prince',
    'Africa/Dar_es_Salaam',
    'Etc/UTC',
    'Etc/GMT+1',
  ])('accepts %s', (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
    expect(checkTimeZone(zone, 'jobs[0].timezone')).toEqual([]);
  });

  it.each([
    ['EST', 'America/New_York'],
    ['CET', 'Europe/Paris'],
    ['cest', 'Europe/Paris'],
    ['AEST', 'Australia/Sydney'],
    ['IST', 'Asia/Kolkata'],
    ['UTC', 'Etc/UTC'],
    ['GMT', 'Europe/London'],
  ])('rejects the abbreviation %s and suggests %s', (value, suggestion) => {
    expect(isValidTimeZone(value)).toBe(false);
    const [issue] = checkTimeZone(value, 'jobs[0].timezone');
    expect(issue).toMatchObject({ code: 'INVALID_TIMEZONE', severity: 'error', path: 'jobs[0].timezone' });
    expect(issue?.fix).toContain(suggestion);
    expect(issue?.message).toContain('jobs[0].timezone');
    expect(issue?.rule).toContain('§4.4 rule 1');
  });

  it.each([
    ['+01:00', 'Europe/Paris'],
    ['UTC+1', 'Europe/Paris'],
    ['-05:00', 'America/New_York'],
    ['+05:30', 'Asia/Kolkata'],
    ['GMT-8', 'America/Los_Angeles'],
  ])('rejects the offset %s with an IANA suggestion', (value, suggestion) => {
    expect(isValidTimeZone(value)).toBe(false);
    const [issue] = checkTimeZone(value, 'timezone');
    expect(issue?.message).toContain('fixed UTC offset');
    expect(issue?.fix).toContain(suggestion);
  });

  it('rejects wrong case, misspellings, bare cities and non-strings, with a suggestion', () => {
    expect(checkTimeZone('europe/london', 'tz')[0]?.fix).toContain('"Europe/London"');
    expect(checkTimeZone('europe/london', 'tz')[0]?.message).toContain('wrong case');
    expect(checkTimeZone('asia/kolkata', 'tz')[0]?.fix).toContain('"Asia/Kolkata"');
    expect(checkTimeZone('asia/kolkata', 'tz')[0]?.message).toContain('wrong case');
    expect(checkTimeZone('Europe/Londn', 'tz')[0]?.fix).toContain('"Europe/London"');
    expect(checkTimeZone('London', 'tz')[0]?.fix).toContain('"Europe/London"');
    expect(checkTimeZone('New York', 'tz')[0]?.fix).toContain('"America/New_York"');
    expect(checkTimeZone('Mars/Olympus_Mons', 'tz')[0]?.code).toBe('INVALID_TIMEZONE');
    expect(checkTimeZone(42, 'tz')[0]?.code).toBe('INVALID_TIMEZONE');
    expect(isValidTimeZone(undefined)).toBe(false);
  });

  it('suggests current names for zones that ICU lists under old ones', () => {
    expect(suggestTimeZones('kolkata')).toContain('Asia/Kolkata');
  });
});

describe('parseLocalDateTime', () => {
  it('parses YYYY-MM-DDTHH:mm and :ss', () => {
    expect(parseLocalDateTime('2026-12-01T18:00', 'p')).toEqual({
      ok: true,
      value: { year: 2026, month: 12, day: 1, hour: 18, minute: 0, second: 0 },
      issues: [],
    });
    expect(parseLocalDateTime('2026-12-01T18:00:30', 'p').ok).toBe(true);
  });

  it('rejects an offset or Z and converts it for the fix when the zone is known', () => {
    const result = parseLocalDateTime('2026-12-01T18:00:00+01:00', 'jobs[0].roles[0].startTime', {
      timeZone: 'Asia/Kolkata',
    });
    expect(result.ok).toBe(false);
    expect(result.issues[0]).toMatchObject({
      code: 'OFFSET_NOT_ALLOWED',
      path: 'jobs[0].roles[0].startTime',
    });
    expect(result.issues[0]?.fix).toContain('"2026-12-01T22:30"');
    const z = parseLocalDateTime('2026-12-01T18:00Z', 'p');
    expect(z.issues[0]?.code).toBe('OFFSET_NOT_ALLOWED');
    expect(z.issues[0]?.fix).toContain('"2026-12-01T18:00"');
  });

  it.each([
    ['2026-12-01 18:00', '"2026-12-01T18:00"'],
    ['2026-12-01T18:00:00.000', '"2026-12-01T18:00"'],
    ['18:00', 'YYYY-MM-DDT18:00'],
    ['2026-12-01T24:00', '"2026-12-02T00:00"'],
    ['2026-02-30T10:00', 'real date'],
    ['2026-12-01T25:00', 'hours 00-23'],
    ['tomorrow evening', 'YYYY-MM-DDTHH:mm'],
  ])('rejects %s with a fix mentioning %s', (value, fix) => {
    const result = parseLocalDateTime(value, 'p');
    expect(result.ok).toBe(false);
    expect(result.issues[0]?.code).toBe('INVALID_LOCAL_TIME');
    expect(result.issues[0]?.fix).toContain(fix);
  });

  it('uses the job date in the fix for a bare clock time', () => {
    expect(parseLocalDateTime('9:30', 'p', { jobDate: '2026-12-01' }).issues[0]?.fix).toContain(
      '"2026-12-01T09:30"',
    );
  });

  it('parseLocalDate checks calendar dates and hints at day-first forms', () => {
    expect(parseLocalDate('2028-02-29', 'date').ok).toBe(true);
    expect(parseLocalDate('2027-02-29', 'date').issues[0]?.code).toBe('INVALID_DATE');
    expect(parseLocalDate('01/12/2026', 'date').issues[0]?.fix).toContain('"2026-12-01"');
  });
});

describe('resolveLocalTime: DST', () => {
  it('Europe/London spring-forward 2027-03-28: 01:00-01:59 is the gap, 02:30 exists at +01:00', () => {
    const gap = resolveLocalTime(wall('2027-03-28T01:30'), 'Europe/London');
    expect(gap.kind).toBe('gap');
    if (gap.kind !== 'gap') return;
    expect(formatWallClock(gap.transition.localBefore)).toBe('2027-03-28T01:00');
    expect(formatWallClock(gap.transition.localAfter)).toBe('2027-03-28T02:00');
    expect(gap.transition.utc).toBe('2027-03-28T01:00:00Z');
    expect(formatWallClock(gap.after)).toBe('2027-03-28T02:30');
    expect(formatWallClock(gap.before)).toBe('2027-03-28T00:30');

    const after = resolveLocalTime(wall('2027-03-28T02:30'), 'Europe/London');
    expect(after).toMatchObject({ kind: 'exact', offsetMinutes: 60 });
    if (after.kind === 'exact')
      expect(new Date(after.epochMs).toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });

  it('Europe/London 02:30 gap message: clocks go from 01:00 to 02:00, valid times on both sides', () => {
    const issues = role({ startTime: '2027-03-28T01:30', endTime: '2027-03-28T05:00' });
    expect(codes(issues)).toEqual(['DST_GAP']);
    const [issue] = issues;
    expect(issue?.path).toBe(`${ROLE}.startTime`);
    expect(issue?.message).toContain(
      '01:30 does not exist on 2027-03-28 in Europe/London: clocks go from 01:00 to 02:00',
    );
    expect(issue?.fix).toContain('"2027-03-28T02:30"');
    expect(issue?.fix).toContain('"2027-03-28T00:30"');
    expect(issue?.rule).toContain('§4.4 rule 2');
  });

  it('Europe/Paris spring-forward 2027-03-28 02:30 is a gap: use 03:30 or 01:30', () => {
    const issues = role({
      timeZone: 'Europe/Paris',
      startTime: '2027-03-28T02:30',
      endTime: '2027-03-28T06:00',
    });
    expect(codes(issues)).toEqual(['DST_GAP']);
    expect(issues[0]?.message).toContain('clocks go from 02:00 to 03:00');
    expect(issues[0]?.fix).toContain('"2027-03-28T03:30"');
    expect(issues[0]?.fix).toContain('"2027-03-28T01:30"');
  });

  it('Europe/London fall-back 2026-10-25 01:30 is ambiguous; the platform uses the earlier offset (+01:00)', () => {
    const resolved = resolveLocalTime(wall('2026-10-25T01:30'), 'Europe/London');
    expect(resolved).toMatchObject({ kind: 'ambiguous', offsetMinutes: 60, laterOffsetMinutes: 0 });
    if (resolved.kind !== 'ambiguous') return;
    expect(new Date(resolved.epochMs).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(resolved.laterEpochMs).toISOString()).toBe('2026-10-25T01:30:00.000Z');

    const issues = role({ startTime: '2026-10-25T01:30', endTime: '2026-10-25T06:00' });
    expect(codes(issues)).toEqual(['DST_AMBIGUOUS']);
    expect(issues[0]?.severity).toBe('warning');
    expect(issues[0]?.message).toContain('+01:00');
    expect(issues[0]?.message).toContain('+00:00');
    expect(issues[0]?.message).toContain('The earlier offset, +01:00, is used, as the platform does.');
  });

  it('America/New_York fall-back 2026-11-01 01:30: -04:00 first, -05:00 second', () => {
    const resolved = resolveLocalTime(wall('2026-11-01T01:30'), 'America/New_York');
    expect(resolved).toMatchObject({ kind: 'ambiguous', offsetMinutes: -240, laterOffsetMinutes: -300 });
    if (resolved.kind === 'ambiguous')
      expect(new Date(resolved.epochMs).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(resolveLocalTime(wall('2026-11-01T02:30'), 'America/New_York')).toMatchObject({
      kind: 'exact',
      offsetMinutes: -300,
    });
    expect(resolveLocalTime(wall('2026-11-01T00:59'), 'America/New_York')).toMatchObject({
      kind: 'exact',
      offsetMinutes: -240,
    });
  });

  it('America/New_York spring-forward 2026-03-08 02:30 is a gap', () => {
    expect(resolveLocalTime(wall('2026-03-08T02:30'), 'America/New_York').kind).toBe('gap');
  });

  it('Australia/Sydney spring-forward 2026-10-04: 02:00-02:59 does not exist (+10:00 → +11:00)', () => {
    const issues = role({
      timeZone: 'Australia/Sydney',
      startTime: '2026-10-04T02:30',
      endTime: '2026-10-04T08:00',
    });
    expect(codes(issues)).toEqual(['DST_GAP']);
    expect(issues[0]?.message).toContain('clocks go from 02:00 to 03:00 (+10:00 → +11:00)');
    expect(issues[0]?.fix).toContain('"2026-10-04T03:30"');
    expect(resolveLocalTime(wall('2026-10-04T03:00'), 'Australia/Sydney')).toMatchObject({
      kind: 'exact',
      offsetMinutes: 660,
    });
    expect(resolveLocalTime(wall('2026-10-04T01:59'), 'Australia/Sydney')).toMatchObject({
      kind: 'exact',
      offsetMinutes: 600,
    });
  });

  it('Australia/Sydney fall-back 2026-04-05 02:30 is ambiguous, earlier offset +11:00', () => {
    expect(resolveLocalTime(wall('2026-04-05T02:30'), 'Australia/Sydney')).toMatchObject({
      kind: 'ambiguous',
      offsetMinutes: 660,
      laterOffsetMinutes: 600,
    });
  });

  it('Asia/Kolkata has no DST and a half-hour offset', () => {
    const resolved = resolveLocalTime(wall('2026-12-01T22:00'), 'Asia/Kolkata');
    expect(resolved).toMatchObject({ kind: 'exact', offsetMinutes: 330 });
    if (resolved.kind === 'exact')
      expect(new Date(resolved.epochMs).toISOString()).toBe('2026-12-01T16:30:00.000Z');
    expect(
      role({ timeZone: 'Asia/Kolkata', startTime: '2026-12-01T22:00', endTime: '2026-12-02T06:30' }),
    ).toEqual([]);
  });

  it('throws for an invalid zone', () => {
    expect(() => resolveLocalTime(wall('2026-12-01T22:00'), 'Nowhere/Land')).toThrow(RangeError);
  });
});

describe('analyzeRoleTimes', () => {
  it('accepts an ordinary role', () => {
    expect(role({ startTime: '2026-12-01T09:00', endTime: '2026-12-01T17:00' })).toEqual([]);
  });

  it('accepts a midnight-crossing role (end on the next date)', () => {
    const analysis = analyzeRoleTimes({
      jobDate: '2026-12-01',
      timeZone: 'Europe/London',
      startTime: '2026-12-01T22:00',
      endTime: '2026-12-02T06:00',
      path: ROLE,
    });
    expect(analysis.issues).toEqual([]);
    expect(analysis.durationMinutes).toBe(480);
  });

  it('counts elapsed time across DST nights (fall-back 9 h, spring-forward 7 h)', () => {
    const base = { timeZone: 'Europe/London', path: ROLE };
    expect(
      analyzeRoleTimes({
        ...base,
        jobDate: '2026-10-24',
        startTime: '2026-10-24T22:00',
        endTime: '2026-10-25T06:00',
      }).durationMinutes,
    ).toBe(540);
    expect(
      analyzeRoleTimes({
        ...base,
        jobDate: '2027-03-27',
        startTime: '2027-03-27T22:00',
        endTime: '2027-03-28T06:00',
      }).durationMinutes,
    ).toBe(420);
  });

  it('an end before the start on the same date suggests the next day', () => {
    const issues = role({ startTime: '2026-12-01T22:00', endTime: '2026-12-01T02:00' });
    expect(codes(issues)).toEqual(['END_BEFORE_START']);
    expect(issues[0]?.path).toBe(`${ROLE}.endTime`);
    expect(issues[0]?.fix).toContain('"2026-12-02T02:00"');
  });

  it('an end equal to the start is an error', () => {
    expect(codes(role({ startTime: '2026-12-01T10:00', endTime: '2026-12-01T10:00' }))).toEqual([
      'END_BEFORE_START',
    ]);
  });

  it('01:30 → 01:15 on fall-back night is end-before-start (both first occurrences)', () => {
    const issues = role({ startTime: '2026-10-25T01:30', endTime: '2026-10-25T01:15' });
    expect(codes(issues)).toContain('END_BEFORE_START');
    expect(codes(issues).filter((code) => code === 'DST_AMBIGUOUS')).toHaveLength(2);
  });

  it('at most 24 h: exactly 24 h passes, 24 h 1 min fails with the latest end', () => {
    expect(role({ startTime: '2026-12-01T08:00', endTime: '2026-12-02T08:00' })).toEqual([]);
    const issues = role({ startTime: '2026-12-01T08:00', endTime: '2026-12-02T08:01' });
    expect(codes(issues)).toEqual(['TOO_LONG']);
    expect(issues[0]?.fix).toContain('"2026-12-02T08:00"');
  });

  it('24 h is elapsed time: 00:00 → 23:30 on the London fall-back day lasts 24 h 30 min', () => {
    const issues = role({ startTime: '2026-10-25T00:00', endTime: '2026-10-25T23:30' });
    expect(codes(issues)).toEqual(['TOO_LONG']);
    expect(issues[0]?.message).toContain('24 h 30 min');
  });

  it('start on another date than the job, in the job zone', () => {
    const issues = roleTimes({
      jobDate: '2026-12-02',
      timeZone: 'America/New_York',
      startTime: '2026-12-01T23:00',
      endTime: '2026-12-02T03:00',
      path: ROLE,
    });
    expect(codes(issues)).toEqual(['NOT_ON_JOB_DATE']);
    expect(issues[0]?.path).toBe(`${ROLE}.startTime`);
    expect(issues[0]?.fix).toContain('"2026-12-02T23:00"');
    expect(issues[0]?.rule).toContain('§4.4 rule 2');
  });

  it('reports bad forms, zone and date at their paths', () => {
    const issues = roleTimes({
      jobDate: '2026-13-01',
      timeZone: 'CET',
      startTime: '2026-12-01T10:00+01:00',
      endTime: 'noon',
      path: ROLE,
      timeZonePath: 'jobs[0].timezone',
      jobDatePath: 'jobs[0].date',
    });
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([
      ['jobs[0].timezone', 'INVALID_TIMEZONE'],
      ['jobs[0].date', 'INVALID_DATE'],
      [`${ROLE}.startTime`, 'OFFSET_NOT_ALLOWED'],
      [`${ROLE}.endTime`, 'INVALID_LOCAL_TIME'],
    ]);
  });

  it('without a known zone checks only what holds in every zone: forms, the date, the order of the clocks', () => {
    const base = { jobDate: '2027-03-14', timeZone: undefined, path: ROLE };
    expect(roleTimes({ ...base, startTime: '2027-03-14T02:30', endTime: '2027-03-14T05:00' })).toEqual([]);
    expect(codes(roleTimes({ ...base, startTime: '2027-03-14T05:00', endTime: '2027-03-14T02:30' }))).toEqual(
      ['END_BEFORE_START'],
    );
    expect(codes(roleTimes({ ...base, startTime: '2027-03-15T05:00', endTime: '2027-03-15T06:00' }))).toEqual(
      ['NOT_ON_JOB_DATE'],
    );
  });

  it("suggests only start times on the job's date around a gap at midnight (rule 2)", () => {
    // America/Santiago springs forward at midnight: 00:00-00:59 on 2027-09-05 do not exist.
    const start = role({
      timeZone: 'America/Santiago',
      startTime: '2027-09-05T00:30',
      endTime: '2027-09-05T05:00',
    });
    expect(codes(start)).toEqual(['DST_GAP']);
    expect(start[0]?.fix).toBe('Use "2027-09-05T01:30", or any time outside 00:00–00:59 on 2027-09-05.');
    // The end is not bound to the date: both shifts are offered.
    const end = role({
      timeZone: 'America/Santiago',
      jobDate: '2027-09-04',
      startTime: '2027-09-04T20:00',
      endTime: '2027-09-05T00:30',
    });
    expect(end[0]?.fix).toBe(
      'Use "2027-09-05T01:30" or "2027-09-04T23:30", or any time outside 00:00–00:59.',
    );
  });

  it('offers the first clock after the jump when both shifts leave the date', () => {
    const resolved = resolveLocalTime(wall('2027-09-05T00:30'), 'America/Santiago');
    const issue = dstIssue(resolved, 'x', { onDate: '2027-09-05' });
    expect(issue?.fix).toContain('"2027-09-05T01:30"');
    // A made-up date neither shift reaches: no time from another date is ever suggested.
    expect(dstIssue(resolved, 'x', { onDate: '2027-09-06' })?.fix).toBe(
      'Use a time outside 00:00–00:59 on 2027-09-06.',
    );
  });
});

describe('checkTimezoneChange (§4.4 rule 4)', () => {
  it('reports roles whose kept wall clock falls into a gap of the new zone, at the input that moves them', () => {
    const issues = checkTimezoneChange({
      fromZone: 'Europe/London',
      toZone: 'Europe/Paris',
      path: 'jobs[0].timezone',
      roles: [
        {
          startTime: '2027-03-28T02:30:00+01:00',
          endTime: '2027-03-28T08:00:00+01:00',
          label: 'role 1 of job 7 (2027-03-28)',
          jobDate: '2027-03-28',
        },
        {
          startTime: '2027-03-28T10:00:00+01:00',
          endTime: '2027-03-28T12:00:00+01:00',
          label: 'role 2 of job 7 (2027-03-28)',
        },
      ],
    });
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([['jobs[0].timezone', 'DST_GAP']]);
    expect(issues[0]?.detail).toMatch(
      /^role 1 of job 7 \(2027-03-28\) startTime: 02:30 does not exist on 2027-03-28 in Europe\/Paris/,
    );
    expect(issues[0]?.fix).toMatch(
      /Give that role's startTime in the same call, or keep the old timezone\.$/,
    );
    expect(issues[0]?.rule).toContain('§4.4 rule 4');
  });

  it('checks nothing for a zone that is not valid (checkTimeZone reports it)', () => {
    expect(
      checkTimezoneChange({ fromZone: 'Europe/London', toZone: 'BST', path: 'jobs[0]', roles: [] }),
    ).toEqual([]);
  });
});

describe('timeZoneNotes', () => {
  it('Etc/GMT+5 is accepted, with a note that it means UTC-05:00', () => {
    expect(checkTimeZone('Etc/GMT+5', 'tz')).toEqual([]);
    const [note] = timeZoneNotes('Etc/GMT+5', 'tz');
    expect(note).toMatchObject({ severity: 'warning', code: 'FIXED_OFFSET_ZONE' });
    expect(note?.detail).toBe(
      'Etc/GMT+5 means UTC-05:00 (Etc/GMT names carry the opposite sign), all year, with no daylight saving.',
    );
    expect(note?.fix).toContain('America/New_York');
    expect(timeZoneNotes('Etc/GMT-10', 'tz')[0]?.detail).toMatch(/^Etc\/GMT-10 means UTC\+10:00/);
    expect(timeZoneNotes('Etc/UTC', 'tz')).toEqual([]);
    expect(timeZoneNotes('Europe/London', 'tz')).toEqual([]);
  });
});

describe('resolveReadRange: read filters by the same rules as role times', () => {
  const read = (input: Partial<Parameters<typeof resolveReadRange>[0]>) =>
    resolveReadRange({ otherwise: 'Etc/UTC', ...input });

  it('a bare date is that whole day in the zone, closed at both ends', () => {
    expect(read({ from: '2026-12-01', to: '2026-12-01', timeZone: 'Asia/Kolkata' })).toEqual({
      ok: true,
      value: { fromUtc: '2026-11-30T18:30:00.000Z', toUtc: '2026-12-01T18:29:59.999Z' },
      issues: [],
    });
    // DST days are 25 and 23 hours long.
    expect(read({ from: '2026-10-25', to: '2026-10-25', timeZone: 'Europe/London' })).toMatchObject({
      value: { fromUtc: '2026-10-24T23:00:00.000Z', toUtc: '2026-10-25T23:59:59.999Z' },
    });
    expect(read({ from: '2027-03-28', to: '2027-03-28', timeZone: 'Europe/London' })).toMatchObject({
      value: { fromUtc: '2027-03-28T00:00:00.000Z', toUtc: '2027-03-28T22:59:59.999Z' },
    });
  });

  it("without a zone, a bare date is each item's own day: a widened window and the dates to cut to", () => {
    const range = resolveReadRange({ from: '2026-11-25', to: '2026-11-26', otherwise: 'each' });
    expect(range).toMatchObject({
      ok: true,
      value: {
        fromUtc: '2026-11-24T10:00:00.000Z',
        toUtc: '2026-11-27T11:59:59.999Z',
        localDates: { from: '2026-11-25', to: '2026-11-26' },
      },
    });
    expect(withinLocalDates('2026-11-26', { from: '2026-11-25', to: '2026-11-26' })).toBe(true);
    expect(withinLocalDates('2026-11-27', { from: '2026-11-25', to: '2026-11-26' })).toBe(false);
    expect(withinLocalDates('2026-11-27', undefined)).toBe(true);
  });

  it('a date-time with an offset is that instant; without, a wall clock in the zone; UTC is accepted as Etc/UTC', () => {
    expect(
      read({ from: '2026-12-01T18:00:00+01:00', timeZone: 'America/New_York' }).ok &&
        read({ from: '2026-12-01T18:00:00+01:00' }),
    ).toMatchObject({
      value: { fromUtc: '2026-12-01T17:00:00.000Z' },
    });
    expect(read({ from: '2026-12-01T18:00', timeZone: 'America/New_York' })).toMatchObject({
      value: { fromUtc: '2026-12-01T23:00:00.000Z' },
    });
    expect(read({ from: '2026-12-01T18:00', timeZone: 'UTC' })).toMatchObject({
      value: { fromUtc: '2026-12-01T18:00:00.000Z' },
    });
  });

  it('a wall clock in a DST gap is refused with the valid times around it, as a role time is', () => {
    const gap = read({ from: '2027-03-14T02:30', timeZone: 'America/New_York' });
    expect(gap.ok).toBe(false);
    expect(gap.issues.map((issue) => [issue.path, issue.code, issue.severity])).toEqual([
      ['from', 'DST_GAP', 'error'],
    ]);
    expect(gap.issues[0]?.fix).toBe(
      'Use "2027-03-14T03:30" or "2027-03-14T01:30", or any time outside 02:00–02:59.',
    );
  });

  it('a wall clock in a DST overlap is read at its first offset, flagged with both offsets and how to pick', () => {
    const overlap = read({ from: '2026-11-01T01:30', timeZone: 'America/New_York' });
    expect(overlap).toMatchObject({ ok: true, value: { fromUtc: '2026-11-01T05:30:00.000Z' } });
    expect(overlap.issues.map((issue) => [issue.code, issue.severity])).toEqual([
      ['DST_AMBIGUOUS', 'warning'],
    ]);
    expect(overlap.issues[0]?.detail).toMatch(
      /first at -04:00 \(2026-11-01T05:30:00Z\), then at -05:00 \(2026-11-01T06:30:00Z\)/,
    );
    expect(overlap.issues[0]?.fix).toBe(
      'Give the offset to choose: "2026-11-01T01:30-04:00" for the first, "2026-11-01T01:30-05:00" for the second.',
    );
  });

  it('refuses what it cannot read, a zone that is not IANA and a reversed range; notes a fixed-offset zone', () => {
    expect(read({ from: 'next week' }).issues[0]).toMatchObject({ path: 'from', code: 'INVALID_DATE' });
    expect(read({ from: '2026-12-01', timeZone: 'EST' }).issues[0]).toMatchObject({
      path: 'timezone',
      code: 'INVALID_TIMEZONE',
    });
    expect(read({ from: '2026-12-03', to: '2026-12-01' }).issues[0]).toMatchObject({
      path: 'to',
      code: 'INVALID_RANGE',
    });
    expect(read({ from: '2026-12-01', to: '2026-12-01' }).ok).toBe(true);
    expect(read({ from: '2026-12-01', timeZone: 'Etc/GMT+5' }).issues.map((issue) => issue.code)).toEqual([
      'FIXED_OFFSET_ZONE',
    ]);
  });

  it('names the fields it was given (list_events: since/until)', () => {
    const range = read({ from: 'soon', paths: { from: 'since', to: 'until' } });
    expect(range.issues[0]?.path).toBe('since');
    expect(
      read({ from: '2026-12-01', to: '2026-12-01', paths: { from: 'since', to: 'until' } }),
    ).toMatchObject({
      value: { fromUtc: '2026-12-01T00:00:00.000Z', toUtc: '2026-12-01T23:59:59.999Z' },
    });
  });
});

describe('localClock: how views show an instant', () => {
  it('the wall clock in the zone, with the offset only when that clock happens twice', () => {
    expect(localClock('2026-12-01T12:00:00Z', 'Asia/Kolkata')).toEqual({ date: '2026-12-01', time: '17:30' });
    expect(localClock('2026-12-01T23:30:00-05:00', 'Australia/Sydney')).toEqual({
      date: '2026-12-02',
      time: '15:30',
    });
    expect(localClock(Date.UTC(2026, 9, 25, 0, 30), 'Europe/London')).toEqual({
      date: '2026-10-25',
      time: '01:30',
      offset: '+01:00',
    });
    expect(localClock(Date.UTC(2026, 9, 25, 1, 30), 'Europe/London')).toEqual({
      date: '2026-10-25',
      time: '01:30',
      offset: '+00:00',
    });
    expect(() => localClock('not a time', 'Europe/London')).toThrow(RangeError);
    expect(() => localClock('2026-12-01T12:00:00', 'Europe/London')).toThrow(RangeError);
    expect(() => localClock('2026-12-01T12:00:00Z', 'EST5')).toThrow(RangeError);
  });

  it('instantToWallClock and toEpochMs are inverse on ordinary times', () => {
    expect(instantToWallClock('2026-12-01T16:30:00Z', 'Asia/Kolkata')).toBe('2026-12-01T22:00');
    expect(toEpochMs('2026-12-01T22:00', 'Asia/Kolkata')).toBe(Date.parse('2026-12-01T16:30:00Z'));
    expect(() => toEpochMs('2026-12-01T22:00')).toThrow(RangeError);
  });
});

const ZONES = [
  'Europe/London',
  'Europe/Paris',
  'America/New_York',
  'America/Santiago',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Africa/Cairo',
  'Etc/UTC',
];
const zoneArb = fc.constantFrom(...ZONES);
// Whole seconds between 2020 and 2035.
const instantArb = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2035, 0, 1) / 1000 })
  .map((s) => s * 1000);
const wallArb = fc.record({
  year: fc.integer({ min: 2020, max: 2034 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  second: fc.constant(0),
});

describe('properties', () => {
  it("today's date in a zone is luxon's, read at the minute; none for a zone Intl does not know", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...ZONES, 'UTC'),
        (ms, zone) => {
          expect(todayIn(zone, ms)).toBe(DateTime.fromMillis(ms, { zone }).toISODate());
        },
      ),
      { numRuns: 2000 },
    );
    // The last second before midnight is still that day; the first of the next is the next.
    const midnight = Date.UTC(2026, 10, 25);
    expect(todayIn('UTC', midnight - 1)).toBe('2026-11-24');
    expect(todayIn('UTC', midnight)).toBe('2026-11-25');
    expect(todayIn('Mars/Olympus_Mons', midnight)).toBeUndefined();
  });

  it("zone offsets read from Intl's format() are luxon's (formatToParts), to the second, from year 1 to 9999", () => {
    // Historic local mean times have offsets in seconds (Africa/Monrovia -0:44:30 until 1972).
    const zones = [...ZONES, 'Africa/Monrovia', 'America/St_Johns', 'Asia/Pyongyang', 'Pacific/Apia'];
    const anyMs = fc.oneof(
      fc.integer({ min: Date.UTC(1800, 0, 1), max: Date.UTC(2200, 0, 1) }),
      fc.integer({ min: Date.UTC(1, 0, 1), max: Date.UTC(9999, 11, 31) }),
    );
    fc.assert(
      fc.property(anyMs, fc.constantFrom(...zones), (ms, zone) => {
        expect(zoneOf(zone).offset(ms)).toBe(IANAZone.create(zone).offset(ms));
      }),
      { numRuns: 5000 },
    );
    expect(zoneOf('Mars/Olympus_Mons').offset(0)).toBeNaN();
    expect(zoneOf('Europe/London').offset(Number.NaN)).toBeNaN();
  });

  it("instants in the platform's form read as luxon reads them, and what luxon refuses stays refused", () => {
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    const text = fc
      .record({
        ms: fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }),
        offset: fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        fraction: fc.constantFrom('', '.5', '.25', '.123'),
        utc: fc.boolean(),
      })
      .map(({ ms, offset, fraction, utc }) => {
        const shifted = new Date(ms + (utc ? 0 : offset) * 60_000).toISOString().slice(0, 19);
        const zone = utc
          ? 'Z'
          : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
        return `${shifted}${fraction}${zone}`;
      });
    fc.assert(
      fc.property(text, (instant) => {
        expect(toEpochMs(instant)).toBe(DateTime.fromISO(instant, { setZone: true }).toMillis());
      }),
      { numRuns: 3000 },
    );
    for (const refused of ['2026-02-30T09:00:00Z', '2026-13-01T00:00:00Z', '2026-11-21T09:00:60+01:00'])
      expect(() => toEpochMs(refused)).toThrow(RangeError);
    expect(toEpochMs('2026-11-21T24:00:00Z')).toBe(DateTime.fromISO('2026-11-21T24:00:00Z').toMillis());
    // Near misses of the platform's form are luxon's to read (or refuse), never misread.
    const nearMisses = [
      '2026-11-21T09:00:00.1234Z',
      '2026-11-21T09:00:00+0100',
      '2026-11-21T09:00:00z',
      '2026-11-21T09:00Z',
      '2026-11-21T09:00:00.5-03:30',
      '2026-11-21T09:00:00+01',
    ];
    for (const instant of nearMisses)
      expect(toEpochMs(instant)).toBe(DateTime.fromISO(instant, { setZone: true }).toMillis());
    for (const refused of ['2026-11-21T09:00:00.Z', '2026-11-21T09:00:00+01:0', '2026-11-2xT09:00:00Z'])
      expect(() => toEpochMs(refused)).toThrow(RangeError);
  });

  it('any instant, shown as a wall clock in a zone, resolves back to itself (or, when ambiguous, to one of its two)', () => {
    fc.assert(
      fc.property(instantArb, zoneArb, (ms, zone) => {
        const resolved = resolveLocalTime(wall(instantToWallClock(ms, zone)), zone);
        if (resolved.kind === 'gap') return false;
        if (resolved.kind === 'exact') return resolved.epochMs === ms;
        return resolved.epochMs === ms || resolved.laterEpochMs === ms;
      }),
      { numRuns: 2000 },
    );
  });

  it('any valid wall clock round-trips through the instant the platform uses', () => {
    fc.assert(
      fc.property(wallArb, zoneArb, (local, zone) => {
        const resolved = resolveLocalTime(local, zone);
        if (resolved.kind === 'gap') {
          // The suggestions either side of a gap exist.
          return (
            resolveLocalTime(resolved.after, zone).kind !== 'gap' &&
            resolveLocalTime(resolved.before, zone).kind !== 'gap'
          );
        }
        if (resolved.kind === 'ambiguous' && resolved.laterEpochMs <= resolved.epochMs) return false;
        return instantToWallClock(resolved.epochMs, zone) === formatWallClock(local);
      }),
      { numRuns: 2000 },
    );
  });

  it('the platform instant agrees with luxon except on ambiguous times, where it is the earlier one', () => {
    fc.assert(
      fc.property(wallArb, zoneArb, (local, zone) => {
        const resolved = resolveLocalTime(local, zone);
        const luxon = DateTime.fromObject(local, { zone }).toMillis();
        if (resolved.kind === 'exact') return resolved.epochMs === luxon;
        if (resolved.kind === 'ambiguous') return resolved.epochMs < luxon || resolved.epochMs === luxon;
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it('localClock names the same second, and an offset exactly when the clock alone is ambiguous', () => {
    fc.assert(
      fc.property(instantArb, zoneArb, (ms, zone) => {
        const clock = localClock(ms, zone);
        const resolved = resolveLocalTime(wall(`${clock.date}T${clock.time}`), zone);
        if (resolved.kind === 'ambiguous')
          return clock.offset !== undefined && [resolved.epochMs, resolved.laterEpochMs].includes(ms);
        return clock.offset === undefined && resolved.kind === 'exact' && resolved.epochMs === ms;
      }),
      { numRuns: 1000 },
    );
  });

  it("wall clock fields of a naive ms are a Date's UTC getters, across a Date's whole range", () => {
    const anyMs = fc.oneof(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
      fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true }),
      fc.constantFrom(
        0,
        -1,
        -0.5,
        8.64e15,
        -8.64e15,
        8.64e15 + 1,
        Number.NaN,
        Date.UTC(2000, 1, 29),
        Date.UTC(1600, 1, 29),
      ),
    );
    fc.assert(
      fc.property(anyMs, (ms) => {
        const date = new Date(ms);
        expect(wallFromNaiveMs(ms)).toEqual({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          hour: date.getUTCHours(),
          minute: date.getUTCMinutes(),
          second: date.getUTCSeconds(),
        });
      }),
      { numRuns: 5000 },
    );
  });

  it('calendar arithmetic counts days and month lengths as a Date does, from year 100 to 9999', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          expect(daysInMonth(year, month)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
          if (day <= daysInMonth(year, month))
            expect(daysFromCivil(year, month, day) * 86_400_000).toBe(Date.UTC(year, month - 1, day));
        },
      ),
      { numRuns: 3000 },
    );
  });

  /** The memo's answer for a wall clock (as its naive ms) is resolveLocalTime's. */
  const expectSameAmbiguity = (naive: number, zone: string): void => {
    expect(isAmbiguousNaive(naive, zone)).toBe(
      resolveLocalTime(wallFromNaiveMs(naive), zone).kind === 'ambiguous',
    );
  };

  it('a wall clock is ambiguous exactly when resolveLocalTime says so, also in zones that change often', () => {
    // Casablanca moves its clocks around Ramadan, weeks apart; Lord Howe by half an hour; Dublin's
    // winter time is its "negative" DST.
    const zones = fc.constantFrom(
      ...ZONES,
      'Africa/Casablanca',
      'Europe/Dublin',
      'America/Havana',
      'Asia/Gaza',
    );
    const wallAnyMinute = fc
      .integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 })
      .map((minutes) => wallFromNaiveMs(minutes * 60_000));
    fc.assert(
      fc.property(wallAnyMinute, zones, (local, zone) => {
        expectSameAmbiguity(naiveMs(local), zone);
      }),
      { numRuns: 3000 },
    );
    // Samoa crossed the date line eastwards on 4 July 1892 and lived that day twice: the widest
    // overlap there is, which only the full window either side of a time sees.
    for (let naive = Date.UTC(1892, 6, 2); naive < Date.UTC(1892, 6, 7); naive += 1_800_000) {
      expectSameAmbiguity(naive, 'Pacific/Apia');
    }
    expect(isAmbiguousNaive(Date.UTC(1892, 6, 4, 12), 'Pacific/Apia')).toBe(true);
    // Every minute around each of London's clock changes of 2026, both ways.
    for (const [from, to] of [
      [Date.UTC(2026, 2, 28, 22), Date.UTC(2026, 2, 29, 4)],
      [Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 9, 25, 4)],
    ] as const) {
      for (let naive = from!; naive < to!; naive += 60_000) {
        expectSameAmbiguity(naive, 'Europe/London');
      }
    }
  });

  it('a day range starts on that date in the zone and lasts 22.5-25 h', () => {
    fc.assert(
      fc.property(wallArb, zoneArb, (local, zone) => {
        const date = formatWallClock(local).slice(0, 10);
        const range = resolveReadRange({ from: date, to: date, timeZone: zone, otherwise: 'each' });
        if (!range.ok || !range.value.fromUtc || !range.value.toUtc) return false;
        const hours = (Date.parse(range.value.toUtc) + 1 - Date.parse(range.value.fromUtc)) / 3_600_000;
        return localClock(range.value.fromUtc, zone).date === date && hours >= 22.5 && hours <= 25;
      }),
      { numRuns: 500 },
    );
  });

  it('analyzeRoleTimes never throws and a role it accepts lasts (0, 24 h]', () => {
    fc.assert(
      fc.property(wallArb, fc.integer({ min: -120, max: 1600 }), zoneArb, (local, minutes, zone) => {
        const start = formatWallClock(local);
        const end = formatWallClock(
          wall(
            new Date(
              Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute) + minutes * 60_000,
            )
              .toISOString()
              .slice(0, 16),
          ),
        );
        const analysis = analyzeRoleTimes({
          jobDate: start.slice(0, 10),
          timeZone: zone,
          startTime: start,
          endTime: end,
          path: ROLE,
        });
        if (analysis.issues.some((issue) => issue.severity === 'error')) return true;
        return (
          analysis.durationMinutes !== undefined &&
          analysis.durationMinutes > 0 &&
          analysis.durationMinutes <= 1440
        );
      }),
      { numRuns: 1000 },
    );
  });
});
