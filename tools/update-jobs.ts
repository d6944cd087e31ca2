import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import { confirmOrAsk } from '../src/mcp/confirm.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { writeNotes as writeNotesSchema } from '../src/mcp/params.js';
import { stopOnErrors, writeNotes } from '../src/mcp/write-result.js';
import { type FieldProblem, UserInputError } from '../src/platform/errors.js';
import { mutationResult } from '../src/platform/graphql.js';
import { checkRoleUpdate } from '../src/rules/create-jobs.js';
import { wholeNumberProblem } from '../src/rules/input-shape.js';
import type { RuleIssue } from '../src/rules/issues.js';
import { checkTimezoneUpdates } from '../src/rules/multi-day.js';
import type { RoleEdit } from '../src/rules/pay.js';
import { checkBreakPeriodUpdate, checkPayRate } from '../src/rules/pay.js';
import {
  confirmationMessage,
  legacyRefusal,
  legacyTouches,
  type TouchedRole,
} from '../src/rules/pay-guard.js';
import { checkTimeZone, checkTimezoneChange, instantToWallClock } from '../src/rules/time.js';
import { jobViewSchema, toJobView, type UpstreamJob } from '../src/views/job.js';

const document = loadDocument(new URL('./update-jobs.graphql', import.meta.url));
const CONFIRM = 'confirmLegacyBreakChange';

const roleEdit = z.object({
  id: z.string(),
  title: z.string().optional(),
  startTime: z.string().optional().describe('Local YYYY-MM-DDTHH:mm'),
  endTime: z.string().optional(),
  quantity: z.number().optional(),
  payRate: z.number().optional(),
  breakPeriod: z.number().optional().describe('Cannot be changed'),
});

const jobEdit = z.object({
  id: z.string(),
  title: z.string().optional(),
  location: z.string().optional(),
  timezone: z.string().optional().describe('IANA; keeps wall-clock times, moves the whole multi-day job'),
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
    "Update jobs' title, location, timezone and roles (times are local wall-clock). Roles created before 2026-09-21 lose a hidden break on any edit, changing their pay: the call is refused until confirmed. Returns the changed jobs and pay totals.",
  inputSchema: z.object({
    jobs: z.array(jobEdit).min(1),
    [CONFIRM]: z.boolean().optional().describe('The user accepted the pay changes'),
  }),
  outputSchema: z.object({
    jobs: z.array(jobViewSchema),
    moved: z.array(z.string()).optional().describe('Jobs moved to the new timezone'),
    payChanges: z.array(payChangeSchema).optional(),
    ...writeNotesSchema,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  // jobs:read too: the pay guard reads the roles before any edit; without it the guard is blind.
  scopes: ['jobs:write', 'jobs:read'],
  toolset: 'jobs',
  documents: [document],
  checkWith: (input) => `list_jobs with jobIds [${input.jobs.map((job) => job.id).join(', ')}]`,
  lookupTool: 'list_jobs',
  async handler(input, ctx) {
    // 1. Rules that need no data: nothing leaves when they fail.
    const issues: RuleIssue[] = [];
    const shape: FieldProblem[] = [];
    input.jobs.forEach((job, jobIndex) => {
      if (job.timezone !== undefined)
        issues.push(...checkTimeZone(job.timezone, `jobs[${jobIndex}].timezone`));
      (job.roles ?? []).forEach((role, roleIndex) => {
        const path = `jobs[${jobIndex}].roles[${roleIndex}]`;
        issues.push(...checkBreakPeriodUpdate(role.breakPeriod, `${path}.breakPeriod`));
        issues.push(...checkPayRate(role.payRate, `${path}.payRate`));
        shape.push(...wholeNumberProblem(role.quantity, `${path}.quantity`));
      });
    });
    stopOnErrors(issues, 'updateJobs', shape);

    // 2. The jobs as they are now.
    const current = await ctx.lookups.jobs.readJobs(
      input.jobs.map((job) => job.id),
      ctx.signal,
    );
    const missing: FieldProblem[] = [];
    input.jobs.forEach((edit, jobIndex) => {
      const job = current.get(edit.id);
      if (!job) {
        missing.push({
          path: `jobs[${jobIndex}].id`,
          message: `no job with id ${edit.id}.`,
          fix: 'list_jobs shows job ids.',
        });
        return;
      }
      (edit.roles ?? []).forEach((role, roleIndex) => {
        if (!job.roles.some((existing) => existing.id === role.id))
          missing.push({
            path: `jobs[${jobIndex}].roles[${roleIndex}].id`,
            message: `job ${job.id} has no role with id ${role.id}.`,
            fix: 'list_jobs with jobIds shows the role ids of a job.',
          });
      });
    });
    if (missing.length) throw new UserInputError('updateJobs not sent: unknown ids.', missing);

    // 3. Timezone changes move every job of a multi-day group (§4.4 rules 4-5).
    const newZone = new Map<string, { zone: string; path: string }>();
    const movedGroups: UpstreamJob[][] = [];
    for (const [jobIndex, edit] of input.jobs.entries()) {
      const job = current.get(edit.id)!;
      if (edit.timezone === undefined || edit.timezone === job.timezone) continue;
      // Another day of the same group already moves it (a conflicting zone is reported below).
      if (newZone.has(job.id)) continue;
      const group = await ctx.lookups.jobs.readGroup(job, ctx.signal);
      movedGroups.push(group);
      const path = `jobs[${jobIndex}].timezone`;
      issues.push(
        ...checkTimezoneUpdates(
          [{ id: job.id, multiDayJobId: job.multiDayJobId, timezone: edit.timezone }],
          group,
        ),
      );
      for (const member of group) {
        if (!newZone.has(member.id)) newZone.set(member.id, { zone: edit.timezone, path });
        const roles = member.roles.map((role) => ({
          startTime: role.startTime,
          endTime: role.endTime,
          path: `${path} (job ${member.id} role ${role.id})`,
        }));
        issues.push(
          ...checkTimezoneChange({ fromZone: member.timezone, toZone: edit.timezone, roles, path }).filter(
            (issue) => !issue.path.endsWith('.timezone'),
          ),
        );
      }
    }
    issues.push(
      ...checkTimezoneUpdates(
        input.jobs.map((edit) => ({
          id: edit.id,
          multiDayJobId: current.get(edit.id)!.multiDayJobId,
          timezone: edit.timezone,
        })),
      ).filter((issue) => issue.severity === 'error'),
    );

    // 4. Role edits in the job's (new) zone, and every role the update touches.
    const touched = new Map<string, TouchedRole>();
    for (const group of movedGroups) {
      for (const member of group) {
        const zone = newZone.get(member.id)!;
        for (const role of member.roles) {
          const edit: RoleEdit = {
            startTime: instantToWallClock(role.startTime, member.timezone),
            endTime: instantToWallClock(role.endTime, member.timezone),
            timeZone: zone.zone,
          };
          touched.set(role.id, { path: zone.path, job: member, role, edit });
        }
      }
    }
    input.jobs.forEach((edit, jobIndex) => {
      const job = current.get(edit.id)!;
      const zone = newZone.get(job.id)?.zone ?? job.timezone;
      (edit.roles ?? []).forEach((roleEdit, roleIndex) => {
        const role = job.roles.find((existing) => existing.id === roleEdit.id)!;
        const path = `jobs[${jobIndex}].roles[${roleIndex}]`;
        issues.push(
          ...checkRoleUpdate({ existing: role, update: roleEdit, jobDate: job.date, timeZone: zone, path }),
        );
        const moved = touched.get(role.id)?.edit;
        touched.set(role.id, {
          path,
          job,
          role,
          edit: {
            startTime: roleEdit.startTime ?? moved?.startTime,
            endTime: roleEdit.endTime ?? moved?.endTime,
            payRate: roleEdit.payRate,
            timeZone: zone,
          },
        });
      });
    });
    stopOnErrors(issues, 'updateJobs');

    // 5. The pay guard (§4.4 rule 7).
    const legacy = legacyTouches([...touched.values()]);
    if (legacy.length > 0) {
      const decision = confirmOrAsk(ctx, {
        message: confirmationMessage(legacy),
        confirmedByArgument: input[CONFIRM] === true,
        refusal: () => legacyRefusal(legacy, CONFIRM),
      });
      if (decision !== 'go') return decision;
    }

    const { [CONFIRM]: _confirm, ...sent } = input;
    const payload = {
      jobs: sent.jobs.map(({ roles, ...job }) => ({
        ...job,
        ...(roles ? { roles: roles.map(({ breakPeriod: _break, ...role }) => role) } : {}),
      })),
    };
    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: payload },
      { signal: ctx.signal },
    );
    const changed = mutationResult(data.updateJobs).jobs;
    ctx.lookups.jobs.rememberBoards(changed);

    const after = new Map(changed.flatMap((job) => job.roles.map((role) => [role.id, role.total] as const)));
    const payChanges = [...touched.values()]
      .filter(({ role }) => after.has(role.id) && after.get(role.id) !== role.total)
      .map(({ role, job }) => ({
        roleId: role.id,
        jobId: job.id,
        before: role.total,
        after: after.get(role.id)!,
      }));
    const moved = movedGroups
      .flat()
      .map((job) => `job ${job.id} (${job.date}) → ${newZone.get(job.id)!.zone}`);
    const notes = legacy.length
      ? [
          `Confirmed: ${legacy.length} role(s) created before 2026-09-21 were recalculated without their hidden break.`,
        ]
      : [];
    return {
      data: {
        jobs: changed.map(toJobView),
        ...(moved.length ? { moved } : {}),
        ...(payChanges.length ? { payChanges } : {}),
        ...writeNotes(
          issues.filter((issue) => issue.code !== 'LEGACY_BREAK_TOTAL'),
          [],
          notes,
        ),
      },
    };
  },
});
