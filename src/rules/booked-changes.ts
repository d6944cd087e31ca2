// What a job write does to the people already on its roles, and the per-role change it makes, so
// that a pay or time change never surprises (our own rules, not the platform's; docs/RULES.md,
// "The server's own rules"):
//   - one payRate value given to roles of different pay types is refused: updateJobs cannot change
//     a pay type, so "30/h" would pay a FIXED role 30 in total;
//   - lowering the total of a role with BOOKED crew, a rate of 0, and moving BOOKED crew's shifts
//     in real time need the user's confirmation, each role listed before and after;
//   - the per-role change (times local and UTC, rate, total, crew on it, side effects) is one shape
//     for a dry run (predicted from the plan) and for the real call (read from the answer).

import type { UpstreamJob, UpstreamRole } from '../contract/upstream.js';
import { errorIssue, joinPath, type RuleIssue, warningIssue } from './issues.js';
import { durationMinutesBetween, roleTotal } from './pay.js';
import { type PayChange, payConfirmation, type TouchedRole } from './pay-changes.js';
import { formatUtc, instantToWallClock, toEpochMs } from './time.js';
import type { Confirmation } from './verdict.js';

export const RULE_ONE_RATE_ONE_PAY_TYPE =
  'updateJobs cannot change a pay type: a payRate is per hour on an HOURLY role and the whole pay on a FIXED one';
export const RULE_BOOKED_CHANGE =
  'crew-mcp: a lower total or a moved shift for BOOKED crew, and a rate of 0, need the user';

/** Statuses of crew waiting for a decision on the role. */
const PENDING = new Set(['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST']);

/** Crew on a role: BOOKED, and pending (applied, invited, shortlisted, waiting list). */
export function crewOnRole(role: Pick<UpstreamRole, 'crewJobs'>): { booked: number; pending: number } {
  let booked = 0;
  let pending = 0;
  for (const crewJob of role.crewJobs ?? []) {
    if (crewJob.status === 'BOOKED') booked++;
    else if (PENDING.has(crewJob.status)) pending++;
  }
  return { booked, pending };
}

/** A role as it is, or as it will be: its zone, instants, rate and total. */
export interface RoleState {
  zone: string;
  startMs: number;
  endMs: number;
  payRate: number;
  total: number;
}

export function stateOf(job: Pick<UpstreamJob, 'timezone'>, role: UpstreamRole): RoleState {
  return {
    zone: job.timezone,
    startMs: toEpochMs(role.startTime),
    endMs: toEpochMs(role.endTime),
    payRate: role.payRate,
    total: role.total,
  };
}

/** What the platform will make of a role the update rewrites (§4.4 rules 4, 6, 7). */
export function predictedState(touched: TouchedRole): RoleState {
  const { role } = touched;
  const payRate = touched.payRate ?? role.payRate;
  const length = durationMinutesBetween(touched.startTime, touched.endTime, touched.zone);
  return {
    zone: touched.zone,
    startMs: toEpochMs(touched.startTime, touched.zone),
    endMs: toEpochMs(touched.endTime, touched.zone),
    payRate,
    // The saved break: a legacy role reports 0 and loses its hidden one (rule 7).
    total: roleTotal({
      payType: role.payType,
      payRate,
      durationMinutes: length,
      breakMinutes: role.breakPeriod,
    }),
  };
}

/** Times before (absent for a role being created) and after, local and UTC. */
export interface TimeChange {
  before?: string;
  after: string;
  beforeUtc?: string;
  afterUtc: string;
}

export interface RoleChange {
  roleId?: string;
  jobId?: string;
  /** The input role, for a role being created. */
  path?: string;
  title: string;
  payType: string;
  start?: TimeChange;
  end?: TimeChange;
  payRate?: { before?: number; after: number };
  total?: { before?: number; after: number };
  booked?: number;
  pending?: number;
  /** Side effects: legacy break dropped, DST length change, moved with its multi-day job. */
  effects?: string[];
}

function timeChange(beforeMs: number, beforeZone: string, afterMs: number, afterZone: string) {
  const before = instantToWallClock(beforeMs, beforeZone);
  const after = instantToWallClock(afterMs, afterZone);
  if (beforeMs === afterMs && before === after) return undefined;
  return { before, after, beforeUtc: formatUtc(beforeMs), afterUtc: formatUtc(afterMs) };
}

/** One role's change, fields left out when unchanged; undefined when nothing of it changes. */
export function roleChange(
  job: UpstreamJob,
  role: UpstreamRole,
  after: RoleState,
  effects: readonly string[] = [],
): RoleChange | undefined {
  const before = stateOf(job, role);
  const start = timeChange(before.startMs, before.zone, after.startMs, after.zone);
  const end = timeChange(before.endMs, before.zone, after.endMs, after.zone);
  const payRate =
    before.payRate === after.payRate ? undefined : { before: before.payRate, after: after.payRate };
  const total =
    Math.abs(before.total - after.total) < 0.005 ? undefined : { before: before.total, after: after.total };
  if (!start && !end && !payRate && !total && effects.length === 0) return undefined;
  const { booked, pending } = crewOnRole(role);
  return {
    roleId: role.id,
    jobId: job.id,
    title: role.title,
    payType: role.payType,
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    ...(payRate ? { payRate } : {}),
    ...(total ? { total } : {}),
    ...(booked ? { booked } : {}),
    ...(pending ? { pending } : {}),
    ...(effects.length ? { effects: [...effects] } : {}),
  };
}

/** Each rewritten role's change as the platform answered (`changed`), in the dry run's shape. */
export function answeredChanges(
  touched: readonly TouchedRole[],
  effects: ReadonlyMap<string, readonly string[]>,
  changed: readonly UpstreamJob[],
): RoleChange[] {
  const answered = new Map(
    changed.flatMap((job) => job.roles.map((role) => [role.id, stateOf(job, role)] as const)),
  );
  return touched.flatMap(({ job, role }) => {
    const after = answered.get(role.id);
    return (after && roleChange(job, role, after, effects.get(role.id))) || [];
  });
}

/** The side effects of an update on one role, as the change lists them. */
export function sideEffects(
  touched: TouchedRole,
  sideEffect: PayChange | undefined,
  named: ReadonlySet<string>,
): string[] {
  const effects: string[] = [];
  if (sideEffect?.issue.code === 'LEGACY_BREAK_TOTAL')
    effects.push('hidden legacy break dropped: any edit recomputes the total without it');
  else if (sideEffect) effects.push('length changed by a clock change (DST) in the new zone');
  if (!named.has(touched.job.id))
    effects.push(`moved with multi-day job ${touched.job.multiDayJobId}, whose jobs share one timezone`);
  return effects;
}

const label = (job: Pick<UpstreamJob, 'id' | 'date'>, role: Pick<UpstreamRole, 'id' | 'title'>) =>
  `role ${role.id} "${role.title}" (job ${job.id}, ${job.date})`;

/**
 * One payRate value given to roles of different pay types: refused, the roles listed per pay type
 * (updateJobs cannot change a pay type, so one rate means different things).
 */
export function mixedPayTypeIssues(
  rated: readonly { path: string; job: UpstreamJob; role: UpstreamRole; payRate: number }[],
): RuleIssue[] {
  const byRate = new Map<number, typeof rated>();
  for (const entry of rated) byRate.set(entry.payRate, [...(byRate.get(entry.payRate) ?? []), entry]);
  return [...byRate].flatMap(([rate, entries]) => {
    const types = [...new Set(entries.map((entry) => entry.role.payType))].sort();
    if (types.length < 2) return [];
    const lists = types.map(
      (type) =>
        `${type}: ${entries
          .filter((entry) => entry.role.payType === type)
          .map((entry) => label(entry.job, entry.role))
          .join(', ')}`,
    );
    return [
      errorIssue({
        path: entries[0]!.path,
        code: 'PAY_TYPE_MIX',
        rule: RULE_ONE_RATE_ONE_PAY_TYPE,
        detail: `payRate ${rate} is given to roles of ${types.length} pay types (${lists.join('; ')}); it would pay ${rate} per hour on the HOURLY roles and ${rate} in total on the FIXED ones.`,
        fix: 'Ask the user which pay is meant, then give each pay type its own payRate (a FIXED rate is the whole pay per person), or leave those roles out.',
      }),
    ];
  });
}

const money = (amount: number) => amount.toFixed(2);

/**
 * What a change does to BOOKED crew, or a rate of 0: one warning per role, each with the role
 * before and after. The confirmation lists them.
 */
export function bookedChangeIssues(
  change: RoleChange,
  before: RoleState,
  after: RoleState,
  path: string,
  /** What makes the total change, cause by cause (pay-causes.ts), when known. */
  causes?: string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const booked = change.booked ?? 0;
  const role = `role ${change.roleId} "${change.title}" (job ${change.jobId}, ${change.payType})`;
  if (booked > 0 && after.total < before.total)
    issues.push(
      warningIssue({
        path,
        code: 'BOOKED_PAY_CUT',
        rule: RULE_BOOKED_CHANGE,
        detail: `${role}: total per person ${money(before.total)} → ${money(after.total)} for ${booked} BOOKED crew${causes ? `: ${causes}` : ''}.`,
        fix: 'Tell the user the booked crew would be paid less, and get their agreement.',
      }),
    );
  if (change.payRate && change.payRate.after === 0)
    issues.push(
      warningIssue({
        path: joinPath(path, 'payRate'),
        code: 'ZERO_RATE',
        rule: RULE_BOOKED_CHANGE,
        detail: `${role}: payRate ${change.payRate.before} → 0, so the role pays nothing.`,
        fix: 'Confirm with the user that the role is unpaid, or give its rate.',
      }),
    );
  if (booked > 0 && (before.startMs !== after.startMs || before.endMs !== after.endMs))
    issues.push(
      warningIssue({
        path,
        code: 'BOOKED_SHIFT_MOVED',
        rule: RULE_BOOKED_CHANGE,
        detail: `${role}: ${booked} BOOKED crew would work ${formatUtc(after.startMs)} to ${formatUtc(after.endMs)} instead of ${formatUtc(before.startMs)} to ${formatUtc(before.endMs)}.`,
        fix: 'Tell the user the booked crew would work other hours, and get their agreement.',
      }),
    );
  return issues;
}

interface CreatedRoleLike {
  title?: string;
  startTime: string;
  endTime: string;
  payType?: string | null;
  payRate?: number | null;
  breakPeriod?: number | null;
}

/** A role createJobs would make (`zone` its job's effective zone), in the change shape. */
export function newRoleChange(role: CreatedRoleLike, zone: string, path: string): RoleChange {
  const startMs = toEpochMs(role.startTime, zone);
  const endMs = toEpochMs(role.endTime, zone);
  const payType = role.payType ?? 'HOURLY';
  const payRate = role.payRate ?? 0;
  const durationMinutes = (endMs - startMs) / 60_000;
  return {
    path,
    title: role.title ?? '',
    payType,
    start: { after: instantToWallClock(startMs, zone), afterUtc: formatUtc(startMs) },
    end: { after: instantToWallClock(endMs, zone), afterUtc: formatUtc(endMs) },
    payRate: { after: payRate },
    total: { after: roleTotal({ payType, payRate, durationMinutes, breakMinutes: role.breakPeriod ?? 0 }) },
  };
}

/** The roles createJobs made, in the order of the input, in the change shape. */
export function createdChanges(created: readonly UpstreamJob[]): RoleChange[] {
  return created.flatMap((job, jobIndex) =>
    job.roles.map((role, roleIndex) => {
      const { startMs, endMs } = stateOf(job, role);
      return {
        path: joinPath('jobs', jobIndex, 'roles', roleIndex),
        title: role.title,
        payType: role.payType,
        start: { after: instantToWallClock(startMs, job.timezone), afterUtc: formatUtc(startMs) },
        end: { after: instantToWallClock(endMs, job.timezone), afterUtc: formatUtc(endMs) },
        payRate: { after: role.payRate },
        total: { after: role.total },
      };
    }),
  );
}

/** A createJobs role without a rate, or with 0, pays nothing (the platform's default rate is 0). */
export function zeroRateIssues(
  jobs: readonly { title?: string; roles?: readonly { title?: string; payRate?: number | null }[] | null }[],
): RuleIssue[] {
  return jobs.flatMap((job, jobIndex) =>
    (job.roles ?? []).flatMap((role, roleIndex) =>
      role.payRate === undefined || role.payRate === null || role.payRate === 0
        ? [
            warningIssue({
              path: joinPath('jobs', jobIndex, 'roles', roleIndex, 'payRate'),
              code: 'ZERO_RATE',
              rule: RULE_BOOKED_CHANGE,
              detail: `role "${role.title ?? ''}" of job "${job.title ?? ''}" would pay ${role.payRate === 0 ? 'a rate of 0' : 'nothing: no payRate given, and the platform saves 0'}.`,
              fix: 'Give the role its payRate, or confirm with the user that it is unpaid.',
            }),
          ]
        : [],
    ),
  );
}

/**
 * One confirmation for everything an update needs the user for: side-effect pay changes (§4.4
 * rules 4, 6, 7) and changes to booked crew or rates of 0. Each count says what it counts.
 */
export function changeConfirmation(
  payChanges: readonly PayChange[],
  others: readonly RuleIssue[],
): Confirmation | undefined {
  // Side effects alone: the confirmation as it always was.
  if (others.length === 0) return payConfirmation(payChanges);
  const count = (code: string) => others.filter((issue) => issue.code === code).length;
  // The people a move affects (move-clashes.ts): one item per person with a new clash or short rest.
  const clashes = count('CREW_CLASH') + count('CREW_SHORT_REST');
  const parts = [
    payChanges.length
      ? `it would change the pay total of ${payChanges.length} role(s) as a side effect`
      : undefined,
    count('BOOKED_PAY_CUT')
      ? `it lowers the total of ${count('BOOKED_PAY_CUT')} role(s) with BOOKED crew`
      : undefined,
    count('BOOKED_SHIFT_MOVED')
      ? `it moves the shifts of BOOKED crew on ${count('BOOKED_SHIFT_MOVED')} role(s)`
      : undefined,
    count('ZERO_RATE') ? `it gives ${count('ZERO_RATE')} role(s) a rate of 0` : undefined,
    count('PENDING_SHIFT_MOVED')
      ? `it moves the shifts of pending crew on ${count('PENDING_SHIFT_MOVED')} role(s)`
      : undefined,
    clashes ? `it gives ${clashes} person(s) a new clash or short rest` : undefined,
  ].filter((part): part is string => part !== undefined);
  const items = [...payChanges.map((change) => change.issue), ...others];
  return {
    summary: parts.join('; '),
    question: [
      `This change needs your agreement: ${parts.join('; ')}.`,
      ...items.map((item) => `- ${item.detail}`),
      'Go ahead?',
    ].join('\n'),
    items,
    confirmed: `Confirmed by the user: ${[
      payChanges.length
        ? `the pay total of ${payChanges.length} role(s) changed as a side effect`
        : undefined,
      count('BOOKED_PAY_CUT')
        ? `the total of ${count('BOOKED_PAY_CUT')} role(s) with BOOKED crew lowered`
        : undefined,
      count('BOOKED_SHIFT_MOVED')
        ? `the shifts of BOOKED crew on ${count('BOOKED_SHIFT_MOVED')} role(s) moved`
        : undefined,
      count('ZERO_RATE') ? `${count('ZERO_RATE')} role(s) at a rate of 0` : undefined,
      count('PENDING_SHIFT_MOVED')
        ? `the shifts of pending crew on ${count('PENDING_SHIFT_MOVED')} role(s) moved`
        : undefined,
      clashes ? `${clashes} person(s) given a new clash or short rest` : undefined,
    ]
      .filter(Boolean)
      .join('; ')}.`,
  };
}
