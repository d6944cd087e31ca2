// companyCrewJobs and the links of CrewJob / CrewJobExtended to crew, role and job.
// Crew jobs are listed by their role's start (UTC), then id.

import type { CrewJobStatus } from '../../store.js';
import type { ResolverContext } from '../context.js';
import type { PageInput } from '../inputs.js';
import { paginateAndPresent } from '../pagination.js';
import { presentCrew, presentCrewJob } from '../present-crew.js';
import { presentJob, presentRole } from '../present-jobs.js';
import { overlapsRange, type RangeFilter } from './ranges.js';

interface CompanyCrewJobsArgs {
  input?:
    | (PageInput & {
        filter?:
          | (RangeFilter & {
              crewJobIds?: string[] | null;
              crewJobStatus?: (CrewJobStatus | null)[] | null;
              crewIds?: number[] | null;
              jobIds?: string[] | null;
            })
          | null;
      })
    | null;
}

export function companyCrewJobs(_: unknown, args: CompanyCrewJobsArgs, ctx: ResolverContext) {
  const { store, caller } = ctx;
  const filter = args.input?.filter;
  const statuses = filter?.crewJobStatus?.filter((s): s is CrewJobStatus => s !== null);
  const rows = [...store.crewJobs.values()]
    .map((crewJob) => {
      const role = store.roles.get(crewJob.roleId)!;
      return { crewJob, role, job: store.jobs.get(role.jobId)! };
    })
    .filter(({ job }) => job.companyId === caller.companyId)
    .filter(({ crewJob }) => !filter?.crewJobIds || filter.crewJobIds.includes(crewJob.id))
    .filter(({ crewJob }) => !statuses || statuses.includes(crewJob.status))
    .filter(({ crewJob }) => !filter?.crewIds || filter.crewIds.includes(crewJob.crewId))
    .filter(({ job }) => !filter?.jobIds || filter.jobIds.includes(job.id))
    .filter(({ role }) => overlapsRange(Date.parse(role.startUtc), Date.parse(role.endUtc), filter))
    .sort(
      (a, b) =>
        Date.parse(a.role.startUtc) - Date.parse(b.role.startUtc) ||
        Number(a.crewJob.id) - Number(b.crewJob.id),
    );
  return paginateAndPresent(rows, args.input, ({ crewJob, role, job }) => ({
    ...presentCrewJob(crewJob),
    jobId: job.id,
    roleId: role.id,
  }));
}

export function crewJobCrew(crewJob: { crewId: number }, _: unknown, ctx: ResolverContext) {
  return presentCrew(ctx.store, ctx.store.crew.get(crewJob.crewId)!);
}

export function crewJobRole(crewJob: { roleId: string }, _: unknown, ctx: ResolverContext) {
  const role = ctx.store.roles.get(crewJob.roleId)!;
  return presentRole(ctx.store, ctx.store.jobs.get(role.jobId)!, role);
}

export function crewJobJob(crewJob: { roleId: string }, _: unknown, ctx: ResolverContext) {
  const role = ctx.store.roles.get(crewJob.roleId)!;
  return presentJob(ctx.store, ctx.store.jobs.get(role.jobId)!);
}
