// Jobs and roles as the GraphQL API shows them. Role.crewJobs is left to a field resolver so a
// job list does not build assignment lists nobody asked for.

import type { Board, Job, Role, SandboxStore, StoredRequirements } from '../store.js';
import { reportedBreakPeriod } from './rules/pay.js';
import { isoInZone } from './rules/wall-clock.js';

export function presentBoard(board: Board): Record<string, unknown> {
  return { id: board.id, name: board.name, timezone: board.timezone };
}

export function presentJob(store: SandboxStore, job: Job): Record<string, unknown> {
  const board = store.boards.get(job.boardId)!;
  return {
    id: job.id,
    uniqueId: job.uniqueId,
    title: job.title,
    date: job.date,
    timezone: job.timezone,
    board: presentBoard(board),
    multiDayJobId: job.multiDayJobId,
    location: job.location,
    roles: store.rolesOfJob(job).map((role) => presentRole(store, job, role)),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

export function presentRole(store: SandboxStore, job: Job, role: Role): Record<string, unknown> {
  const requirements = presentRequirements(store, role.requirements);
  const distance = role.requirements.distanceRestriction;
  return {
    id: role.id,
    jobId: job.id,
    uniqueId: role.uniqueId,
    title: role.title,
    roleTypeId: role.roleTypeId,
    startTime: isoInZone(role.startUtc, job.timezone),
    endTime: isoInZone(role.endUtc, job.timezone),
    quantity: role.quantity,
    payType: role.payType,
    payRate: role.payRate,
    breakPeriod: reportedBreakPeriod(role),
    total: role.total,
    requirements,
    // Deprecated scalars mirror the requirements object (platform-api.md §2.2).
    ageRestriction: role.requirements.ageRestriction?.minAge ?? null,
    distanceRestriction: distance ? Math.round(distance.maxDistanceKm) : null,
    createdAt: role.createdAt,
  };
}

function presentRequirements(store: SandboxStore, requirements: StoredRequirements): Record<string, unknown> {
  return {
    ageRestriction: requirements.ageRestriction,
    dataType: requirements.dataType.map((r) => ({
      dataTypeId: r.dataTypeId,
      dataTypeTitle: store.dataTypes.get(r.dataTypeId)?.title ?? '',
      optionNames: r.optionNames,
      condition: r.condition,
    })),
    distanceRestriction: requirements.distanceRestriction,
    genderRestriction: requirements.genderRestriction,
    profile: requirements.profile,
    labels: requirements.labels,
    roleType: requirements.roleType,
    skills: requirements.skills,
    tags: requirements.tags,
  };
}
