// Which crew satisfy a role's requirements (§2.3), as the platform reads them:
//   - dataType: V = the member's VERIFIED options of that data type, across every profile that
//     carries it (own or inherited global; one answer per data type id, §2.2). ALL: every listed
//     option is in V; ANY: at least one is; NONE: none is. Chosen but unverified options never count.
//   - roleType (EQUAL): the member holds that company role type (roleTypeIds).
//   - profile: by its condition over the member's profile ids (ANY, NONE [assumed shape]; ALL too).
//   - attributes, skills: deprecated no-ops (§4.4 rule 10), ignored as the platform ignores them.
//   - age, gender, distance, labels, tags: the API gives no crew data to check them against, so
//     they are never passed or failed here; they are reported as unchecked for a person to verify.
// Then every member is sorted into matches, unavailable (qualified but booked elsewhere at the
// time, see availability.ts), near misses (available, failing exactly one checkable requirement)
// and the rest, and ranked: unflagged first, then most verified options of the role held, then
// name, then id (a total order, so results are deterministic). find_matching_crew ranks its
// matches further by what a coordinator weighs (ranking.ts); unavailable crew and near misses
// keep this order.

import { type Availability, isFlagged } from './availability.js';

export type DataTypeCondition = 'ALL' | 'ANY' | 'NONE';
export type ProfileCondition = 'ALL' | 'ANY' | 'NONE';

/** A crew member as matching needs them. */
export interface CrewFacts {
  id: number;
  name: string;
  status: string;
  roleTypeIds: readonly string[];
  profileIds: readonly string[];
  /** Verified option names by data type id, across all the member's profiles. */
  verified: ReadonlyMap<string, ReadonlySet<string>>;
  /** Chosen option names (verified or not) by data type id, when read: tells "not verified" from "no answer". */
  chosen?: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A requirement whose crew data the API gives, so it can be checked. */
export type CheckableRequirement =
  | {
      kind: 'dataType';
      dataTypeId: string;
      title: string;
      optionNames: readonly string[];
      condition: DataTypeCondition;
    }
  | { kind: 'roleType'; roleTypeId: string }
  | { kind: 'profile'; profileIds: readonly string[]; condition: ProfileCondition };

/** Role requirements as the platform returns them (Role.requirements), dataType ids resolved. */
export interface RequirementsToMatch {
  dataType?:
    | readonly {
        dataTypeId: string;
        dataTypeTitle?: string | null;
        optionNames: readonly string[];
        condition: string;
      }[]
    | null;
  roleType?: { roleTypeId: string; condition: string } | null;
  profile?: { profileIds: readonly string[]; condition: string } | null;
  ageRestriction?: { minAge?: number | null; maxAge?: number | null } | null;
  distanceRestriction?: { maxDistanceKm: number } | null;
  genderRestriction?: { genders: readonly string[] } | null;
  labels?: readonly string[] | null;
  tags?: readonly string[] | null;
}

export interface RequirementPlan {
  checkable: CheckableRequirement[];
  /** Requirements that could not be checked, one phrase each: a person must verify them. */
  unchecked: string[];
}

const DATA_TYPE_CONDITIONS: readonly string[] = ['ALL', 'ANY', 'NONE'];
const PROFILE_CONDITIONS: readonly string[] = ['ALL', 'ANY', 'NONE'];

/** Split a role's requirements into what can be checked against crew data and what cannot. */
export function planRequirements(requirements: RequirementsToMatch | null | undefined): RequirementPlan {
  const plan: RequirementPlan = { checkable: [], unchecked: [] };
  if (!requirements) return plan;
  for (const entry of requirements.dataType ?? []) {
    const title = entry.dataTypeTitle || `data type ${entry.dataTypeId}`;
    if (DATA_TYPE_CONDITIONS.includes(entry.condition)) {
      plan.checkable.push({
        kind: 'dataType',
        dataTypeId: String(entry.dataTypeId),
        title,
        optionNames: [...entry.optionNames],
        condition: entry.condition as DataTypeCondition,
      });
    } else plan.unchecked.push(`${title} with condition ${entry.condition}`);
  }
  const roleType = requirements.roleType;
  if (roleType) {
    if (roleType.condition === 'EQUAL')
      plan.checkable.push({ kind: 'roleType', roleTypeId: String(roleType.roleTypeId) });
    else plan.unchecked.push(`roleType ${roleType.roleTypeId} with condition ${roleType.condition}`);
  }
  const profile = requirements.profile;
  if (profile) {
    if (PROFILE_CONDITIONS.includes(profile.condition)) {
      plan.checkable.push({
        kind: 'profile',
        profileIds: profile.profileIds.map(String),
        condition: profile.condition as ProfileCondition,
      });
    } else plan.unchecked.push(`profile ${profile.condition} [${profile.profileIds.join(', ')}]`);
  }
  const age = requirements.ageRestriction;
  if (age && (age.minAge != null || age.maxAge != null))
    plan.unchecked.push(`age ${age.minAge ?? ''}-${age.maxAge ?? ''}`.replace(/-$/, '+'));
  if (requirements.genderRestriction?.genders.length)
    plan.unchecked.push(`gender ${requirements.genderRestriction.genders.join('/')}`);
  if (requirements.distanceRestriction)
    plan.unchecked.push(`within ${requirements.distanceRestriction.maxDistanceKm} km`);
  if (requirements.labels?.length) plan.unchecked.push(`labels ${requirements.labels.join(', ')}`);
  if (requirements.tags?.length) plan.unchecked.push(`tags ${requirements.tags.join(', ')}`);
  return plan;
}

/** §2.3 dataType over the verified options V. */
export function satisfiesOptions(
  verified: ReadonlySet<string>,
  optionNames: readonly string[],
  condition: DataTypeCondition,
): boolean {
  switch (condition) {
    case 'ALL':
      return optionNames.every((name) => verified.has(name));
    case 'ANY':
      return optionNames.some((name) => verified.has(name));
    case 'NONE':
      return !optionNames.some((name) => verified.has(name));
  }
}

/** A condition over a set of ids the member has (profiles). */
function satisfiesIds(
  held: readonly string[],
  wanted: readonly string[],
  condition: ProfileCondition,
): boolean {
  return satisfiesOptions(new Set(held), wanted, condition);
}

const NO_OPTIONS: ReadonlySet<string> = new Set();

/** The verified options of one data type that the member holds. */
export function verifiedOf(crew: CrewFacts, dataTypeId: string): ReadonlySet<string> {
  return crew.verified.get(dataTypeId) ?? NO_OPTIONS;
}

export interface RequirementResult {
  met: boolean;
  /** One short line: what the member has that meets it, or what fails. */
  reason: string;
}

/** A requirement as one short phrase, e.g. `Languages ALL [English, French]`. */
export function describeRequirement(requirement: CheckableRequirement): string {
  switch (requirement.kind) {
    case 'dataType':
      return `${requirement.title} ${requirement.condition} [${requirement.optionNames.join(', ')}]`;
    case 'roleType':
      return `role type ${requirement.roleTypeId}`;
    case 'profile':
      return `profile ${requirement.condition} [${requirement.profileIds.join(', ')}]`;
  }
}

/** Whether the member meets the requirement: evaluateRequirement's `met`, without the reason's strings. */
export function meetsRequirement(crew: CrewFacts, requirement: CheckableRequirement): boolean {
  switch (requirement.kind) {
    case 'dataType':
      return satisfiesOptions(
        verifiedOf(crew, requirement.dataTypeId),
        requirement.optionNames,
        requirement.condition,
      );
    case 'roleType':
      return crew.roleTypeIds.includes(requirement.roleTypeId);
    case 'profile':
      return satisfiesIds(crew.profileIds, requirement.profileIds, requirement.condition);
  }
}

export function evaluateRequirement(crew: CrewFacts, requirement: CheckableRequirement): RequirementResult {
  const met = meetsRequirement(crew, requirement);
  switch (requirement.kind) {
    case 'dataType': {
      const verified = verifiedOf(crew, requirement.dataTypeId);
      const held = requirement.optionNames.filter((name) => verified.has(name));
      if (requirement.condition === 'NONE')
        return {
          met,
          reason: met
            ? `${requirement.title}: none of ${requirement.optionNames.join(', ') || 'the options'}`
            : `${requirement.title}: has ${held.join(', ')} (NONE allowed)`,
        };
      return {
        met,
        reason: met
          ? `${requirement.title}: ${held.join(', ') || 'nothing required'}`
          : `${requirement.title}: needs ${requirement.condition === 'ALL' ? 'all' : 'one'} of ${requirement.optionNames.join(', ')} verified${held.length ? ` (has ${held.join(', ')})` : ''}`,
      };
    }
    case 'roleType':
      return { met, reason: `${met ? '' : 'lacks '}role type ${requirement.roleTypeId}` };
    case 'profile':
      return { met, reason: `${met ? '' : 'fails '}${describeRequirement(requirement)}` };
  }
}

/** How many of the role's ALL/ANY data type options the member holds verified (ranking). */
export function heldOptionCount(crew: CrewFacts, requirements: readonly CheckableRequirement[]): number {
  let count = 0;
  for (const requirement of requirements) {
    if (requirement.kind !== 'dataType' || requirement.condition === 'NONE') continue;
    const verified = verifiedOf(crew, requirement.dataTypeId);
    for (const name of new Set(requirement.optionNames)) if (verified.has(name)) count++;
  }
  return count;
}

export interface CrewVerdict {
  crew: CrewFacts;
  /** Reasons of the requirements met, in the role's order. */
  met: string[];
  /** The requirements failed, with why. */
  failed: RequirementResult[];
  held: number;
  availability: Availability;
  flagged: boolean;
}

export function judgeCrew(
  crew: CrewFacts,
  requirements: readonly CheckableRequirement[],
  availability: Availability,
): CrewVerdict {
  const met: string[] = [];
  const failed: RequirementResult[] = [];
  for (const requirement of requirements) {
    const result = evaluateRequirement(crew, requirement);
    if (result.met) met.push(result.reason);
    else failed.push(result);
  }
  return {
    crew,
    met,
    failed,
    held: heldOptionCount(crew, requirements),
    availability,
    flagged: isFlagged(availability),
  };
}

/** What the ranking reads of a verdict (the planner ranks without building the reasons). */
export type RankedVerdict = Pick<CrewVerdict, 'crew' | 'held' | 'flagged'>;

/** The ranking: unflagged first, more verified options held first, then name, then id. A total order. */
export function compareVerdicts(a: RankedVerdict, b: RankedVerdict): number {
  if (a.flagged !== b.flagged) return a.flagged ? 1 : -1;
  if (a.held !== b.held) return b.held - a.held;
  if (a.crew.name !== b.crew.name) return a.crew.name < b.crew.name ? -1 : 1;
  return a.crew.id - b.crew.id;
}

/** Where one member stands for the role: which list of the outcome holds them, if any. */
export type MatchKind = 'booked' | 'match' | 'unavailable' | 'near miss' | 'no match';

/**
 * BOOKED on this very role; meets every checkable requirement and is free (match) or booked on an
 * overlapping role (unavailable); available and failing exactly one (near miss); else no match.
 */
export function matchKind(verdict: CrewVerdict): MatchKind {
  const { availability, failed } = verdict;
  if (availability.thisRole === 'BOOKED') return 'booked';
  if (failed.length === 0) return availability.clash ? 'unavailable' : 'match';
  return failed.length === 1 && !availability.clash ? 'near miss' : 'no match';
}

export interface MatchOutcome {
  matches: CrewVerdict[];
  /** Meet every checkable requirement but are booked on an overlapping role. */
  unavailable: CrewVerdict[];
  /** Available, failing exactly one checkable requirement. */
  nearMisses: CrewVerdict[];
}

/**
 * Sort crew into matches, unavailable and near misses, each ranked. Crew already BOOKED on this
 * very role fill a place and are left out (the caller lists them from the role's crew jobs).
 */
export function matchCrew(
  crew: readonly CrewFacts[],
  requirements: readonly CheckableRequirement[],
  availabilityOf: (crewId: number) => Availability,
): MatchOutcome {
  const outcome: MatchOutcome = { matches: [], unavailable: [], nearMisses: [] };
  const lists = { match: outcome.matches, unavailable: outcome.unavailable, 'near miss': outcome.nearMisses };
  for (const member of crew) {
    const availability = availabilityOf(member.id);
    if (availability.thisRole === 'BOOKED') continue;
    const verdict = judgeCrew(member, requirements, availability);
    const kind = matchKind(verdict);
    if (kind !== 'booked' && kind !== 'no match') lists[kind].push(verdict);
  }
  outcome.matches.sort(compareVerdicts);
  outcome.unavailable.sort(compareVerdicts);
  outcome.nearMisses.sort(compareVerdicts);
  return outcome;
}

/** A member's profiles as the platform returns them (companyCrewAll profiles[].dataTypes[].answer). */
export interface ProfileAnswers {
  id: string;
  dataTypes: readonly {
    id: string;
    answer?: {
      optionNames?: readonly string[] | null;
      verifiedOptionNames?: readonly string[] | null;
    } | null;
  }[];
}

/** V per data type: the verified options (or, with `which: 'optionNames'`, the chosen ones), merged over every profile that carries the data type. */
export function verifiedOptions(
  profiles: readonly ProfileAnswers[],
  which: 'verifiedOptionNames' | 'optionNames' = 'verifiedOptionNames',
): Map<string, Set<string>> {
  const verified = new Map<string, Set<string>>();
  for (const profile of profiles) {
    for (const dataType of profile.dataTypes) {
      const names = dataType.answer?.[which] ?? [];
      if (names.length === 0) continue;
      let set = verified.get(String(dataType.id));
      if (!set) {
        set = new Set();
        verified.set(String(dataType.id), set);
      }
      for (const name of names) set.add(name);
    }
  }
  return verified;
}
