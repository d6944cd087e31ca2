// Why a role's pay total changes under an update, cause by cause (issue 31 item 4): a confirmation
// once blamed a drop from 1,926.75 to 225 on a hidden legacy break when the new rate made it. The
// total moves in steps, each applied to the result of the one before, so that each cause gets the
// part it makes and the steps add up to the whole change:
//   1. the rate (on a FIXED role the rate is the whole pay: the pay type is the cause);
//   2. the length: new times the update sets, or, when it only moves the job to another zone, the
//      DST change that keeping the wall clocks makes (§4.4 rules 4, 6);
//   3. a legacy role's hidden break (created before the fix, reported as 0), which any edit drops
//      (§4.4 rule 7).
import type { UpstreamRole } from '../contract/upstream.js';
import { durationMinutesBetween, LEGACY_BREAK_FIX, legacyBreak, roleTotal, sameTotal } from './pay.js';

/** What an update does to one role (pay-changes.ts TouchedRole has this shape). */
export interface PayEdit {
  role: Pick<
    UpstreamRole,
    'startTime' | 'endTime' | 'payType' | 'payRate' | 'total' | 'breakPeriod' | 'createdAt'
  >;
  zone: string;
  startTime: string;
  endTime: string;
  payRate?: number;
  setsTimes: boolean;
}

export type PayCause = 'rate' | 'pay type' | 'times' | 'DST' | 'hidden break';

export interface PayStep {
  cause: PayCause;
  from: number;
  to: number;
  /** The cause in words, e.g. "rate 30 → 15 per hour". */
  why: string;
}

const money = (amount: number) => amount.toFixed(2);

function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The steps from the role's total now to its total after the update; none when it does not change. */
export function payCauses(touched: PayEdit): PayStep[] {
  const { role } = touched;
  let lengthBefore: number;
  let lengthAfter: number;
  try {
    lengthBefore = durationMinutesBetween(role.startTime, role.endTime);
    lengthAfter = durationMinutesBetween(touched.startTime, touched.endTime, touched.zone);
  } catch {
    return []; // times the time rules refuse
  }
  const hidden = legacyBreak(role);
  const kept = hidden?.hiddenBreakMinutes ?? role.breakPeriod;
  const rate = touched.payRate ?? role.payRate;
  const total = (payRate: number, minutes: number, breakMinutes: number) =>
    roleTotal({ payType: role.payType, payRate, durationMinutes: minutes, breakMinutes });
  const fixed = role.payType === 'FIXED';
  const steps: PayStep[] = [];
  const step = (cause: PayCause, from: number, to: number, why: string) => {
    if (!sameTotal(from, to)) steps.push({ cause, from, to, why });
    return to;
  };
  let now = role.total;
  if (rate !== role.payRate)
    now = step(
      fixed ? 'pay type' : 'rate',
      now,
      total(rate, lengthBefore, kept),
      fixed
        ? `the new payRate ${rate} (was ${role.payRate}) is the whole pay of a FIXED role`
        : `the rate ${role.payRate} → ${rate} per hour`,
    );
  const lengthWhy = touched.setsTimes
    ? `the new times make it ${hoursText(lengthAfter)} long instead of ${hoursText(lengthBefore)}`
    : `keeping its wall-clock times in ${touched.zone} makes it ${hoursText(lengthAfter)} long instead of ${hoursText(lengthBefore)} (a DST change)`;
  now = step(touched.setsTimes ? 'times' : 'DST', now, total(rate, lengthAfter, kept), lengthWhy);
  if (hidden)
    step(
      'hidden break',
      now,
      total(rate, lengthAfter, role.breakPeriod),
      `its total includes a hidden ${hidden.hiddenBreakMinutes}-minute break (created before ${LEGACY_BREAK_FIX}, reported as breakPeriod 0) that any edit drops`,
    );
  return steps;
}

/** "the rate 30 → 15 per hour (1926.75 → 963.38); ..." */
export function payCausesText(steps: readonly PayStep[]): string {
  return steps.map((s) => `${s.why} (${money(s.from)} → ${money(s.to)})`).join('; ');
}
