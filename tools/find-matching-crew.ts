import { z } from 'zod';
import {
  companyJobsDocument,
  crewJobsWindowDocument,
  crewMatchingDocument,
} from '../src/contract/documents.js';
import { crewStatusSchema } from '../src/contract/enums.js';
import type { ToolContext } from '../src/mcp/define-tool.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { stopOnErrors } from '../src/mcp/write-result.js';
import { NotFoundError, UserInputError } from '../src/platform/errors.js';
import { localTime, type UpstreamJob } from '../src/present/job.js';
import {
  matchingResultSchema,
  matchingText,
  type StaffedRole,
  toMatchingResult,
  toStaffedRole,
} from '../src/present/staffing.js';
import {
  assessAvailability,
  assignmentsByCrew,
  BOOKED_STATUS,
  type TimeWindow,
} from '../src/rules/availability.js';
import { requirementShapeIssues } from '../src/rules/input-shape.js';
import {
  describeRequirement,
  matchCrew,
  planRequirements,
  type RequirementsToMatch,
} from '../src/rules/matching.js';
import {
  checkRequirementsShape,
  parseMatchWindow,
  resolveMatchRequirements,
} from '../src/rules/matching-input.js';
import type { RoleRequirementsInput } from '../src/rules/requirements.js';

const DEFAULT_STATUSES = ['ACTIVE', 'APPROVED'];
const CREW_STATUSES: readonly string[] = crewStatusSchema.options;
const DEFAULT_LIMIT = 20;

const inputSchema = z.object({
  jobId: z.string().optional(),
  roleId: z.string().optional(),
  requirements: z.looseObject({}).optional(),
  startTime: z.string().optional().describe('YYYY-MM-DDTHH:mm in timezone'),
  endTime: z.string().optional(),
  timezone: z.string().optional(),
  limit: z.number().int().min(1).max(100).optional().describe('Default 20'),
  includeNearMisses: z.boolean().optional(),
  // Plain strings: a local check names the valid statuses, and an enum costs every conversation tokens.
  statuses: z.array(z.string()).optional().describe('Default ACTIVE, APPROVED'),
});
type Input = z.output<typeof inputSchema>;

/** What is being staffed: an existing role, or requirements with an optional time. */
interface Target {
  requirements: RequirementsToMatch | null;
  slot: { roleId?: string; window?: TimeWindow };
  role?: StaffedRole;
  window?: string;
  notes: string[];
}

function refuse(message: string, path: string, fix: string): never {
  throw new UserInputError(message, [{ path, message, fix }]);
}

/** Which of the two ways to ask was used, and nothing of the other; checked before any request. */
function checkMode(input: Input): void {
  const byRole = input.jobId !== undefined || input.roleId !== undefined;
  if (byRole && input.requirements)
    refuse(
      'Give either jobId and roleId, or requirements, not both.',
      'requirements',
      'Drop requirements to match the role as saved.',
    );
  if (!byRole && !input.requirements)
    refuse(
      'Say what to staff: jobId and roleId of a role, or requirements.',
      'jobId',
      'find_open_roles lists roles with open places and their jobId and roleId.',
    );
  if (byRole && (input.jobId === undefined || input.roleId === undefined)) {
    const missing = input.jobId === undefined ? 'jobId' : 'roleId';
    refuse(
      `${missing} is missing: a role is named by jobId and roleId.`,
      missing,
      'find_open_roles or list_jobs shows both.',
    );
  }
  if (input.statuses?.length === 0)
    refuse(
      'statuses is empty: no crew would be considered.',
      'statuses',
      'Leave it out for ACTIVE and APPROVED crew.',
    );
  const unknown = (input.statuses ?? []).filter((status) => !CREW_STATUSES.includes(status));
  if (unknown.length)
    refuse(
      `statuses: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a crew status' : 'are not crew statuses'}.`,
      'statuses',
      `Use ${CREW_STATUSES.join(', ')}.`,
    );
  const timeField = (['startTime', 'endTime', 'timezone'] as const).find((key) => input[key] !== undefined);
  if (byRole && timeField)
    refuse(
      `${timeField} is only for requirements: a role is checked at its own time.`,
      timeField,
      `Drop ${timeField}.`,
    );
}

function windowIso(window: TimeWindow): [string, string] {
  return [new Date(window.startMs).toISOString(), new Date(window.endMs).toISOString()];
}

async function roleTarget(jobId: string, roleId: string, ctx: ToolContext): Promise<Target> {
  const job: UpstreamJob | undefined = (await ctx.lookups.jobs.readJobs([jobId], ctx.signal)).get(jobId);
  if (!job) throw new NotFoundError(`No job ${jobId}.`);
  const role = job.roles.find((candidate) => String(candidate.id) === roleId);
  if (!role) {
    const roles = job.roles.map((candidate) => `${candidate.id} (${candidate.title})`).join(', ');
    refuse(
      `Job ${jobId} has no role ${roleId}.`,
      'roleId',
      `Use one of its roles: ${roles || 'it has none'}.`,
    );
  }
  const staffed = toStaffedRole(job, role);
  return {
    requirements: role.requirements ?? null,
    slot: { roleId, window: { startMs: Date.parse(role.startTime), endMs: Date.parse(role.endTime) } },
    role: staffed,
    notes: staffed.open === 0 ? ['Every place of this role is booked.'] : [],
  };
}

async function requirementsTarget(input: Input, ctx: ToolContext): Promise<Target> {
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
    notes,
  };
}

async function assignmentsFor(target: Target, ctx: ToolContext) {
  if (!target.slot.window) return { assignments: [], truncated: false };
  const [from, to] = windowIso(target.slot.window);
  return ctx.lookups.staffing.assignmentsDuring(from, to, ctx.signal);
}

export const findMatchingCrew = defineTool({
  name: 'find_matching_crew',
  title: 'Find crew for a role',
  description:
    'Who can work a role: crew meeting its requirements (verified options only) and free at its time, ranked with reasons, plus clashes and near misses. Give jobId+roleId, or requirements as in create_jobs with optional startTime/endTime.',
  inputSchema,
  outputSchema: matchingResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read', 'jobs:read'],
  toolset: 'crew',
  documents: [companyJobsDocument, crewMatchingDocument, crewJobsWindowDocument],
  lookupTool: 'find_open_roles or list_jobs',
  view: 'roleCandidates',
  async handler(input, ctx) {
    checkMode(input);
    const target =
      input.jobId !== undefined && input.roleId !== undefined
        ? await roleTarget(input.jobId, input.roleId, ctx)
        : await requirementsTarget(input, ctx);
    const statuses = input.statuses ?? DEFAULT_STATUSES;
    const [crew, window] = await Promise.all([
      ctx.lookups.staffing.crew(statuses, {
        signal: ctx.signal,
        onProgress: (done, total) => ctx.progress(done, total, 'reading crew'),
      }),
      assignmentsFor(target, ctx),
    ]);
    const plan = planRequirements(target.requirements);
    const byCrew = assignmentsByCrew(window.assignments);
    const outcome = matchCrew(crew.crew, plan.checkable, (crewId) =>
      assessAvailability(target.slot, byCrew.get(crewId) ?? []),
    );
    const booked = new Map(
      window.assignments
        .filter(
          (assignment) => assignment.roleId === target.slot.roleId && assignment.status === BOOKED_STATUS,
        )
        .map((assignment) => [assignment.crewId, { crewId: assignment.crewId, name: assignment.crewName }]),
    );
    const notes = [...target.notes];
    if (crew.truncated) notes.push(`Only the first ${crew.crew.length} crew were read; narrow statuses.`);
    if (window.truncated)
      notes.push('Not every crew job at this time could be read: availability may be incomplete.');
    const result = toMatchingResult({
      ...(target.role ? { role: target.role } : {}),
      ...(target.window ? { window: target.window } : {}),
      statuses: [...statuses],
      considered: crew.crew.length,
      outcome,
      booked: [...booked.values()],
      checked: plan.checkable.map(describeRequirement),
      unchecked: plan.unchecked,
      notes,
      limit: input.limit ?? DEFAULT_LIMIT,
      includeNearMisses: input.includeNearMisses ?? false,
    });
    return { data: result, text: matchingText(result) };
  },
});
