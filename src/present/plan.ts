// What a model sees of a staffing plan (plan_staffing): one stable structuredContent shape that
// views and outside checks read (planId, assignments, unfilled with codes, totals, hours, options,
// changes), and a compact text of the same organised as the coordinator acts on it: per person,
// the roles to book them on. Ids are strings, as the other tools return them.
import { z } from 'zod';
import type { PlanOptions, RoleToFill } from '../planner/model.js';
import type { PlanOutcome } from '../planner/plan.js';
import { OBJECTIVE_WORDS } from '../planner/solve.js';
import { localTime } from './job.js';
import { planCrew, planCrewSchema, planRoleSchema, planRoles } from './plan-facts.js';

export const planShortenedSchema = z.object({
  omitted: z.array(z.string()).describe('fields left out'),
  people: z.number().optional().describe('crew members left out'),
  assignments: z.number().optional().describe('assignments left out'),
  how: z.string(),
});
export type PlanShortened = z.infer<typeof planShortenedSchema>;

export const planResultSchema = z.object({
  planId: z.string(),
  keptUntil: z.string().describe('planId answers follow-ups until then'),
  assignments: z.array(
    z.object({
      jobId: z.string(),
      roleId: z.string(),
      crewId: z.string(),
      // Left out of a shortened plan (names once, in `crew`); the view pages them.
      name: z.string().optional(),
      reason: z.string().optional(),
      alternates: z.array(z.string()),
    }),
  ),
  unfilled: z.array(
    z.object({
      jobId: z.string(),
      roleId: z.string(),
      places: z.number(),
      code: z
        .string()
        .describe('NO_QUALIFIED_CREW, ALL_QUALIFIED_BOOKED, NEEDED_ELSEWHERE_IN_PLAN or LIMIT_REACHED'),
      reason: z.string(),
    }),
  ),
  totals: z.object({
    placesOpen: z.number(),
    placesFilled: z.number(),
    status: z.string().describe('optimal or feasible'),
    gap: z
      .number()
      .optional()
      .describe(
        'Relative gap of the first objective not proven (0 when optimal); absent when no bound on it was proven',
      ),
    unproven: z.string().optional().describe('The first objective not proven (feasible)'),
    solveMs: z.number(),
  }),
  hours: z.array(z.object({ crewId: z.string(), hours: z.number() })),
  objective: z.array(z.string()),
  options: z.object({
    statuses: z.array(z.string()),
    minRestHours: z.number(),
    maxShiftsPerDay: z.number(),
    maxHours: z.number().optional(),
    maxShiftsPerPerson: z.number().optional(),
    maxShiftsPerWeek: z.number().optional(),
    keepPending: z.boolean(),
    continuity: z.boolean(),
    preferScore: z.string().optional(),
    exclude: z.array(z.string()),
    limitAlternates: z.number(),
  }),
  unchecked: z.array(z.object({ roleId: z.string(), verify: z.array(z.string()) })).optional(),
  changes: z
    .array(z.object({ roleId: z.string(), from: z.string().optional(), to: z.string().optional() }))
    .optional(),
  note: z.string().optional(),
  roles: z.array(planRoleSchema).optional().describe('title, job, local day and hours of each role named'),
  crew: z.array(planCrewSchema).optional().describe('names of the proposed and alternate crew'),
  shortened: planShortenedSchema.optional().describe('what a large plan left out'),
});
export type PlanResult = z.infer<typeof planResultSchema>;

export const PROPOSAL_NOTE =
  'A proposal: the platform API has no operation that books or invites crew, so a person books each one in the platform.';

function roleLabel(role: RoleToFill): string {
  const start = localTime(new Date(role.shift.window.startMs).toISOString(), role.shift.timeZone);
  return `${role.jobId}/${role.roleId} ${role.title} ${start}`;
}

function appliedOptions(options: PlanOptions): PlanResult['options'] {
  return {
    statuses: [...options.statuses],
    minRestHours: options.minRestHours,
    maxShiftsPerDay: options.maxShiftsPerDay,
    ...(options.maxHours !== undefined ? { maxHours: options.maxHours } : {}),
    ...(options.maxShiftsPerPerson !== undefined ? { maxShiftsPerPerson: options.maxShiftsPerPerson } : {}),
    ...(options.maxShiftsPerWeek !== undefined ? { maxShiftsPerWeek: options.maxShiftsPerWeek } : {}),
    keepPending: options.keepPending,
    continuity: options.continuity,
    ...(options.preferScore ? { preferScore: options.preferScore } : {}),
    exclude: options.exclude.map(String),
    limitAlternates: options.limitAlternates,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

export function toPlanResult(
  outcome: PlanOutcome,
  kept: { id: string; until: number },
  extra: { changes?: PlanResult['changes']; notes: string[] },
): PlanResult {
  const { solution } = outcome;
  return {
    planId: kept.id,
    keptUntil: new Date(kept.until).toISOString(),
    assignments: outcome.assignments.map((entry) => ({
      jobId: entry.role.jobId,
      roleId: entry.role.roleId,
      crewId: String(entry.crew.id),
      name: entry.crew.name,
      reason: entry.reason,
      alternates: entry.alternates.map((member) => String(member.id)),
    })),
    unfilled: outcome.unfilled.map((entry) => ({
      jobId: entry.role.jobId,
      roleId: entry.role.roleId,
      places: entry.places,
      code: entry.code,
      reason: entry.reason,
    })),
    totals: {
      placesOpen: outcome.placesOpen,
      placesFilled: outcome.placesFilled,
      status: solution.status,
      // Four places: a gap of 0.4% must not read as 0.0% (the text shows it to a tenth of a percent).
      ...(solution.gap === undefined ? {} : { gap: Math.round(solution.gap * 10_000) / 10_000 }),
      ...(solution.unproven ? { unproven: OBJECTIVE_WORDS[solution.unproven] } : {}),
      solveMs: Math.round(solution.solveMs),
    },
    hours: outcome.hours.map((entry) => ({ crewId: String(entry.crew.id), hours: round(entry.hours) })),
    objective: solution.objectives.map((name) => OBJECTIVE_WORDS[name]),
    options: appliedOptions(outcome.model.options),
    ...(outcome.unchecked.length
      ? { unchecked: outcome.unchecked.map((entry) => ({ roleId: entry.role.roleId, verify: entry.items })) }
      : {}),
    ...(extra.changes ? { changes: extra.changes } : {}),
    ...(extra.notes.length ? { note: extra.notes.join(' ') } : {}),
    roles: planRoles(outcome),
    crew: planCrew(outcome),
  };
}

/**
 * How far the plan is proven, in words that cannot contradict themselves: the objectives proven
 * before the time limit stopped one, and how close that one came. A gap rounds to 0.0% when the
 * plan in hand is within a hair of the bound, which is still not a proof ("within 0.1%"); with
 * no bound proven on it there is no gap to give ("no bound proven"), not a "within 100%".
 */
export function proofWords(totals: PlanResult['totals'], objective: readonly string[]): string {
  if (totals.status === 'optimal') return 'optimal (proven)';
  const stopped = totals.unproven ? objective.indexOf(totals.unproven) : -1;
  const proven = stopped > 0 ? objective.slice(0, stopped) : [];
  const unproven = totals.unproven ?? 'the plan';
  const how =
    totals.gap === undefined
      ? 'not proven (no bound proven on it in the time limit)'
      : `within ${Math.max(0.1, Math.round(totals.gap * 1000) / 10).toFixed(1)}% of the best possible`;
  return `best found in the time limit: ${proven.length ? `${proven.join(', ')} proven; ` : ''}${unproven} ${how}`;
}

export function optionsLine(o: PlanResult['options']): string {
  return `Options: statuses ${o.statuses.join('/')}, rest ${o.minRestHours} h, ${o.maxShiftsPerDay || 'any'} shift/day, max hours ${o.maxHours ?? 'none'}${o.maxShiftsPerPerson ? `, ${o.maxShiftsPerPerson} shifts/person` : ''}${o.maxShiftsPerWeek ? `, ${o.maxShiftsPerWeek} shifts/week` : ''}, keepPending ${o.keepPending}, continuity ${o.continuity}${o.preferScore ? `, preferScore ${o.preferScore}` : ''}, ${o.exclude.length} excluded, ${o.limitAlternates} alternates.`;
}

export function planText(result: PlanResult, outcome: PlanOutcome): string {
  const { totals } = result;
  const proof = proofWords(totals, result.objective);
  const lines = [
    `Plan ${result.planId} (until ${result.keptUntil}): ${totals.placesFilled}/${totals.placesOpen} places filled, ${proof}, ${totals.solveMs} ms.`,
    PROPOSAL_NOTE,
    `Objective in order: ${result.objective.join(' > ')}.`,
  ];
  const hours = new Map(result.hours.map((entry) => [entry.crewId, entry.hours]));
  const perPerson = new Map<string, { name: string; roles: string[] }>();
  for (const entry of outcome.assignments) {
    const id = String(entry.crew.id);
    const person = perPerson.get(id) ?? { name: entry.crew.name, roles: [] };
    person.roles.push(`${roleLabel(entry.role)} (${entry.reason})`);
    perPerson.set(id, person);
  }
  if (perPerson.size) lines.push('Book, per crew member (hours in range):');
  for (const [id, person] of perPerson)
    lines.push(`- ${person.name} ${id} (${hours.get(id) ?? 0} h): ${person.roles.join('; ')}`);
  const alternates = [
    ...new Map(result.assignments.map((entry) => [entry.roleId, entry.alternates])).entries(),
  ]
    .filter(([, ids]) => ids.length)
    .map(([roleId, ids]) => `${roleId}: ${ids.join(', ')}`);
  if (alternates.length) lines.push(`Alternates by role: ${alternates.join(' · ')}`);
  if (result.unfilled.length) lines.push('Unfilled:');
  for (const [index, entry] of result.unfilled.entries()) {
    const role = outcome.unfilled[index]?.role;
    lines.push(`- ${role ? roleLabel(role) : entry.roleId} ×${entry.places} ${entry.code}: ${entry.reason}`);
  }
  if (result.changes?.length)
    lines.push(
      `Changes: ${result.changes.map((change) => `${change.roleId} ${change.from ?? '-'} -> ${change.to ?? '-'}`).join('; ')}`,
    );
  if (result.unchecked?.length)
    lines.push(
      `Verify in person: ${result.unchecked.map((entry) => `${entry.roleId} ${entry.verify.join(', ')}`).join('; ')}`,
    );
  lines.push(optionsLine(result.options));
  if (result.note) lines.push(result.note);
  return lines.join('\n');
}
