// The people questions asked of a role's matches (issue 31 item 2): "who has not worked since a
// day" and "who worked least", as find_matching_crew answers them. Recency is the last BOOKED
// shift started by now (last-worked.ts), compared by its local start day: `notWorkedSince` keeps a
// match whose last day worked is before the given date, or who never worked. A sort other than
// the ranking reorders the matches and numbers them again; ties keep the ranking's order, so the
// answer is a total order as the ranking is. Nothing here reads the platform.
import type { RankedMatch } from './ranking.js';
import { parseLocalDate } from './time.js';

export const MATCH_SORTS = ['rank', 'lastWorked', 'hours'] as const;
export type MatchSort = (typeof MATCH_SORTS)[number];

/** Whether a person whose last day worked is `lastWorked` (null/absent: never) has not worked since `date`. */
export function notWorkedSince(lastWorked: string | null | undefined, date: string): boolean {
  return !lastWorked || lastWorked < date;
}

/** Longest since work first: never worked, then the oldest last day worked. */
function byLastWorked(a: RankedMatch, b: RankedMatch): number {
  const [lastA, lastB] = [a.facts.lastWorked ?? '', b.facts.lastWorked ?? ''];
  return lastA === lastB ? 0 : lastA < lastB ? -1 : 1;
}

/** Fewest BOOKED hours in the role's week first (a target without a week has none: all equal). */
function byHours(a: RankedMatch, b: RankedMatch): number {
  return (a.facts.bookedHours ?? 0) - (b.facts.bookedHours ?? 0);
}

/**
 * The ranked matches kept by `since` (when given) in the order `sort` asks, numbered from 1 again.
 * `ranked` is in the ranking's order, which breaks every tie of another sort.
 */
export function orderMatches(
  ranked: readonly RankedMatch[],
  options: { since?: string; sort?: MatchSort },
): RankedMatch[] {
  const { since, sort = 'rank' } = options;
  const kept =
    since === undefined ? [...ranked] : ranked.filter((m) => notWorkedSince(m.facts.lastWorked, since));
  const compare = sort === 'lastWorked' ? byLastWorked : sort === 'hours' ? byHours : undefined;
  // Array.prototype.sort is stable: equal entries keep the ranking's order.
  const ordered = compare ? kept.sort(compare) : kept;
  return ordered.map((match, index) => ({ ...match, rank: index + 1 }));
}

/** A refused recency question: the field, what is wrong and the fix; null when it can be answered. */
export function matchOrderProblem(input: {
  notWorkedSince?: string;
  sort?: MatchSort;
  /** Whether the question has a time (a role, or startTime/endTime): without one there is no week. */
  timed: boolean;
}): { field: string; problem: string; fix: string } | null {
  if (input.notWorkedSince !== undefined && !parseLocalDate(input.notWorkedSince, 'notWorkedSince').ok)
    return {
      field: 'notWorkedSince',
      problem: `${JSON.stringify(input.notWorkedSince)} is not a calendar date YYYY-MM-DD`,
      fix: 'Give the first day that counts as recent work, as YYYY-MM-DD.',
    };
  if (input.sort === 'hours' && !input.timed)
    return {
      field: 'sort',
      problem: 'sort "hours" orders by hours booked in the role\'s week, and these requirements have no time',
      fix: 'Give startTime and endTime, or sort by "lastWorked".',
    };
  return null;
}
