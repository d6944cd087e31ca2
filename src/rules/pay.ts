// Break periods and pay totals (§4.4 rules 6-7, §9.3).
//
// Since the fix of 2026-09-21 createJobs saves a role's breakPeriod and the total uses it.
// Roles created before the fix report breakPeriod 0, yet their total still accounts for the
// break that was submitted; the API cannot set a break again, and ANY edit of such a role
// recalculates the total with no break, so the crew's pay changes. The guard below recognises
// those roles from what the platform returns (createdAt, breakPeriod 0, a total that differs from
// the no-break total), infers the hidden break, and tells the model the total before and after
// an edit, so the change is never silent.
//
// Formula [assumed, platform-contract.graphql Role.total]: HOURLY = payRate × (duration − break)
// in hours, FIXED = payRate; rounded to cents. Break in minutes [assumed unit].

import { errorIssue, type RuleIssue } from './issues.js';
import { toEpochMs } from './time.js';

/** The date of the platform fix after which createJobs saves breakPeriod (§9.3). */
export const LEGACY_BREAK_FIX = '2026-09-21';

export const RULE_BREAK_PERIOD =
  '§4.4 rule 6: breakPeriod is saved and used in the pay total; whole minutes, 0 ≤ breakPeriod < role duration [assumed unit]';
export const RULE_BREAK_IMMUTABLE = '§4.4 rule 7: role break periods cannot be changed through the API';
export const RULE_LEGACY_BREAK =
  '§4.4 rule 7: roles created before the fix of 2026-09-21 report breakPeriod 0 although their total includes the break; editing one recalculates the total with no break';

export type PayType = 'HOURLY' | 'FIXED';

/** Round to cents, half away from zero, without binary-float surprises (1.005 → 1.01). */
export function roundCents(amount: number): number {
  // Already whole cents (most totals and rates): the decimal text would give back the same number.
  if (Math.abs(amount) < 1e15 && Math.round(amount * 100) / 100 === amount) return amount || 0;
  const sign = amount < 0 ? -1 : 1;
  const rounded = Number(`${Math.round(Number(`${Math.abs(amount)}e2`))}e-2`);
  return sign * rounded || 0;
}

export interface TotalInput {
  payType: PayType | string;
  payRate: number;
  /** Role duration in minutes (elapsed). */
  durationMinutes: number;
  /** Break in minutes; default 0. */
  breakMinutes?: number;
}

/**
 * Pay total per crew member: HOURLY = payRate × (duration − break) / 60, FIXED = payRate, rounded
 * to cents. Never negative: a break as long as the role, or a negative rate, gives 0.
 */
export function roleTotal(input: TotalInput): number {
  const rate = Number.isFinite(input.payRate) ? Math.max(0, input.payRate) : 0;
  if (input.payType === 'FIXED') return roundCents(rate);
  const worked = Math.max(0, input.durationMinutes - Math.max(0, input.breakMinutes ?? 0));
  return roundCents((rate * worked) / 60);
}

/** Elapsed minutes between two ISO instants (with offsets), or wall clocks read in `zone`. */
export function durationMinutesBetween(startTime: string, endTime: string, zone?: string): number {
  return (toEpochMs(endTime, zone) - toEpochMs(startTime, zone)) / 60_000;
}

/**
 * breakPeriod on createJobs: whole minutes, 0 ≤ breakPeriod < role duration. Without a known
 * duration (the times have their own errors) only the form is checked.
 */
export function checkBreakPeriod(
  value: unknown,
  durationMinutes: number | undefined,
  path: string,
): RuleIssue[] {
  if (value === undefined || value === null) return [];
  const base = { path, code: 'BREAK_PERIOD' as const, rule: RULE_BREAK_PERIOD };
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    const asNumber = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
    return [
      errorIssue({
        ...base,
        detail: `${JSON.stringify(value)} is ${typeof value === 'string' ? 'text' : 'not a number'}; breakPeriod is a number of whole minutes.`,
        fix:
          asNumber !== undefined
            ? `Send breakPeriod: ${asNumber} (a number of minutes, not a string).`
            : 'Give the break as a number of whole minutes, e.g. 30.',
      }),
    ];
  }
  if (!Number.isInteger(value)) {
    const minutes = Math.round(value * 60);
    const looksLikeHours = value > 0 && value < 24;
    return [
      errorIssue({
        ...base,
        detail: `${value} is not a whole number of minutes.`,
        fix: looksLikeHours
          ? `breakPeriod is in minutes: ${value} h is ${minutes}; send ${minutes}.`
          : `Round to whole minutes, e.g. ${Math.round(value)}.`,
      }),
    ];
  }
  if (value < 0) {
    return [
      errorIssue({
        ...base,
        detail: `${value} is negative.`,
        fix: 'Give 0 for no break, or the break in minutes.',
      }),
    ];
  }
  if (durationMinutes !== undefined && durationMinutes > 0 && value >= durationMinutes) {
    return [
      errorIssue({
        ...base,
        detail: `a ${value}-minute break is not shorter than the role (${durationMinutes} min).`,
        fix: `Give a break below ${durationMinutes} minutes, or check the role's start and end.`,
      }),
    ];
  }
  return [];
}

/** payRate: a finite number ≥ 0. */
export function checkPayRate(value: unknown, path: string): RuleIssue[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return [];
  return [
    errorIssue({
      path,
      code: 'PAY_RATE',
      rule: 'CreateRoleInput.payRate: hourly rate (HOURLY) or fixed fee (FIXED), a number ≥ 0 [assumed]',
      detail: `${JSON.stringify(value)} is not a pay rate.`,
      fix: 'Give the hourly rate or the fixed fee as a number ≥ 0, without currency sign, e.g. 15.5.',
    }),
  ];
}

/** A breakPeriod in an update: the API cannot change it (§4.4 rule 7). */
export function checkBreakPeriodUpdate(value: unknown, path: string): RuleIssue[] {
  if (value === undefined) return [];
  return [
    errorIssue({
      path,
      code: 'BREAK_PERIOD_IMMUTABLE',
      rule: RULE_BREAK_IMMUTABLE,
      detail: "a role's breakPeriod cannot be changed after creation.",
      fix: 'Remove breakPeriod from the update. A different break needs a new role (createJobs saves breakPeriod).',
    }),
  ];
}

// ---------------------------------------------------------------------------- legacy guard

/** A role as read from the platform (companyJobs). */
export interface LegacyRoleInput {
  id?: string | null;
  /** ISO instant. When absent, the total alone decides (a post-fix role reporting 0 has a no-break total). */
  createdAt?: string | null;
  breakPeriod: number;
  total: number;
  payType: PayType | string;
  payRate: number;
  /** ISO instants with offset, as the platform returns them. */
  startTime: string;
  endTime: string;
}

export interface LegacyBreak {
  /** Break minutes the reported total accounts for, though breakPeriod reads 0. */
  hiddenBreakMinutes: number;
  /** The total as the platform reports it now. */
  totalBefore: number;
  /** The total of the role as it is, computed with no break. */
  totalNoBreak: number;
  /** totalNoBreak − totalBefore: what any edit of the role does to its pay. */
  change: number;
}

/**
 * True when createdAt is on or before the fix date (UTC), or unknown. The fix date itself counts
 * (the deploy time is not shown) and so does an unknown date: the total evidence decides.
 */
export function createdBeforeBreakFix(createdAt: string | null | undefined): boolean {
  if (!createdAt) return true;
  let ms: number;
  try {
    ms = toEpochMs(createdAt);
  } catch {
    return true;
  }
  return ms < LEGACY_BREAK_FIXED_FROM_MS;
}

/** The first instant a role can have been created with its break reported: the day after the fix. */
const LEGACY_BREAK_FIXED_FROM_MS = Date.parse(`${LEGACY_BREAK_FIX}T00:00:00Z`) + 24 * 3_600_000;

function cents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * Totals within one cent count as the same: the platform's rounding is not shown (and the
 * sandbox rounds slightly differently), so a one-cent difference is no evidence of a hidden break.
 */
export function sameTotal(a: number, b: number): boolean {
  return Math.abs(cents(a) - cents(b)) <= 1;
}

/** Whole-minute break b whose total matches the reported one (exactly if possible, else within a cent). */
function inferBreak(role: LegacyRoleInput, duration: number): number | undefined {
  if (role.payType !== 'HOURLY' || !(role.payRate > 0) || !(duration > 0)) return undefined;
  const guess = Math.round(duration - (role.total * 60) / role.payRate);
  let best: { minutes: number; off: number } | undefined;
  for (const candidate of [guess, guess - 1, guess + 1]) {
    if (candidate <= 0 || candidate >= duration) continue;
    const total = roleTotal({
      payType: 'HOURLY',
      payRate: role.payRate,
      durationMinutes: duration,
      breakMinutes: candidate,
    });
    const off = Math.abs(cents(total) - cents(role.total));
    if (off <= 1 && (!best || off < best.off)) best = { minutes: candidate, off };
  }
  return best?.minutes;
}

/**
 * A legacy role whose total includes a hidden break: created before the fix, breakPeriod reported
 * as 0, and a total that differs from the no-break total (by more than a cent) in a way a
 * whole-minute break explains. Undefined for every other role.
 */
export function legacyBreak(role: LegacyRoleInput): LegacyBreak | undefined {
  if (role.breakPeriod !== 0 || !createdBeforeBreakFix(role.createdAt)) return undefined;
  try {
    return detectLegacy(role);
  } catch {
    // Unreadable times from upstream: nothing can be inferred.
    return undefined;
  }
}

function detectLegacy(role: LegacyRoleInput): LegacyBreak | undefined {
  const duration = durationMinutesBetween(role.startTime, role.endTime);
  const totalNoBreak = roleTotal({ payType: role.payType, payRate: role.payRate, durationMinutes: duration });
  if (sameTotal(totalNoBreak, role.total)) return undefined;
  const hidden = inferBreak(role, duration);
  if (hidden === undefined) return undefined;
  return {
    hiddenBreakMinutes: hidden,
    totalBefore: role.total,
    totalNoBreak,
    change: roundCents(totalNoBreak - role.total),
  };
}

/**
 * The break pay counts for a role, in minutes: the one it reports, or, on a legacy role reporting
 * 0, the hidden break its total still accounts for (legacyBreak: the same rule that flags it in
 * list_jobs). `hidden` says which.
 */
export function payBreakMinutes(role: LegacyRoleInput): { minutes: number; hidden: boolean } {
  const legacy = legacyBreak(role);
  return legacy
    ? { minutes: legacy.hiddenBreakMinutes, hidden: true }
    : { minutes: role.breakPeriod, hidden: false };
}
