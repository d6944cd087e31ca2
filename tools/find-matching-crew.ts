import { z } from 'zod';
import {
  companyJobsDocument,
  crewJobsWindowDocument,
  crewMatchingDocument,
} from '../src/contract/documents.js';
import { defineTool } from '../src/mcp/define-tool.js';
import {
  assignmentsFor,
  checkMatchRequest,
  requirementsTarget,
  roleTarget,
} from '../src/mcp/match-target.js';
import { matchingResultSchema, matchingText, toMatchingResult } from '../src/present/staffing.js';
import { assessAvailability, assignmentsByCrew, BOOKED_STATUS } from '../src/rules/availability.js';
import { describeRequirement, matchCrew, planRequirements } from '../src/rules/matching.js';

const DEFAULT_STATUSES = ['ACTIVE', 'APPROVED'];
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
    checkMatchRequest(input);
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
