// find_matching_crew's answer about named crew (crewIds): "does Ananya qualify for this role?"
// One verdict per member asked about, in the order asked: a match (with its rank among all
// matches and the reason), a near miss (the one requirement lacking), unavailable (the clashing
// job), already booked here, no match (every requirement failed), not eligible (a crew status
// outside the statuses asked), or no crew at all.
import { z } from 'zod';
import { type CrewVerdict, matchKind } from '../rules/matching.js';
import type { RankedMatch } from '../rules/ranking.js';

export const crewAnswerSchema = z.object({
  crewId: z.string(),
  name: z.string().optional(),
  verdict: z
    .string()
    .describe('match, near miss, unavailable, booked (on this role), no match, not eligible, no crew'),
  rank: z.number().optional(),
  why: z.string(),
});
export type CrewAnswer = z.infer<typeof crewAnswerSchema>;
type Verdict = 'match' | 'near miss' | 'unavailable' | 'booked' | 'no match' | 'not eligible' | 'no crew';

export interface CrewQuestion {
  crewIds: readonly number[];
  /** The verdict of each asked member who is in the statuses asked. */
  verdicts: ReadonlyMap<number, CrewVerdict>;
  /** The ranked matches by crew id. */
  ranked: ReadonlyMap<number, RankedMatch>;
  /** Asked members outside the statuses asked: their crew status. */
  outside: ReadonlyMap<number, { name: string; status: string }>;
  statuses: readonly string[];
}

function answerOf(id: number, question: CrewQuestion): CrewAnswer & { verdict: Verdict } {
  const crewId = String(id);
  const verdict = question.verdicts.get(id);
  if (!verdict) {
    const outside = question.outside.get(id);
    if (!outside) return { crewId, verdict: 'no crew', why: `no crew ${crewId}` };
    return {
      crewId,
      name: outside.name,
      verdict: 'not eligible',
      why: `crew status ${outside.status}, not ${question.statuses.join(' or ')}`,
    };
  }
  const name = verdict.crew.name;
  const kind = matchKind(verdict);
  switch (kind) {
    case 'match': {
      const ranked = question.ranked.get(id);
      return {
        crewId,
        name,
        verdict: kind,
        ...(ranked ? { rank: ranked.rank } : {}),
        why: ranked?.reason ?? '',
      };
    }
    case 'booked':
      return { crewId, name, verdict: kind, why: 'already BOOKED on this role' };
    case 'unavailable': {
      const clash = verdict.availability.clash!;
      return {
        crewId,
        name,
        verdict: kind,
        why: `BOOKED on job ${clash.jobId} role ${clash.roleId} at this time`,
      };
    }
    case 'near miss':
      return { crewId, name, verdict: kind, why: verdict.failed[0]!.reason };
    case 'no match': {
      const clash = verdict.availability.clash;
      const failed = verdict.failed.map((result) => result.reason);
      if (clash) failed.push(`BOOKED on job ${clash.jobId} role ${clash.roleId} at this time`);
      return { crewId, name, verdict: kind, why: failed.join('; ') };
    }
  }
}

/** Each asked member's verdict, in the order asked, each id once. */
export function crewAnswers(question: CrewQuestion): CrewAnswer[] {
  return [...new Set(question.crewIds)].map((crewId) => answerOf(crewId, question));
}

/** One line of the text: who, the verdict (with the rank among all matches) and why. */
export function crewAnswerLine(answer: CrewAnswer, totalMatches: number): string {
  const who = answer.name ? `${answer.crewId} ${answer.name}` : String(answer.crewId);
  const verdict = answer.rank ? `match #${answer.rank} of ${totalMatches}` : answer.verdict;
  if (answer.verdict === 'no crew') return `- ${answer.why}`;
  return `- ${who}: ${verdict}${answer.why ? ` · ${answer.why}` : ''}`;
}
