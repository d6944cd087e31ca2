// Break periods and pay totals (platform-api.md §4.4 rules 6 and 7).
// breakPeriod is in minutes [assumed unit]; 0 <= breakPeriod < role duration [assumed rule].
// Roles created before the fix of 2026-09-21 report breakPeriod 0 while their stored total
// still reflects the break they were submitted with; editing such a role recomputes the total
// with no break, because the API cannot set a break on an update.

import type { PayType, Role } from '../../store.js';

export const BREAK_FIX_DATE = '2026-09-21T00:00:00.000Z';

export function isLegacyRole(role: Pick<Role, 'createdAt'>): boolean {
  return Date.parse(role.createdAt) < Date.parse(BREAK_FIX_DATE);
}

/** The breakPeriod the API shows: legacy roles hide theirs. */
export function reportedBreakPeriod(role: Pick<Role, 'createdAt' | 'storedBreakMinutes'>): number {
  return isLegacyRole(role) ? 0 : role.storedBreakMinutes;
}

export function durationMinutes(startUtc: string, endUtc: string): number {
  return (Date.parse(endUtc) - Date.parse(startUtc)) / 60_000;
}

export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** Pay per crew member: HOURLY = payRate × paid hours (duration − break); FIXED = payRate. */
export function payTotal(payType: PayType, payRate: number, duration: number, breakMinutes: number): number {
  if (payType === 'FIXED') return roundCents(payRate);
  return roundCents((payRate * (duration - breakMinutes)) / 60);
}

/** Why a breakPeriod is refused, or null when it is acceptable for a role of that duration. */
export function breakPeriodProblem(breakMinutes: number, duration: number): string | null {
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0) {
    return `breakPeriod must be a whole number of minutes, 0 or more (got ${breakMinutes})`;
  }
  if (breakMinutes >= duration) {
    return `breakPeriod (${breakMinutes} min) must be shorter than the role (${duration} min)`;
  }
  return null;
}
