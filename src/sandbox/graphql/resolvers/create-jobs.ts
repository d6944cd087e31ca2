// createJobs (platform-api.md §2.3, §4.4 rules 1, 2, 3, 6, 10; §7): every job and role is
// validated first; only a fully valid input is written (all or nothing).

import type { Job, Role, SandboxStore } from '../../store.js';
import type { ResolverContext } from '../context.js';
import { joinPath, MutationErrors } from '../errors.js';
import type { CreateJobInput, CreateJobsInput, CreateRoleInput } from '../inputs.js';
import { presentJob } from '../present-jobs.js';
import { breakPeriodProblem, durationMinutes, payTotal } from '../rules/pay.js';
import { validateRequirements } from '../rules/requirements.js';
import { type RoleTimes, readWallClock, resolveRoleTimes } from '../rules/role-times.js';
import { canonicalTimezone, timezoneProblem } from '../rules/wall-clock.js';

type PlannedRole = Omit<Role, 'id' | 'jobId' | 'createdAt' | 'updatedAt'>;
interface PlannedJob {
  input: CreateJobInput;
  boardId: string;
  /** Effective timezone, null when the given one is invalid. */
  timezone: string | null;
  roles: PlannedRole[];
}

export function createJobs(_: unknown, args: { input: CreateJobsInput }, ctx: ResolverContext) {
  const { store, caller } = ctx;
  const errors = new MutationErrors();
  const { jobs, multiDay } = args.input;
  if (jobs.length === 0) errors.add('jobs', 'give at least one job');

  const takenUniqueIds = new Set(
    [...store.jobs.values()]
      .filter((j) => j.companyId === caller.companyId && j.uniqueId)
      .map((j) => j.uniqueId),
  );
  const planned = jobs.map((input, jobIndex) => {
    const job = planJob(store, caller.companyId, input, jobIndex, errors);
    if (input.uniqueId != null) {
      if (takenUniqueIds.has(input.uniqueId)) {
        errors.add(
          joinPath('jobs', jobIndex, 'uniqueId'),
          `uniqueId "${input.uniqueId}" is already used by another job`,
        );
      }
      takenUniqueIds.add(input.uniqueId);
    }
    return job;
  });
  if (multiDay) checkMultiDayJobs(planned, errors);
  if (errors.any) return errors.failure({ jobs: [] });

  const now = store.nowIso();
  const multiDayJobId = multiDay ? store.newId() : null;
  const created = planned.map((plan) => commitJob(store, caller.companyId, plan, multiDayJobId, now));
  const presented = created.map((job) => presentJob(store, job));
  for (const job of presented) ctx.publish('job.created', job);
  return { success: true, errors: null, errorCodes: null, jobs: presented };
}

function planJob(
  store: SandboxStore,
  companyId: string,
  input: CreateJobInput,
  jobIndex: number,
  errors: MutationErrors,
): PlannedJob {
  const path = (field: string) => joinPath('jobs', jobIndex, field);
  const board = store.boardOf(companyId, input.boardId);
  if (!board) errors.notFound(path('boardId'), `no board with id ${input.boardId}`);
  if (!input.title.trim()) errors.add(path('title'), 'title must not be empty');

  let timezone: string | null = board?.timezone ?? null;
  if (input.timezone != null) {
    timezone = canonicalTimezone(input.timezone);
    if (!timezone) errors.add(path('timezone'), timezoneProblem(input.timezone));
  }
  const roles = input.roles.map((role, roleIndex) =>
    planRole(store, companyId, role, { jobIndex, roleIndex, date: input.date, timezone }, errors),
  );
  return { input, boardId: input.boardId, timezone, roles };
}

function planRole(
  store: SandboxStore,
  companyId: string,
  input: CreateRoleInput,
  where: { jobIndex: number; roleIndex: number; date: string; timezone: string | null },
  errors: MutationErrors,
): PlannedRole {
  const path = (field: string) => joinPath('jobs', where.jobIndex, 'roles', where.roleIndex, field);
  if (!input.title.trim()) errors.add(path('title'), 'title must not be empty');
  if (input.roleTypeId != null && !store.roleTypeOf(companyId, input.roleTypeId)) {
    errors.notFound(path('roleTypeId'), `no role type with id ${input.roleTypeId}`);
  }
  const quantity = input.quantity ?? 1;
  if (quantity < 1) errors.add(path('quantity'), 'quantity must be 1 or more');
  const payRate = input.payRate ?? 0;
  if (!Number.isFinite(payRate) || payRate < 0) errors.add(path('payRate'), 'payRate must be 0 or more');
  const payType = input.payType ?? 'HOURLY';
  const breakMinutes = input.breakPeriod ?? 0;

  const start = readWallClock(input.startTime, path('startTime'), errors);
  const end = readWallClock(input.endTime, path('endTime'), errors);
  // Without a valid timezone the times cannot be placed; the timezone error says what to fix.
  let times: RoleTimes | null = null;
  if (start && end && where.timezone) {
    times = resolveRoleTimes(
      { start, end },
      {
        date: where.date,
        timezone: where.timezone,
        startPath: path('startTime'),
        endPath: path('endTime'),
        errors,
      },
    );
  }
  let total = 0;
  if (times) {
    const duration = durationMinutes(times.startUtc, times.endUtc);
    const problem = breakPeriodProblem(breakMinutes, duration);
    if (problem) errors.add(path('breakPeriod'), problem);
    total = payTotal(payType, payRate, duration, breakMinutes);
  } else if (breakMinutes < 0 || !Number.isInteger(breakMinutes)) {
    errors.add(
      path('breakPeriod'),
      `breakPeriod must be a whole number of minutes, 0 or more (got ${breakMinutes})`,
    );
  }
  const requirements = validateRequirements(
    input.requirements,
    joinPath('jobs', where.jobIndex, 'roles', where.roleIndex, 'requirements'),
    { store, companyId, errors },
  );
  return {
    uniqueId: input.uniqueId ?? null,
    title: input.title.trim(),
    roleTypeId: input.roleTypeId ?? null,
    startUtc: times?.startUtc ?? '',
    endUtc: times?.endUtc ?? '',
    quantity,
    payType,
    payRate,
    storedBreakMinutes: breakMinutes,
    total,
    requirements,
  };
}

/** §4.4 rule 3: a multi-day job's days share one timezone, and one board [assumed]. */
function checkMultiDayJobs(planned: PlannedJob[], errors: MutationErrors): void {
  const first = planned[0];
  if (!first) return;
  planned.slice(1).forEach((job, offset) => {
    const jobIndex = offset + 1;
    if (job.boardId !== first.boardId) {
      errors.add(
        joinPath('jobs', jobIndex, 'boardId'),
        `jobs of a multi-day job share one board: jobs.0 is on board ${first.boardId}, this job on ${job.boardId}`,
      );
    }
    if (first.timezone && job.timezone && job.timezone !== first.timezone) {
      errors.add(
        joinPath('jobs', jobIndex, 'timezone'),
        `jobs of a multi-day job share one timezone: jobs.0 uses ${first.timezone}, this job ${job.timezone}`,
      );
    }
  });
}

function commitJob(
  store: SandboxStore,
  companyId: string,
  plan: PlannedJob,
  multiDayJobId: string | null,
  now: string,
): Job {
  const job: Job = {
    id: store.newId(),
    companyId,
    boardId: plan.boardId,
    uniqueId: plan.input.uniqueId ?? null,
    title: plan.input.title.trim(),
    date: plan.input.date,
    timezone: plan.timezone as string,
    multiDayJobId,
    location: plan.input.location ?? null,
    roleIds: [],
    createdAt: now,
    updatedAt: now,
  };
  for (const planned of plan.roles) {
    const role: Role = { ...planned, id: store.newId(), jobId: job.id, createdAt: now, updatedAt: now };
    store.roles.set(role.id, role);
    job.roleIds.push(role.id);
  }
  store.jobs.set(job.id, job);
  return job;
}
