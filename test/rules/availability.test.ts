// Availability rules (src/rules/availability.ts): overlap of role times as UTC instants, whatever
// the zones the two jobs' times are written in, and what a member's crew jobs make of them.
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  type Assignment,
  assessAvailability,
  assignmentsByCrew,
  isFlagged,
  overlaps,
  type TimeWindow,
} from '../../src/rules/availability.js';

const HOUR = 3_600_000;
const BASE = Date.parse('2026-11-28T00:00:00Z');
const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'UTC',
];

const window = fc
  .record({ start: fc.integer({ min: 0, max: 96 * 4 }), minutes: fc.integer({ min: 15, max: 24 * 60 }) })
  .map(({ start, minutes }): TimeWindow => {
    const startMs = BASE + start * 15 * 60_000;
    return { startMs, endMs: startMs + minutes * 60_000 };
  });

/** A window as the platform writes role times: ISO with the offset of the job's zone. */
function written(span: TimeWindow, zone: string): { startTime: string; endTime: string } {
  const inZone = (ms: number) =>
    DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true }) as string;
  return { startTime: inZone(span.startMs), endTime: inZone(span.endMs) };
}

const reread = (times: { startTime: string; endTime: string }): TimeWindow => ({
  startMs: Date.parse(times.startTime),
  endMs: Date.parse(times.endTime),
});

describe('overlap', () => {
  it('is symmetric', () => {
    fc.assert(fc.property(window, window, (a, b) => overlaps(a, b) === overlaps(b, a)));
  });

  it('does not depend on the time zones the two roles are written in', () => {
    fc.assert(
      fc.property(
        window,
        window,
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        (a, b, zoneA, zoneB) => {
          expect(overlaps(reread(written(a, zoneA)), reread(written(b, zoneB)))).toBe(overlaps(a, b));
        },
      ),
    );
  });

  it('a window overlaps itself; back-to-back windows do not clash', () => {
    fc.assert(
      fc.property(window, (a) => {
        expect(overlaps(a, a)).toBe(true);
        expect(overlaps(a, { startMs: a.endMs, endMs: a.endMs + HOUR })).toBe(false);
      }),
    );
  });

  it('agrees with a minute-by-minute reading of the two spans', () => {
    fc.assert(
      fc.property(window, window, (a, b) => {
        let shared = false;
        for (let t = Math.max(a.startMs, b.startMs); t < Math.min(a.endMs, b.endMs); t += 60_000)
          shared = true;
        expect(overlaps(a, b)).toBe(shared);
      }),
    );
  });
});

describe('assessAvailability', () => {
  const role = { roleId: 'r1', window: { startMs: BASE + 18 * HOUR, endMs: BASE + 23 * HOUR } };
  const at = (startHour: number, endHour: number): TimeWindow => ({
    startMs: BASE + startHour * HOUR,
    endMs: BASE + endHour * HOUR,
  });
  const assignment = (roleId: string, status: string, span: TimeWindow): Assignment => ({
    crewId: 7,
    status,
    jobId: `job-${roleId}`,
    roleId,
    window: span,
  });

  it('a BOOKED crew job elsewhere that overlaps is a clash; pending ones are flags; others hold no time', () => {
    const result = assessAvailability(role, [
      assignment('r2', 'APPLIED', at(17, 19)),
      assignment('r3', 'BOOKED', at(22, 26)),
      assignment('r4', 'BOOKED', at(10, 18)),
      assignment('r5', 'DECLINED', at(18, 23)),
      assignment('r6', 'WAITING_LIST', at(20, 21)),
    ]);
    expect(result).toEqual({
      clash: { jobId: 'job-r3', roleId: 'r3', status: 'BOOKED' },
      pending: [
        { jobId: 'job-r2', roleId: 'r2', status: 'APPLIED' },
        { jobId: 'job-r6', roleId: 'r6', status: 'WAITING_LIST' },
      ],
    });
    expect(isFlagged(result)).toBe(true);
  });

  it('a crew job on this very role says where the member stands (the strongest status), never a clash', () => {
    const result = assessAvailability(role, [
      assignment('r1', 'DECLINED', role.window),
      assignment('r1', 'BOOKED', role.window),
    ]);
    expect(result).toEqual({ pending: [], thisRole: 'BOOKED' });
    const declined = assessAvailability(role, [assignment('r1', 'DECLINED', role.window)]);
    expect(declined.thisRole).toBe('DECLINED');
    expect(isFlagged(declined)).toBe(true);
    expect(isFlagged(assessAvailability(role, [assignment('r1', 'APPLIED', role.window)]))).toBe(false);
  });

  it('without a time nothing clashes', () => {
    expect(assessAvailability({}, [assignment('r3', 'BOOKED', at(18, 23))])).toEqual({ pending: [] });
  });

  it('the clash named is the earliest, whatever order the crew jobs come in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([at(19, 20), at(18, 19), at(21, 22)], { minLength: 3 }), (spans) => {
        const result = assessAvailability(
          role,
          spans.map((span, index) => assignment(`x${index}`, 'BOOKED', span)),
        );
        const earliest = spans.findIndex((span) => span.startMs === at(18, 19).startMs);
        expect(result.clash?.roleId).toBe(`x${earliest}`);
      }),
    );
  });

  it('groups crew jobs by crew member', () => {
    const grouped = assignmentsByCrew([
      { ...assignment('a', 'BOOKED', at(1, 2)), crewId: 1 },
      { ...assignment('b', 'BOOKED', at(1, 2)), crewId: 2 },
      { ...assignment('c', 'BOOKED', at(1, 2)), crewId: 1 },
    ]);
    expect([...grouped.keys()]).toEqual([1, 2]);
    expect(grouped.get(1)?.map((entry) => entry.roleId)).toEqual(['a', 'c']);
  });
});
