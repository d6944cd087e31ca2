// A crew schedule reviewed per person (review_crew_schedule), on the shared shift model
// (shifts.ts): hours from real instants, paid hours less the break pay counts (the lookup gives a
// legacy role's hidden break, pay.ts#payBreakMinutes), days as local start days, the last day
// worked (last-worked.ts, given by the caller), clashes (UTC overlap, whatever the zones or
// boards), rests under a minimum between consecutive shifts, and assignments whose person fails
// the role's checkable requirements (matching.ts, §2.3) or is no longer ACTIVE or APPROVED. One
// pass over the crew jobs of the range; nothing here reads the platform.
import {
  type CheckableRequirement,
  type CrewFacts,
  describeRequirement,
  evaluateRequirement,
  planRequirements,
  type RequirementsToMatch,
  verifiedOf,
} from './matching.js';
import {
  clashingPairs,
  localStartDay,
  paidHours,
  type Shift,
  scheduledHours,
  shortRestPairs,
} from './shifts.js';

/** Crew statuses that may work a booked role. */
export const WORKING_CREW_STATUSES: readonly string[] = ['ACTIVE', 'APPROVED'];

/** One crew job of the range: the person, the assignment's status, the role's shift and requirements. */
export interface ScheduleRow {
  crewId: number;
  name: string;
  /** The person's crew status (ACTIVE, INACTIVE, ...). */
  crewStatus: string;
  /** The crew job's status (BOOKED, APPLIED, ...). */
  status: string;
  shift: Shift;
  requirements?: RequirementsToMatch | null;
}

export interface Failure {
  roleId: string;
  requirement: string;
  why: string;
}

/**
 * Two of a person's roles, by the start of their shifts (the later one starts at or after the
 * earlier). An object, not a two-item array: a tuple's JSON Schema (prefixItems) is read as
 * "no items allowed" by draft-07 validators, which the v1 SDK client uses (issue 29).
 */
export interface RolePair {
  earlierRoleId: string;
  laterRoleId: string;
}

export interface PersonSchedule {
  crewId: string;
  name: string;
  hours: number;
  paidHours: number;
  days: number;
  lastWorked: string | null;
  clashes: (RolePair & { minutes: number })[];
  shortRests: (RolePair & { hours: number })[];
  failures: Failure[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const rolePair = (earlier: Shift, later: Shift): RolePair => ({
  earlierRoleId: earlier.roleId,
  laterRoleId: later.roleId,
});

/** Why a member fails a requirement: which options are absent and which are chosen but not verified. */
export function failureWhy(crew: CrewFacts, requirement: CheckableRequirement): string {
  switch (requirement.kind) {
    case 'dataType': {
      const verified = verifiedOf(crew, requirement.dataTypeId);
      if (requirement.condition === 'NONE')
        return `has ${requirement.optionNames.filter((name) => verified.has(name)).join(', ')}`;
      const missing = requirement.optionNames.filter((name) => !verified.has(name));
      const chosen = crew.chosen?.get(requirement.dataTypeId);
      if (!chosen) return `${missing.join(', ')} not verified`;
      const unverified = missing.filter((name) => chosen.has(name));
      const absent = missing.filter((name) => !chosen.has(name));
      return [
        absent.length ? `absent: ${absent.join(', ')}` : '',
        unverified.length ? `not verified: ${unverified.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
    }
    case 'roleType':
      return 'absent';
    case 'profile':
      return `in ${crew.profileIds.join(', ') || 'none'}`;
  }
}

/**
 * Why a person may not work a role: a crew status other than ACTIVE or APPROVED (when given: a
 * BOOKED person's), and each checkable requirement they fail (skipped when `crew` could not be
 * read). find_matching_crew says it of a role's booked crew, the schedule review of each shift.
 */
export function personFailures(
  crewStatus: string | undefined,
  checkable: readonly CheckableRequirement[],
  crew: CrewFacts | undefined,
): Omit<Failure, 'roleId'>[] {
  const failures: Omit<Failure, 'roleId'>[] = [];
  if (crewStatus !== undefined && !WORKING_CREW_STATUSES.includes(crewStatus))
    failures.push({ requirement: 'crew status', why: crewStatus });
  if (!crew) return failures;
  for (const requirement of checkable) {
    if (evaluateRequirement(crew, requirement).met) continue;
    failures.push({ requirement: describeRequirement(requirement), why: failureWhy(crew, requirement) });
  }
  return failures;
}

/**
 * The failures of one assignment: a BOOKED person who is no longer ACTIVE or APPROVED, and each
 * checkable requirement the person fails (skipped when `crew` could not be read).
 */
export function assignmentFailures(row: ScheduleRow, crew: CrewFacts | undefined): Failure[] {
  const checkable = planRequirements(row.requirements).checkable;
  const crewStatus = row.status === 'BOOKED' ? row.crewStatus : undefined;
  return personFailures(crewStatus, checkable, crew).map((failure) => ({
    roleId: row.shift.roleId,
    ...failure,
  }));
}

/**
 * Each person's schedule over `rows` (the crew jobs of the range, in the asked statuses), in
 * crew id order. `crewFacts` by crew id for the requirement checks (absent: not checked).
 */
export function reviewSchedule(
  rows: readonly ScheduleRow[],
  options: {
    minRestHours: number;
    lastWorked: ReadonlyMap<number, string>;
    crewFacts?: ReadonlyMap<number, CrewFacts>;
  },
): PersonSchedule[] {
  const byPerson = new Map<number, ScheduleRow[]>();
  for (const row of rows) byPerson.set(row.crewId, [...(byPerson.get(row.crewId) ?? []), row]);
  return [...byPerson.entries()]
    .sort(([a], [b]) => a - b)
    .map(([crewId, own]) => {
      const shifts = own.map((row) => row.shift);
      const facts = options.crewFacts?.get(crewId);
      return {
        crewId: String(crewId),
        name: own[0]!.name,
        hours: round2(shifts.reduce((sum, shift) => sum + scheduledHours(shift), 0)),
        paidHours: round2(shifts.reduce((sum, shift) => sum + paidHours(shift), 0)),
        days: new Set(shifts.map(localStartDay)).size,
        lastWorked: options.lastWorked.get(crewId) ?? null,
        clashes: clashingPairs(shifts).map(({ first, second, minutes }) => ({
          ...rolePair(first, second),
          minutes: round2(minutes),
        })),
        shortRests: shortRestPairs(shifts, options.minRestHours).map(({ first, second, hours }) => ({
          ...rolePair(first, second),
          hours: round2(hours),
        })),
        failures: own.flatMap((row) => assignmentFailures(row, facts)),
      };
    });
}

/** Whether a person's schedule has anything to look at. */
export function hasProblem(person: PersonSchedule): boolean {
  return person.clashes.length + person.shortRests.length + person.failures.length > 0;
}
