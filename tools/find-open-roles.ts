import { DateTime } from 'luxon';
import { z } from 'zod';
import { companyJobsDocument as document, jobIndexDocument } from '../src/contract/documents.js';
import { MAX_JOBS_READ } from '../src/lookups/jobs.js';
import { boardIdsOf } from '../src/mcp/board-ids.js';
import { fitItems } from '../src/mcp/budget.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { idInput } from '../src/mcp/ids.js';
import { boardIdsInput } from '../src/mcp/params.js';
import { readRange, readRangeInput } from '../src/mcp/read-range.js';
import {
  multiDayJobSchema,
  multiDayJobsLine,
  openRoleLine,
  openRoleSchema,
} from '../src/present/staffing.js';
import { multiDayJobsOf, multiDayJobsRead } from '../src/staffing/multi-day-days.js';
import { openRolesIn } from '../src/staffing/open-roles.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const outputSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalRoles: z.number().describe('Roles with open places in the range'),
  totalOpenPlaces: z.number(),
  roles: z.array(openRoleSchema).describe('Soonest first'),
  multiDayJobs: z
    .array(multiDayJobSchema)
    .optional()
    .describe('Every day of the multi-day jobs of these roles, in or out of the range'),
  note: z.string().optional(),
});

/** The range asked for, with the defaults: from now (`nowMs`), for the 7 days after `from`. */
function defaultRange(
  from: string | undefined,
  to: string | undefined,
  nowMs: number,
): { from: string; to: string } {
  const start = from ?? new Date(nowMs).toISOString();
  if (to) return { from: start, to };
  if (DAY.test(start))
    return { from: start, to: DateTime.fromISO(start).plus({ days: 6 }).toISODate() ?? start };
  const instant = DateTime.fromISO(start, { setZone: true });
  return { from: start, to: instant.isValid ? (instant.plus({ days: 7 }).toISO() ?? start) : start };
}

export const findOpenRoles = defineTool({
  name: 'find_open_roles',
  title: 'Find roles with open places',
  description:
    "Roles with open places, soonest first. from/to: each job's local days unless `timezone`; default next 7 days or a multiDayJobId's days.",
  inputSchema: z.object({
    ...readRangeInput,
    boardIds: boardIdsInput,
    multiDayJobId: idInput.optional(),
  }),
  outputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['jobs:read'],
  toolset: 'jobs',
  documents: [document, jobIndexDocument],
  async handler(input, ctx) {
    // A multi-day job without dates: every one of its days.
    const asked =
      input.multiDayJobId && !input.from && !input.to
        ? undefined
        : defaultRange(input.from, input.to, ctx.now());
    const range = asked
      ? readRange({ from: asked.from, to: asked.to, timeZone: input.timezone, otherwise: 'each' })
      : undefined;
    const boardIds = input.boardIds && (await boardIdsOf(ctx, input.boardIds));
    const scope = {
      ...(boardIds ? { boardIds } : {}),
      ...(range ? { filter: range.platform } : {}),
      ...(range?.localDates ? { localDates: range.localDates } : {}),
      span: {
        startMs: range?.fromUtc ? Date.parse(range.fromUtc) : Number.NEGATIVE_INFINITY,
        endMs: range?.toUtc ? Date.parse(range.toUtc) + 1 : Number.POSITIVE_INFINITY,
      },
    };
    const { jobs: items, truncated } = input.multiDayJobId
      ? { jobs: await multiDayJobsRead(input.multiDayJobId, ctx), truncated: false }
      : await ctx.lookups.jobs.readScope(scope, ctx.signal);
    const roles = openRolesIn(items, scope);
    const groups = await multiDayJobsOf(roles, items, Boolean(input.multiDayJobId), ctx);
    const days = asked ?? { from: items[0]?.date ?? '', to: items.at(-1)?.date ?? '' };
    const totalOpenPlaces = roles.reduce((sum, role) => sum + role.open, 0);
    const rangeText = `${days.from} to ${days.to}${input.timezone ? ` ${input.timezone}` : ''}`;
    return fitItems(roles, (kept, cut) => {
      const notes = [
        ...(range?.notes ?? []),
        truncated
          ? `Only the first ${MAX_JOBS_READ} jobs of the range were read: narrow dates or boards.`
          : '',
        cut ? `${cut} more roles cut to fit the context budget: narrow dates or boards.` : '',
      ].filter(Boolean);
      return {
        data: {
          from: days.from,
          to: days.to,
          totalRoles: roles.length,
          totalOpenPlaces,
          roles: kept,
          ...(groups.length ? { multiDayJobs: groups } : {}),
          ...(notes.length ? { note: notes.join(' ') } : {}),
        },
        text: [
          `${roles.length} roles with ${totalOpenPlaces} open places, ${rangeText}${kept.length < roles.length ? ` (${kept.length} shown)` : ''}:`,
          ...kept.map(openRoleLine),
          ...(groups.length ? [multiDayJobsLine(groups)] : []),
          ...notes,
        ].join('\n'),
      };
    });
  },
});
