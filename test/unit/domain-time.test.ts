import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatIssues, type RuleIssue } from '../../src/rules/issues.js';
import {
  analyzeRoleTimes,
  checkRoleTimes,
  checkTimeZone,
  checkTimezoneChange,
  formatInZone,
  formatWallClock,
  instantToWallClock,
  isValidTimeZone,
  parseLocalDate,
  parseLocalDateTime,
  type RoleTimesInput,
  resolveDateRange,
  resolveLocalTime,
  suggestTimeZones,
  toEpochMs,
  toUtcRange,
  type WallClock,
} from '../../src/rules/time.js';

const codes = (issues: RuleIssue[]) => issues.map((issue) => issue.code);
const ROLE = 'jobs[0].roles[1]';

function wall(text: string): WallClock {
  const parsed = parseLocalDateTime(text, 'x');
  if (!parsed.ok) throw new Error(`bad wall clock ${text}`);
  return parsed.value;
}

function role(partial: Partial<RoleTimesInput> & Pick<RoleTimesInput, 'startTime' | 'endTime'>): RuleIssue[] {
  return checkRoleTimes({
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
    expect(issues[0]?.message).toContain('The platform uses the earlier offset, +01:00');
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

describe('checkRoleTimes', () => {
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
    const issues = checkRoleTimes({
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
    const issues = checkRoleTimes({
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

  it('formats into one compact text with path, rule and fix', () => {
    const text = formatIssues(role({ startTime: '2027-03-28T01:30', endTime: '2027-03-28T01:00' }));
    expect(text.split('\n')[0]).toMatch(/^Input not sent: \d errors?/);
    expect(text).toContain(`${ROLE}.startTime`);
    expect(text).toContain('§4.4 rule 2');
    expect(text).toContain('Fix:');
  });
});

describe('checkTimezoneChange (§4.4 rule 4)', () => {
  it('reports roles whose kept wall clock falls into a gap of the new zone', () => {
    const issues = checkTimezoneChange({
      fromZone: 'Europe/London',
      toZone: 'Europe/Paris',
      path: 'jobs[0]',
      roles: [
        {
          startTime: '2027-03-28T02:30:00+01:00',
          endTime: '2027-03-28T08:00:00+01:00',
          path: 'jobs[0].roles[0]',
        },
        {
          startTime: '2027-03-28T10:00:00+01:00',
          endTime: '2027-03-28T12:00:00+01:00',
          path: 'jobs[0].roles[1]',
        },
      ],
    });
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([
      ['jobs[0].roles[0].startTime', 'DST_GAP'],
    ]);
    expect(issues[0]?.rule).toContain('§4.4 rule 4');
  });

  it('rejects an invalid new zone', () => {
    expect(
      codes(checkTimezoneChange({ fromZone: 'Europe/London', toZone: 'BST', path: 'jobs[0]', roles: [] })),
    ).toEqual(['INVALID_TIMEZONE']);
  });
});

describe('read ranges', () => {
  it('a bare date is the whole day in the zone', () => {
    const result = toUtcRange('2026-12-01', 'Asia/Kolkata');
    expect(result).toMatchObject({
      ok: true,
      value: {
        from: '2026-11-30T18:30:00Z',
        to: '2026-12-01T18:29:59.999Z',
        toExclusive: '2026-12-01T18:30:00Z',
      },
    });
  });

  it('DST days last 25 h and 23 h', () => {
    const fall = toUtcRange('2026-10-25', 'Europe/London');
    const spring = toUtcRange('2027-03-28', 'Europe/London');
    if (!fall.ok || !spring.ok) throw new Error('expected ok');
    expect((fall.value.toExclusiveMs - fall.value.fromMs) / 3_600_000).toBe(25);
    expect((spring.value.toExclusiveMs - spring.value.fromMs) / 3_600_000).toBe(23);
    expect(fall.value.from).toBe('2026-10-24T23:00:00Z');
  });

  it('a date-time with an offset is that instant; without, local in the zone', () => {
    expect(toUtcRange('2026-12-01T18:00:00+01:00', 'America/New_York')).toMatchObject({
      ok: true,
      value: { from: '2026-12-01T17:00:00Z', to: '2026-12-01T17:00:00Z' },
    });
    expect(toUtcRange('2026-12-01T18:00:00Z', 'America/New_York')).toMatchObject({
      value: { from: '2026-12-01T18:00:00Z' },
    });
    expect(toUtcRange('2026-12-01T18:00', 'America/New_York')).toMatchObject({
      value: { from: '2026-12-01T23:00:00Z' },
    });
  });

  it('an ambiguous or nonexistent local date-time is resolved with a warning', () => {
    const ambiguous = toUtcRange('2026-11-01T01:30', 'America/New_York', 'from');
    expect(ambiguous).toMatchObject({ ok: true, value: { from: '2026-11-01T05:30:00Z' } });
    expect(ambiguous.issues[0]).toMatchObject({ code: 'DST_AMBIGUOUS', severity: 'warning', path: 'from' });
    const gap = toUtcRange('2026-03-08T02:30', 'America/New_York', 'from');
    expect(gap).toMatchObject({ ok: true, value: { from: '2026-03-08T07:00:00Z' } });
    expect(gap.issues[0]).toMatchObject({ code: 'DST_GAP', severity: 'warning' });
  });

  it('rejects nonsense and bad zones', () => {
    expect(toUtcRange('next week', 'Europe/London', 'from').issues[0]).toMatchObject({
      code: 'INVALID_DATE',
      path: 'from',
    });
    expect(toUtcRange('2026-12-01', 'EST', 'from').issues[0]?.code).toBe('INVALID_TIMEZONE');
  });

  it('resolveDateRange: from at the start of its day, to at the end of its day', () => {
    expect(resolveDateRange({ from: '2026-12-01', to: '2026-12-03', timeZone: 'Europe/London' })).toEqual({
      ok: true,
      value: { from: '2026-12-01T00:00:00Z', to: '2026-12-03T23:59:59.999Z' },
      issues: [],
    });
    expect(resolveDateRange({ to: '2026-12-03', timeZone: 'Europe/London' })).toMatchObject({
      ok: true,
      value: { to: '2026-12-03T23:59:59.999Z' },
    });
    const reversed = resolveDateRange({ from: '2026-12-03', to: '2026-12-01', timeZone: 'Europe/London' });
    expect(reversed.ok).toBe(false);
    expect(reversed.issues[0]).toMatchObject({ code: 'INVALID_RANGE', path: 'to' });
    expect(resolveDateRange({ from: '2026-12-01', to: '2026-12-01', timeZone: 'Europe/London' }).ok).toBe(
      true,
    );
  });

  it('formatInZone gives YYYY-MM-DDTHH:mm±hh:mm', () => {
    expect(formatInZone('2026-12-01T12:00:00Z', 'Asia/Kolkata')).toBe('2026-12-01T17:30+05:30');
    expect(formatInZone('2026-12-01T12:00:00Z', 'Europe/London')).toBe('2026-12-01T12:00+00:00');
    expect(formatInZone('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01T08:00-04:00');
    expect(formatInZone('2026-12-01T23:30:00-05:00', 'Australia/Sydney')).toBe('2026-12-02T15:30+11:00');
    expect(formatInZone(Date.UTC(2026, 9, 25, 0, 30), 'Europe/London')).toBe('2026-10-25T01:30+01:00');
    expect(formatInZone(Date.UTC(2026, 9, 25, 1, 30), 'Europe/London')).toBe('2026-10-25T01:30+00:00');
    expect(() => formatInZone('not a time', 'Europe/London')).toThrow(RangeError);
    expect(() => formatInZone('2026-12-01T12:00:00', 'Europe/London')).toThrow(RangeError);
    expect(() => formatInZone('2026-12-01T12:00:00Z', 'EST5')).toThrow(RangeError);
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

  it('formatInZone is parseable and names the same minute', () => {
    fc.assert(
      fc.property(instantArb, zoneArb, (ms, zone) => {
        const text = formatInZone(ms, zone);
        return (
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(text) &&
          DateTime.fromISO(text).toMillis() === Math.floor(ms / 60_000) * 60_000
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('a day range starts on that date in the zone and lasts 22.5-25 h', () => {
    fc.assert(
      fc.property(wallArb, zoneArb, (local, zone) => {
        const date = formatWallClock(local).slice(0, 10);
        const range = toUtcRange(date, zone);
        if (!range.ok) return false;
        const hours = (range.value.toExclusiveMs - range.value.fromMs) / 3_600_000;
        return formatInZone(range.value.fromMs, zone).startsWith(date) && hours >= 22.5 && hours <= 25;
      }),
      { numRuns: 500 },
    );
  });

  it('checkRoleTimes never throws and a role it accepts lasts (0, 24 h]', () => {
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
