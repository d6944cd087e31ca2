import { z } from 'zod';
import {
  companyJobsDocument,
  crewJobsWindowDocument,
  crewMatchingDocument,
} from '../src/contract/documents.js';
import { historyCutNote, type MatchingCrewMember } from '../src/lookups/staffing.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { crewIdInput, idInput, idsInput } from '../src/mcp/ids.js';
import { refuse } from '../src/mcp/refuse.js';
import { matchingResultSchema, matchingText, toMatchingResult } from '../src/present/staffing.js';
import { assessAvailability, assignmentsByCrew, BOOKED_STATUS } from '../src/rules/availability.js';
import { MATCH_SORTS, matchOrderProblem, orderMatches } from '../src/rules/match-order.js';
import { describeRequirement, judgeCrew, matchCrew, planRequirements } from '../src/rules/matching.js';
import { MAX_MATCH_LIMIT } from '../src/rules/matching-input.js';
import { rankMatches } from '../src/rules/ranking.js';
import { STAFFING_DEFAULTS } from '../src/staffing/defaults.js';
import { askedCrew, bookedOnRole, readOutside } from '../src/staffing/match-people.js';
import { readRankingWork } from '../src/staffing/match-ranking.js';
import {
  assignmentsFor,
  checkMatchRequest,
  requirementsTarget,
  roleTarget,
} from '../src/staffing/match-target.js';

const DEFAULT_STATUSES = STAFFING_DEFAULTS.crewStatuses;
const DEFAULT_LIMIT = STAFFING_DEFAULTS.matchLimit;

const inputSchema = z.object({
  jobId: idInput.optional(),
  roleId: idInput.optional(),
  requirements: z.looseObject({}).optional(),
  startTime: z.string().optional().describe('YYYY-MM-DDTHH:mm in timezone'),
  endTime: z.string().optional(),
  timezone: z.string().optional(),
  limit: z.number().int().min(1).max(MAX_MATCH_LIMIT).default(DEFAULT_LIMIT),
  includeNearMisses: z.boolean().optional(),
  // Plain strings: a local check names the valid statuses, and an enum costs every conversation tokens.
  // The default (ACTIVE, APPROVED) is stated in every result.
  statuses: z.array(z.string()).optional(),
  crewIds: idsInput(crewIdInput, MAX_MATCH_LIMIT).optional(),
  notWorkedSince: z.string().optional().describe('YYYY-MM-DD: last worked before it, or never'),
  sort: z.enum(MATCH_SORTS).optional().describe('lastWorked: oldest; hours: fewest'),
});

export const findMatchingCrew = defineTool({
  name: 'find_matching_crew',
  title: 'Find crew for a role',
  description:
    'Who can work a role: crew meeting its requirements (verified options), free then, ranked with reasons; clashes; near misses. jobId+roleId, or requirements (as create_jobs) + startTime/endTime. crewIds: their verdicts.',
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
    const orderProblem = matchOrderProblem({
      ...input,
      timed: !input.requirements || Boolean(input.startTime),
    });
    if (orderProblem) refuse(orderProblem);
    const target =
      input.jobId !== undefined && input.roleId !== undefined
        ? await roleTarget(input.jobId, input.roleId, ctx)
        : await requirementsTarget(input, ctx);
    const statuses = input.statuses ?? DEFAULT_STATUSES;
    const plan = planRequirements(target.requirements);
    const [crew, window, work] = await Promise.all([
      ctx.lookups.staffing.crew(statuses, {
        signal: ctx.signal,
        onProgress: (done, total) => ctx.progress(done, total, 'reading crew'),
      }),
      assignmentsFor(target, ctx),
      readRankingWork(target, plan.checkable, ctx),
    ]);
    const byCrew = assignmentsByCrew(window.assignments);
    const availabilityOf = (crewId: number) => assessAvailability(target.slot, byCrew.get(crewId) ?? []);
    const outcome = matchCrew(crew.crew, plan.checkable, availabilityOf);
    const members = new Map<number, MatchingCrewMember>(crew.crew.map((member) => [member.id, member]));
    const ranked = orderMatches(
      rankMatches(outcome.matches, (crewId) => work.factsOf(members.get(crewId), crewId)),
      { since: input.notWorkedSince, sort: input.sort },
    );
    // A people question (who has not worked lately, who works least): the matches it keeps are the matches.
    const people = input.notWorkedSince !== undefined || (input.sort ?? 'rank') !== 'rank';
    const kept = new Set(ranked.map((match) => match.verdict.crew.id));
    const onRole = window.assignments.filter(
      (assignment) => assignment.roleId === target.slot.roleId && assignment.status === BOOKED_STATUS,
    );
    // Booked or asked-about crew outside the statuses read: one read by id for both.
    const outside = await readOutside(
      [...onRole.map((assignment) => assignment.crewId), ...(input.crewIds ?? [])],
      members,
      ctx,
    );
    const booked = bookedOnRole(
      onRole,
      (crewId) => members.get(crewId) ?? outside.get(crewId),
      plan.checkable,
    );
    const only = input.crewIds ? new Set(input.crewIds) : undefined;
    const notes = [...target.notes];
    if (crew.truncated) notes.push(`Only the first ${crew.crew.length} crew were read; narrow statuses.`);
    if (window.truncated)
      notes.push('Not every crew job at this time could be read: availability may be incomplete.');
    if (work.since) notes.push(historyCutNote(work.since));
    if (input.notWorkedSince !== undefined)
      notes.push(
        `${ranked.length} of ${outcome.matches.length} matches last worked before ${input.notWorkedSince} or never.`,
      );
    const answers = input.crewIds
      ? askedCrew(input.crewIds, {
          verdictOf: (member) => judgeCrew(member, plan.checkable, availabilityOf(member.id)),
          members,
          outside,
          ranked,
          statuses,
        })
      : undefined;
    const result = toMatchingResult({
      ...(target.role ? { role: target.role } : {}),
      ...(target.window ? { window: target.window } : {}),
      ...(work.week ? { week: work.week } : {}),
      statuses: [...statuses],
      ...(input.sort && input.sort !== 'rank' ? { sort: input.sort } : {}),
      considered: crew.crew.length,
      outcome: { ...outcome, matches: outcome.matches.filter((verdict) => kept.has(verdict.crew.id)) },
      ranked: only ? ranked.filter((match) => only.has(match.verdict.crew.id)) : ranked,
      ...(answers ? { crew: answers, only } : {}),
      booked,
      checked: plan.checkable.map(describeRequirement),
      unchecked: plan.unchecked,
      notes,
      limit: input.limit,
      includeNearMisses: input.includeNearMisses ?? false,
    });
    const text = matchingText(result);
    // Who, not why: a person's facts once each (reason repeats them; the requirements met are checked's).
    if (people) result.matches = result.matches.map(({ reasons: _met, reason: _facts, ...match }) => match);
    return { data: result, text };
  },
});
