// The ranking of find_matching_crew's matches (src/rules/ranking.ts): what a coordinator weighs,
// in order — applied/invited/shortlisted here, nothing pending elsewhere, fewer booked hours in the
// role's local week, recent work, score, options held, name — the week and recent work from
// shifts on the shared shift model, the score that applies, the reason, and a total order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Availability } from '../../src/rules/availability.js';
import { type CheckableRequirement, type CrewVerdict, judgeCrew } from '../../src/rules/matching.js';
import {
  applyingScore,
  compareRanked,
  type RankFacts,
  rankMatches,
  weekAround,
  workFacts,
} from '../../src/rules/ranking.js';
import type { Shift } from '../../src/rules/shifts.js';
import { expectTotalOrder } from '../helpers/total-order.js';

const FREE: Availability = { pending: [] };

function verdict(id: number, name: string, availability: Availability = FREE): CrewVerdict {
  const facts = { id, name, status: 'ACTIVE', roleTypeIds: [], profileIds: ['p1'], verified: new Map() };
  return judgeCrew(facts, [], availability);
}

const shift = (roleId: string, startIso: string, hours: number, timeZone = 'UTC'): Shift => ({
  jobId: `j${roleId}`,
  roleId,
  window: { startMs: Date.parse(startIso), endMs: Date.parse(startIso) + hours * 3_600_000 },
  timeZone,
});

describe('the order', () => {
  it('puts who applied here first, then nothing pending, fewer hours, recent work, score, then name', () => {
    const facts = new Map<number, RankFacts>([
      [1, { bookedHours: 0, lastWorked: null }], // Aaron: free all week, never worked
      [2, { bookedHours: 30, lastWorked: '2026-11-20' }], // Zed: applied here, busy
      [3, { bookedHours: 8, lastWorked: '2026-11-20' }], // Mia
      [4, { bookedHours: 8, lastWorked: '2026-11-24', score: 50 }], // Noor: worked more recently
      [5, { bookedHours: 0, lastWorked: null, score: 90 }], // Yara: the same as Aaron, a score
      [6, { bookedHours: 0, lastWorked: null }], // Bea: pending elsewhere at the time
      [7, { bookedHours: 0, lastWorked: null }], // Abe: the same as Aaron
    ]);
    const verdicts = [
      verdict(1, 'Aaron Able'),
      verdict(2, 'Zed Zane', { pending: [], thisRole: 'APPLIED' }),
      verdict(3, 'Mia Moss'),
      verdict(4, 'Noor Nash'),
      verdict(5, 'Yara Young'),
      verdict(6, 'Bea Bell', { pending: [{ jobId: '9', roleId: '90', status: 'INVITED' }] }),
      verdict(7, 'Abe Able'),
    ];
    const ranked = rankMatches(verdicts, (id) => facts.get(id)!);
    const names = ranked.map((match) => match.verdict.crew.name);
    expect(names).toEqual([
      'Zed Zane',
      'Yara Young',
      'Aaron Able',
      'Abe Able',
      'Noor Nash',
      'Mia Moss',
      'Bea Bell',
    ]);
    expect(names).not.toEqual([...names].sort());
    expect(ranked.map((match) => match.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ranked[0]!.reason).toBe('applied here · 30 h that week · last worked 2026-11-20');
    expect(ranked[1]!.reason).toBe('0 h that week · score 90');
    expect(ranked[6]!.reason).toBe('INVITED on role 90 then · 0 h that week');
  });

  it('ranks a "no" on this role last among equals, and says so', () => {
    const ranked = rankMatches(
      [verdict(1, 'Ann'), verdict(2, 'Ben', { pending: [], thisRole: 'DECLINED' })],
      () => ({}),
    );
    expect(ranked.map((match) => match.verdict.crew.id)).toEqual([1, 2]);
    expect(ranked[1]!.reason).toBe('DECLINED here');
  });

  it('is a total order over any facts (antisymmetric, transitive, 0 only for the same member)', () => {
    const status = fc.constantFrom(undefined, 'APPLIED', 'INVITED', 'DECLINED', 'WAITING_LIST');
    const entry = fc
      .record({
        id: fc.integer({ min: 1, max: 50 }),
        name: fc.constantFrom('Ann', 'Ben', 'ann'),
        thisRole: status,
        pendingElsewhere: fc.boolean(),
        bookedHours: fc.option(fc.constantFrom(0, 4, 8), { nil: undefined }),
        lastWorked: fc.option(fc.constantFrom('2026-11-01', '2026-11-20'), { nil: null }),
        score: fc.option(fc.constantFrom(40, 70.5), { nil: undefined }),
      })
      .map((g) => ({
        verdict: verdict(g.id, g.name, {
          pending: g.pendingElsewhere ? [{ jobId: '1', roleId: '2', status: 'APPLIED' }] : [],
          ...(g.thisRole ? { thisRole: g.thisRole } : {}),
        }),
        facts: {
          ...(g.bookedHours !== undefined ? { bookedHours: g.bookedHours } : {}),
          lastWorked: g.lastWorked,
          ...(g.score !== undefined ? { score: g.score } : {}),
        },
      }));
    fc.assert(
      fc.property(fc.tuple(entry, entry, entry), (triple) =>
        expectTotalOrder(compareRanked, (member) => member.verdict.crew.id, triple),
      ),
      { numRuns: 5_000 },
    );
  });
});

describe("the role's week, last work and next shift", () => {
  it('is the local Monday-Sunday of the day the role starts, in its zone', () => {
    // Sunday 14:00 UTC is Monday 01:00 in Sydney: the next week there.
    expect(weekAround(Date.parse('2026-11-29T14:00:00Z'), 'UTC')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(weekAround(Date.parse('2026-11-29T14:00:00Z'), 'Australia/Sydney')).toEqual({
      from: '2026-11-30',
      to: '2026-12-06',
    });
  });

  it("sums the hours of shifts starting on the week's local days in their own zones, and dates the last and next work at now", () => {
    const slot = { roleId: 'r0', week: weekAround(Date.parse('2026-11-26T18:00:00Z'), 'Europe/London') };
    const now = Date.parse('2026-11-24T12:00:00Z');
    const shifts = [
      shift('a', '2026-11-23T09:00:00Z', 8), // Monday: counts, and is the last work before now
      // Sunday 22-11 23:30 in New York is Monday 04:30 UTC: a Sunday, the week before.
      shift('b', '2026-11-23T04:30:00Z', 4, 'America/New_York'),
      // Sunday 29 20:00 in New York is Monday 01:00 UTC: still this week's Sunday there.
      shift('c', '2026-11-30T01:00:00Z', 6, 'America/New_York'),
      shift('r0', '2026-11-26T18:00:00Z', 5), // this very role: never counted in the hours
      shift('e', '2026-11-25T09:00:00Z', 3), // after now: the next shift, never work done
      shift('d', '2026-08-20T09:00:00Z', 5), // months before: older work, not the last
    ];
    expect(workFacts(slot, shifts, now)).toEqual({
      bookedHours: 17,
      lastWorked: '2026-11-23',
      nextShift: '2026-11-25',
    });
    // Long ago is still "last worked": no window cuts the history.
    expect(workFacts(slot, [shift('d', '2026-08-20T09:00:00Z', 5)], now)).toEqual({
      bookedHours: 0,
      lastWorked: '2026-08-20',
    });
    // A role without a time has no week: no hours, the dates all the same.
    expect(workFacts({}, shifts, now)).toEqual({ lastWorked: '2026-11-23', nextShift: '2026-11-25' });
  });
});

describe('the score that applies', () => {
  const scores = new Map([
    [
      'p1',
      new Map([
        ['global', 80],
        ['service', 60],
      ]),
    ],
    [
      'p2',
      new Map([
        ['global', 80],
        ['driving', 40],
      ]),
    ],
  ]);
  const profile = (condition: 'ANY' | 'NONE'): CheckableRequirement => ({
    kind: 'profile',
    profileIds: ['p2'],
    condition,
  });

  it("is the mean over the profiles the role asks for, else over all the member's scores", () => {
    expect(applyingScore(scores, [profile('ANY')])).toBe(60);
    expect(applyingScore(scores, [])).toBe(60);
    expect(
      applyingScore(
        new Map([
          [
            'p1',
            new Map([
              ['a', 70],
              ['b', 75],
            ]),
          ],
        ]),
        [],
      ),
    ).toBe(72.5);
    expect(applyingScore(scores, [profile('NONE')])).toBe(60);
    expect(applyingScore(new Map(), [])).toBeUndefined();
    expect(
      applyingScore(scores, [{ kind: 'profile', profileIds: ['p9'], condition: 'ANY' }]),
    ).toBeUndefined();
  });
});
