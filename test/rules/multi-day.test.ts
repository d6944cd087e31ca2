import { describe, expect, it } from 'vitest';
import type { RuleIssue } from '../../src/rules/issues.js';
import { checkMultiDayJobs, checkTimezoneUpdates, effectiveTimeZone } from '../../src/rules/multi-day.js';

const pairs = (issues: RuleIssue[]) => issues.map((issue) => [issue.path, issue.code, issue.severity]);

describe('checkMultiDayJobs (§4.4 rule 3)', () => {
  it('accepts jobs on one board whose effective zones agree (own or board)', () => {
    const issues = checkMultiDayJobs([
      { boardId: '1', boardTimezone: 'Europe/London' },
      { boardId: '1', timezone: 'Europe/London', boardTimezone: 'Europe/London' },
      { boardId: 1, boardTimezone: 'Europe/London' },
    ]);
    expect(issues).toEqual([]);
  });

  it('names each job whose zone differs, its source, and the fix', () => {
    const issues = checkMultiDayJobs([
      { boardId: '1', boardTimezone: 'Europe/London', date: '2026-12-01' },
      { boardId: '1', boardTimezone: 'Europe/London', date: '2026-12-02' },
      {
        boardId: '1',
        timezone: 'Europe/Paris',
        boardTimezone: 'Europe/London',
        date: '2026-12-03',
        title: 'Day 3',
      },
    ]);
    expect(pairs(issues)).toEqual([['jobs[2].timezone', 'MULTI_DAY_TIMEZONE', 'error']]);
    const [issue] = issues;
    expect(issue?.message).toContain('jobs[2] (2026-12-03 "Day 3") is in Europe/Paris (its timezone)');
    expect(issue?.message).toContain('jobs[0], jobs[1] are in Europe/London');
    expect(issue?.fix).toContain('Set timezone "Europe/London" on jobs[2]');
    expect(issue?.rule).toContain('§4.4 rule 3');
  });

  it("jobs without a timezone on boards in different zones disagree too (board's timezone)", () => {
    const issues = checkMultiDayJobs([{ boardId: 'a', timezone: 'America/New_York' }, { boardId: 'b' }], {
      boardTimezones: { a: 'America/New_York', b: 'America/Chicago' },
    });
    expect(pairs(issues)).toEqual([
      ['jobs[1].boardId', 'MULTI_DAY_BOARD', 'error'],
      ['jobs[1].timezone', 'MULTI_DAY_TIMEZONE', 'error'],
    ]);
    expect(issues[1]?.message).toContain("America/Chicago (its board's timezone)");
  });

  it('one board is required: the job on another board is named', () => {
    const issues = checkMultiDayJobs(
      [
        { boardId: '1', timezone: 'Europe/London' },
        { boardId: '2', timezone: 'Europe/London' },
        { boardId: '1', timezone: 'Europe/London' },
      ],
      { path: 'input.jobs' },
    );
    expect(pairs(issues)).toEqual([['input.jobs[1].boardId', 'MULTI_DAY_BOARD', 'error']]);
    expect(issues[0]?.fix).toContain('boardId 1');
  });

  it('an unknown zone is a warning, a single job is a warning', () => {
    expect(pairs(checkMultiDayJobs([{ boardId: '1', timezone: 'Europe/London' }, { boardId: '1' }]))).toEqual(
      [['jobs[1].timezone', 'MULTI_DAY_UNKNOWN_TIMEZONE', 'warning']],
    );
    expect(pairs(checkMultiDayJobs([{ boardId: '1', timezone: 'Europe/London' }]))).toEqual([
      ['jobs', 'MULTI_DAY_SINGLE_JOB', 'warning'],
    ]);
    expect(pairs(checkMultiDayJobs([]))).toEqual([['jobs', 'MULTI_DAY_SINGLE_JOB', 'warning']]);
  });

  it('effectiveTimeZone: own, else board (inline or by table), else undefined', () => {
    expect(
      effectiveTimeZone({ boardId: '1', timezone: 'Asia/Kolkata', boardTimezone: 'Europe/London' }),
    ).toBe('Asia/Kolkata');
    expect(effectiveTimeZone({ boardId: '1', timezone: null, boardTimezone: 'Europe/London' })).toBe(
      'Europe/London',
    );
    expect(effectiveTimeZone({ boardId: 7 }, { boardTimezones: new Map([['7', 'Australia/Sydney']]) })).toBe(
      'Australia/Sydney',
    );
    expect(effectiveTimeZone({ boardId: 7 })).toBeUndefined();
  });
});

describe('checkTimezoneUpdates (§4.4 rule 5)', () => {
  const linked = [
    { id: 'j1', multiDayJobId: 'm1', date: '2026-12-01' },
    { id: 'j2', multiDayJobId: 'm1', date: '2026-12-02' },
    { id: 'j3', multiDayJobId: 'm1', date: '2026-12-03' },
    { id: 'k1', multiDayJobId: null },
  ];

  it('warns which linked jobs also move', () => {
    const issues = checkTimezoneUpdates(
      [{ id: 'j1', multiDayJobId: 'm1', timezone: 'Europe/Paris' }],
      linked,
    );
    expect(pairs(issues)).toEqual([['jobs[0].timezone', 'MULTI_DAY_GROUP_UPDATE', 'warning']]);
    expect(issues[0]?.message).toContain('job j2 (2026-12-02), job j3 (2026-12-03)');
  });

  it('two different timezones for one group are an error', () => {
    const issues = checkTimezoneUpdates(
      [
        { id: 'j1', multiDayJobId: 'm1', timezone: 'Europe/Paris' },
        { id: 'j2', multiDayJobId: 'm1', timezone: 'Europe/Berlin' },
        { id: 'j3', multiDayJobId: 'm1', timezone: 'Europe/Paris' },
      ],
      linked,
    );
    expect(pairs(issues)).toEqual([['jobs[1].timezone', 'MULTI_DAY_TIMEZONE', 'error']]);
  });

  it('stand-alone jobs need nothing', () => {
    expect(checkTimezoneUpdates([{ id: 'k1', timezone: 'Europe/Paris' }], linked)).toEqual([]);
  });
});
