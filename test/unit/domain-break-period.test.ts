import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assessRoleEdit,
  checkBreakPeriod,
  checkBreakPeriodUpdate,
  checkPayRate,
  createdBeforeBreakFix,
  durationMinutesBetween,
  LEGACY_BREAK_FIX,
  type LegacyRoleInput,
  legacyBreak,
  roleTotal,
  roundCents,
} from '../../src/rules/pay.js';

const PATH = 'jobs[0].roles[0].breakPeriod';

/** 09:00-17:00 London, £12.50/h, created before the fix with a 30-minute break: total 93.75. */
const legacyRole: LegacyRoleInput = {
  id: 'r-1',
  createdAt: '2026-06-01T10:00:00Z',
  breakPeriod: 0,
  total: 93.75,
  payType: 'HOURLY',
  payRate: 12.5,
  startTime: '2026-12-01T09:00:00+00:00',
  endTime: '2026-12-01T17:00:00+00:00',
};

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
    expect(checkBreakPeriod('30', 480, PATH)[0]?.fix).toContain('number 30');
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

  it('detects a legacy role, infers the hidden break and the total after any edit', () => {
    expect(legacyBreak(legacyRole)).toEqual({
      hiddenBreakMinutes: 30,
      totalBefore: 93.75,
      totalNoBreak: 100,
      totalAfterEdit: 100,
      change: 6.25,
    });
  });

  it('the after-edit total uses the edit’s new times and rate, with no break', () => {
    const later = legacyBreak(legacyRole, { endTime: '2026-12-01T18:00', timeZone: 'Europe/London' });
    expect(later?.totalAfterEdit).toBe(112.5);
    const rate = legacyBreak(legacyRole, { payRate: 10 });
    expect(rate?.totalAfterEdit).toBe(80);
    const instants = legacyBreak(legacyRole, { startTime: '2026-12-01T10:00:00Z' });
    expect(instants?.totalAfterEdit).toBe(87.5);
  });

  it('is not legacy when created after the fix, when breakPeriod is reported, for FIXED pay, or when the total matches', () => {
    expect(legacyBreak({ ...legacyRole, createdAt: '2026-10-01T00:00:00Z' })).toBeUndefined();
    expect(legacyBreak({ ...legacyRole, breakPeriod: 30 })).toBeUndefined();
    expect(legacyBreak({ ...legacyRole, payType: 'FIXED', payRate: 93.75, total: 93.75 })).toBeUndefined();
    expect(legacyBreak({ ...legacyRole, total: 100 })).toBeUndefined();
  });

  it('a one-cent difference is rounding, not a hidden break', () => {
    expect(legacyBreak({ ...legacyRole, total: 99.99 })).toBeUndefined();
    expect(assessRoleEdit({ ...legacyRole, total: 100.01 }, {}, 'r').issues).toEqual([]);
  });

  it('is not legacy when no whole-minute break explains the total (higher than no-break), or times are unreadable', () => {
    expect(legacyBreak({ ...legacyRole, total: 120 })).toBeUndefined();
    expect(legacyBreak({ ...legacyRole, startTime: 'garbage' })).toBeUndefined();
  });

  it('assessRoleEdit warns with both totals, the hidden break and a payRate that keeps the pay', () => {
    const result = assessRoleEdit(legacyRole, {}, 'jobs[0].roles[0]');
    expect(result.totalBefore).toBe(93.75);
    expect(result.totalAfter).toBe(100);
    expect(result.issues).toHaveLength(1);
    const [issue] = result.issues;
    expect(issue).toMatchObject({
      code: 'LEGACY_BREAK_TOTAL',
      severity: 'warning',
      path: 'jobs[0].roles[0]',
    });
    expect(issue?.message).toContain('role r-1');
    expect(issue?.message).toContain('hidden 30-minute break');
    expect(issue?.message).toContain('93.75 → 100.00 (+6.25)');
    expect(issue?.rule).toContain('§4.4 rule 7');
    expect(issue?.fix).toContain('set payRate to 11.72');
  });

  it('assessRoleEdit on a post-fix role: no warning, the saved break stays in the total', () => {
    const role = { ...legacyRole, createdAt: '2026-10-01T00:00:00Z', breakPeriod: 30 };
    const result = assessRoleEdit(role, { payRate: 20 }, 'jobs[0].roles[0]');
    expect(result).toMatchObject({ totalBefore: 93.75, totalAfter: 150, issues: [] });
  });

  it('assessRoleEdit warns about an unexplained pre-fix total too', () => {
    const result = assessRoleEdit({ ...legacyRole, total: 120 }, {}, 'jobs[0].roles[0]');
    expect(result.issues[0]?.code).toBe('LEGACY_BREAK_TOTAL');
    expect(result.totalAfter).toBe(100);
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

  it('a legacy role is recognised, its hidden break reproduces its total, and its after-total is the no-break total', () => {
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
          const role: LegacyRoleInput = {
            createdAt: '2026-07-01T00:00:00Z',
            breakPeriod: 0,
            total,
            payType: 'HOURLY',
            payRate,
            startTime: new Date(start).toISOString(),
            endTime: new Date(start + duration * 60_000).toISOString(),
          };
          const edit =
            newDuration === undefined && newRate === undefined
              ? undefined
              : {
                  ...(newDuration !== undefined
                    ? { endTime: new Date(start + newDuration * 60_000).toISOString() }
                    : {}),
                  ...(newRate !== undefined ? { payRate: newRate } : {}),
                };
          const legacy = legacyBreak(role, edit);
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
          const assessed = assessRoleEdit(role, edit ?? {}, 'jobs[0].roles[0]');
          return (
            reproduced === total &&
            legacy.totalAfterEdit === expectedAfter &&
            (edit !== undefined || legacy.totalAfterEdit === noBreak) &&
            assessed.totalAfter === expectedAfter &&
            assessed.issues.length === 1
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
