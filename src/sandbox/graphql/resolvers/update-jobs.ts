// updateJobs (platform-api.md §4.4 rules 4, 5, 7): drafts the new state of every affected job
// (the named ones and, on a timezone change, the other days of their multi-day job), validates
// it, and writes it only when everything is valid.
//
// Timezone change: each role keeps its local wall-clock times; the UTC instants are recomputed.
// Role edits (title, startTime, endTime, quantity, payRate) are read in the job's new timezone.
// Any role rewritten either way is "edited": its total is recomputed, and a legacy role's hidden
// break is dropped (rule 7), since the API cannot set a break.

import type { Job, Role, SandboxStore } from '../../store.js';
import type { ResolverContext } from '../context.js';
import { joinPath, MutationErrors } from '../errors.js';
import type { UpdateJobInput, UpdateJobsInput, UpdateRoleInput } from '../inputs.js';
import { presentJob } from '../present-jobs.js';
import { breakPeriodProblem, durationMinutes, isLegacyRole, payTotal } from '../rules/pay.js';
import { readWallClock, resolveRoleTimes } from '../rules/role-times.js';
import { canonicalTimezone, timezoneProblem, utcToLocal, wallClockToUtc } from '../rules/wall-clock.js';

interface JobDraft {
  job: Job;
  title: string;
  location: string | null;
  timezone: string;
  /** Path of the input that set the timezone (for errors about this job's roles). */
  timezonePath: string | null;
  roles: Map<string, Role>;
  /** Rewritten roles, each with the input path to blame for a problem with it. */
  edited: Map<string, string>;
}

export function updateJobs(_: unknown, args: { input: UpdateJobsInput }, ctx: ResolverContext) {
  const { store, caller } = ctx;
  const errors = new MutationErrors();
  const drafts = new Map<string, JobDraft>();
  const namedIds: string[] = [];
  const draftOf = (job: Job): JobDraft => {
    let draft = drafts.get(job.id);
    if (!draft) {
      const roles = new Map(store.rolesOfJob(job).map((r) => [r.id, { ...r }]));
      draft = {
        job,
        title: job.title,
        location: job.location,
        timezone: job.timezone,
        timezonePath: null,
        roles,
        edited: new Map(),
      };
      drafts.set(job.id, draft);
    }
    return draft;
  };

  // Pass 1: find the jobs, job-level fields and timezone changes (which spread to the group).
  const named: (JobDraft | null)[] = args.input.jobs.map((input, jobIndex) => {
    const job = store.jobOf(caller.companyId, input.id);
    if (!job) {
      errors.notFound(joinPath('jobs', jobIndex, 'id'), `no job with id ${input.id}`);
      return null;
    }
    if (namedIds.includes(job.id)) {
      errors.add(joinPath('jobs', jobIndex, 'id'), `job ${job.id} is listed more than once`);
      return null;
    }
    namedIds.push(job.id);
    const draft = draftOf(job);
    applyJobFields(draft, input, jobIndex, errors);
    if (input.timezone != null) applyTimezone(store, draft, input.timezone, jobIndex, errors, draftOf);
    return draft;
  });
  if (args.input.jobs.length === 0) errors.add('jobs', 'give at least one job');

  // Pass 2: rewrite role times for new timezones, then apply role edits.
  for (const draft of drafts.values()) {
    if (draft.timezone !== draft.job.timezone) moveRolesToTimezone(draft, errors);
  }
  args.input.jobs.forEach((input, jobIndex) => {
    const draft = named[jobIndex];
    if (draft) applyRoleEdits(draft, input.roles ?? [], jobIndex, errors);
  });
  for (const draft of drafts.values()) recomputeTotals(draft, errors);
  if (errors.any) return errors.failure({ jobs: [] });

  // The answer lists the named jobs, then other days of their multi-day jobs that moved zone.
  const siblings = [...drafts.values()]
    .filter((d) => !namedIds.includes(d.job.id) && d.timezone !== d.job.timezone)
    .map((d) => d.job.id);
  const now = store.nowIso();
  const changed = [...namedIds, ...siblings].map((id) => commitDraft(store, drafts.get(id)!, now));
  const presented = changed.map((job) => presentJob(store, job));
  for (const job of presented) ctx.publish('job.updated', job);
  return { success: true, errors: null, errorCodes: null, jobs: presented };
}

function applyJobFields(
  draft: JobDraft,
  input: UpdateJobInput,
  jobIndex: number,
  errors: MutationErrors,
): void {
  if (input.title != null) {
    if (!input.title.trim()) errors.add(joinPath('jobs', jobIndex, 'title'), 'title must not be empty');
    draft.title = input.title.trim();
  }
  if (input.location !== undefined) draft.location = input.location;
}

/** §4.4 rule 5: the timezone of one day of a multi-day job applies to every day of it. */
function applyTimezone(
  store: SandboxStore,
  draft: JobDraft,
  requested: string,
  jobIndex: number,
  errors: MutationErrors,
  draftOf: (job: Job) => JobDraft,
): void {
  const path = joinPath('jobs', jobIndex, 'timezone');
  const timezone = canonicalTimezone(requested);
  if (!timezone) {
    errors.add(path, timezoneProblem(requested));
    return;
  }
  const group = draft.job.multiDayJobId
    ? store.jobsOfMultiDay(draft.job.companyId, draft.job.multiDayJobId)
    : [draft.job];
  for (const member of group) {
    const memberDraft = draftOf(member);
    if (memberDraft.timezonePath && memberDraft.timezone !== timezone) {
      errors.add(
        path,
        `conflicts with ${memberDraft.timezonePath} (${memberDraft.timezone}): the days of a multi-day job share one timezone`,
      );
      return;
    }
    memberDraft.timezone = timezone;
    memberDraft.timezonePath = path;
  }
}

/** §4.4 rule 4: keep each role's local wall-clock times, recompute UTC in the new zone. */
function moveRolesToTimezone(draft: JobDraft, errors: MutationErrors): void {
  for (const role of draft.roles.values()) {
    const start = wallClockToUtc(utcToLocal(role.startUtc, draft.job.timezone), draft.timezone);
    const end = wallClockToUtc(utcToLocal(role.endUtc, draft.job.timezone), draft.timezone);
    const failure = !start.ok ? start : !end.ok ? end : null;
    if (failure && !failure.ok) {
      errors.add(draft.timezonePath!, `role ${role.id} of job ${draft.job.id}: ${failure.message}`);
      continue;
    }
    if (start.ok && end.ok) {
      role.startUtc = new Date(start.utcMs).toISOString();
      role.endUtc = new Date(end.utcMs).toISOString();
      draft.edited.set(role.id, draft.timezonePath!);
    }
  }
}

function applyRoleEdits(
  draft: JobDraft,
  edits: UpdateRoleInput[],
  jobIndex: number,
  errors: MutationErrors,
): void {
  const seen = new Set<string>();
  edits.forEach((edit, roleIndex) => {
    const path = (field: string) => joinPath('jobs', jobIndex, 'roles', roleIndex, field);
    const role = draft.roles.get(edit.id);
    if (!role) {
      errors.notFound(path('id'), `job ${draft.job.id} has no role with id ${edit.id}`);
      return;
    }
    if (seen.has(role.id)) {
      errors.add(path('id'), `role ${role.id} is listed more than once`);
      return;
    }
    seen.add(role.id);
    draft.edited.set(role.id, joinPath('jobs', jobIndex, 'roles', roleIndex));
    if (edit.title != null) {
      if (!edit.title.trim()) errors.add(path('title'), 'title must not be empty');
      role.title = edit.title.trim();
    }
    if (edit.quantity != null) {
      if (edit.quantity < 1) errors.add(path('quantity'), 'quantity must be 1 or more');
      role.quantity = edit.quantity;
    }
    if (edit.payRate != null) {
      if (!Number.isFinite(edit.payRate) || edit.payRate < 0)
        errors.add(path('payRate'), 'payRate must be 0 or more');
      role.payRate = edit.payRate;
    }
    if (edit.startTime != null || edit.endTime != null) {
      // An omitted end (or start) keeps its current local wall-clock time.
      const start =
        edit.startTime != null
          ? readWallClock(edit.startTime, path('startTime'), errors)
          : utcToLocal(role.startUtc, draft.timezone);
      const end =
        edit.endTime != null
          ? readWallClock(edit.endTime, path('endTime'), errors)
          : utcToLocal(role.endUtc, draft.timezone);
      if (!start || !end) return;
      const times = resolveRoleTimes(
        { start, end },
        {
          date: draft.job.date,
          timezone: draft.timezone,
          startPath: path('startTime'),
          endPath: path('endTime'),
          errors,
        },
      );
      if (times) Object.assign(role, times);
    }
  });
}

/** §4.4 rules 6 and 7: edited roles get a new total; legacy roles lose their hidden break. */
function recomputeTotals(draft: JobDraft, errors: MutationErrors): void {
  for (const [roleId, blamePath] of draft.edited) {
    const role = draft.roles.get(roleId)!;
    if (isLegacyRole(role)) role.storedBreakMinutes = 0;
    const duration = durationMinutes(role.startUtc, role.endUtc);
    const problem = breakPeriodProblem(role.storedBreakMinutes, duration);
    if (problem)
      errors.add(blamePath, `role ${role.id}: ${problem}; a break cannot be changed through the API`);
    role.total = payTotal(role.payType, role.payRate, duration, role.storedBreakMinutes);
  }
}

function commitDraft(store: SandboxStore, draft: JobDraft, now: string): Job {
  const job = draft.job;
  job.title = draft.title;
  job.location = draft.location;
  job.timezone = draft.timezone;
  job.updatedAt = now;
  for (const role of draft.roles.values()) {
    if (draft.edited.has(role.id)) store.roles.set(role.id, { ...role, updatedAt: now });
  }
  return job;
}
