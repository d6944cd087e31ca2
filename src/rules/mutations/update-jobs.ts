// updateJobs, planned before sending (§4.4 rules 2, 4-7). The facts it needs: the jobs as the
// platform has them now, and, for a timezone change of a multi-day job, every day of the group
// whatever its span (rule 5: the new zone applies to all of them). Every role the update rewrites
// is checked in the zone it will have: an edited role like a new one, every role of every moved
// day for DST gaps and overlaps of the new zone (rule 4), each against its saved break (rules
// 6-7); a pay total that changes without the update asking for it needs the user's confirmation.

import type { UpstreamJob, UpstreamRole } from '../../contract/upstream.js';
import {
  bookedChangeIssues,
  changeConfirmation,
  mixedPayTypeIssues,
  predictedState,
  type RoleChange,
  roleChange,
  sideEffects,
  stateOf,
} from '../booked-changes.js';
import { wholeNumberIssues } from '../input-shape.js';
import { errorIssue, joinPath, type RuleIssue } from '../issues.js';
import { checkTimezoneUpdates } from '../multi-day.js';
import { checkBreakPeriodUpdate, checkPayRate } from '../pay.js';
import { payCauses, payCausesText } from '../pay-causes.js';
import { checkSavedBreak, type PayChange, payChange, type TouchedRole } from '../pay-changes.js';
import {
  analyzeRoleTimes,
  checkTimeZone,
  checkTimezoneChange,
  instantToWallClock,
  timeZoneNotes,
} from '../time.js';
import { type Facts, plan, refuseOrNeed, type Verdict } from '../verdict.js';

export interface RoleEditLike {
  id: string;
  title?: string;
  startTime?: string;
  endTime?: string;
  quantity?: number;
  payRate?: number;
  breakPeriod?: unknown;
}

export interface JobEditLike {
  id: string;
  title?: string;
  location?: string;
  timezone?: string;
  roles?: readonly RoleEditLike[];
}

export interface JobUpdatePlan {
  /** Every job whose timezone changes (the named ones and the rest of their groups), with its new zone. */
  moved: { job: UpstreamJob; zone: string }[];
  /** Every role the update rewrites, with its total before (to report the totals after). */
  touched: TouchedRole[];
  /** The side-effect pay changes the confirmation lists. */
  payChanges: PayChange[];
  /** The change the platform will make to each rewritten role, as the result reports it. */
  changes: RoleChange[];
  /** Side effects per role id, for the change read from the platform's answer. */
  effects: Map<string, string[]>;
}

const wall = (instant: string, zone: string) => instantToWallClock(instant, zone);

/** Rules that need no data: timezone names, the break and rate of each role edit, duplicates. */
function inputIssues(jobs: readonly JobEditLike[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const firstJob = new Map<string, number>();
  jobs.forEach((edit, jobIndex) => {
    const path = joinPath('jobs', jobIndex);
    issues.push(...duplicateIssue(firstJob, edit.id, jobIndex, joinPath(path, 'id'), 'jobs', 'job'));
    if (edit.timezone !== undefined) {
      const zonePath = joinPath(path, 'timezone');
      issues.push(...checkTimeZone(edit.timezone, zonePath), ...timeZoneNotes(edit.timezone, zonePath));
    }
    const firstRole = new Map<string, number>();
    (edit.roles ?? []).forEach((role, roleIndex) => {
      const rolePath = joinPath(path, 'roles', roleIndex);
      issues.push(
        ...duplicateIssue(
          firstRole,
          role.id,
          roleIndex,
          joinPath(rolePath, 'id'),
          joinPath(path, 'roles'),
          'role',
        ),
        ...checkBreakPeriodUpdate(role.breakPeriod, joinPath(rolePath, 'breakPeriod')),
        ...checkPayRate(role.payRate, joinPath(rolePath, 'payRate')),
        ...wholeNumberIssues(role.quantity, joinPath(rolePath, 'quantity')),
      );
    });
  });
  return issues;
}

function duplicateIssue(
  seen: Map<string, number>,
  id: string,
  index: number,
  path: string,
  list: string,
  noun: string,
): RuleIssue[] {
  const first = seen.get(id);
  if (first === undefined) {
    seen.set(id, index);
    return [];
  }
  return [
    errorIssue({
      path,
      code: 'DUPLICATE_ID',
      rule: `updateJobs: each ${noun} once per call`,
      detail: `${noun} ${id} is listed again; ${joinPath(list, first)} already edits it.`,
      fix: `Merge the two edits of ${noun} ${id} into one.`,
    }),
  ];
}

/** One payRate value for roles of different pay types (the platform cannot change a pay type). */
function payTypeIssues(jobs: readonly JobEditLike[], current: ReadonlyMap<string, UpstreamJob>): RuleIssue[] {
  return mixedPayTypeIssues(
    jobs.flatMap((edit, jobIndex) => {
      const job = current.get(edit.id);
      return (edit.roles ?? []).flatMap((roleEdit, roleIndex) => {
        const role = job?.roles.find((existing) => existing.id === roleEdit.id);
        return job && role && roleEdit.payRate !== undefined
          ? [
              {
                path: joinPath('jobs', jobIndex, 'roles', roleIndex, 'payRate'),
                job,
                role,
                payRate: roleEdit.payRate,
              },
            ]
          : [];
      });
    }),
  );
}

/** Each rewritten role's change as predicted, and what of it needs the user (booked crew, a rate of 0). */
function predictedChanges(
  touched: readonly TouchedRole[],
  payChanges: readonly PayChange[],
  named: ReadonlySet<string>,
): { changes: RoleChange[]; effects: Map<string, string[]>; issues: RuleIssue[] } {
  const bySideEffect = new Map(payChanges.map((change) => [change.touched.role.id, change]));
  const changes: RoleChange[] = [];
  const effects = new Map<string, string[]>();
  const issues: RuleIssue[] = [];
  for (const role of touched) {
    const before = stateOf(role.job, role.role);
    const after = predictedState(role);
    const roleEffects = sideEffects(role, bySideEffect.get(role.role.id), named);
    effects.set(role.role.id, roleEffects);
    const change = roleChange(role.job, role.role, after, roleEffects);
    if (!change) continue;
    changes.push(change);
    issues.push(...bookedChangeIssues(change, before, after, role.path, payCausesText(payCauses(role))));
  }
  return { changes, effects, issues };
}

/** Ids the platform does not have. */
function unknownIds(jobs: readonly JobEditLike[], current: ReadonlyMap<string, UpstreamJob>): RuleIssue[] {
  return jobs.flatMap((edit, jobIndex) => {
    const job = current.get(edit.id);
    if (!job)
      return [
        errorIssue({
          path: joinPath('jobs', jobIndex, 'id'),
          code: 'UNKNOWN_JOB',
          rule: 'updateJobs: the job must exist',
          detail: `no job with id ${edit.id}.`,
          fix: 'Use the id of an existing job.',
        }),
      ];
    return (edit.roles ?? []).flatMap((role, roleIndex) =>
      job.roles.some((existing) => existing.id === role.id)
        ? []
        : [
            errorIssue({
              path: joinPath('jobs', jobIndex, 'roles', roleIndex, 'id'),
              code: 'UNKNOWN_ROLE',
              rule: 'updateJobs: a role edit names a role of that job',
              detail: `job ${job.id} has no role with id ${role.id}.`,
              fix: `Use the id of one of job ${job.id}'s roles.`,
            }),
          ],
    );
  });
}

/**
 * A role edit (rule 2 and the order and length limits): the new times merged with the unchanged
 * ones and checked like a new role, in the job's zone after the update. An unchanged time keeps
 * its wall clock in the job's zone now (`fromZone`), as a timezone change keeps it (rule 4).
 */
export function checkRoleEdit(input: {
  role: Pick<UpstreamRole, 'startTime' | 'endTime'>;
  edit: Pick<RoleEditLike, 'startTime' | 'endTime'>;
  jobDate: string;
  fromZone: string;
  toZone: string;
  path: string;
}): RuleIssue[] {
  if (!input.edit.startTime && !input.edit.endTime) return [];
  return analyzeRoleTimes({
    jobDate: input.jobDate,
    timeZone: input.toZone,
    startTime: input.edit.startTime ?? wall(input.role.startTime, input.fromZone),
    endTime: input.edit.endTime ?? wall(input.role.endTime, input.fromZone),
    path: input.path,
  }).issues;
}

interface Move {
  zone: string;
  path: string;
}

/** The zone every affected job gets (rule 5: one new zone for a whole group), and the group rules' issues. */
function newZones(
  jobs: readonly JobEditLike[],
  current: ReadonlyMap<string, UpstreamJob>,
  groups: ReadonlyMap<string, readonly UpstreamJob[]>,
): { moves: Map<string, Move>; moved: UpstreamJob[]; issues: RuleIssue[] } {
  const moves = new Map<string, Move>();
  const moved: UpstreamJob[] = [];
  const linked: UpstreamJob[] = [];
  jobs.forEach((edit, jobIndex) => {
    const job = current.get(edit.id)!;
    if (edit.timezone === undefined || edit.timezone === job.timezone) return;
    const group = job.multiDayJobId ? (groups.get(job.multiDayJobId) ?? [job]) : [job];
    linked.push(...group);
    for (const member of group) {
      if (moves.has(member.id)) continue; // a conflicting zone for the same group is reported below
      moves.set(member.id, { zone: edit.timezone, path: joinPath('jobs', jobIndex, 'timezone') });
      moved.push(member);
    }
  });
  const issues = checkTimezoneUpdates(
    jobs.map((edit) => {
      const job = current.get(edit.id)!;
      return {
        id: edit.id,
        multiDayJobId: job.multiDayJobId,
        timezone: edit.timezone,
        currentTimezone: job.timezone,
      };
    }),
    linked,
  );
  return { moves, moved, issues };
}

/** Every role the update rewrites: the roles of moved days (wall clocks kept) and the edited ones. */
function touchedRoles(
  jobs: readonly JobEditLike[],
  current: ReadonlyMap<string, UpstreamJob>,
  moves: ReadonlyMap<string, Move>,
  moved: readonly UpstreamJob[],
): TouchedRole[] {
  const touched = new Map<string, TouchedRole>();
  for (const job of moved) {
    const move = moves.get(job.id)!;
    for (const role of job.roles) {
      touched.set(role.id, {
        path: move.path,
        job,
        role,
        zone: move.zone,
        startTime: wall(role.startTime, job.timezone),
        endTime: wall(role.endTime, job.timezone),
        setsTimes: false,
      });
    }
  }
  jobs.forEach((edit, jobIndex) => {
    const job = current.get(edit.id)!;
    const zone = moves.get(job.id)?.zone ?? job.timezone;
    (edit.roles ?? []).forEach((roleEdit, roleIndex) => {
      const role = job.roles.find((existing) => existing.id === roleEdit.id)!;
      touched.set(role.id, {
        path: joinPath('jobs', jobIndex, 'roles', roleIndex),
        job,
        role,
        zone,
        startTime: roleEdit.startTime ?? wall(role.startTime, job.timezone),
        endTime: roleEdit.endTime ?? wall(role.endTime, job.timezone),
        payRate: roleEdit.payRate,
        setsTimes: Boolean(roleEdit.startTime || roleEdit.endTime),
      });
    });
  });
  return [...touched.values()];
}

/**
 * Every role the update rewrites, in the zone it will have (rule 4): the roles of every moved day
 * keep their wall clocks in the new zone; an edited role is checked at its new times instead.
 */
function rewrittenRoleIssues(
  jobs: readonly JobEditLike[],
  current: ReadonlyMap<string, UpstreamJob>,
  moves: ReadonlyMap<string, Move>,
  moved: readonly UpstreamJob[],
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const edited = new Set(
    jobs.flatMap((edit) =>
      (edit.roles ?? []).filter((role) => role.startTime || role.endTime).map((role) => role.id),
    ),
  );
  for (const job of moved) {
    const move = moves.get(job.id)!;
    issues.push(
      ...checkTimezoneChange({
        fromZone: job.timezone,
        toZone: move.zone,
        path: move.path,
        // An edited role is checked at its new times below.
        roles: job.roles
          .filter((role) => !edited.has(role.id))
          .map((role) => ({
            ...role,
            label: `role ${role.id} of job ${job.id} (${job.date})`,
            jobDate: job.date,
          })),
      }),
    );
  }
  jobs.forEach((edit, jobIndex) => {
    const job = current.get(edit.id)!;
    (edit.roles ?? []).forEach((roleEdit, roleIndex) => {
      const role = job.roles.find((existing) => existing.id === roleEdit.id)!;
      issues.push(
        ...checkRoleEdit({
          role,
          edit: roleEdit,
          jobDate: job.date,
          fromZone: job.timezone,
          toZone: moves.get(job.id)?.zone ?? job.timezone,
          path: joinPath('jobs', jobIndex, 'roles', roleIndex),
        }),
      );
    });
  });
  return issues;
}

/**
 * The updateJobs checker: refuse, ask for the jobs (then for the multi-day groups a timezone
 * change moves), or the payload with what it moves, the roles it rewrites and the confirmation a
 * side-effect pay change needs.
 */
export function planJobUpdate<T extends { jobs: readonly JobEditLike[] }>(
  input: T,
  facts: Facts,
): Verdict<{ jobs: T['jobs'] }, JobUpdatePlan> {
  const issues = inputIssues(input.jobs);
  const needJobs = refuseOrNeed(
    issues,
    facts.jobs ? undefined : { jobs: [...new Set(input.jobs.map((job) => job.id))] },
  );
  if (needJobs) return needJobs;
  const current = facts.jobs!;
  issues.push(...unknownIds(input.jobs, current), ...payTypeIssues(input.jobs, current));
  const ungrouped = input.jobs
    .map((edit) => ({ edit, job: current.get(edit.id) }))
    .filter(
      ({ edit, job }) => job?.multiDayJobId && edit.timezone !== undefined && edit.timezone !== job.timezone,
    )
    .map(({ job }) => job!)
    .filter((job) => !facts.groups?.has(job.multiDayJobId!));
  const needGroups = refuseOrNeed(issues, ungrouped.length ? { groupsOf: ungrouped } : undefined);
  if (needGroups) return needGroups;

  const { moves, moved, issues: groupIssues } = newZones(input.jobs, current, facts.groups ?? new Map());
  issues.push(...groupIssues);
  issues.push(...rewrittenRoleIssues(input.jobs, current, moves, moved));
  const touched = touchedRoles(input.jobs, current, moves, moved);
  issues.push(...touched.flatMap(checkSavedBreak));
  const refused = refuseOrNeed(issues, undefined);
  if (refused) return refused;

  const payChanges = touched.flatMap((role) => payChange(role) ?? []);
  const named = new Set(input.jobs.map((edit) => String(edit.id)));
  const predicted = predictedChanges(touched, payChanges, named);
  return plan({ jobs: input.jobs }, issues, {
    moved: moved.map((job) => ({ job, zone: moves.get(job.id)!.zone })),
    touched,
    payChanges,
    changes: predicted.changes,
    effects: predicted.effects,
    confirm: changeConfirmation(payChanges, predicted.issues),
  });
}
