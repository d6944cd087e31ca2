// companyJobs and the nested Role.crewJobs. Jobs are listed by their first start (UTC), then id.

import type { CrewJobStatus, Job, SandboxStore } from '../../store.js';
import type { ResolverContext } from '../context.js';
import type { PageInput } from '../inputs.js';
import { paginateAndPresent } from '../pagination.js';
import { presentCrewJob } from '../present-crew.js';
import { presentJob } from '../present-jobs.js';
import { dayBoundsUtc } from '../rules/wall-clock.js';
import { overlapsRange, type RangeFilter } from './ranges.js';

interface CompanyJobsArgs {
  input?:
    | (PageInput & {
        filter?:
          | (RangeFilter & {
              jobIds?: string[] | null;
              crewJobStatus?: (CrewJobStatus | null)[] | null;
              boardIds?: string[] | null;
            })
          | null;
      })
    | null;
}

/** A job's span: its roles' earliest start to latest end; a job without roles spans its date. */
export function jobSpan(store: SandboxStore, job: Job): { startMs: number; endMs: number } {
  const roles = store.rolesOfJob(job);
  if (roles.length === 0) return dayBoundsUtc(job.date, job.timezone);
  return {
    startMs: Math.min(...roles.map((r) => Date.parse(r.startUtc))),
    endMs: Math.max(...roles.map((r) => Date.parse(r.endUtc))),
  };
}

export function companyJobs(_: unknown, args: CompanyJobsArgs, ctx: ResolverContext) {
  const { store, caller } = ctx;
  const filter = args.input?.filter;
  const statuses = filter?.crewJobStatus?.filter((s): s is CrewJobStatus => s !== null);
  const jobs = [...store.jobs.values()]
    .filter((job) => job.companyId === caller.companyId)
    .filter((job) => !filter?.jobIds || filter.jobIds.includes(job.id))
    .filter((job) => !filter?.boardIds || filter.boardIds.includes(job.boardId))
    .filter((job) => {
      if (!statuses) return true;
      return job.roleIds.some((roleId) =>
        store.crewJobsOfRole(roleId).some((cj) => statuses.includes(cj.status)),
      );
    })
    .map((job) => ({ job, span: jobSpan(store, job) }))
    .filter(({ span }) => overlapsRange(span.startMs, span.endMs, filter))
    .sort((a, b) => a.span.startMs - b.span.startMs || Number(a.job.id) - Number(b.job.id));
  return paginateAndPresent(jobs, args.input, ({ job }) => presentJob(store, job));
}

export function roleCrewJobs(role: { id: string }, _: unknown, ctx: ResolverContext) {
  return ctx.store
    .crewJobsOfRole(role.id)
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map(presentCrewJob);
}
