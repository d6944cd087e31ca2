// App-only (MCP Apps visibility ["app"]): the staffing-plan view reads a kept plan whole, page by
// page (a shortened plan_staffing answer names each person once and leaves out the reasons). Hosts
// keep it out of the model's tool list.
import { z } from 'zod';
import { defineTool } from '../src/mcp/define-tool.js';
import { refuse } from '../src/mcp/refuse.js';
import { type PlanResult, planResultSchema } from '../src/present/plan.js';
import { keptView } from '../src/present/plan-budget.js';

export const MAX_PLAN_PAGE = 200;

const inputSchema = z.object({
  planId: z.string().min(1).max(40),
  offset: z.number().int().min(0).max(1_000_000).optional(),
  limit: z.number().int().min(1).max(MAX_PLAN_PAGE).optional(),
});

const outputSchema = z.object({
  planId: z.string(),
  offset: z.number(),
  total: z.number().describe('assignments in the plan'),
  next: z.number().optional().describe('offset of the next page'),
  assignments: planResultSchema.shape.assignments,
  unfilled: planResultSchema.shape.unfilled.describe('on the first page only'),
  hours: planResultSchema.shape.hours,
  roles: z.array(z.object(planResultSchema.shape.roles.unwrap().element.shape)),
  crew: z.array(z.object(planResultSchema.shape.crew.unwrap().element.shape)),
});

/** One page of the whole plan: its assignments from `offset`, with the names, roles and hours they name. */
export function planPage(view: PlanResult, offset: number, limit: number): z.infer<typeof outputSchema> {
  const assignments = view.assignments.slice(offset, offset + limit);
  const unfilled = offset === 0 ? view.unfilled : [];
  const people = new Set(assignments.map((entry) => entry.crewId));
  const named = new Set(assignments.flatMap((entry) => [entry.crewId, ...entry.alternates]));
  const roleKeys = new Set([...assignments, ...unfilled].map((entry) => `${entry.jobId}/${entry.roleId}`));
  const end = offset + assignments.length;
  return {
    planId: view.planId,
    offset,
    total: view.assignments.length,
    ...(end < view.assignments.length ? { next: end } : {}),
    assignments,
    unfilled,
    hours: view.hours.filter((entry) => people.has(entry.crewId)),
    roles: (view.roles ?? []).filter((role) => roleKeys.has(`${role.jobId}/${role.roleId}`)),
    crew: (view.crew ?? []).filter((member) => named.has(member.crewId)),
  };
}

export const planStaffingPage = defineTool({
  name: 'plan_staffing_page',
  title: 'Page a staffing plan (view only)',
  description:
    "A page of a kept plan_staffing plan, for the plan view; the model reads plan_staffing's text.",
  inputSchema,
  outputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['crew:read', 'jobs:read'],
  toolset: 'crew',
  appOnly: true,
  lookupTool: 'plan_staffing',
  async handler(input, ctx) {
    const kept = await ctx.keptPlans.get(input.planId);
    if (!kept)
      refuse({
        field: 'planId',
        problem: `No kept plan ${input.planId}: it expired or never existed.`,
        fix: 'Plan again with plan_staffing.',
      });
    const view = keptView(kept);
    if (!view)
      refuse({
        field: 'planId',
        problem: `Plan ${input.planId} was kept without its result (by an earlier version of crew-mcp).`,
        fix: 'Plan again with plan_staffing.',
      });
    const offset = input.offset ?? 0;
    if (offset > 0 && offset >= view.assignments.length)
      refuse({
        field: 'offset',
        problem: `offset ${offset} is past the plan's ${view.assignments.length} assignments.`,
        fix: `Give an offset below ${view.assignments.length}; start at 0.`,
      });
    const page = planPage(view, offset, input.limit ?? 100);
    return {
      data: page,
      text: `Plan ${page.planId}: assignments ${offset + 1}-${offset + page.assignments.length} of ${page.total}${page.next !== undefined ? `; next offset ${page.next}` : ''}.`,
    };
  },
});
