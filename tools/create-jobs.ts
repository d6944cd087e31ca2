import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { requirementsInput, writeNotes as writeNotesSchema } from '../src/mcp/params.js';
import { stopOnErrors, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import { checkCreateJobsInput } from '../src/rules/create-jobs.js';
import { requirementShapeProblems, wholeNumberProblem } from '../src/rules/input-shape.js';
import type { RuleIssue } from '../src/rules/issues.js';
import { effectiveTimeZone } from '../src/rules/multi-day.js';
import { jobViewSchema, toJobView, type UpstreamJob } from '../src/views/job.js';

const document = loadDocument(new URL('./create-jobs.graphql', import.meta.url));

const roleInput = z.object({
  title: z.string(),
  uniqueId: z.string().optional(),
  roleTypeId: z.string().optional(),
  startTime: z.string(),
  endTime: z.string(),
  quantity: z.number().optional(),
  payType: z.enum(['HOURLY', 'FIXED']).optional(),
  payRate: z.number().optional(),
  breakPeriod: z.number().optional().describe('Minutes'),
  requirements: requirementsInput.optional(),
});

const jobInput = z.object({
  boardId: z.string(),
  title: z.string(),
  date: z.string(),
  uniqueId: z.string().optional(),
  timezone: z.string().optional().describe("IANA; default: the board's"),
  location: z.string().optional(),
  roles: z.array(roleInput),
});

interface Answer {
  createJobs: {
    success: boolean;
    errors?: Record<string, string[]>;
    errorCodes?: Record<string, string>;
    jobs: UpstreamJob[];
  };
}

/** Checks that depend on the zone; meaningless for a job whose zone is unknown. */
const ZONE_DEPENDENT = ['TOO_LONG', 'DST_GAP', 'DST_AMBIGUOUS'];

export const createJobs = defineTool({
  name: 'create_jobs',
  title: 'Create jobs',
  description:
    "Create jobs with roles. Role start/end: local YYYY-MM-DDTHH:mm in the job's timezone, starting on the job's date. multiDay links the jobs as one multi-day job. Checked before sending.",
  inputSchema: z.object({ jobs: z.array(jobInput).min(1), multiDay: z.boolean().optional() }),
  outputSchema: z.object({ jobs: z.array(jobViewSchema), ...writeNotesSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['jobs:write'],
  toolset: 'jobs',
  documents: [document],
  checkWith: 'list_jobs (boardIds and the job dates)',
  async handler(input, ctx) {
    const unknownZones = (zones: Map<string, string>) =>
      input.jobs.flatMap((job, index) => (effectiveTimeZone(job, { boardTimezones: zones }) ? [] : [index]));
    // Issues of zone-dependent rules are dropped for jobs whose zone is not known yet.
    const relevant = (issues: RuleIssue[], unknown: number[]) =>
      issues.filter(
        (issue) =>
          !ZONE_DEPENDENT.includes(issue.code) ||
          !unknown.some((index) => issue.path.startsWith(`jobs[${index}]`)),
      );

    // 1. Everything knowable without a request: nothing leaves when this fails.
    const shape = input.jobs.flatMap((job, jobIndex) =>
      job.roles.flatMap((role, roleIndex) => {
        const path = `jobs[${jobIndex}].roles[${roleIndex}]`;
        return [
          ...wholeNumberProblem(role.quantity, `${path}.quantity`),
          ...requirementShapeProblems(role.requirements, `${path}.requirements`),
        ];
      }),
    );
    // The requirement kinds pass the schema loosely: their JSON types first, before any rule reads them.
    stopOnErrors([], 'createJobs', shape);
    const cached = ctx.lookups.jobs.cachedBoardZones();
    const local = checkCreateJobsInput(input, { boardTimezones: cached });
    stopOnErrors(relevant(local.issues, unknownZones(cached)), 'createJobs');

    // 2. Board zones and data types, read only when needed (never the mutation on failure).
    const needBoards = unknownZones(cached).map((index) => input.jobs[index]!.boardId);
    const needCatalogue = input.jobs.some((job) =>
      job.roles.some(
        (role) => Array.isArray(role.requirements?.dataType) && role.requirements.dataType.length > 0,
      ),
    );
    const [zones, catalogue] = await Promise.all([
      needBoards.length ? ctx.lookups.jobs.boardZones(needBoards, ctx.signal) : cached,
      needCatalogue ? ctx.lookups.dataTypes.get(ctx.signal) : null,
    ]);
    const unknown = unknownZones(zones);
    const full = checkCreateJobsInput(input, { boardTimezones: zones, catalogue: catalogue ?? undefined });
    const issues = relevant(full.issues, unknown);
    stopOnErrors(issues, 'createJobs');

    const notes = unknown.map(
      (index) =>
        `jobs[${index}]: the timezone of board ${input.jobs[index]!.boardId} could not be read, so role times were checked without its DST rules; the platform reads them in the board's timezone (set timezone to check locally).`,
    );
    if (needCatalogue && !catalogue)
      notes.push(
        "The company's data types could not be read (needs crew:read), so dataType titles and options were checked by the platform only.",
      );

    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: full.input },
      { signal: ctx.signal },
    );
    const created = mutationResult(data.createJobs).jobs;
    ctx.lookups.jobs.rememberBoards(created);
    return { data: { jobs: created.map(toJobView), ...writeNotes(issues, full.dropped, notes) } };
  },
});
