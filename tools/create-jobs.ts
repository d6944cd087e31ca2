import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import type { UpstreamJob } from '../src/contract/upstream.js';
import { confirmOrAsk } from '../src/mcp/confirm.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { idInput } from '../src/mcp/ids.js';
import { breakPeriodInput, requirementsInput, writeNotes as writeNotesSchema } from '../src/mcp/params.js';
import { checkBeforeSending, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import { jobViewSchema, toJobView } from '../src/present/job.js';
import { dryRunFields, roleChangeSchema } from '../src/present/role-changes.js';
import { createdChanges } from '../src/rules/booked-changes.js';
import { checkCreateJobs } from '../src/rules/mutations/create-jobs.js';

const document = loadDocument(new URL('./create-jobs.graphql', import.meta.url));

const roleInput = z.object({
  title: z.string(),
  uniqueId: z.string().optional(),
  roleTypeId: idInput.optional(),
  startTime: z.string(),
  endTime: z.string(),
  quantity: z.number().optional(),
  payType: z.enum(['HOURLY', 'FIXED']).optional(),
  payRate: z.number().optional(),
  breakPeriod: breakPeriodInput,
  requirements: requirementsInput.optional(),
});

const jobInput = z.object({
  boardId: idInput,
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
  description: "Create jobs; role times are local YYYY-MM-DDTHH:mm on the job date, job zone else board's.",
  inputSchema: z.object({
    jobs: z.array(jobInput).min(1),
    multiDay: z.boolean().optional(),
    dryRun: z.boolean().optional(),
    confirm: z.boolean().optional(),
  }),
  outputSchema: z.object({
    jobs: z.array(jobViewSchema).optional(),
    changes: z.array(roleChangeSchema).optional(),
    ...dryRunFields,
    ...writeNotesSchema,
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['jobs:write'],
  toolset: 'jobs',
  documents: [document],
  checkWith: 'list_jobs (boardIds and the job dates)',
  async handler(input, ctx) {
    const { confirm, dryRun, ...jobs } = input;
    const plan = await checkBeforeSending(ctx, 'createJobs', (facts) => checkCreateJobs(jobs, facts));
    if (dryRun) {
      const asks = plan.confirm?.items.map((item) => `${item.path}: ${item.detail}`);
      const data = { dryRun: true, changes: plan.changes, ...writeNotes(plan) };
      return { data: asks?.length ? { ...data, needsConfirmation: asks } : data };
    }
    const decision = confirmOrAsk(ctx, plan.confirm, {
      what: 'createJobs',
      argument: 'confirm',
      confirmedByArgument: confirm === true,
    });
    if (decision !== 'go') return decision;
    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: plan.payload },
      { signal: ctx.signal },
    );
    const created = mutationResult(data.createJobs).jobs;
    ctx.lookups.jobs.rememberBoards(created);
    const notes = writeNotes(plan, plan.confirm ? [plan.confirm.confirmed] : []);
    return { data: { jobs: created.map(toJobView), changes: createdChanges(created), ...notes } };
  },
});
