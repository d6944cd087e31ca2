// The facts a person needs beside a plan's ids: each planned role's title, job, local day, hours
// and zone, and the name of every proposed or alternate crew member. The staffing-plan view groups
// places by day and shows names from these; a model reads them instead of asking list_jobs or
// get_crew again. Additive to the plan's shape, so older readers ignore them.
import { z } from 'zod';
import type { RoleToFill } from '../planner/model.js';
import type { PlanOutcome } from '../planner/plan.js';
import { localClock } from '../rules/time.js';

export const planRoleSchema = z.object({
  jobId: z.string(),
  roleId: z.string(),
  title: z.string(),
  job: z.string(),
  date: z.string().describe('local start day'),
  time: z.string().describe('local HH:mm-HH:mm'),
  timezone: z.string(),
});
export const planCrewSchema = z.object({ crewId: z.string(), name: z.string() });

export type PlanRole = z.infer<typeof planRoleSchema>;

function roleFacts(role: RoleToFill): PlanRole {
  const start = localClock(role.shift.window.startMs, role.shift.timeZone);
  const end = localClock(role.shift.window.endMs, role.shift.timeZone);
  return {
    jobId: role.jobId,
    roleId: role.roleId,
    title: role.title,
    job: role.jobTitle,
    date: start.date,
    time: `${start.time}-${end.time}`,
    timezone: role.shift.timeZone,
  };
}

/** Every role the plan mentions (filled or not), once, in the order the plan first names them. */
export function planRoles(outcome: PlanOutcome): PlanRole[] {
  const roles = new Map<string, PlanRole>();
  for (const { role } of [...outcome.assignments, ...outcome.unfilled]) {
    const key = `${role.jobId}/${role.roleId}`;
    if (!roles.has(key)) roles.set(key, roleFacts(role));
  }
  return [...roles.values()];
}

/** Every crew member the plan names (proposed or alternate), once. */
export function planCrew(outcome: PlanOutcome): z.infer<typeof planCrewSchema>[] {
  const names = new Map<string, string>();
  for (const entry of outcome.assignments)
    for (const member of [entry.crew, ...entry.alternates]) names.set(String(member.id), member.name);
  return [...names.entries()].map(([crewId, name]) => ({ crewId, name }));
}
