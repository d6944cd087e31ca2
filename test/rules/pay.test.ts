import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UpstreamJob, UpstreamRole } from '../../src/contract/upstream.js';
import {
  checkBreakPeriod,
  checkBreakPeriodUpdate,
  checkPayRate,
  createdBeforeBreakFix,
  durationMinutesBetween,
  LEGACY_BREAK_FIX,
  type LegacyRoleInput,
  legacyBreak,
  payBreakMinutes,
  roleTotal,
  roundCents,
} from '../../src/rules/pay.js';
import {
  checkSavedBreak,
  payChange,
  payChangesAfter,
  payConfirmation,
  type TouchedRole,
} from '../../src/rules/pay-changes.js';

const PATH = 'jobs[0].roles[0].breakPeriod';

/** 09:00-17:00 London, £12.50/h, created before the fix with a 30-minute break: total 93.75. */
const legacyRole: LegacyRoleInput & UpstreamRole = {
  id: 'r-1',
  title: 'Bartender',
  quantity: 1,
  createdAt: '2026-06-01T10:00:00Z',
  breakPeriod: 0,
  total: 93.75,
  payType: 'HOURLY',
  payRate: 12.5,
  startTime: '2026-12-01T09:00:00+00:00',
  endTime: '2026-12-01T17:00:00+00:00',
};
const londonJob: UpstreamJob = {
  id: 'j-1',
  title: 'Gala',
  date: '2026-12-01',
  timezone: 'Europe/London',
  board: { id: 'b1', name: 'London' },
  roles: [legacyRole],
};

/** The role as an update rewrites it: times (wall clock in `zone`) and rate as given, else its own. */
function touched(role: UpstreamRole, over: Partial<TouchedRole> = {}): TouchedRole {
  return {
    path: 'jobs[0].roles[0]',
    job: { ...londonJob, roles: [role] },
    role,
    zone: 'Europe/London',
    startTime: '2026-12-01T09:00',
    endTime: '2026-12-01T17:00',
    setsTimes: false,
    ...over,
  };
}

describe('roleTotal', () => {
  it('HOURLY: payRate × (duration − break) / 60, rounded to cents', () => {
    expect(roleTotal({ payType: 'HOURLY', payRate: 12.5, durationMinutes: 480, breakMinutes: 30 })).toBe(
      93.75,
    );
    expect(roleTotal({ payType: 'HOURLY', payRate: 12.5, durationMinutes: 480 })).toBe(100);
    expect(roleTotal({ payType: 'HOURLY', payRate: 10, durationMinutes: 50 })).toBe(8.33);
    expect(roleTotal({ payType: 'HOURLY', payRate: 10.01, durationMinutes: 30 })).toBe(5.01);
  });

  it('FIXED: payRate whatever the duration and break', () => {
    expect(roleTotal({ payType: 'FIXED', payRate: 150, durationMinutes: 480, breakMinutes: 60 })).toBe(150);
  });

  it('never negative', () => {
    expect(roleTotal({ payType: 'HOURLY', payRate: 10, durationMinutes: 60, breakMinutes: 90 })).toBe(0);
    expect(roleTotal({ payType: 'HOURLY', payRate: -10, durationMinutes: 60 })).toBe(0);
    expect(roleTotal({ payType: 'FIXED', payRate: -5, durationMinutes: 60 })).toBe(0);
  });

  it('roundCents rounds half away from zero without float surprises', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(-1.005)).toBe(-1.01);
    expect(roundCents(0)).toBe(0);
    expect(Object.is(roundCents(-0.001), 0)).toBe(true);
  });

  it('roundCents answers as rounding the decimal text does, for amounts in cents and any others', () => {
    const byText = (amount: number) => {
      const sign = amount < 0 ? -1 : 1;
      return sign * Number(`${Math.round(Number(`${Math.abs(amount)}e2`))}e-2`) || 0;
    };
    const cents = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((n) => n / 100);
    const any = fc.double({ min: -1e7, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(cents, any), (amount) => {
        expect(Object.is(roundCents(amount), byText(amount))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('durationMinutesBetween uses elapsed time', () => {
    expect(durationMinutesBetween('2026-10-24T22:00:00+01:00', '2026-10-25T06:00:00+00:00')).toBe(540);
    expect(durationMinutesBetween('2026-10-24T22:00', '2026-10-25T06:00', 'Europe/London')).toBe(540);
  });
});

describe('checkBreakPeriod', () => {
  it('accepts whole minutes below the duration, and absence', () => {
    expect(checkBreakPeriod(30, 480, PATH)).toEqual([]);
    expect(checkBreakPeriod(0, 480, PATH)).toEqual([]);
    expect(checkBreakPeriod(undefined, 480, PATH)).toEqual([]);
    expect(checkBreakPeriod(479, 480, PATH)).toEqual([]);
  });

  it('rejects a break as long as the role', () => {
    const [issue] = checkBreakPeriod(480, 480, PATH);
    expect(issue).toMatchObject({ code: 'BREAK_PERIOD', path: PATH, severity: 'error' });
    expect(issue?.rule).toContain('§4.4 rule 6');
    expect(issue?.fix).toContain('below 480 minutes');
  });

  it('reads a fractional value as hours in the fix', () => {
    expect(checkBreakPeriod(0.5, 480, PATH)[0]?.fix).toContain('send 30');
    expect(checkBreakPeriod(1.25, 480, PATH)[0]?.fix).toContain('send 75');
  });

  it('rejects negatives, strings and NaN', () => {
    expect(checkBreakPeriod(-5, 480, PATH)[0]?.code).toBe('BREAK_PERIOD');
    expect(checkBreakPeriod('30', 480, PATH)[0]).toMatchObject({
      detail: '"30" is text; breakPeriod is a number of whole minutes.',
      fix: 'Send breakPeriod: 30 (a number of minutes, not a string).',
    });
    expect(checkBreakPeriod(Number.NaN, 480, PATH)[0]?.code).toBe('BREAK_PERIOD');
  });

  it('checks only the form without a duration', () => {
    expect(checkBreakPeriod(5000, undefined, PATH)).toEqual([]);
  });

  it('a breakPeriod in an update is rejected (§4.4 rule 7)', () => {
    const [issue] = checkBreakPeriodUpdate(30, 'jobs[0].roles[0].breakPeriod');
    expect(issue).toMatchObject({ code: 'BREAK_PERIOD_IMMUTABLE' });
    expect(issue?.rule).toContain('§4.4 rule 7');
    expect(checkBreakPeriodUpdate(undefined, 'x')).toEqual([]);
  });

  it('payRate must be a number ≥ 0', () => {
    expect(checkPayRate(15.5, 'p')).toEqual([]);
    expect(checkPayRate(-1, 'p')[0]?.code).toBe('PAY_RATE');
    expect(checkPayRate('£15', 'p')[0]?.code).toBe('PAY_RATE');
  });
});

describe('legacy break guard', () => {
  it('the fix date is 2026-09-21 and counts as possibly legacy', () => {
    expect(LEGACY_BREAK_FIX).toBe('2026-09-21');
    expect(createdBeforeBreakFix('2026-09-20T23:59:59Z')).toBe(true);
    expect(createdBeforeBreakFix('2026-09-21T15:00:00Z')).toBe(true);
    expect(createdBeforeBreakFix('2026-09-22T00:00:00Z')).toBe(false);
    expect(createdBeforeBreakFix(undefined)).toBe(true);
  });

  it('detects a legacy role, infers the hidden break and the total any edit gives it', () => {
    expect(legacyBreak(legacyRole)).toEqual({
      hiddenBreakMinutes: 30,
      totalBefore: 93.75,
      totalNoBreak: 100,
      change: 6.25,
    });
  });

  it('is not legacy when created after the fix, when breakPeriod is reported, for FIXED pay, or when the total matches', () => {
    expect(legacyBreak({ ...legacyRole, createdAt: '2026-10-01T00:00:00Z' })).toBeUndefined();
    expect(legacyBreak({ ...legacyRole, breakPeriod: 30 })).toBeUndefined();
    expect(legacyBreak({ ...legacyRole, payType: 'FIXED', payRate: 93.75, total: 93.75 })).toBeUndefined();
    expect(legacyBreak({ ...legacyRole, total: 100 })).toBeUndefined();
  });

  it('a one-cent difference is rounding, not a hidden break', () => {
    expect(legacyBreak({ ...legacyRole, total: 99.99 })).toBeUndefined();
    expect(payChange(touched({ ...legacyRole, total: 100.01 }))).toBeUndefined();
  });

  it('is not legacy when no whole-minute break explains the total (higher than no-break), or times are unreadable', () => {
    expect(legacyBreak({ ...legacyRole, total: 120 })).toBeUndefined();
    expect(legacyBreak({ ...legacyRole, startTime: 'garbage' })).toBeUndefined();
  });

  it('gives the break pay counts: the hidden one of a legacy role, else the one reported', () => {
    expect(payBreakMinutes(legacyRole)).toEqual({ minutes: 30, hidden: true });
    expect(payBreakMinutes({ ...legacyRole, breakPeriod: 45, total: 81.25 })).toEqual({
      minutes: 45,
      hidden: false,
    });
    // Edited since: the total counts no break any more, and neither does pay.
    expect(payBreakMinutes({ ...legacyRole, total: 100 })).toEqual({ minutes: 0, hidden: false });
  });
});

describe('pay changes an update causes without asking (§4.4 rules 4, 6, 7)', () => {
  it('any edit of a legacy role drops its hidden break: both totals, the reason and a payRate that keeps the pay', () => {
    const change = payChange(touched(legacyRole));
    expect(change).toMatchObject({ before: 93.75, after: 100 });
    expect(change?.issue).toMatchObject({
      code: 'LEGACY_BREAK_TOTAL',
      severity: 'warning',
      path: 'jobs[0].roles[0]',
    });
    expect(change?.issue.detail).toBe(
      'role r-1 "Bartender" (job j-1, 2026-12-01): total 93.75 → 100.00, because its total includes a hidden 30-minute break (created before 2026-09-21, reported as breakPeriod 0) that any edit drops.',
    );
    expect(change?.issue.rule).toContain('§4.4 rule 7');
    expect(change?.issue.fix).toContain("also set this role's payRate to 11.72");
  });

  it('new times or a new rate are asked for: only the lost hidden break is a side effect', () => {
    const later = payChange(touched(legacyRole, { endTime: '2026-12-01T18:00', setsTimes: true }));
    expect(later).toMatchObject({ before: 93.75, after: 112.5 });
    const postFix = { ...legacyRole, createdAt: '2026-10-01T00:00:00Z', breakPeriod: 30 };
    expect(payChange(touched(postFix, { payRate: 20 }))).toBeUndefined();
    expect(payChange(touched(postFix, { endTime: '2026-12-01T18:00', setsTimes: true }))).toBeUndefined();
    expect(payChange(touched(postFix))).toBeUndefined();
  });

  it('a timezone move that changes a role length across DST changes an hourly total', () => {
    // 00:00-06:00 on 2027-03-14: 6 h in Tokyo, 5 h in New York (spring forward).
    const role = {
      ...legacyRole,
      createdAt: '2026-11-01T00:00:00Z',
      total: 75,
      startTime: '2027-03-14T00:00:00+09:00',
      endTime: '2027-03-14T06:00:00+09:00',
    };
    const change = payChange(
      touched(role, {
        zone: 'America/New_York',
        startTime: '2027-03-14T00:00',
        endTime: '2027-03-14T06:00',
        path: 'jobs[0].timezone',
      }),
    );
    expect(change).toMatchObject({ before: 75, after: 62.5 });
    expect(change?.issue.code).toBe('PAY_CHANGE');
    expect(change?.issue.detail).toMatch(
      /because keeping its wall-clock times in America\/New_York makes it 5 h long instead of 6 h \(a DST change\)/,
    );
    expect(change?.issue.rule).toMatch(/§4\.4 rule 4/);
    // FIXED pay does not follow the length.
    expect(
      payChange(
        touched(
          { ...role, payType: 'FIXED', payRate: 75 },
          { zone: 'America/New_York', startTime: '2027-03-14T00:00', endTime: '2027-03-14T06:00' },
        ),
      ),
    ).toBeUndefined();
  });

  it('an unexplained pre-fix total changes too, and is said so', () => {
    expect(payChange(touched({ ...legacyRole, total: 120 }))?.issue.detail).toMatch(
      /because the platform recalculates its total/,
    );
  });

  it('a confirmation lists every change; none is needed without one', () => {
    expect(payConfirmation([])).toBeUndefined();
    const confirmation = payConfirmation([payChange(touched(legacyRole))!]);
    expect(confirmation?.summary).toBe('it would change the pay total of 1 role(s) as a side effect');
    expect(confirmation?.question).toMatch(
      /^This update changes the pay total of 1 role\(s\) without setting their times or rate:\n- role r-1 /,
    );
    expect(confirmation?.items).toHaveLength(1);
  });

  it('the totals after sending are read from the answer, for every rewritten role', () => {
    const after = [{ roles: [{ ...legacyRole, total: 100 }] }];
    expect(payChangesAfter([touched(legacyRole)], after)).toEqual([
      { roleId: 'r-1', jobId: 'j-1', before: 93.75, after: 100 },
    ]);
    expect(payChangesAfter([touched(legacyRole)], [{ roles: [legacyRole] }])).toEqual([]);
  });
});

describe('a saved break and a shorter role (§4.4 rules 6-7)', () => {
  const saved = { ...legacyRole, createdAt: '2026-10-01T00:00:00Z', breakPeriod: 60, total: 87.5 };

  it('refuses an edit that makes the role no longer than its saved break, naming the earliest end', () => {
    const issues = checkSavedBreak(touched(saved, { endTime: '2026-12-01T09:45', setsTimes: true }));
    expect(issues.map((issue) => [issue.path, issue.code])).toEqual([
      ['jobs[0].roles[0].endTime', 'BREAK_PERIOD'],
    ]);
    expect(issues[0]?.detail).toBe(
      'role r-1 "Bartender" (job j-1, 2026-12-01) would last 45 min, not longer than its saved 60-minute break, which cannot be changed through the API.',
    );
    expect(issues[0]?.fix).toMatch(/end after "2026-12-01T10:01"/);
  });

  it('accepts a role still longer than its break, and a legacy role (its break is gone on any edit)', () => {
    expect(checkSavedBreak(touched(saved, { endTime: '2026-12-01T10:01', setsTimes: true }))).toEqual([]);
    expect(checkSavedBreak(touched(legacyRole, { endTime: '2026-12-01T09:10', setsTimes: true }))).toEqual(
      [],
    );
  });
});

describe('properties', () => {
  const payType = fc.constantFrom('HOURLY', 'FIXED');
  it('the total is never negative and is a whole number of cents', () => {
    fc.assert(
      fc.property(
        payType,
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.integer({ min: -100, max: 3000 }),
        fc.integer({ min: -100, max: 3000 }),
        (type, payRate, durationMinutes, breakMinutes) => {
          const total = roleTotal({ payType: type, payRate, durationMinutes, breakMinutes });
          return total >= 0 && Math.abs(total * 100 - Math.round(total * 100)) < 1e-6;
        },
      ),
    );
  });

  it('a valid break never raises the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1440 }),
        fc.integer({ min: 0, max: 100_000 }),
        (duration, cents) => {
          const breakMinutes = Math.floor(duration / 2);
          const payRate = cents / 100;
          expect(checkBreakPeriod(breakMinutes, duration, PATH)).toEqual([]);
          return (
            roleTotal({ payType: 'HOURLY', payRate, durationMinutes: duration, breakMinutes }) <=
            roleTotal({ payType: 'HOURLY', payRate, durationMinutes: duration })
          );
        },
      ),
    );
  });

  it('a legacy role is recognised, its hidden break reproduces its total, and any edit is a pay change to the asked-for total without it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 20_000 }).map((cents) => cents / 100),
        fc.integer({ min: 30, max: 1440 }),
        fc.integer({ min: 1, max: 1439 }),
        fc.option(fc.integer({ min: 15, max: 1440 }), { nil: undefined }),
        fc.option(
          fc.integer({ min: 0, max: 20_000 }).map((cents) => cents / 100),
          { nil: undefined },
        ),
        (payRate, duration, rawBreak, newDuration, newRate) => {
          const hidden = rawBreak % duration || 1;
          const start = Date.UTC(2026, 5, 1, 8, 0);
          const total = roleTotal({
            payType: 'HOURLY',
            payRate,
            durationMinutes: duration,
            breakMinutes: hidden,
          });
          const noBreak = roleTotal({ payType: 'HOURLY', payRate, durationMinutes: duration });
          fc.pre(Math.abs(Math.round(total * 100) - Math.round(noBreak * 100)) > 1);
          const role: LegacyRoleInput & UpstreamRole = {
            id: 'r',
            title: 'Role',
            quantity: 1,
            createdAt: '2026-07-01T00:00:00Z',
            breakPeriod: 0,
            total,
            payType: 'HOURLY',
            payRate,
            startTime: new Date(start).toISOString(),
            endTime: new Date(start + duration * 60_000).toISOString(),
          };
          const wall = (ms: number) => new Date(ms).toISOString().slice(0, 16);
          const edited = touched(role, {
            zone: 'Etc/UTC',
            startTime: wall(start),
            endTime: wall(start + (newDuration ?? duration) * 60_000),
            payRate: newRate,
            setsTimes: newDuration !== undefined,
          });
          const legacy = legacyBreak(role);
          if (!legacy) return false;
          const reproduced = roleTotal({
            payType: 'HOURLY',
            payRate,
            durationMinutes: duration,
            breakMinutes: legacy.hiddenBreakMinutes,
          });
          const expectedAfter = roleTotal({
            payType: 'HOURLY',
            payRate: newRate ?? payRate,
            durationMinutes: newDuration ?? duration,
          });
          const change = payChange(edited);
          const withBreak = roleTotal({
            payType: 'HOURLY',
            payRate: newRate ?? payRate,
            durationMinutes: newDuration ?? duration,
            breakMinutes: legacy.hiddenBreakMinutes,
          });
          // The change is listed unless the edit's own total happens to equal it within a cent.
          const listed = Math.abs(Math.round(expectedAfter * 100) - Math.round(withBreak * 100)) > 1;
          return (
            reproduced === total &&
            legacy.totalNoBreak === noBreak &&
            (listed ? change?.after === expectedAfter && change.issue.code === 'LEGACY_BREAK_TOTAL' : true)
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a post-fix role is never legacy', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 365 }), (cents, days) => {
        const createdAt = new Date(Date.parse('2026-09-22T00:00:00Z') + days * 86_400_000).toISOString();
        return legacyBreak({ ...legacyRole, createdAt, total: cents / 100 }) === undefined;
      }),
    );
  });
});
