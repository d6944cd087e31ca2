// How a job looks in a model's context: times as local wall-clock in the job's own timezone
// (the zone the platform interprets them in), requirements as short phrases, assignment counts
// instead of assignment lists, ids kept for the next call. Shared by list_jobs, the job
// resources and the write tools' results.
import { z } from 'zod';
import type { UpstreamJob, UpstreamRequirements, UpstreamRole } from '../contract/upstream.js';
import { type LocalClock, localClock } from '../rules/time.js';
import { legacyBreakInfo } from './legacy-break.js';

// The wire shapes live in the contract; re-exported for the modules that present them.
export type { UpstreamJob, UpstreamRequirements, UpstreamRole } from '../contract/upstream.js';

export const roleViewSchema = z.object({
  id: z.string(),
  uniqueId: z.string().optional(),
  title: z.string(),
  roleTypeId: z.string().optional(),
  start: z
    .string()
    .describe(
      'Local wall-clock time in the job timezone; HH:mm on the job date, (+hh:mm) when ambiguous (DST)',
    ),
  end: z.string(),
  quantity: z.number(),
  assignments: z.record(z.string(), z.number()).optional().describe('Crew jobs by status'),
  payType: z.string(),
  payRate: z.number(),
  breakPeriod: z.number(),
  total: z.number(),
  requirements: z.array(z.string()).optional(),
  legacyBreak: z.string().optional(),
});

export const jobViewSchema = z.object({
  id: z.string(),
  uniqueId: z.string().optional(),
  title: z.string(),
  date: z.string(),
  timezone: z.string(),
  board: z.object({ id: z.string(), name: z.string() }),
  multiDayJobId: z.string().optional(),
  location: z.string().optional(),
  roles: z.array(roleViewSchema),
});

export type RoleView = z.infer<typeof roleViewSchema>;
export type JobView = z.infer<typeof jobViewSchema>;

/**
 * What a list of jobs keeps of a role in its structuredContent: what the board-week view draws and
 * what a follow-up call takes (the role's id, beside its job's). Pay, requirements, role type and
 * the legacy-break warning are said once, in the text the model reads (jobLines): in both, they
 * were a third of list_jobs' answer that every client parsed and validated for nobody (issue 30).
 */
export const listedRoleSchema = roleViewSchema.pick({
  id: true,
  title: true,
  start: true,
  end: true,
  quantity: true,
  assignments: true,
});
export const listedJobSchema = jobViewSchema.extend({ roles: z.array(listedRoleSchema) });
export type ListedJob = z.infer<typeof listedJobSchema>;

/** A job view as a list's structuredContent holds it (listedJobSchema). */
export function listedJob(job: JobView): ListedJob {
  return {
    ...job,
    roles: job.roles.map(({ id, title, start, end, quantity, assignments }) => ({
      id,
      title,
      start,
      end,
      quantity,
      ...(assignments ? { assignments } : {}),
    })),
  };
}

/** The wall clock of an instant in a zone; null when it cannot be read (the view shows the instant). */
function clockOf(iso: string, zone: string): LocalClock | null {
  try {
    return localClock(iso, zone);
  } catch {
    return null;
  }
}

/** A wall clock as shown: the date dropped on `sameDayAs`, the offset kept when the hour repeats. */
function shownClock(clock: LocalClock, sameDayAs?: string): string {
  const time = clock.offset ? `${clock.time} (${clock.offset})` : clock.time;
  return sameDayAs && clock.date === sameDayAs ? time : `${clock.date} ${time}`;
}

/**
 * "2026-11-25 18:00" in the zone; the date is dropped for a time on `sameDayAs`. A wall clock that
 * happens twice that day (clocks going back) carries its offset: "01:30 (+01:00)".
 */
export function localTime(iso: string, zone: string, sameDayAs?: string): string {
  const clock = clockOf(iso, zone);
  return clock ? shownClock(clock, sameDayAs) : iso;
}

export function requirementPhrases(requirements: UpstreamRequirements | null | undefined): string[] {
  if (!requirements) return [];
  const phrases: string[] = [];
  const age = requirements.ageRestriction;
  if (age && (age.minAge != null || age.maxAge != null)) {
    phrases.push(`age ${age.minAge ?? ''}-${age.maxAge ?? ''}`.replace(/-$/, '+'));
  }
  for (const dataType of requirements.dataType ?? []) {
    phrases.push(
      `dataType ${dataType.dataTypeId} "${dataType.dataTypeTitle}" ${dataType.condition} [${dataType.optionNames.join(', ')}]`,
    );
  }
  if (requirements.distanceRestriction)
    phrases.push(`within ${requirements.distanceRestriction.maxDistanceKm} km`);
  if (requirements.genderRestriction?.genders.length) {
    phrases.push(`gender ${requirements.genderRestriction.genders.join('/')}`);
  }
  if (requirements.profile) {
    phrases.push(`profile ${requirements.profile.condition} [${requirements.profile.profileIds.join(', ')}]`);
  }
  if (requirements.roleType) phrases.push(`roleType ${requirements.roleType.roleTypeId}`);
  if (requirements.labels?.length) phrases.push(`labels ${requirements.labels.join(', ')}`);
  if (requirements.tags?.length) phrases.push(`tags ${requirements.tags.join(', ')}`);
  return phrases;
}

function countByStatus(
  crewJobs: { status: string }[] | null | undefined,
): Record<string, number> | undefined {
  if (!crewJobs?.length) return undefined;
  const counts: Record<string, number> = {};
  for (const crewJob of crewJobs) counts[crewJob.status] = (counts[crewJob.status] ?? 0) + 1;
  return counts;
}

/** A role in its job's zone; times drop the date when it is the job's own (roles start on it). */
export function toRoleView(role: UpstreamRole, zone: string, jobDate?: string): RoleView {
  // Read once: the start's date also decides how the end is shown.
  const start = clockOf(role.startTime, zone);
  const view: RoleView = {
    id: role.id,
    title: role.title,
    start: start ? shownClock(start, jobDate) : role.startTime,
    end: localTime(role.endTime, zone, start?.date),
    quantity: role.quantity,
    payType: role.payType,
    payRate: role.payRate,
    breakPeriod: role.breakPeriod,
    total: role.total,
  };
  if (role.uniqueId) view.uniqueId = role.uniqueId;
  if (role.roleTypeId) view.roleTypeId = role.roleTypeId;
  const assignments = countByStatus(role.crewJobs);
  if (assignments) view.assignments = assignments;
  const phrases = requirementPhrases(role.requirements);
  if (phrases.length) view.requirements = phrases;
  const legacy = legacyBreakInfo(role);
  if (legacy) view.legacyBreak = legacy;
  return view;
}

export function toJobView(job: UpstreamJob): JobView {
  const view: JobView = {
    id: job.id,
    title: job.title,
    date: job.date,
    timezone: job.timezone,
    board: { id: job.board.id, name: job.board.name },
    roles: job.roles.map((role) => toRoleView(role, job.timezone, job.date)),
  };
  if (job.uniqueId) view.uniqueId = job.uniqueId;
  if (job.multiDayJobId) view.multiDayJobId = job.multiDayJobId;
  if (job.location) view.location = job.location;
  return view;
}

function roleLine(role: RoleView): string {
  const pay = role.payType === 'HOURLY' ? `${role.payRate}/h` : `fixed ${role.payRate}`;
  const counts = role.assignments
    ? ` (${Object.entries(role.assignments)
        .map(([status, count]) => `${status} ${count}`)
        .join(', ')})`
    : '';
  const parts = [
    `role ${role.id} ${role.title}${role.uniqueId ? ` [${role.uniqueId}]` : ''} ${role.start}-${role.end} ×${role.quantity}${counts}`,
    `${pay}${role.breakPeriod ? ` break ${role.breakPeriod}m` : ''} total ${role.total}`,
    role.roleTypeId ? `roleType ${role.roleTypeId}` : undefined,
    role.requirements?.length ? `needs ${role.requirements.join('; ')}` : undefined,
    role.legacyBreak ? `LEGACY BREAK: ${role.legacyBreak}` : undefined,
  ];
  return `  ${parts.filter(Boolean).join(' · ')}`;
}

/** A job as a header line plus one line per role, times local to the job's timezone. */
export function jobLines(job: JobView): string {
  const header = [
    `job ${job.id} "${job.title}"${job.uniqueId ? ` [${job.uniqueId}]` : ''} ${job.date} ${job.timezone}`,
    `board ${job.board.id} ${job.board.name}`,
    job.multiDayJobId ? `multi-day ${job.multiDayJobId}` : undefined,
    job.location ? `at ${job.location}` : undefined,
  ];
  return [header.filter(Boolean).join(' · '), ...job.roles.map(roleLine)].join('\n');
}
