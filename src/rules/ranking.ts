// How find_matching_crew ranks its matches: by what a coordinator weighs, in this order —
//   1. already APPLIED, INVITED or SHORTLISTED for this very role (they asked or were asked);
//   2. nothing in the way (not flagged: no pending crew job elsewhere at the time, no "no" here);
//   3. fewer BOOKED hours in the role's week: the local Monday-Sunday, in the role's zone, of the
//      day the role starts; a shift counts in it when its local start day (in its own job's zone)
//      falls in it, with its scheduled hours from real instants (shifts.ts);
//   4. more recent work with the company: the local start day of the latest BOOKED shift that has
//      started by now, over the whole history read (last-worked.ts; never: last);
//   5. a higher score where a SCORING data type applies: the mean of the member's scores on the
//      profiles the role asks for (profile ANY/ALL), else on all their profiles (none: last);
//   6. more of the role's verified options held, then name, then id (a total order).
// Each match's reason names the facts behind its place. Nothing here reads the platform.

import { type Availability, isFlagged } from './availability.js';
import { type WorkDates, workDates } from './last-worked.js';
import type { CheckableRequirement, CrewVerdict } from './matching.js';
import { localStartDay, type Shift, scheduledHours } from './shifts.js';
import { wallClockAt } from './time/clock.js';
import { formatLocalDate } from './time/wall-clock.js';

/** Crew job statuses that say the member wants or was offered the role (ranked first; plan_staffing's keepPending). */
export const PENDING_PREFERRED: readonly string[] = ['APPLIED', 'INVITED', 'SHORTLISTED'];

const DAY_MS = 86_400_000;

/** The local Monday-Sunday (YYYY-MM-DD) holding the day an instant falls on in `timeZone`. */
export function weekAround(startMs: number, timeZone: string): { from: string; to: string } {
  const day = formatLocalDate(wallClockAt(startMs, timeZone));
  const dayMs = Date.parse(`${day}T00:00:00Z`);
  const monday = dayMs - ((new Date(dayMs).getUTCDay() + 6) % 7) * DAY_MS;
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: date(monday), to: date(monday + 6 * DAY_MS) };
}

/** What a member's place in the ranking rests on, besides the verdict. */
export interface RankFacts {
  /** BOOKED hours in the role's week; absent when the role has no time. */
  bookedHours?: number;
  /** Local start day of the latest BOOKED shift started by now; null: never. */
  lastWorked?: string | null;
  /** Local start day of the first BOOKED shift after now (not a rank factor: shown, not weighed). */
  nextShift?: string;
  /** Mean of the scores that apply; absent: none. */
  score?: number;
}

/** The role the facts are about: its id (when it exists) and its local week (when it has a time). */
export interface RankingSlot {
  roleId?: string;
  week?: { from: string; to: string };
}

/** BOOKED hours of shifts starting on the week's local days (in their own zones), the role's own left out. */
function weekHours(slot: RankingSlot & { week: { from: string; to: string } }, shifts: readonly Shift[]) {
  let hours = 0;
  for (const shift of shifts) {
    if (shift.roleId === slot.roleId) continue;
    const day = localStartDay(shift);
    if (day >= slot.week.from && day <= slot.week.to) hours += scheduledHours(shift);
  }
  return Math.round(hours * 100) / 100;
}

/** One member's hours in the role's week (when it has one), last day worked and next shift at `nowMs`. */
export function workFacts(
  slot: RankingSlot,
  shifts: readonly Shift[],
  nowMs: number,
): Pick<RankFacts, 'bookedHours' | keyof WorkDates> {
  return {
    ...(slot.week ? { bookedHours: weekHours({ ...slot, week: slot.week }, shifts) } : {}),
    ...workDates(shifts, nowMs),
  };
}

/** The mean of the member's scores on the profiles the role asks for (ANY/ALL), else on all of them. */
export function applyingScore(
  profileScores: ReadonlyMap<string, ReadonlyMap<string, number>>,
  requirements: readonly CheckableRequirement[],
): number | undefined {
  const profile = requirements.find((requirement) => requirement.kind === 'profile');
  const asked = profile && profile.condition !== 'NONE' ? new Set(profile.profileIds) : undefined;
  const byDataType = new Map<string, number>();
  for (const [profileId, scores] of profileScores) {
    if (asked && !asked.has(profileId)) continue;
    for (const [dataTypeId, score] of scores) byDataType.set(dataTypeId, score);
  }
  if (byDataType.size === 0) return undefined;
  const sum = [...byDataType.values()].reduce((total, score) => total + score, 0);
  return Math.round((sum / byDataType.size) * 10) / 10;
}

export interface RankedMatch {
  verdict: CrewVerdict;
  facts: RankFacts;
  /** 1 for the first. */
  rank: number;
  /** The facts behind its place, one phrase each, joined by " · ". */
  reason: string;
}

const pendingHere = (availability: Availability) =>
  availability.thisRole !== undefined && PENDING_PREFERRED.includes(availability.thisRole);

type Entry = { verdict: CrewVerdict; facts: RankFacts };

/** The ranking as a comparator: a total order (crew ids are unique). */
export function compareRanked(a: Entry, b: Entry): number {
  const here = Number(pendingHere(b.verdict.availability)) - Number(pendingHere(a.verdict.availability));
  if (here) return here;
  if (a.verdict.flagged !== b.verdict.flagged) return a.verdict.flagged ? 1 : -1;
  const hours = (a.facts.bookedHours ?? 0) - (b.facts.bookedHours ?? 0);
  if (hours) return hours;
  const [lastA, lastB] = [a.facts.lastWorked ?? '', b.facts.lastWorked ?? ''];
  if (lastA !== lastB) return lastA < lastB ? 1 : -1;
  const score = (b.facts.score ?? -Infinity) - (a.facts.score ?? -Infinity);
  if (score && !Number.isNaN(score)) return score;
  if (a.verdict.held !== b.verdict.held) return b.verdict.held - a.verdict.held;
  if (a.verdict.crew.name !== b.verdict.crew.name) return a.verdict.crew.name < b.verdict.crew.name ? -1 : 1;
  return a.verdict.crew.id - b.verdict.crew.id;
}

/** The facts behind a member's place, in the ranking's order, in a few words each. */
export function rankReason(verdict: CrewVerdict, facts: RankFacts): string {
  const { availability } = verdict;
  const parts: string[] = [];
  if (pendingHere(availability)) parts.push(`${availability.thisRole!.toLowerCase()} here`);
  if (isFlagged(availability)) {
    if (availability.thisRole && !pendingHere(availability)) parts.push(`${availability.thisRole} here`);
    for (const ref of availability.pending) parts.push(`${ref.status} on role ${ref.roleId} then`);
  }
  if (facts.bookedHours !== undefined) parts.push(`${facts.bookedHours} h that week`);
  if (facts.lastWorked) parts.push(`last worked ${facts.lastWorked}`);
  if (facts.score !== undefined) parts.push(`score ${facts.score}`);
  return parts.join(' · ');
}

/** Matches in rank order, each with its rank and reason. */
export function rankMatches(
  verdicts: readonly CrewVerdict[],
  factsOf: (crewId: number) => RankFacts,
): RankedMatch[] {
  return verdicts
    .map((verdict) => ({ verdict, facts: factsOf(verdict.crew.id) }))
    .sort(compareRanked)
    .map((entry, index) => ({ ...entry, rank: index + 1, reason: rankReason(entry.verdict, entry.facts) }));
}
