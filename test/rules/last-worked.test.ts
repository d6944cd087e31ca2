// "Last worked" (src/rules/last-worked.ts): the local start day, in the shift's own zone, of the
// latest BOOKED shift started by now; a later booking is the next shift, never work done; the
// reference is now, not the role asked about; and the history has no window.
import { describe, expect, it } from 'vitest';
import { lastWorkedOf, workDates } from '../../src/rules/last-worked.js';

const HOUR = 3_600_000;
const at = (iso: string, timeZone = 'UTC') => ({
  window: { startMs: Date.parse(iso), endMs: Date.parse(iso) + 6 * HOUR },
  timeZone,
});
const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('last worked and next shift', () => {
  it('is the latest shift started by now, a shift in progress included, and the first one after it', () => {
    const shifts = [
      at('2026-11-02T09:00:00Z'),
      at('2026-11-21T10:00:00Z'), // started two hours ago: worked
      at('2026-11-21T12:00:01Z'), // a second from now: the next shift
      at('2026-12-05T09:00:00Z'),
    ];
    expect(workDates(shifts, NOW)).toEqual({ lastWorked: '2026-11-21', nextShift: '2026-11-21' });
    expect(workDates(shifts.slice(2), NOW)).toEqual({ lastWorked: null, nextShift: '2026-11-21' });
    expect(workDates([], NOW)).toEqual({ lastWorked: null });
  });

  it("dates a shift by its own job's zone: 22:30 UTC is the next day in Sydney, the same one in New York", () => {
    expect(workDates([at('2026-11-20T22:30:00Z', 'Australia/Sydney')], NOW).lastWorked).toBe('2026-11-21');
    expect(workDates([at('2026-11-20T22:30:00Z', 'America/New_York')], NOW).lastWorked).toBe('2026-11-20');
  });

  it('looks over the whole history given, however old, and only for the people asked', () => {
    const rows = [
      { crewId: 1, ...at('2025-01-15T09:00:00Z') },
      { crewId: 2, ...at('2026-11-20T09:00:00Z', 'Europe/London') },
      { crewId: 2, ...at('2026-11-30T09:00:00Z') },
      { crewId: 3, ...at('2026-12-01T09:00:00Z') }, // only booked ahead: never worked
      { crewId: 4, ...at('2026-11-19T09:00:00Z') },
    ];
    expect(lastWorkedOf(rows, [1, 2, 3], NOW)).toEqual(
      new Map([
        [1, '2025-01-15'],
        [2, '2026-11-20'],
      ]),
    );
  });
});
