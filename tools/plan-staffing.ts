import { z } from 'zod';
import { boardIdsOf } from '../src/mcp/board-ids.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { idInput } from '../src/mcp/ids.js';
import { boardIdsList, rangedNumber } from '../src/mcp/params.js';
import { observePlannerStages } from '../src/mcp/planner-stages.js';
import { readRange } from '../src/mcp/read-range.js';
import { refuse } from '../src/mcp/refuse.js';
import { loadHighs } from '../src/planner/highs.js';
import type { KeptPlan } from '../src/planner/kept-plan.js';
import { planStaffing } from '../src/planner/plan.js';
import { planResultSchema, planText, toPlanResult } from '../src/present/plan.js';
import { fitPlan } from '../src/present/plan-budget.js';
import {
  type BoardRange,
  gatherFacts,
  gatherRoles,
  PLAN_DOCUMENTS,
  type ScopeAsk,
} from '../src/staffing/plan-gather.js';
import { checkScore, planOrRefusePins } from '../src/staffing/plan-refusal.js';
import {
  checkAdjustmentsMatch,
  checkRequest,
  PLAN_RANGES,
  type PlanRequest,
  placeOf,
  planChanges,
  resolveAdjustments,
  resolveOptions,
} from '../src/staffing/plan-request.js';

const roleCrew = z.array(z.string()).optional();

const inputSchema = z.object({
  jobIds: z.array(idInput).optional(),
  multiDayJobId: idInput.optional(),
  // Ids or names, as every boardIds: said by the other tools, within this one's token budget.
  boardIds: boardIdsList,
  from: z.string().optional(),
  to: z.string().optional(),
  places: z.array(z.string()).optional(),
  planId: z.string().optional(),
  exclude: z.array(idInput).optional(),
  swap: roleCrew,
  pin: roleCrew,
  statuses: z.array(z.string()).optional(),
  minRestHours: rangedNumber(PLAN_RANGES.minRestHours),
  maxShiftsPerDay: rangedNumber(PLAN_RANGES.maxShiftsPerDay),
  maxHours: rangedNumber(PLAN_RANGES.maxHours),
  maxShiftsPerPerson: rangedNumber(PLAN_RANGES.maxShiftsPerPerson),
  maxShiftsPerWeek: rangedNumber(PLAN_RANGES.maxShiftsPerWeek),
  keepPending: z.boolean().optional(),
  continuity: z.boolean().optional(),
  preferScore: idInput.optional(),
  limitAlternates: rangedNumber(PLAN_RANGES.limitAlternates),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The scope to read: the kept plan's places on a follow-up, else the one the input names. */
function scopeOf(input: PlanRequest, kept: KeptPlan | undefined): ScopeAsk {
  if (kept) return { places: kept.places };
  if (input.jobIds) return { jobIds: input.jobIds };
  if (input.multiDayJobId) return { multiDayJobId: input.multiDayJobId };
  if (input.places) return { places: input.places.map((entry, index) => placeOf(entry, `places[${index}]`)) };
  const from = input.from as string;
  const to = input.to ?? from;
  for (const [key, value] of Object.entries({ from, to }))
    if (!DAY.test(value))
      refuse({ field: key, problem: `${key} must be a local day YYYY-MM-DD.`, fix: 'e.g. 2026-11-28.' });
  const range = readRange({ from, to, otherwise: 'each' });
  const boards: BoardRange = {
    boardIds: input.boardIds ?? [],
    filter: range.platform,
    ...(range.localDates ? { localDates: range.localDates } : {}),
    span: { startMs: Number.NEGATIVE_INFINITY, endMs: Number.POSITIVE_INFINITY },
  };
  return { boards };
}

export const planStaffingTool = defineTool({
  name: 'plan_staffing',
  title: 'Plan staffing for an event',
  description:
    'Optimal staffing (books nobody): jobIds, multiDayJobId, boardIds+from/to or places job/role[/count]; planId: exclude/swap/pin roleId:crewId.',
  inputSchema,
  outputSchema: planResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['crew:read', 'jobs:read'],
  toolset: 'crew',
  view: 'staffingPlan',
  documents: PLAN_DOCUMENTS,
  lookupTool: 'find_open_roles or list_jobs',
  async handler(input, ctx) {
    checkRequest(input);
    // The solver's WebAssembly compiles (off the main thread) while the facts are read, 100 pages
    // of crew on a company of 10,000, not after them; a failed load is tried again by the solve.
    void loadHighs().catch(() => undefined);
    const kept = input.planId ? await ctx.keptPlans.get(input.planId) : undefined;
    if (input.planId && !kept)
      refuse({
        field: 'planId',
        problem: `No kept plan ${input.planId}: it expired or never existed.`,
        fix: 'Plan again with the scope.',
      });
    const options = resolveOptions(input, kept);
    const adjustments = resolveAdjustments(input, kept);
    const scope = scopeOf(input, kept);
    if (scope.boards)
      scope.boards = { ...scope.boards, boardIds: await boardIdsOf(ctx, scope.boards.boardIds) };
    await checkScore(options.preferScore, ctx);
    const readStarted = performance.now();
    const gathered = await gatherRoles(scope, ctx.lookups, ctx.platform, ctx.signal, ctx.now());
    if (gathered.missing.length)
      refuse({
        field: 'places',
        problem: `No such role: ${gathered.missing.join(', ')}.`,
        fix: 'find_open_roles lists jobId and roleId.',
      });
    const notes: string[] = [];
    if (gathered.started) notes.push(`${gathered.started} roles already started were left out.`);
    if (gathered.roles.length === 0) notes.push('No open places that have not started in this scope.');
    const facts = gathered.roles.length
      ? await gatherFacts(gathered.roles, options, ctx.lookups, ctx.signal, (done, total) => {
          void ctx.progress(done, total, 'reading crew');
        })
      : { roles: [], crew: [], crewJobs: [], notes: [] };
    const crewRead = gathered.roles.length ? new Set(facts.crew.map((member) => member.id)) : null;
    checkAdjustmentsMatch(input, kept, crewRead);
    const outcome = planOrRefusePins(await planStaffing(facts, options, adjustments));
    observePlannerStages(ctx.observer, readStarted, outcome.solution);
    const assignments = outcome.assignments.map((entry) => ({
      roleId: entry.role.roleId,
      crewId: entry.crew.id,
    }));
    const keptPlan = {
      places: gathered.roles.map((role) => ({ jobId: role.jobId, roleId: role.roleId })),
      options,
      offRole: [...adjustments.offRole],
      pins: [...adjustments.pins],
      assignments,
    };
    // The id first, so that the plan is kept with its whole result in one write: the view pages
    // it (plan_staffing_page) when the answer was shortened, and any app may page any plan alike.
    const id = ctx.keptPlans.idFor(input.planId);
    const result = toPlanResult(outcome, id, {
      ...(kept ? { changes: planChanges(kept.assignments, assignments) } : {}),
      notes: [...notes, ...facts.notes],
    });
    await ctx.keptPlans.keep(id, { ...keptPlan, view: result } as KeptPlan);
    return fitPlan({ data: result, text: planText(result, outcome) });
  },
});
