// The people find_matching_crew names besides its ranked matches: the crew asked about by id
// (crewIds) with their verdicts, and the crew BOOKED on the role with what they fail of it; those
// outside the statuses read are read by id, once for both.
import type { MatchingCrewMember, WindowAssignment } from '../lookups/staffing.js';
import type { ToolContext } from '../mcp/define-tool.js';
import { crewAnswers } from '../present/crew-verdicts.js';
import type { BookedMember } from '../present/staffing.js';
import type { CheckableRequirement, CrewVerdict } from '../rules/matching.js';
import type { RankedMatch } from '../rules/ranking.js';
import { personFailures } from '../rules/schedule.js';

/** The members among `crewIds` that the crew read (the statuses asked) lacks, read by id in one request. */
export async function readOutside(
  crewIds: readonly number[],
  members: ReadonlyMap<number, MatchingCrewMember>,
  ctx: ToolContext,
): Promise<Map<number, MatchingCrewMember>> {
  const unread = [...new Set(crewIds)].filter((crewId) => !members.has(crewId));
  const others = await ctx.lookups.staffing.crewByIds(unread, ctx.signal);
  return new Map(others.map((member) => [member.id, member]));
}

/** The verdict of each member asked about; `outside`: those outside the statuses, read by id. */
export function askedCrew(
  crewIds: readonly number[],
  known: {
    verdictOf: (member: MatchingCrewMember) => CrewVerdict;
    members: ReadonlyMap<number, MatchingCrewMember>;
    outside: ReadonlyMap<number, MatchingCrewMember>;
    ranked: readonly RankedMatch[];
    statuses: readonly string[];
  },
) {
  const verdicts = new Map<number, CrewVerdict>();
  for (const crewId of crewIds) {
    const member = known.members.get(crewId);
    if (member) verdicts.set(crewId, known.verdictOf(member));
  }
  return crewAnswers({
    crewIds,
    verdicts,
    ranked: new Map(known.ranked.map((match) => [match.verdict.crew.id, match])),
    outside: new Map(
      [...known.outside.values()].map((member) => [member.id, { name: member.name, status: member.status }]),
    ),
    statuses: known.statuses,
  });
}

/**
 * The crew BOOKED on the role, each with what they fail of it (a crew status other than ACTIVE or
 * APPROVED, a checkable requirement), as the schedule review says it.
 */
export function bookedOnRole(
  assignments: readonly WindowAssignment[],
  crewOf: (crewId: number) => MatchingCrewMember | undefined,
  checkable: readonly CheckableRequirement[],
): BookedMember[] {
  const names = new Map(assignments.map((assignment) => [assignment.crewId, assignment.crewName]));
  return [...names].map(([crewId, name]) => {
    const member = crewOf(crewId);
    const fails = personFailures(member?.status, checkable, member).map(
      (failure) => `${failure.requirement} ${failure.why}`,
    );
    return { crewId: String(crewId), name, ...(fails.length ? { fails } : {}) };
  });
}
