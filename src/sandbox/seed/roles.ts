// A job's roles: times (wall clock in the job's zone, crossing the change on DST days), pay,
// break and total, requirements, and legacy roles created before the break fix (whose break
// the API hides). Each role then gets its crew jobs.

import { BREAK_FIX_DATE, payTotal } from '../graphql/rules/pay.js';
import { wallClockToUtc } from '../graphql/rules/wall-clock.js';
import type { Job, Role } from '../store.js';
import { ROLE_TYPES } from './catalogue.js';
import { DAY_MS, HOUR_MS, isoAt, type SeedContext } from './context.js';
import { seedCrewJobs } from './crew-jobs.js';
import type { JobPlan } from './job-plans.js';
import type { Region } from './regions.js';
import { randomRequirements, showcaseRequirements } from './requirements.js';

export function seedRole(
  ctx: SeedContext,
  job: Job,
  plan: JobPlan,
  region: Region,
  roleTypeIds: string[],
  profileIds: string[],
): Role {
  const { store, rng } = ctx;
  const [y, m, d] = job.date.split('-').map(Number) as [number, number, number];
  const hour = plan.dstDay ? 0 : rng.int(6, 20);
  const minute = plan.dstDay ? 30 : rng.pick([0, 30]);
  let start = wallClockToUtc({ year: y, month: m, day: d, hour, minute, second: 0 }, job.timezone);
  if (!start.ok)
    start = wallClockToUtc({ year: y, month: m, day: d, hour: hour + 1, minute, second: 0 }, job.timezone);
  const startMs = start.ok ? start.utcMs : Date.parse(`${job.date}T12:00:00Z`);
  const durationMinutes = plan.dstDay ? 6 * 60 : rng.int(8, 20) * 30;
  const endMs = startMs + durationMinutes * 60_000;
  const roleTypeIndex = rng.int(0, roleTypeIds.length - 1);
  const payType = rng.chance(0.85) ? 'HOURLY' : 'FIXED';
  const payRate =
    payType === 'HOURLY'
      ? Math.round((region.hourlyRate[0] + rng.next() * (region.hourlyRate[1] - region.hourlyRate[0])) * 4) /
        4
      : rng.int(12, 45) * 10;
  const legacy = rng.chance(0.3);
  const breakMinutes = rng.pick(legacy ? [15, 30, 30, 45, 60] : [0, 15, 30, 30, 45, 60]);
  const createdMs = legacy ? roleCreatedBeforeFix(ctx) : roleCreatedAfterFix(ctx, job.date);
  const updatedMs = Math.max(createdMs, Math.min(ctx.todayMs - HOUR_MS, createdMs + rng.int(0, 10) * DAY_MS));
  const role: Role = {
    id: store.newId(),
    jobId: job.id,
    uniqueId: rng.chance(0.2) ? `R-${job.id}-${rng.int(10, 99)}` : null,
    title: ROLE_TYPES[roleTypeIndex]!,
    roleTypeId: rng.chance(0.85) ? roleTypeIds[roleTypeIndex]! : null,
    startUtc: isoAt(startMs),
    endUtc: isoAt(endMs),
    quantity: rng.int(1, 6),
    payType,
    payRate,
    storedBreakMinutes: breakMinutes,
    // Legacy roles too: their total counted the break that the API now hides (§4.4 rule 7).
    total: payTotal(payType, payRate, durationMinutes, breakMinutes),
    requirements: plan.showcase
      ? showcaseRequirements(ctx, roleTypeIds, profileIds)
      : randomRequirements(ctx, roleTypeIds, profileIds, legacy),
    createdAt: isoAt(createdMs),
    updatedAt: isoAt(updatedMs),
  };
  store.roles.set(role.id, role);
  seedCrewJobs(ctx, job, role);
  return role;
}

function roleCreatedBeforeFix(ctx: SeedContext): number {
  return Date.parse(BREAK_FIX_DATE) - ctx.rng.int(1, 40) * DAY_MS - ctx.rng.int(1, 12) * HOUR_MS;
}

function roleCreatedAfterFix(ctx: SeedContext, jobDate: string): number {
  const from = Date.parse(BREAK_FIX_DATE) + HOUR_MS;
  const until = Math.max(from, Math.min(ctx.todayMs - HOUR_MS, Date.parse(`${jobDate}T00:00:00Z`) - DAY_MS));
  return from + Math.floor(ctx.rng.next() * (until - from));
}
