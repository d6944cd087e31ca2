// What find_matching_crew's ranking reads besides the match itself (src/rules/ranking.ts): the
// company's BOOKED history (the staffing lookup's one paged read, shared by every question while
// it is kept) for each member's hours in the role's local week, last day worked and next shift at
// the app's clock, and each member's scores. A target without a time has no week: its matches
// rank by last work and score.
import type { MatchingCrewMember, WindowAssignment } from '../lookups/staffing.js';
import type { ToolContext } from '../mcp/define-tool.js';
import type { CheckableRequirement } from '../rules/matching.js';
import { applyingScore, type RankFacts, type RankingSlot, weekAround, workFacts } from '../rules/ranking.js';
import type { Shift } from '../rules/shifts.js';
import type { MatchTarget } from './match-target.js';

export interface RankingWork {
  /** The role's week, when it has a time. */
  week?: { from: string; to: string };
  factsOf(member: MatchingCrewMember | undefined, crewId: number): RankFacts;
  /** The history kept only its newest crew jobs: the oldest start read (UTC). */
  since?: string;
}

function toShift(assignment: WindowAssignment, zone: string): Shift {
  return {
    jobId: assignment.jobId,
    roleId: assignment.roleId,
    window: assignment.window,
    timeZone: assignment.timeZone ?? zone,
  };
}

/** Read the BOOKED history and give each member's ranking facts for the target. */
export async function readRankingWork(
  target: MatchTarget,
  requirements: readonly CheckableRequirement[],
  ctx: ToolContext,
): Promise<RankingWork> {
  const scoreOf = (member: MatchingCrewMember | undefined) => {
    const score = member ? applyingScore(member.profileScores, requirements) : undefined;
    return score === undefined ? {} : { score };
  };
  const window = target.slot.window;
  const week = window ? weekAround(window.startMs, target.timeZone) : undefined;
  const read = await ctx.lookups.staffing.bookedHistory(ctx.signal);
  const shifts = new Map<number, Shift[]>();
  for (const assignment of read.assignments) {
    const list = shifts.get(assignment.crewId) ?? [];
    list.push(toShift(assignment, target.timeZone));
    shifts.set(assignment.crewId, list);
  }
  const slot: RankingSlot = {
    ...(target.slot.roleId !== undefined ? { roleId: target.slot.roleId } : {}),
    ...(week ? { week } : {}),
  };
  const nowMs = ctx.now();
  return {
    ...(week ? { week } : {}),
    factsOf: (member, crewId) => ({
      ...workFacts(slot, shifts.get(crewId) ?? [], nowMs),
      ...scoreOf(member),
    }),
    ...(read.since ? { since: read.since } : {}),
  };
}
