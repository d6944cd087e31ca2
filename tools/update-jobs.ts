import { z } from 'zod';
import { crewJobsWindowDocument, loadDocument } from '../src/contract/documents.js';
import type { UpstreamJob } from '../src/contract/upstream.js';
import { movedCrew } from '../src/lookups/crew-on-roles.js';
import { confirmOrAsk } from '../src/mcp/confirm.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { idInput } from '../src/mcp/ids.js';
import { breakPeriodEdit, writeNotes as writeNotesSchema } from '../src/mcp/params.js';
import { checkBeforeSending, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import { jobViewSchema, toJobView } from '../src/present/job.js';
import {
  affectedSchema,
  dryRunFields,
  roleChangeSchema,
  toAffectedView,
} from '../src/present/role-changes.js';
import { answeredChanges } from '../src/rules/booked-changes.js';
import { confirmationWithMoves, movedRoles, moveIssues } from '../src/rules/move-clashes.js';
import { planJobUpdate } from '../src/rules/mutations/update-jobs.js';
import { payChangesAfter } from '../src/rules/pay-changes.js';

const document = loadDocument(new URL('./update-jobs.graphql', import.meta.url));
/**
 * The name this tool's confirmation had before every write tool took `confirm` (it was named for
 * the first side effect it covered, a pre-2026-09-21 break): still taken, not shown.
 */
const CONFIRM_ALIAS = 'confirmLegacyBreakChange';

const MOVED_CREW_HINT = 'it moves roles with crew on them (dryRun: true names them and their new clashes)';

const roleEdit = z.object({
  id: idInput,
  title: z.string().optional(),
  startTime: z.string().optional().describe('Local YYYY-MM-DDTHH:mm'),
  endTime: z.string().optional(),
  quantity: z.number().optional(),
  payRate: z.number().optional(),
  breakPeriod: breakPeriodEdit,
});

const jobEdit = z.object({
  id: idInput,
  title: z.string().optional(),
  location: z.string().optional(),
  timezone: z.string().optional().describe('IANA; keeps wall clocks, moves the whole multi-day job'),
  roles: z.array(roleEdit).optional(),
});

const payChangeSchema = z.object({
  roleId: z.string(),
  jobId: z.string(),
  before: z.number(),
  after: z.number(),
});

interface Answer {
  updateJobs: {
    success: boolean;
    errors?: Record<string, string[]>;
    errorCodes?: Record<string, string>;
    jobs: UpstreamJob[];
  };
}

export const updateJobs = defineTool({
  name: 'update_jobs',
  title: 'Update jobs',
  description:
    "Update jobs' title, location, timezone, roles (local wall clock; payRate keeps pay type). dryRun: role changes, crew a move affects, new clashes. Needs the user's confirm: pay side effects, moved shifts or lower pay for crew, rate 0.",
  inputSchema: z.object({
    jobs: z.array(jobEdit).min(1),
    dryRun: z.boolean().optional(),
    confirm: z.boolean().optional().describe('The user accepted the listed changes'),
    [CONFIRM_ALIAS]: z.boolean().optional().meta({ deprecated: true }),
  }),
  outputSchema: z.object({
    jobs: z.array(jobViewSchema).optional(),
    changes: z.array(roleChangeSchema).optional(),
    ...dryRunFields,
    moved: z.array(z.string()).optional().describe('Jobs moved to the new timezone'),
    affected: z.array(affectedSchema).optional().describe('BOOKED and pending crew on roles moved in time'),
    payChanges: z.array(payChangeSchema).optional(),
    ...writeNotesSchema,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  // jobs:read too: the checks read the jobs and their groups before any edit; without it they are blind.
  scopes: ['jobs:write', 'jobs:read'],
  toolset: 'jobs',
  documents: [document, crewJobsWindowDocument],
  checkWith: (input) => `list_jobs with jobIds [${input.jobs.map((job) => job.id).join(', ')}]`,
  lookupTool: 'list_jobs',
  async handler(input, ctx) {
    const { confirm, [CONFIRM_ALIAS]: confirmedByAlias, dryRun, ...update } = input;
    const confirmed = confirm === true || confirmedByAlias === true;
    const plan = await checkBeforeSending(ctx, 'updateJobs', (facts) => planJobUpdate(update, facts));
    const moved = plan.moved.map(({ job, zone }) => `job ${job.id} (${job.date}) → ${zone}`);
    // Who the move affects, and the clashes and short rests it gives them: named before anything is sent.
    const movedInTime = movedRoles(plan.touched);
    // Refused anyway (a confirmation is due, none given, none can be asked): the refusal says where
    // the names are instead of reading them.
    const refusedAnyway = plan.confirm && !confirmed && !dryRun && !ctx.canElicit;
    if (refusedAnyway && movedInTime.length)
      plan.confirm = { ...plan.confirm!, summary: `${plan.confirm!.summary}; ${MOVED_CREW_HINT}` };
    const people = refusedAnyway ? [] : await movedCrew(ctx.platform, movedInTime, ctx.signal);
    const pathOf = (roleId: string) => movedInTime.find((role) => role.roleId === roleId)?.path ?? 'jobs';
    const toConfirm = confirmationWithMoves(plan, moveIssues(people, pathOf));
    const affected = people.length ? { affected: people.map(toAffectedView) } : {};
    if (dryRun) {
      const asks = toConfirm?.items.map((item) => `${item.path}: ${item.detail}`);
      return {
        data: {
          dryRun: true,
          ...(plan.changes.length ? { changes: plan.changes } : {}),
          ...(moved.length ? { moved } : {}),
          ...affected,
          ...(asks?.length ? { needsConfirmation: asks } : {}),
          ...writeNotes(plan),
        },
      };
    }
    const decision = confirmOrAsk(ctx, toConfirm, {
      what: 'updateJobs',
      argument: 'confirm',
      confirmedByArgument: confirmed,
    });
    if (decision !== 'go') return decision;

    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: plan.payload },
      { signal: ctx.signal },
    );
    const changed = mutationResult(data.updateJobs).jobs;
    ctx.lookups.jobs.rememberBoards(changed);
    const payChanges = payChangesAfter(plan.touched, changed);
    const changes = answeredChanges(plan.touched, plan.effects, changed);
    return {
      data: {
        jobs: changed.map(toJobView),
        ...(changes.length ? { changes } : {}),
        ...(moved.length ? { moved } : {}),
        ...affected,
        ...(payChanges.length ? { payChanges } : {}),
        ...writeNotes(plan, toConfirm ? [toConfirm.confirmed] : []),
      },
    };
  },
});
