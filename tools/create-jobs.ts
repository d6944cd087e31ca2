import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import type { UpstreamJob } from '../src/contract/upstream.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { breakPeriodInput, requirementsInput, writeNotes as writeNotesSchema } from '../src/mcp/params.js';
import { checkBeforeSending, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import { jobViewSchema, toJobView } from '../src/present/job.js';
import { checkCreateJobs } from '../src/rules/mutations/create-jobs.js';

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
  breakPeriod: breakPeriodInput,
  requirements: requirementsInput.optional(),
});

const jobInput = z.object({
  boardId: z.string(),
  title: z.string(),
  date: z.string(),
  uniqueId: z.string().optional(),
  timezone: z.string().optional(),
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

export const createJobs = defineTool({
  name: 'create_jobs',
  title: 'Create jobs',
  description:
    "Create jobs with roles. Role times: local YYYY-MM-DDTHH:mm in the job's timezone (default: the board's), on the job's date.",
  inputSchema: z.object({ jobs: z.array(jobInput).min(1), multiDay: z.boolean().optional() }),
  outputSchema: z.object({ jobs: z.array(jobViewSchema), ...writeNotesSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['jobs:write'],
  toolset: 'jobs',
  documents: [document],
  checkWith: 'list_jobs (boardIds and the job dates)',
  async handler(input, ctx) {
    const plan = await checkBeforeSending(ctx, 'createJobs', (facts) => checkCreateJobs(input, facts));
    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: plan.payload },
      { signal: ctx.signal },
    );
    const created = mutationResult(data.createJobs).jobs;
    ctx.lookups.jobs.rememberBoards(created);
    return { data: { jobs: created.map(toJobView), ...writeNotes(plan) } };
  },
});
