// Crew jobs: who is on a role and in which status and attendance (by whether the job is past,
// today or future), and the guarantee that every status and attendance occurs.

import {
  ATTENDANCES,
  type Attendance,
  CREW_JOB_STATUSES,
  type CrewJobStatus,
  type Job,
  type Role,
} from '../store.js';
import { DAY_MS, HOUR_MS, isoAt, type SeedContext } from './context.js';
import type { Rng } from './rng.js';

export function seedCrewJobs(ctx: SeedContext, job: Job, role: Role): void {
  const { store, rng } = ctx;
  const jobDayMs = Date.parse(`${job.date}T00:00:00Z`);
  const when = jobDayMs < ctx.todayMs ? 'past' : jobDayMs === ctx.todayMs ? 'today' : 'future';
  const candidates = [...store.crew.values()].filter(
    (c) => c.status !== 'DELETED' && c.status !== 'SUSPENDED',
  );
  const people = rng.sample(candidates, Math.min(candidates.length, rng.int(0, role.quantity + 2)));
  people.forEach((crew, index) => {
    const { status, attendance } = crewJobState(rng, when, index < role.quantity);
    const id = store.newId();
    const updatedMs = Math.min(ctx.todayMs - HOUR_MS, Date.parse(role.createdAt) + rng.int(1, 30) * DAY_MS);
    store.crewJobs.set(id, {
      id,
      roleId: role.id,
      crewId: crew.id,
      status,
      attendance,
      updatedAt: isoAt(updatedMs),
    });
  });
}

function crewJobState(
  rng: Rng,
  when: 'past' | 'today' | 'future',
  inQuota: boolean,
): { status: CrewJobStatus; attendance: Attendance } {
  if (!inQuota) {
    return {
      status: rng.pick(['DECLINED', 'CANCELLED', 'REMOVED', 'WAITING_LIST'] as const),
      attendance: 'PENDING',
    };
  }
  if (when === 'past')
    return { status: 'BOOKED', attendance: rng.weighted({ CHECKED_OUT: 8, NO_SHOW: 1, CONFIRMED: 1 }) };
  if (when === 'today')
    return { status: 'BOOKED', attendance: rng.pick(['CHECKED_IN', 'CONFIRMED'] as const) };
  const status = rng.weighted({ BOOKED: 5, SHORTLISTED: 2, INVITED: 2, APPLIED: 2 });
  return { status, attendance: status === 'BOOKED' && rng.chance(0.6) ? 'CONFIRMED' : 'PENDING' };
}

/** Guarantee every status and attendance exists whatever the seed (tests and demos rely on it). */
export function ensureEveryCrewJobState(ctx: SeedContext): void {
  const crewJobs = [...ctx.store.crewJobs.values()];
  const used = new Set(crewJobs.map((cj) => cj.status));
  CREW_JOB_STATUSES.filter((s) => !used.has(s)).forEach((status, i) => {
    const target = crewJobs[i * 7];
    if (target) target.status = status;
  });
  const attended = new Set(crewJobs.map((cj) => cj.attendance));
  ATTENDANCES.filter((a) => !attended.has(a)).forEach((attendance, i) => {
    const target = crewJobs[i * 7 + 3];
    if (target) target.attendance = attendance;
  });
}
