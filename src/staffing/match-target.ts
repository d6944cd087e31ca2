// What find_matching_crew is asked to staff, gathered and checked before the matching runs: an
// existing role (read through the jobs lookup, at its own time), or create_jobs-shaped
// requirements with an optional time window (checked by the rules, data type titles resolved
// against the catalogue lookup); and the crew jobs at that time, which availability needs.
import { crewStatusSchema } from '../contract/enums.js';
import type { ToolContext } from '../mcp/define-tool.js';
import { refuse } from '../mcp/refuse.js';
import { stopOnErrors } from '../mcp/write-result.js';
import { NotFoundError } from '../platform/errors.js';
import { localTime, type UpstreamJob } from '../present/job.js';
import type { StaffedRole } from '../present/staffing.js';
import type { TimeWindow } from '../rules/availability.js';
import { requirementShapeIssues } from '../rules/input-shape.js';
import type { RequirementsToMatch } from '../rules/matching.js';
import {
  checkRequirementsShape,
  type MatchRequest,
  matchRequestProblem,
  parseMatchWindow,
  resolveMatchRequirements,
} from '../rules/matching-input.js';
import type { RoleRequirementsInput } from '../rules/requirements.js';
import { toStaffedRole } from './places.js';

const CREW_STATUSES: readonly string[] = crewStatusSchema.options;

/** What is being staffed: an existing role, or requirements with an optional time. */
export interface MatchTarget {
  requirements: RequirementsToMatch | null;
  slot: { roleId?: string; window?: TimeWindow };
  role?: StaffedRole;
  window?: string;
  /** The zone the role's local days are read in: the job's, or the given timezone (UTC by default). */
  timeZone: string;
  notes: string[];
}

/** Which of the two ways to ask was used, and nothing of the other; checked before any request. */
export function checkMatchRequest(input: MatchRequest): void {
  const problem = matchRequestProblem(input, CREW_STATUSES);
  if (problem) refuse({ field: problem.path, problem: problem.message, fix: problem.fix });
}

function windowIso(window: TimeWindow): [string, string] {
  return [new Date(window.startMs).toISOString(), new Date(window.endMs).toISOString()];
}

export async function roleTarget(jobId: string, roleId: string, ctx: ToolContext): Promise<MatchTarget> {
  const job: UpstreamJob | undefined = (await ctx.lookups.jobs.readJobs([jobId], ctx.signal)).get(jobId);
  if (!job) throw new NotFoundError(`No job ${jobId}.`);
  const role = job.roles.find((candidate) => String(candidate.id) === roleId);
  if (!role) {
    const roles = job.roles.map((candidate) => `${candidate.id} (${candidate.title})`).join(', ');
    refuse({
      field: 'roleId',
      problem: `Job ${jobId} has no role ${roleId}.`,
      fix: `Use one of its roles: ${roles || 'it has none'}.`,
    });
  }
  const staffed = toStaffedRole(job, role);
  return {
    requirements: role.requirements ?? null,
    slot: { roleId, window: { startMs: Date.parse(role.startTime), endMs: Date.parse(role.endTime) } },
    role: staffed,
    timeZone: job.timezone,
    notes: staffed.open === 0 ? ['Every place of this role is booked.'] : [],
  };
}

export async function requirementsTarget(input: MatchRequest, ctx: ToolContext): Promise<MatchTarget> {
  const parsedWindow = parseMatchWindow(input);
  // The rule checks read each kind in the form it must have (dataType a list, ...): a kind of
  // another form is refused first, as it would make them throw.
  const kinds = requirementShapeIssues(input.requirements, 'requirements');
  if (kinds.length > 0) stopOnErrors([...kinds, ...parsedWindow.issues], 'find_matching_crew');
  const shape = checkRequirementsShape(input.requirements as RoleRequirementsInput);
  stopOnErrors([...shape.issues, ...parsedWindow.issues], 'find_matching_crew');
  const window = parsedWindow.ok ? parsedWindow.value : undefined;
  const needsCatalogue = (shape.value.dataType ?? []).length > 0;
  const catalogue = needsCatalogue ? await ctx.lookups.dataTypes.get(ctx.signal) : null;
  const resolved = resolveMatchRequirements(shape.value, catalogue ?? undefined);
  stopOnErrors(resolved.issues, 'find_matching_crew');
  const notes = shape.dropped.map(
    (entry) => `${entry.path} ignored: deprecated, the platform matches nothing on it.`,
  );
  if (!window)
    notes.push('Availability not checked: give startTime and endTime to leave out crew booked then.');
  const zone = input.timezone ?? 'UTC';
  const [startIso, endIso] = window ? windowIso(window) : ['', ''];
  const start = window ? localTime(startIso, zone) : '';
  return {
    requirements: resolved.ok ? resolved.value : null,
    slot: window ? { window } : {},
    ...(window ? { window: `${start}-${localTime(endIso, zone, start.slice(0, 10))} ${zone}` } : {}),
    timeZone: zone,
    notes,
  };
}

/** The crew jobs at the target's time (none without a time). */
export async function assignmentsFor(target: MatchTarget, ctx: ToolContext) {
  if (!target.slot.window) return { assignments: [], truncated: false };
  const [from, to] = windowIso(target.slot.window);
  return ctx.lookups.staffing.assignmentsDuring(from, to, ctx.signal);
}
