// What find_matching_crew's ranking reads besides the match itself (src/rules/ranking.ts): the
// BOOKED crew jobs of the role's local week and of the RECENT_WORK_DAYS before it, in one paged
// read shared by every role of that week (cached with the staffing lookup), and each member's
// scores. A target without a time has no week and no recent work: only scores rank it then.
import type { MatchingCrewMember, WindowAssignment } from '../lookups/staffing.js';
import type { CheckableRequirement } from '../rules/matching.js';
import {
  applyingScore,
  type RankFacts,
  type RankingSlot,
  rankingReadSpan,
  weekAround,
  workFacts,
} from '../rules/ranking.js';
import type { Shift } from '../rules/shifts.js';
import type { ToolContext } from './define-tool.js';
import type { MatchTarget } from './match-target.js';

export interface RankingWork {
  /** The role's week, when it has a time. */
  week?: { from: string; to: string };
  factsOf(member: MatchingCrewMember | undefined, crewId: number): RankFacts;
  truncated: boolean;
}

function toShift(assignment: WindowAssignment, zone: string): Shift {
  return {
    jobId: assignment.jobId,
    roleId: assignment.roleId,
    window: assignment.window,
    timeZone: assignment.timeZone ?? zone,
  };
}

/** Read the week and recent work of the target's time (nothing without one). */
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
  if (!window) return { factsOf: (member) => scoreOf(member), truncated: false };
  const week = weekAround(window.startMs, target.timeZone);
  const span = rankingReadSpan(week);
  const read = await ctx.lookups.staffing.bookedDuring(span.fromUtc, span.toUtc, ctx.signal);
  const shifts = new Map<number, Shift[]>();
  for (const assignment of read.assignments) {
    const list = shifts.get(assignment.crewId) ?? [];
    list.push(toShift(assignment, target.timeZone));
    shifts.set(assignment.crewId, list);
  }
  const slot: RankingSlot = {
    ...(target.slot.roleId !== undefined ? { roleId: target.slot.roleId } : {}),
    startMs: window.startMs,
    week,
  };
  return {
    week,
    factsOf: (member, crewId) => ({ ...workFacts(slot, shifts.get(crewId) ?? []), ...scoreOf(member) }),
    truncated: read.truncated,
  };
}
