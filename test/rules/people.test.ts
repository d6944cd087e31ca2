// The people rules of issue 31 (pure, no platform): who a move affects (move-clashes.ts), why a
// pay total changes cause by cause (pay-causes.ts), who has not worked since a day and the order
// asked (match-order.ts), and local weeks over a DST night (workload.ts).
import { describe, expect, it } from 'vitest';
import type { UpstreamRole } from '../../src/contract/upstream.js';
import { matchOrderProblem, notWorkedSince, orderMatches } from '../../src/rules/match-order.js';
import { type CrewShift, moveEffects, moveIssues } from '../../src/rules/move-clashes.js';
import { payCauses } from '../../src/rules/pay-causes.js';
import { payChange, type TouchedRole } from '../../src/rules/pay-changes.js';
import type { RankedMatch } from '../../src/rules/ranking.js';
import { sortPeople, weeklyTotals, wholeWeeks } from '../../src/rules/workload.js';

const H = 3_600_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');
const win = (fromH: number, toH: number) => ({ startMs: T0 + fromH * H, endMs: T0 + toH * H });
const shift = (crewId: number, roleId: string, status: string, fromH: number, toH: number): CrewShift => ({
  crewId,
  name: `P${crewId}`,
  status,
  jobId: `j${roleId}`,
  roleId,
  window: win(fromH, toH),
});

describe('who a move affects', () => {
  const moved = [{ jobId: 'j1', roleId: '1', before: win(8, 12), after: win(18, 22) }];
  const booked = [
    shift(7, '1', 'BOOKED', 8, 12),
    shift(7, '2', 'BOOKED', 20, 23), // overlaps the new time only: a new clash
    shift(7, '3', 'BOOKED', 30, 34), // 8 h after the new end: a new short rest
    shift(8, '4', 'BOOKED', 9, 11), // already clashed before the move: not the move's doing
    shift(8, '4b', 'BOOKED', 19, 20), // and a new clash
  ];
  it('names each BOOKED and pending person with only the clashes and short rests the move creates', () => {
    const people = moveEffects(
      moved,
      [shift(7, '1', 'BOOKED', 8, 12), shift(8, '1', 'APPLIED', 8, 12), shift(9, '1', 'DECLINED', 8, 12)],
      booked,
    );
    expect(people).toEqual([
      {
        crewId: 7,
        name: 'P7',
        status: 'BOOKED',
        roleId: '1',
        jobId: 'j1',
        clashes: [{ roleId: '2', jobId: 'j2', minutes: 120 }],
        shortRests: [{ roleId: '3', jobId: 'j3', restHours: 8 }],
      },
      {
        crewId: 8,
        name: 'P8',
        status: 'APPLIED',
        roleId: '1',
        jobId: 'j1',
        clashes: [{ roleId: '4b', jobId: 'j4b', minutes: 60 }],
        shortRests: [],
      },
    ]);
    const issues = moveIssues(people, () => 'jobs[0].roles[0]');
    expect(issues.map((issue) => issue.code)).toEqual(['CREW_CLASH', 'CREW_CLASH', 'PENDING_SHIFT_MOVED']);
    expect(issues[0]!.detail).toMatch(/crew 7 P7 \(BOOKED on role 1\): clashes 120 min with role 2/);
    // A longer minimum rest finds more; 0 turns the rest check off.
    expect(moveEffects(moved, [shift(7, '1', 'BOOKED', 8, 12)], booked, 0)[0]!.shortRests).toEqual([]);
  });

  it('takes another moved role at its new time, and lists a pair of two moved roles once', () => {
    const both = [
      { jobId: 'j1', roleId: '1', before: win(8, 12), after: win(18, 22) },
      { jobId: 'j2', roleId: '2', before: win(30, 34), after: win(20, 23) },
    ];
    const on = [shift(7, '1', 'BOOKED', 8, 12), shift(7, '2', 'BOOKED', 30, 34)];
    const people = moveEffects(both, on, on);
    expect(people.flatMap((p) => p.clashes)).toEqual([{ roleId: '2', jobId: 'j2', minutes: 120 }]);
  });
});

describe('why a total changes', () => {
  // A legacy HOURLY role: 8 h at 30 with a hidden 30-minute break (total 225, breakPeriod 0).
  const legacy = {
    startTime: '2026-08-01T09:00:00+00:00',
    endTime: '2026-08-01T17:00:00+00:00',
    payType: 'HOURLY',
    payRate: 30,
    total: 225,
    breakPeriod: 0,
    createdAt: '2026-06-01T10:00:00Z',
  } as UpstreamRole;
  const edit = { zone: 'UTC', startTime: '2026-08-01T09:00', endTime: '2026-08-01T17:00', setsTimes: false };
  it('gives a new rate its own part, and the hidden break only the part it makes', () => {
    const steps = payCauses({ ...edit, role: legacy, payRate: 15 });
    expect(steps.map((s) => [s.cause, s.from, s.to])).toEqual([
      ['rate', 225, 112.5],
      ['hidden break', 112.5, 120],
    ]);
  });
  it('a confirmation item with a new rate and a lost hidden break gives each its part', () => {
    const touched = {
      ...edit,
      path: 'jobs[0].roles[0]',
      job: { id: 'j-1', date: '2026-08-01' },
      role: { ...legacy, id: 'r-1', title: 'Bartender' },
      payRate: 15,
    } as unknown as TouchedRole;
    const detail = payChange(touched)?.issue.detail ?? '';
    expect(detail).toContain('total 225.00 → 120.00, because the rate 30 → 15 per hour (225.00 → 112.50); ');
    expect(detail).toMatch(/hidden 30-minute break .* \(112\.50 → 120\.00\)\.$/);
  });

  it('names the pay type when a FIXED role gets a new rate, and DST when a move changes the length', () => {
    const fixed = {
      ...legacy,
      payType: 'FIXED',
      payRate: 1926.75,
      total: 1926.75,
      createdAt: '2026-10-01T00:00:00Z',
    };
    expect(payCauses({ ...edit, role: fixed, payRate: 225 }).map((s) => [s.cause, s.from, s.to])).toEqual([
      ['pay type', 1926.75, 225],
    ]);
    const night = {
      ...legacy,
      startTime: '2027-03-14T05:00:00+00:00', // 00:00-06:00 in New York... then kept in Tokyo
      endTime: '2027-03-14T10:00:00+00:00',
      total: 150,
      createdAt: '2026-10-01T00:00:00Z',
    } as UpstreamRole;
    const moved = payCauses({
      role: night,
      zone: 'Asia/Tokyo',
      startTime: '2027-03-14T00:00',
      endTime: '2027-03-14T06:00',
      setsTimes: false,
    });
    expect(moved.map((s) => [s.cause, s.from, s.to])).toEqual([['DST', 150, 180]]);
  });
});

const match = (id: number, lastWorked: string | null, bookedHours?: number): RankedMatch =>
  ({
    verdict: { crew: { id, name: `P${id}` } },
    facts: { lastWorked, ...(bookedHours === undefined ? {} : { bookedHours }) },
    rank: 0,
    reason: '',
  }) as unknown as RankedMatch;

describe('who has not worked since a day, in the order asked', () => {
  const ranked = [
    match(1, '2026-11-20', 8),
    match(2, null, 0),
    match(3, '2026-10-01', 4),
    match(4, '2026-10-22', 0),
  ];
  it('keeps who last worked before the day or never, and sorts oldest first, ties as ranked', () => {
    expect(notWorkedSince('2026-10-21', '2026-10-22')).toBe(true);
    expect(notWorkedSince('2026-10-22', '2026-10-22')).toBe(false);
    const kept = orderMatches(ranked, { since: '2026-10-22', sort: 'lastWorked' });
    expect(kept.map((m) => [m.verdict.crew.id, m.rank])).toEqual([
      [2, 1],
      [3, 2],
    ]);
    expect(orderMatches(ranked, { sort: 'hours' }).map((m) => m.verdict.crew.id)).toEqual([2, 4, 3, 1]);
    expect(orderMatches(ranked, {}).map((m) => m.verdict.crew.id)).toEqual([1, 2, 3, 4]);
  });
  it('refuses a date that is not one, and an hours sort without a time', () => {
    expect(matchOrderProblem({ notWorkedSince: '22/10/2026', timed: true })?.field).toBe('notWorkedSince');
    expect(matchOrderProblem({ sort: 'hours', timed: false })?.field).toBe('sort');
    expect(matchOrderProblem({ notWorkedSince: '2026-10-22', sort: 'hours', timed: true })).toBeNull();
  });
});

describe('local weeks', () => {
  it('counts a DST night by its real hours, in the week of its local start day', () => {
    // Sunday 2026-10-25, Europe/London: 00:00-04:00 local lasts 5 hours (clocks go back at 02:00).
    const night = {
      jobId: 'j',
      roleId: 'r',
      timeZone: 'Europe/London',
      window: { startMs: Date.parse('2026-10-24T23:00:00Z'), endMs: Date.parse('2026-10-25T04:00:00Z') },
      breakMinutes: 30,
    };
    const monday = {
      ...night,
      roleId: 's',
      window: { startMs: Date.parse('2026-10-26T09:00:00Z'), endMs: Date.parse('2026-10-26T17:00:00Z') },
    };
    expect(weeklyTotals([night, monday])).toEqual([
      { week: '2026-10-19', hours: 5, paidHours: 4.5 },
      { week: '2026-10-26', hours: 8, paidHours: 7.5 },
    ]);
    expect(wholeWeeks('2026-10-26', '2026-11-22')).toBe(true);
    expect(wholeWeeks('2026-10-24', '2026-11-20')).toBe(false);
  });
  it('sorts people most hours first, oldest last work first, by name, ties by crew id', () => {
    const person = (crewId: string, name: string, hours: number, lastWorked: string | null) =>
      ({ crewId, name, hours, paidHours: hours - 1, lastWorked }) as never;
    const people = [
      person('3', 'Bo', 10, '2026-11-01'),
      person('1', 'Al', 10, null),
      person('2', 'Cy', 20, '2026-10-01'),
    ];
    const ids = (list: { crewId: string }[]) => list.map((p) => p.crewId);
    expect(ids(sortPeople(people, 'hours'))).toEqual(['2', '1', '3']);
    expect(ids(sortPeople(people, 'lastWorked'))).toEqual(['1', '2', '3']);
    expect(ids(sortPeople(people, 'name'))).toEqual(['1', '3', '2']);
  });
});
