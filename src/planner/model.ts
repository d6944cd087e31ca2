// The planning model: which crew member may take which open place, built only from the rules
// (src/rules: matching, availability, shifts), never decided here. A member is a candidate for a
// role when they meet its checkable requirements exactly as find_matching_crew decides
// (judgeCrew), are not BOOKED on it, did not decline it (or were cancelled or removed), are not
// excluded, and none of their BOOKED shifts anywhere rules the role out: an overlap, a rest
// shorter than the minimum, the day's shift limit, or the hours limit. What is left between the
// proposed places of one person (overlap, rest, the day's limit, hours) is the solver's part.
import {
  type Assignment,
  type Availability,
  assessAvailability,
  assignmentsByCrew,
  BOOKED_STATUS,
  isFlagged,
  type TimeWindow,
  WITHDRAWN_STATUSES,
} from '../rules/availability.js';
import {
  type CheckableRequirement,
  type CrewFacts,
  compareVerdicts,
  describeRequirement,
  evaluateRequirement,
  heldOptionCount,
  meetsRequirement,
  planRequirements,
  type RankedVerdict,
  type RequirementsToMatch,
} from '../rules/matching.js';
import { PENDING_PREFERRED } from '../rules/ranking.js';
import { canWorkBoth, localStartDay, paidHours, type Shift } from '../rules/shifts.js';

/** Crew job statuses that say the member wants or was offered the role (keepPending): the ranking's. */
export { PENDING_PREFERRED };

export interface PlanOptions {
  statuses: readonly string[];
  /** Minimum hours between two shifts of one person; 0 turns the rule off. */
  minRestHours: number;
  /** Shifts per person per local day; 0 means no limit. */
  maxShiftsPerDay: number;
  /** Hours per person over the plan's days (booked and proposed, breaks excluded). */
  maxHours?: number;
  /** Shifts proposed per person in this plan. */
  maxShiftsPerPerson?: number;
  /** Shifts per person per local Monday-Sunday week, BOOKED and proposed. */
  maxShiftsPerWeek?: number;
  keepPending: boolean;
  continuity: boolean;
  /** A SCORING data type id whose answer's score ranks crew. */
  preferScore?: string;
  exclude: readonly number[];
  limitAlternates: number;
}

/** A role with open places, as the planner needs it. */
export interface RoleToFill {
  jobId: string;
  roleId: string;
  title: string;
  jobTitle: string;
  multiDayJobId?: string;
  shift: Shift;
  /** Quantity minus BOOKED crew jobs. */
  open: number;
  requirements: RequirementsToMatch | null;
}

/** A crew job as planning needs it: who, which status, which role's time, the job's zone and break. */
export interface CrewJobFact {
  crewId: number;
  status: string;
  jobId: string;
  roleId: string;
  window: TimeWindow;
  timeZone: string;
  breakMinutes?: number;
}

export interface PlanningFacts {
  roles: readonly RoleToFill[];
  crew: readonly CrewFacts[];
  /** Every crew job whose role touches the planning window (any status). */
  crewJobs: readonly CrewJobFact[];
  /** preferScore's answer per crew id, when asked. */
  scores?: ReadonlyMap<number, number>;
}

/** Changes a follow-up asks for, by role. */
export interface PlanAdjustments {
  /** Crew kept off one role only (a swap). */
  offRole: readonly { roleId: string; crewId: number }[];
  /** Crew who must stay on a role. */
  pins: readonly { roleId: string; crewId: number }[];
  /** The earlier plan's assignments, preferred right after the places filled. */
  previous: readonly { roleId: string; crewId: number }[];
}

export interface Candidate {
  place: number;
  crew: number;
  /** Position in find_matching_crew's ranking for this role (0 is first). */
  rank: number;
  /** The member's crew job status on this role, when they have one (APPLIED, INVITED, ...). */
  onRole?: string;
  pending: boolean;
  hours: number;
  score: number;
  previous: boolean;
  pinned: boolean;
  /** What orders equally eligible crew in the ranking besides name and id: flagged, options held. */
  tier: string;
}

/** Why qualified crew of a role cannot take it, for the explanation of an unfilled place. */
export interface PlaceDiagnosis {
  /** Meet every checkable requirement (and were not excluded, did not decline). */
  qualified: number;
  /** Qualified but blocked by their BOOKED shifts: the jobs that hold them. */
  bookedElsewhere: Map<string, number>;
  /** Available, failing exactly one requirement: name and what they lack. */
  nearMisses: { crewId: number; name: string; lacks: string }[];
  checked: string[];
  unchecked: string[];
}

export interface PlanModel {
  roles: readonly RoleToFill[];
  crew: readonly CrewFacts[];
  /** Crew id -> index into crew. */
  crewIndex: Map<number, number>;
  candidates: Candidate[];
  /** Candidates per place, best ranked first (all of them, before any reduction). */
  byPlace: Candidate[][];
  diagnoses: PlaceDiagnosis[];
  /** BOOKED shifts per crew index (in the planning window), for rest, day and hours rows. */
  booked: Map<number, Shift[]>;
  /** Crew indices with any crew job in the planning window (never merged with others). */
  history: Set<number>;
  /** Booked hours per crew index on the plan's days. */
  bookedHours: Map<number, number>;
  /** The plan's local days (each role's start day in its own zone). */
  days: Set<string>;
  options: PlanOptions;
}

function requirementKey(requirements: readonly CheckableRequirement[]): string {
  return JSON.stringify(requirements);
}

/** The local Monday of a shift's start day (in its job's zone): the week maxShiftsPerWeek counts. */
export function localWeek(shift: Shift): string {
  const day = localStartDay(shift);
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

function dayCounts(shifts: readonly Shift[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const shift of shifts) {
    const day = localStartDay(shift);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

/** Why a member's BOOKED shifts rule a role out, or undefined when they do not. */
function bookedConflict(
  shift: Shift,
  booked: readonly (Shift & { jobId: string })[],
  bookedHours: number,
  options: PlanOptions,
): string | undefined {
  for (const other of booked) if (!canWorkBoth(shift, other, options.minRestHours)) return other.jobId;
  // Most crew have no booked shift near the plan: no local day to work out for them.
  if (options.maxShiftsPerDay > 0 && booked.length > 0) {
    const day = localStartDay(shift);
    const sameDay = booked.filter((other) => localStartDay(other) === day);
    if (sameDay.length >= options.maxShiftsPerDay) return sameDay[0]?.jobId;
  }
  if (options.maxHours !== undefined && bookedHours + paidHours(shift) > options.maxHours + 1e-9)
    return booked[0]?.jobId ?? 'hours';
  if (options.maxShiftsPerWeek !== undefined && booked.length > 0) {
    const week = localWeek(shift);
    const sameWeek = booked.filter((other) => localWeek(other) === week);
    if (sameWeek.length >= options.maxShiftsPerWeek) return sameWeek[0]?.jobId;
  }
  return undefined;
}

/** Each member's BOOKED shifts (any day read) and booked hours on the plan's days, by crew index. */
function bookedShifts(
  crewJobs: readonly CrewJobFact[],
  crewIndex: ReadonlyMap<number, number>,
  days: ReadonlySet<string>,
): { booked: Map<number, (Shift & { jobId: string })[]>; bookedHours: Map<number, number> } {
  const booked = new Map<number, (Shift & { jobId: string })[]>();
  const bookedHours = new Map<number, number>();
  for (const crewJob of crewJobs) {
    if (crewJob.status !== BOOKED_STATUS) continue;
    const index = crewIndex.get(crewJob.crewId);
    if (index === undefined) continue;
    const shift = { ...crewJob, window: crewJob.window };
    booked.set(index, [...(booked.get(index) ?? []), shift]);
    if (days.has(localStartDay(shift)))
      bookedHours.set(index, (bookedHours.get(index) ?? 0) + paidHours(shift));
  }
  return { booked, bookedHours };
}

/**
 * A member's verdict on a requirement set, kept when it fails at most one requirement: what the
 * model reads of judgeCrew's, without its reasons (strings for every member of a large company,
 * most never shown); a near miss's reason is worded only when the place lists it.
 */
interface NearlyMet {
  member: CrewFacts;
  index: number;
  /** The one requirement failed, if any. */
  failed?: CheckableRequirement;
  /** Verified options of the set held (the ranking's; 0 for a near miss, which is not ranked). */
  held: number;
}

/** One requirement set's verdicts, and the ranking of those meeting all of it while unflagged. */
interface SetVerdicts {
  verdicts: NearlyMet[];
  /** Positions in `verdicts` of those failing nothing, in compareVerdicts' order with nobody flagged. */
  ranking: number[];
  /** Positions in `verdicts` of those failing nothing, in crew order. */
  qualified: number[];
  /** Positions in `verdicts` of those failing one requirement (near misses), in crew order. */
  near: number[];
}

/**
 * Per requirement set: each member's verdict, and only those failing at most one requirement (the
 * rest are neither candidates nor near misses on any role asking that set), in crew order. The
 * ranking is sorted once per set, not once per role: on a role only the flag (a pending crew job
 * overlapping it, or a "no" on it) moves a member, to the back, keeping this order among the flagged.
 */
function nearlyMet(
  crew: readonly CrewFacts[],
  checkable: readonly CheckableRequirement[],
  excluded: ReadonlySet<number>,
): SetVerdicts {
  const verdicts: NearlyMet[] = [];
  const qualified: number[] = [];
  const near: number[] = [];
  for (const [index, member] of crew.entries()) {
    if (excluded.has(member.id)) continue;
    let failed: CheckableRequirement | undefined;
    let failures = 0;
    for (const requirement of checkable) {
      if (meetsRequirement(member, requirement)) continue;
      failed = requirement;
      if (++failures > 1) break;
    }
    if (failures > 1) continue;
    if (failed) near.push(verdicts.length);
    else qualified.push(verdicts.length);
    // One literal shape for all (failed undefined when none): a spread would make slow objects.
    verdicts.push({ member, index, failed, held: failed ? 0 : heldOptionCount(member, checkable) });
  }
  // As compareVerdicts reads a verdict, nobody flagged: one per position, not one per comparison.
  const ranked = new Map(
    qualified.map((position) => {
      const { member, held } = verdicts[position] as NearlyMet;
      return [position, { crew: member, held, flagged: false }];
    }),
  );
  const ranking = [...qualified].sort((a, b) =>
    compareVerdicts(ranked.get(a) as RankedVerdict, ranked.get(b) as RankedVerdict),
  );
  return { verdicts, ranking, qualified, near };
}

/** Near misses listed per place (the explanation of an unfilled place names a few). */
const NEAR_MISSES_LISTED = 50;

/** The availability of a member without crew jobs near the plan (most of a large company). */
const NO_CREW_JOBS: Availability = Object.freeze({ pending: [] as Availability['pending'] });

/** A member's state on one place (buildModel): may take it, unflagged or flagged (0: may not). */
const ELIGIBLE = 1;
const FLAGGED = 2;

/** Ranking tiers as strings, made once: "<flagged>/<options held>". */
const tiers = new Map<string, string>();
function tierOf(flagged: boolean, held: number): string {
  const key = `${flagged ? 1 : 0}/${held}`;
  let tier = tiers.get(key);
  if (tier === undefined) {
    tier = key;
    tiers.set(key, tier);
  }
  return tier;
}

/**
 * A place's near misses: the first NEAR_MISSES_LISTED in crew order that are free at the time (and
 * not BOOKED on the role itself); the others are never looked at.
 */
function listedNearMisses(
  met: SetVerdicts,
  slot: { roleId: string; window: RoleToFill['shift']['window'] },
  byCrew: ReadonlyMap<number, Assignment[]>,
): PlaceDiagnosis['nearMisses'] {
  const listed: PlaceDiagnosis['nearMisses'] = [];
  for (const position of met.near) {
    if (listed.length >= NEAR_MISSES_LISTED) break;
    const { member, failed } = met.verdicts[position] as NearlyMet;
    const crewJobs = byCrew.get(member.id);
    const availability = crewJobs ? assessAvailability(slot, crewJobs) : NO_CREW_JOBS;
    if (availability.thisRole === BOOKED_STATUS || availability.clash) continue;
    const lacks = failed ? evaluateRequirement(member, failed).reason : '';
    listed.push({ crewId: member.id, name: member.name, lacks });
  }
  return listed;
}

/** Positions of those who may take the place in compareVerdicts' order: the unflagged, then the flagged, each in the set's ranking. */
function rankedPositions(ranking: readonly number[], state: Uint8Array): number[] {
  const ranked: number[] = [];
  const flagged: number[] = [];
  for (const position of ranking)
    if (state[position] === ELIGIBLE) ranked.push(position);
    else if (state[position] === FLAGGED) flagged.push(position);
  for (const position of flagged) ranked.push(position);
  return ranked;
}

export function buildModel(
  facts: PlanningFacts,
  options: PlanOptions,
  adjustments: PlanAdjustments = { offRole: [], pins: [], previous: [] },
): PlanModel {
  const excluded = new Set(options.exclude);
  const offRole = new Set(adjustments.offRole.map((entry) => `${entry.roleId}:${entry.crewId}`));
  const pinned = new Set(adjustments.pins.map((entry) => `${entry.roleId}:${entry.crewId}`));
  const previous = new Set(adjustments.previous.map((entry) => `${entry.roleId}:${entry.crewId}`));
  const crewIndex = new Map(facts.crew.map((member, index) => [member.id, index]));
  const days = new Set(facts.roles.map((role) => localStartDay(role.shift)));
  const byCrew = assignmentsByCrew(facts.crewJobs);
  const { booked, bookedHours } = bookedShifts(facts.crewJobs, crewIndex, days);
  // One verdict per distinct requirement set and member: roles of an event share requirements.
  const metCache = new Map<string, SetVerdicts>();
  const candidates: Candidate[] = [];
  const byPlace: Candidate[][] = [];
  const diagnoses: PlaceDiagnosis[] = [];
  // Keyed lookups only when a follow-up names someone (most plans name nobody).
  const named = (set: ReadonlySet<string>, roleId: string, crewId: number) =>
    set.size > 0 && set.has(`${roleId}:${crewId}`);
  facts.roles.forEach((role, place) => {
    const plan = planRequirements(role.requirements);
    const key = requirementKey(plan.checkable);
    let met = metCache.get(key);
    if (!met) {
      met = nearlyMet(facts.crew, plan.checkable, excluded);
      metCache.set(key, met);
    }
    const { verdicts } = met;
    const slot = { roleId: role.roleId, window: role.shift.window };
    const diagnosis: PlaceDiagnosis = {
      qualified: 0,
      bookedElsewhere: new Map(),
      nearMisses: listedNearMisses(met, slot, byCrew),
      checked: plan.checkable.map(describeRequirement),
      unchecked: plan.unchecked,
    };
    // Per position in `verdicts`: whether the member may take the place (flagged or not); where
    // they stand on it only for those with crew jobs near the plan (the others stand nowhere).
    const state = new Uint8Array(verdicts.length);
    const standing = new Map<number, { availability: Availability; pending: boolean }>();
    for (const position of met.qualified) {
      const { member, index } = verdicts[position] as NearlyMet;
      const crewJobs = byCrew.get(member.id);
      const availability = crewJobs ? assessAvailability(slot, crewJobs) : NO_CREW_JOBS;
      if (availability.thisRole === BOOKED_STATUS) continue;
      if (availability.thisRole !== undefined && WITHDRAWN_STATUSES.includes(availability.thisRole)) continue;
      if (named(offRole, role.roleId, member.id)) continue;
      diagnosis.qualified++;
      // Without booked shifts only the hours limit can rule a place out.
      const bookedHere = booked.get(index);
      const conflict =
        bookedHere || options.maxHours !== undefined
          ? bookedConflict(role.shift, bookedHere ?? [], bookedHours.get(index) ?? 0, options)
          : undefined;
      if (conflict !== undefined) {
        diagnosis.bookedElsewhere.set(conflict, (diagnosis.bookedElsewhere.get(conflict) ?? 0) + 1);
        continue;
      }
      state[position] = isFlagged(availability) ? FLAGGED : ELIGIBLE;
      if (crewJobs) {
        const pending =
          availability.thisRole !== undefined && PENDING_PREFERRED.includes(availability.thisRole);
        standing.set(position, { availability, pending });
      }
    }
    diagnosis.nearMisses.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.crewId - b.crewId));
    const hours = paidHours(role.shift);
    const list = rankedPositions(met.ranking, state).map((position, rank): Candidate => {
      const { index, held } = verdicts[position] as NearlyMet;
      const here = standing.get(position);
      const id = facts.crew[index]?.id ?? 0;
      const candidate: Candidate = {
        place,
        crew: index,
        rank,
        pending: options.keepPending && (here?.pending ?? false),
        hours,
        score: options.preferScore ? (facts.scores?.get(id) ?? 0) : 0,
        previous: named(previous, role.roleId, id),
        pinned: named(pinned, role.roleId, id),
        tier: tierOf(state[position] === FLAGGED, held),
      };
      // Set after, not spread into the literal: a spread made every one of some 50,000 candidates
      // (a festival's) a slow object, half the model's build.
      const onRole = here?.availability.thisRole;
      if (onRole) candidate.onRole = onRole;
      return candidate;
    });
    byPlace.push(list);
    for (const candidate of list) candidates.push(candidate);
    diagnoses.push(diagnosis);
  });
  return {
    roles: facts.roles,
    crew: facts.crew,
    crewIndex,
    candidates,
    byPlace,
    diagnoses,
    history: new Set(
      facts.crewJobs.flatMap((crewJob) => {
        const index = crewIndex.get(crewJob.crewId);
        return index === undefined ? [] : [index];
      }),
    ),
    booked,
    bookedHours,
    days,
    options,
  };
}

/** Shifts per local week of a member's BOOKED shifts (maxShiftsPerWeek counts them). */
export function bookedPerWeek(model: PlanModel, crew: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const shift of model.booked.get(crew) ?? []) {
    const week = localWeek(shift);
    counts.set(week, (counts.get(week) ?? 0) + 1);
  }
  return counts;
}

/** Shifts per local day of a member's BOOKED shifts (the day limit counts them). */
export function bookedPerDay(model: PlanModel, crew: number): Map<string, number> {
  return dayCounts(model.booked.get(crew) ?? []);
}
