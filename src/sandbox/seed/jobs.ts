// Boards (one per region) and jobs: each planned job gets a venue, an optional unique id and
// 1-3 roles; its created/updated times follow its roles'.

import type { Board, Job, Role } from '../store.js';
import type { SeedContext } from './context.js';
import { type JobPlan, planJobs } from './job-plans.js';
import { REGIONS } from './regions.js';
import { seedRole } from './roles.js';

export function seedBoards(ctx: SeedContext): Board[] {
  return REGIONS.map((region) => {
    const board: Board = {
      id: ctx.store.newId(),
      companyId: ctx.companyId,
      name: region.board,
      timezone: region.timezone,
    };
    ctx.store.boards.set(board.id, board);
    return board;
  });
}

export function seedJobs(
  ctx: SeedContext,
  boards: Board[],
  roleTypeIds: string[],
  profileIds: string[],
): void {
  for (const plan of planJobs(ctx, boards)) seedJob(ctx, plan, roleTypeIds, profileIds);
}

function seedJob(ctx: SeedContext, plan: JobPlan, roleTypeIds: string[], profileIds: string[]): void {
  const { store, rng } = ctx;
  const region = REGIONS.find((r) => r.timezone === plan.board.timezone)!;
  const job: Job = {
    id: store.newId(),
    companyId: ctx.companyId,
    boardId: plan.board.id,
    uniqueId: rng.chance(0.3) ? `EV-${plan.date.replaceAll('-', '')}-${rng.int(100, 999)}` : null,
    title: plan.title,
    date: plan.date,
    timezone: plan.board.timezone,
    multiDayJobId: plan.multiDayJobId,
    location: rng.pick(region.venues),
    roleIds: [],
    createdAt: '',
    updatedAt: '',
  };
  const roleCount = plan.showcase ? 1 : rng.int(1, 3);
  const roles: Role[] = [];
  for (let i = 0; i < roleCount; i++) roles.push(seedRole(ctx, job, plan, region, roleTypeIds, profileIds));
  job.roleIds = roles.map((r) => r.id);
  job.createdAt = roles.map((r) => r.createdAt).sort()[0]!;
  job.updatedAt = roles
    .map((r) => r.updatedAt)
    .sort()
    .at(-1)!;
  store.jobs.set(job.id, job);
}
