// A crew job changed the way the platform's own apps change it (a crew member applies, is booked,
// checks in). No API operation does this, so the sandbox offers it to play the part of those apps
// (SandboxData.updateCrewJob, POST /_sandbox/crew-jobs/{id}). Nothing is written unless every
// given value is valid.
import {
  ATTENDANCES,
  type Attendance,
  CREW_JOB_STATUSES,
  type CrewJobStatus,
  type SandboxStore,
} from './store.js';
import type { CrewJobChange, CrewJobUpdateResult, SandboxCrewJob } from './types.js';

const FIELDS = { status: CREW_JOB_STATUSES, attendance: ATTENDANCES } as const;

export function changeCrewJob(
  store: SandboxStore,
  companyId: string,
  crewJobId: string,
  change: CrewJobChange,
): CrewJobUpdateResult {
  const crewJob = store.crewJobs.get(crewJobId);
  const role = crewJob && store.roles.get(crewJob.roleId);
  const job = role && store.jobOf(companyId, role.jobId);
  // Another company's crew job is as unknown as one that does not exist.
  if (!crewJob || !job) return { ok: false, reason: 'not_found', message: `No crew job ${crewJobId}.` };

  if (change.status === undefined && change.attendance === undefined) {
    return {
      ok: false,
      reason: 'invalid',
      field: null,
      allowed: [],
      message: `Give "status" (one of: ${CREW_JOB_STATUSES.join(', ')}) and/or "attendance" (one of: ${ATTENDANCES.join(', ')}).`,
    };
  }
  for (const field of ['status', 'attendance'] as const) {
    const value: unknown = change[field];
    const allowed: readonly string[] = FIELDS[field];
    if (value !== undefined && (typeof value !== 'string' || !allowed.includes(value))) {
      return {
        ok: false,
        reason: 'invalid',
        field,
        allowed,
        message: `"${field}" must be one of: ${allowed.join(', ')}; got ${JSON.stringify(value) ?? String(value)}.`,
      };
    }
  }

  // Every call is one action in the apps, so it is one committed write even when a value repeats.
  if (change.status !== undefined) crewJob.status = change.status as CrewJobStatus;
  if (change.attendance !== undefined) crewJob.attendance = change.attendance as Attendance;
  crewJob.updatedAt = store.nowIso();
  const view: SandboxCrewJob = {
    id: crewJob.id,
    status: crewJob.status,
    attendance: crewJob.attendance,
    crewId: crewJob.crewId,
    roleId: crewJob.roleId,
    jobId: job.id,
    updatedAt: crewJob.updatedAt,
  };
  return { ok: true, crewJob: view };
}
