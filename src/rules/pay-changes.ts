// Pay totals that an update changes without being asked to (§4.4 rules 4, 6, 7). The platform
// recomputes the total of every role an update rewrites: a role edited in any way, and every role
// of every job a timezone change moves. Two things then change the pay although the update did
// not set times or a rate:
//   - a role created before 2026-09-21 loses the break its total still counts (rule 7), and the
//     API cannot set it again;
//   - a role moved to another zone keeps its wall clock (rule 4), so across a DST change its
//     elapsed length, and with it an hourly total (rule 6), changes.
// Each such role is listed with its total before and after, and the update needs the user's
// confirmation (src/mcp/confirm.ts asks). Changes the update asks for itself (new times, a new
// rate) are not side effects; only a hidden break lost on top of them is.

import type { UpstreamJob, UpstreamRole } from '../contract/upstream.js';
import { errorIssue, joinPath, type RuleIssue, warningIssue } from './issues.js';
import {
  durationMinutesBetween,
  LEGACY_BREAK_FIX,
  legacyBreak,
  RULE_BREAK_IMMUTABLE,
  RULE_BREAK_PERIOD,
  RULE_LEGACY_BREAK,
  roleTotal,
  roundCents,
  sameTotal,
} from './pay.js';
import { payCauses, payCausesText } from './pay-causes.js';
import { instantToWallClock, RULE_NEW_TIMEZONE, toEpochMs } from './time.js';
import type { Confirmation } from './verdict.js';

const RULE_PAY_SIDE_EFFECT =
  '§4.4 rules 4 and 6: a moved role keeps its wall clock, and its total follows its elapsed length and break';

/** A role an update rewrites, and what it looks like afterwards. */
export interface TouchedRole {
  /** The input that touches it: the role edit, or the timezone that moves it. */
  path: string;
  job: UpstreamJob;
  role: UpstreamRole;
  /** The job's zone after the update. */
  zone: string;
  /** Wall clocks in `zone` after the update: the edited ones, else the role's own (a move keeps them). */
  startTime: string;
  endTime: string;
  /** The new rate, when the update sets one. */
  payRate?: number;
  /** The update sets the role's times itself: a new length is asked for, not a side effect. */
  setsTimes: boolean;
}

export interface PayChange {
  touched: TouchedRole;
  before: number;
  after: number;
  /** The PAY_CHANGE / LEGACY_BREAK_TOTAL item that lists it. */
  issue: RuleIssue;
}

const money = (amount: number) => amount.toFixed(2);

function minutes(amount: number): string {
  const h = Math.floor(amount / 60);
  const m = Math.round(amount % 60);
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function elapsedAfter(touched: TouchedRole): number {
  return durationMinutesBetween(touched.startTime, touched.endTime, touched.zone);
}

/** "role 12 "Bartender" (job 7, 2027-03-14)" */
function roleLabel(touched: Pick<TouchedRole, 'job' | 'role'>): string {
  return `role ${touched.role.id} "${touched.role.title}" (job ${touched.job.id}, ${touched.job.date})`;
}

/**
 * A saved break must stay shorter than the role (§4.4 rule 6), and it cannot be changed (rule 7):
 * an update that makes a role no longer than its break is refused by the platform.
 */
export function checkSavedBreak(touched: TouchedRole): RuleIssue[] {
  const saved = touched.role.breakPeriod;
  if (!(saved > 0)) return [];
  let length: number;
  try {
    length = elapsedAfter(touched);
  } catch {
    return []; // times the time rules already refuse
  }
  // A role that ends before it starts is the time rules' to report.
  if (length > saved || length <= 0) return [];
  const earliestEnd = instantToWallClock(
    toEpochMs(touched.startTime, touched.zone) + (saved + 1) * 60_000,
    touched.zone,
  );
  return [
    errorIssue({
      path: touched.setsTimes ? joinPath(touched.path, 'endTime') : touched.path,
      code: 'BREAK_PERIOD',
      rule: `${RULE_BREAK_PERIOD}; ${RULE_BREAK_IMMUTABLE}`,
      detail: `${roleLabel(touched)} would last ${minutes(length)}, not longer than its saved ${saved}-minute break, which cannot be changed through the API.`,
      fix: `Keep the role longer than its break (end after "${earliestEnd}"), or create a new role with a shorter break (createJobs saves breakPeriod).`,
    }),
  ];
}

/** The pay change an update causes on this role without asking for it; undefined when there is none. */
export function payChange(touched: TouchedRole): PayChange | undefined {
  const { role } = touched;
  let length: number;
  let lengthBefore: number;
  try {
    length = elapsedAfter(touched);
    lengthBefore = durationMinutesBetween(role.startTime, role.endTime);
  } catch {
    return undefined;
  }
  const rate = touched.payRate ?? role.payRate;
  const total = (duration: number, breakMinutes: number) =>
    roleTotal({ payType: role.payType, payRate: rate, durationMinutes: duration, breakMinutes });
  const hidden = legacyBreak(role);
  const after = total(length, role.breakPeriod);
  // What the user expects: the total the update asks for, with every break the role has.
  const expected =
    touched.setsTimes || touched.payRate !== undefined
      ? total(length, hidden?.hiddenBreakMinutes ?? role.breakPeriod)
      : role.total;
  if (sameTotal(after, expected)) return undefined;

  const moved = !touched.setsTimes && Math.abs(length - lengthBefore) >= 1;
  const reasons = [
    hidden
      ? `its total includes a hidden ${hidden.hiddenBreakMinutes}-minute break (created before ${LEGACY_BREAK_FIX}, reported as breakPeriod 0) that any edit drops`
      : undefined,
    moved
      ? `keeping its wall-clock times in ${touched.zone} makes it ${minutes(length)} long instead of ${minutes(lengthBefore)} (a DST change)`
      : undefined,
  ].filter(Boolean);
  if (reasons.length === 0)
    reasons.push('the platform recalculates its total from its times, rate and break');
  const worked = length - role.breakPeriod;
  const keepRate =
    role.payType === 'HOURLY' && touched.payRate === undefined && worked > 0
      ? roundCents((role.total * 60) / worked)
      : undefined;
  // More than one cause: each with the part of the change it makes (pay-causes.ts), so that a new
  // rate's part is not blamed on the hidden break.
  const steps = payCauses(touched);
  const because = steps.length > 1 ? payCausesText(steps) : reasons.join(' and ');
  const detail = `${roleLabel(touched)}: total ${money(role.total)} → ${money(after)}, because ${because}.`;
  const spec = {
    path: touched.path,
    code: hidden ? ('LEGACY_BREAK_TOTAL' as const) : ('PAY_CHANGE' as const),
    rule: hidden
      ? RULE_LEGACY_BREAK
      : moved
        ? `${RULE_NEW_TIMEZONE}; ${RULE_PAY_SIDE_EFFECT}`
        : RULE_PAY_SIDE_EFFECT,
    detail,
    fix: `Tell the user the pay total becomes ${money(after)} and get their agreement${
      keepRate !== undefined
        ? `; to keep it at about ${money(role.total)}, also set this role's payRate to ${money(keepRate)}`
        : ''
    }.`,
  };
  return { touched, before: role.total, after, issue: warningIssue(spec) };
}

/** The confirmation an update needs when it changes pay as a side effect; undefined when it does not. */
export function payConfirmation(changes: readonly PayChange[]): Confirmation | undefined {
  if (changes.length === 0) return undefined;
  const lines = changes.map((change) => `- ${change.issue.detail}`);
  return {
    summary: `it would change the pay total of ${changes.length} role(s) as a side effect`,
    question: [
      `This update changes the pay total of ${changes.length} role(s) without setting their times or rate:`,
      ...lines,
      'Go ahead?',
    ].join('\n'),
    items: changes.map((change) => change.issue),
    // payChanges lists every total that changed, asked for or not: this counts the side effects only.
    confirmed: `Confirmed by the user: the pay total of ${changes.length} role(s) changed as a side effect.`,
  };
}

/** The totals that changed, from the jobs the platform answered with: every rewritten role, asked for or not. */
export function payChangesAfter(
  touched: readonly TouchedRole[],
  changed: readonly Pick<UpstreamJob, 'roles'>[],
): { roleId: string; jobId: string; before: number; after: number }[] {
  const after = new Map(changed.flatMap((job) => job.roles.map((role) => [role.id, role.total] as const)));
  return touched.flatMap(({ role, job }) => {
    const total = after.get(role.id);
    return total === undefined || total === role.total
      ? []
      : [{ roleId: role.id, jobId: job.id, before: role.total, after: total }];
  });
}
