// The people a job update's move affects (update_jobs, issue 31 item 4): the crew jobs of the
// moved jobs (who is BOOKED or pending on which role) and those people's BOOKED crew jobs anywhere
// (what the move may clash with), each one paged read of companyCrewJobs.
import { crewJobsWindowDocument } from '../contract/documents.js';
import type { Platform } from '../platform/client.js';
import { readAllPages } from '../platform/pages.js';
import { type AffectedPerson, type CrewShift, type MovedRole, moveEffects } from '../rules/move-clashes.js';

/** Bound of each read: far beyond the crew of a few jobs, or a few people's bookings. */
const MAX_ROWS = 10_000;

interface Row {
  status: string;
  crew: { id: number; firstName: string; lastName: string };
  role: { id: string; startTime: string; endTime: string };
  job: { id: string };
}

function toShift(row: Row): CrewShift {
  return {
    crewId: row.crew.id,
    name: `${row.crew.firstName} ${row.crew.lastName}`,
    status: row.status,
    jobId: String(row.job.id),
    roleId: String(row.role.id),
    window: { startMs: Date.parse(row.role.startTime), endMs: Date.parse(row.role.endTime) },
  };
}

async function read(platform: Platform, filter: Record<string, unknown>, signal?: AbortSignal) {
  const { items } = await readAllPages<Row>(
    platform.graphql,
    crewJobsWindowDocument,
    'companyCrewJobs',
    (page, perPage) => ({ input: { filter, page, perPage } }),
    { signal, maxItems: MAX_ROWS },
  );
  return items.map(toShift);
}

/** Every crew job of these jobs, whatever its status. */
export function crewOnJobs(platform: Platform, jobIds: readonly string[], signal?: AbortSignal) {
  return read(platform, { jobIds: [...jobIds] }, signal);
}

/** Every BOOKED crew job of these people. */
export function bookedOf(platform: Platform, crewIds: readonly number[], signal?: AbortSignal) {
  return crewIds.length === 0
    ? Promise.resolve([])
    : read(platform, { crewIds: [...crewIds], crewJobStatus: ['BOOKED'] }, signal);
}

/**
 * Each BOOKED and pending person on the moved roles, with the clashes and short rests the move
 * gives them (move-clashes.ts); no read when no moved role has crew.
 */
export async function movedCrew(
  platform: Platform,
  moved: readonly MovedRole[],
  signal?: AbortSignal,
): Promise<AffectedPerson[]> {
  if (moved.length === 0) return [];
  const onJobs = await crewOnJobs(platform, [...new Set(moved.map((role) => role.jobId))], signal);
  const movedIds = new Set(moved.map((role) => role.roleId));
  const onMoved = onJobs.filter((shift) => movedIds.has(shift.roleId));
  const booked = await bookedOf(platform, [...new Set(onMoved.map((shift) => shift.crewId))], signal);
  return moveEffects(moved, onMoved, booked);
}
