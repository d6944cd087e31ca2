// Who a move affects (issue 31 item 4; our own rule, docs/RULES.md "The server's own rules"): when
// an update changes a role's instants (new times, or a new timezone that keeps its wall clocks),
// every BOOKED and pending person on that role is named, with each clash (UTC overlap, shifts.ts)
// and short rest (under the minimum, 10 h by default) the move creates against their other BOOKED
// shifts. Only new ones count: a pair that already clashed, or already rested too little, is not
// the move's doing. Another role the same update moves is taken at its new time. A person on two
// moved roles has the pair between them listed once. Nothing here reads the platform.
import { changeConfirmation, crewOnRole, predictedState, stateOf } from './booked-changes.js';
import { type RuleIssue, warningIssue } from './issues.js';
import type { PayChange, TouchedRole } from './pay-changes.js';
import { overlapMinutes, restHours, type Shift } from './shifts.js';
import type { Confirmation } from './verdict.js';

export const DEFAULT_MIN_REST_HOURS = 10;
export const RULE_MOVE_CLASH =
  'crew-mcp: a moved role that gives its crew a clash or a rest under the minimum with their other BOOKED shifts needs the user';

/** A role whose instants the update changes. */
export interface MovedRole {
  jobId: string;
  roleId: string;
  before: Shift['window'];
  after: Shift['window'];
}

/** A crew job on a moved role, or a BOOKED shift elsewhere: who, which role, when. */
export interface CrewShift {
  crewId: number;
  name: string;
  status: string;
  jobId: string;
  roleId: string;
  window: Shift['window'];
}

export interface MoveConflict {
  /** The person's other role (BOOKED), and its job. */
  roleId: string;
  jobId: string;
  /** Minutes shared (a clash), or hours of rest (a short rest). */
  minutes?: number;
  restHours?: number;
}

export interface AffectedPerson {
  crewId: number;
  name: string;
  /** Their status on the moved role: BOOKED, or pending (APPLIED, INVITED, SHORTLISTED, WAITING_LIST). */
  status: string;
  roleId: string;
  jobId: string;
  clashes: MoveConflict[];
  shortRests: MoveConflict[];
}

const PENDING = new Set(['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST']);

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Whether two windows rest less than `minRestHours` apart without overlapping. */
function shortRest(a: Shift['window'], b: Shift['window'], minRestHours: number): number | undefined {
  if (minRestHours <= 0 || overlapMinutes({ window: a }, { window: b }) > 0) return undefined;
  const hours = restHours({ window: a }, { window: b });
  return hours < minRestHours ? hours : undefined;
}

/**
 * Each BOOKED and pending person on a moved role, with the clashes and short rests the move
 * creates against their other BOOKED shifts (`booked`: anyone's, any role; the moved roles' own
 * rows are left out of it).
 */
export function moveEffects(
  moved: readonly MovedRole[],
  onMoved: readonly CrewShift[],
  booked: readonly CrewShift[],
  minRestHours = DEFAULT_MIN_REST_HOURS,
): AffectedPerson[] {
  const moves = new Map(moved.map((role) => [role.roleId, role]));
  const bookedOf = new Map<number, CrewShift[]>();
  for (const shift of booked) {
    if (shift.status !== 'BOOKED') continue;
    const list = bookedOf.get(shift.crewId) ?? [];
    list.push(shift);
    bookedOf.set(shift.crewId, list);
  }
  const seen = new Set<string>();
  const people: AffectedPerson[] = [];
  for (const person of onMoved) {
    const move = moves.get(person.roleId);
    if (!move || (person.status !== 'BOOKED' && !PENDING.has(person.status))) continue;
    const key = `${person.crewId}/${person.roleId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const affected: AffectedPerson = {
      crewId: person.crewId,
      name: person.name,
      status: person.status,
      roleId: person.roleId,
      jobId: person.jobId,
      clashes: [],
      shortRests: [],
    };
    const others = new Map<string, CrewShift>();
    for (const other of bookedOf.get(person.crewId) ?? []) others.set(other.roleId, other);
    for (const other of others.values()) {
      if (other.roleId === person.roleId) continue;
      const otherMove = moves.get(other.roleId);
      // Two moved roles of one person: the pair once, from the role with the lower id.
      if (otherMove && person.status === 'BOOKED' && Number(other.roleId) < Number(person.roleId)) continue;
      const otherBefore = other.window;
      const otherAfter = otherMove?.after ?? other.window;
      const ref = { roleId: other.roleId, jobId: other.jobId };
      const sharedAfter = overlapMinutes({ window: move.after }, { window: otherAfter });
      if (sharedAfter > 0) {
        if (overlapMinutes({ window: move.before }, { window: otherBefore }) === 0)
          affected.clashes.push({ ...ref, minutes: round2(sharedAfter) });
        continue;
      }
      const restAfter = shortRest(move.after, otherAfter, minRestHours);
      const wasShort =
        shortRest(move.before, otherBefore, minRestHours) !== undefined ||
        overlapMinutes({ window: move.before }, { window: otherBefore }) > 0;
      if (restAfter !== undefined && !wasShort)
        affected.shortRests.push({ ...ref, restHours: round2(restAfter) });
    }
    people.push(affected);
  }
  return people.sort((a, b) => Number(a.roleId) - Number(b.roleId) || a.crewId - b.crewId);
}

const who = (person: AffectedPerson) =>
  `crew ${person.crewId} ${person.name} (${person.status} on role ${person.roleId})`;

/** One line per person: who, and what the move does to their other shifts. */
export function affectedLine(person: AffectedPerson): string {
  const parts = [
    ...person.clashes.map((c) => `clashes ${c.minutes} min with role ${c.roleId} (job ${c.jobId})`),
    ...person.shortRests.map((r) => `rests ${r.restHours} h before/after role ${r.roleId} (job ${r.jobId})`),
  ];
  return `${who(person)}${parts.length ? `: ${parts.join('; ')}` : ': no new clash or short rest'}`;
}

/**
 * What the user must agree to about the people a move affects: one item for each person with a
 * new clash or short rest, and one naming the pending people of a moved role (BOOKED ones are
 * already asked about by the role's BOOKED_SHIFT_MOVED).
 */
export function moveIssues(
  people: readonly AffectedPerson[],
  pathOf: (roleId: string) => string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const person of people) {
    if (person.clashes.length + person.shortRests.length === 0) continue;
    issues.push(
      warningIssue({
        path: pathOf(person.roleId),
        code: person.clashes.length ? 'CREW_CLASH' : 'CREW_SHORT_REST',
        rule: RULE_MOVE_CLASH,
        detail: `${affectedLine(person)}.`,
        fix: 'Tell the user who would clash or rest too little, and get their agreement, or move the role elsewhere.',
      }),
    );
  }
  const pending = new Map<string, AffectedPerson[]>();
  for (const person of people)
    if (person.status !== 'BOOKED')
      pending.set(person.roleId, [...(pending.get(person.roleId) ?? []), person]);
  for (const [roleId, list] of pending)
    issues.push(
      warningIssue({
        path: pathOf(roleId),
        code: 'PENDING_SHIFT_MOVED',
        rule: RULE_MOVE_CLASH,
        detail: `role ${roleId}: ${list.length} pending crew would be asked for other hours: ${list.map((p) => `${p.crewId} ${p.name} (${p.status})`).join(', ')}.`,
        fix: 'Tell the user the pending crew applied or were asked for other hours, and get their agreement.',
      }),
    );
  return issues;
}

/** The roles an update moves in real time (new times, or a new zone's wall clocks), with crew on them. */
export function movedRoles(touched: readonly TouchedRole[]): (MovedRole & { path: string })[] {
  return touched.flatMap((role) => {
    const before = stateOf(role.job, role.role);
    const after = predictedState(role);
    const { booked, pending } = crewOnRole(role.role);
    if (booked + pending === 0 || (before.startMs === after.startMs && before.endMs === after.endMs))
      return [];
    return [
      {
        jobId: role.job.id,
        roleId: role.role.id,
        path: role.path,
        before: { startMs: before.startMs, endMs: before.endMs },
        after: { startMs: after.startMs, endMs: after.endMs },
      },
    ];
  });
}

/**
 * The update's confirmation with what its moves do to people added: the plan's own items (side
 * effects, booked crew, rates of 0) and one per person given a new clash or short rest, and per
 * role with pending crew. Undefined when nothing needs the user.
 */
export function confirmationWithMoves(
  planned: { payChanges: readonly PayChange[]; confirm?: Confirmation },
  moveItems: readonly RuleIssue[],
): Confirmation | undefined {
  if (moveItems.length === 0) return planned.confirm;
  const sideEffects = new Set(planned.payChanges.map((change) => change.issue));
  const others = (planned.confirm?.items ?? []).filter((item) => !sideEffects.has(item));
  return changeConfirmation(planned.payChanges, [...others, ...moveItems]);
}
