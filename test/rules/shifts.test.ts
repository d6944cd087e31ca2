import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canWorkBoth,
  clashingPairs,
  localStartDay,
  overlapMinutes,
  paidHours,
  restHours,
  type Shift,
  scheduledHours,
  shortRestPairs,
} from '../../src/rules/shifts.js';

const H = 3_600_000;

function shift(roleId: string, start: string, end: string, timeZone = 'UTC', breakMinutes = 0): Shift {
  return {
    jobId: `j${roleId}`,
    roleId,
    window: { startMs: Date.parse(start), endMs: Date.parse(end) },
    timeZone,
    breakMinutes,
  };
}

describe('shift model', () => {
  it('reads a shift’s day in its own zone, not in UTC', () => {
    // 2026-11-30T22:00Z is 09:00 on 1 December in Sydney and 17:00 on 30 November in New York.
    expect(
      localStartDay(shift('1', '2026-11-30T22:00:00Z', '2026-12-01T06:00:00Z', 'Australia/Sydney')),
    ).toBe('2026-12-01');
    expect(
      localStartDay(shift('1', '2026-11-30T22:00:00Z', '2026-12-01T06:00:00Z', 'America/New_York')),
    ).toBe('2026-11-30');
  });

  it('counts scheduled and paid hours, the break left out', () => {
    const s = shift('1', '2026-12-01T08:00:00Z', '2026-12-01T16:30:00Z', 'UTC', 30);
    expect(scheduledHours(s)).toBe(8.5);
    expect(paidHours(s)).toBe(8);
    expect(paidHours({ ...s, breakMinutes: 600 })).toBe(0);
  });

  it('finds a clash across two zones that local clocks hide', () => {
    // Sydney 09:00-17:00 on 2 Dec (22:00Z-06:00Z) and New York 16:30-20:00 on 1 Dec (21:30Z-01:00Z).
    const sydney = shift('1', '2026-12-01T22:00:00Z', '2026-12-02T06:00:00Z', 'Australia/Sydney');
    const newYork = shift('2', '2026-12-01T21:30:00Z', '2026-12-02T01:00:00Z', 'America/New_York');
    expect(overlapMinutes(sydney, newYork)).toBe(180);
    expect(clashingPairs([sydney, newYork])).toEqual([{ first: newYork, second: sydney, minutes: 180 }]);
    expect(canWorkBoth(sydney, newYork, 0)).toBe(false);
  });

  it('back to back is no clash, but is a short rest', () => {
    const a = shift('1', '2026-12-01T08:00:00Z', '2026-12-01T16:00:00Z');
    const b = shift('2', '2026-12-01T16:00:00Z', '2026-12-01T20:00:00Z');
    expect(clashingPairs([a, b])).toEqual([]);
    expect(restHours(b, a)).toBe(0);
    expect(shortRestPairs([b, a], 10)).toEqual([{ first: a, second: b, hours: 0 }]);
    expect(shortRestPairs([a, b], 0)).toEqual([]);
    expect(canWorkBoth(a, b, 0)).toBe(true);
    expect(canWorkBoth(a, b, 10)).toBe(false);
  });

  it('never pairs one role with itself', () => {
    const a = shift('1', '2026-12-01T08:00:00Z', '2026-12-01T16:00:00Z');
    expect(canWorkBoth(a, { ...a }, 0)).toBe(false);
  });

  it('measures rest from the latest end, not from a short shift inside a long one', () => {
    const long = shift('1', '2026-12-01T06:00:00Z', '2026-12-01T20:00:00Z');
    const inside = shift('2', '2026-12-01T08:00:00Z', '2026-12-01T09:00:00Z');
    const next = shift('3', '2026-12-02T02:00:00Z', '2026-12-02T08:00:00Z');
    expect(shortRestPairs([long, inside, next], 10)).toEqual([{ first: long, second: next, hours: 6 }]);
  });

  it('agrees with a brute force over random shifts: clashes are exactly the overlapping pairs', () => {
    const arb = fc.array(
      fc.record({ start: fc.integer({ min: 0, max: 96 }), length: fc.integer({ min: 1, max: 16 }) }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(arb, (specs) => {
        const shifts = specs.map((s, i) => ({
          jobId: 'j',
          roleId: String(i),
          window: { startMs: s.start * H, endMs: (s.start + s.length) * H },
          timeZone: 'UTC',
        }));
        let expected = 0;
        for (let i = 0; i < shifts.length; i++)
          for (let j = i + 1; j < shifts.length; j++) {
            const a = shifts[i] as Shift;
            const b = shifts[j] as Shift;
            if (a.window.startMs < b.window.endMs && b.window.startMs < a.window.endMs) expected++;
          }
        expect(clashingPairs(shifts)).toHaveLength(expected);
        for (const pair of clashingPairs(shifts)) expect(pair.minutes).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
