// One staffing plan from the facts: the model (model.ts), the exact solve (solve.ts), then what a
// coordinator acts on: who goes where and why, alternates, each proposed person's hours, and for
// every role left short the binding reason, the first that holds of:
//   NO_QUALIFIED_CREW        fewer crew meet the role's requirements than it has open places;
//   ALL_QUALIFIED_BOOKED     enough meet them, but too few are free of their BOOKED shifts;
//   NEEDED_ELSEWHERE_IN_PLAN the free ones are proposed for other places of this plan;
//   LIMIT_REACHED            a coordinator's cap (maxShiftsPerPerson, maxShiftsPerWeek) is all that
//                            keeps free qualified crew off it, or the solver's time limit stopped
//                            before that was settled.
import type { CrewFacts } from '../rules/matching.js';
import { canWorkBoth, localStartDay, paidHours } from '../rules/shifts.js';
import {
  bookedPerDay,
  bookedPerWeek,
  buildModel,
  type Candidate,
  localWeek,
  type PlanAdjustments,
  type PlanModel,
  type PlanningFacts,
  type PlanOptions,
  type RoleToFill,
} from './model.js';
import { type PlanSolution, solvePlan } from './solve.js';

export type UnfilledCode =
  | 'NO_QUALIFIED_CREW'
  | 'ALL_QUALIFIED_BOOKED'
  | 'NEEDED_ELSEWHERE_IN_PLAN'
  | 'LIMIT_REACHED';

export interface ProposedPlace {
  role: RoleToFill;
  crew: CrewFacts;
  reason: string;
  alternates: CrewFacts[];
}

export interface UnfilledRole {
  role: RoleToFill;
  places: number;
  code: UnfilledCode;
  reason: string;
}

export interface PlanOutcome {
  assignments: ProposedPlace[];
  unfilled: UnfilledRole[];
  hours: { crew: CrewFacts; hours: number }[];
  placesOpen: number;
  placesFilled: number;
  solution: PlanSolution;
  /** Requirements no crew data can check, per role that has them. */
  unchecked: { role: RoleToFill; items: string[] }[];
  model: PlanModel;
}

/**
 * Pins no plan can keep, returned instead of a plan (the staffing room refuses the input with it):
 * pins whose person is no candidate for the role, or pins that cannot all hold at once.
 */
export type PinsInfeasible =
  | { pinsInfeasible: 'not-candidates'; pins: { roleId: string; crewId: number }[] }
  | { pinsInfeasible: 'clash' };

/** Default time the solver may take over the whole plan. */
export const PLAN_TIME_LIMIT_MS = 2_500;

function ordinal(rank: number): string {
  return `#${rank + 1}`;
}

function proposalReason(candidate: Candidate, model: PlanModel, sameJob: number): string {
  const parts = [`match ${ordinal(candidate.rank)} of ${model.byPlace[candidate.place]?.length ?? 0}`];
  if (candidate.onRole && candidate.pending) parts.unshift(candidate.onRole.toLowerCase());
  if (sameJob > 1) parts.push(`same person ${sameJob} days`);
  if (candidate.pinned) parts.push('pinned');
  return parts.join(', ');
}

function listIds(ids: readonly string[], limit = 3): string {
  return ids.length > limit ? `${ids.slice(0, limit).join(', ')} +${ids.length - limit}` : ids.join(', ');
}

function explain(
  model: PlanModel,
  place: number,
  shortfall: number,
  chosenKeys: Map<number, Candidate[]>,
  limited: boolean,
): { code: UnfilledCode; reason: string } {
  const role = model.roles[place] as RoleToFill;
  const diagnosis = model.diagnoses[place];
  const candidates = model.byPlace[place] ?? [];
  if (!diagnosis) return { code: 'LIMIT_REACHED', reason: 'not planned' };
  if (diagnosis.qualified < role.open) {
    const near = diagnosis.nearMisses
      .slice(0, 2)
      .map((miss) => `${miss.name} (${miss.crewId}) ${miss.lacks}`)
      .join('; ');
    const what = diagnosis.checked.length ? diagnosis.checked.join(' + ') : 'its requirements';
    return {
      code: 'NO_QUALIFIED_CREW',
      reason: `${diagnosis.qualified} crew meet ${what}${near ? `; near misses: ${near}` : ''}`,
    };
  }
  if (candidates.length < role.open) {
    const jobs = [...diagnosis.bookedElsewhere.keys()];
    return {
      code: 'ALL_QUALIFIED_BOOKED',
      reason: `${diagnosis.qualified - candidates.length} of ${diagnosis.qualified} qualified are booked or rested out by jobs ${listIds(jobs)}`,
    };
  }
  const elsewhere = new Set<string>();
  let idle = 0;
  for (const candidate of candidates) {
    const taken = chosenKeys.get(candidate.crew);
    if (!taken) idle++;
    else
      for (const other of taken)
        if (other.place !== place) elsewhere.add(model.roles[other.place]?.roleId ?? '');
  }
  if (limited && idle > 0)
    return { code: 'LIMIT_REACHED', reason: `time limit reached before ${shortfall} more could be settled` };
  const capped = candidates.filter((candidate) =>
    capThatBinds(model, place, chosenKeys.get(candidate.crew) ?? [], candidate.crew),
  );
  const cap = capped.length
    ? capThatBinds(model, place, chosenKeys.get(capped[0]?.crew ?? -1) ?? [], capped[0]?.crew ?? -1)
    : undefined;
  if (cap)
    return {
      code: 'LIMIT_REACHED',
      reason: `${cap} ${model.options[cap]} reached by ${capped.length} of its ${candidates.length} free qualified crew, proposed for roles ${listIds([...elsewhere])}`,
    };
  return {
    code: 'NEEDED_ELSEWHERE_IN_PLAN',
    reason: `its ${candidates.length} free qualified crew are proposed for roles ${listIds([...elsewhere])}${idle ? ` or held by rest/day/hour limits` : ''}`,
  };
}

/**
 * The coordinator's cap that alone keeps a person off a place: they hold as many shifts as the
 * cap allows (in the plan, or in the place's local week with their BOOKED ones), and nothing else
 * between their proposed shifts and this one (overlap, rest, the day's limit, hours) rules it out.
 */
function capThatBinds(
  model: PlanModel,
  place: number,
  held: readonly Candidate[],
  crew: number,
): 'maxShiftsPerPerson' | 'maxShiftsPerWeek' | undefined {
  const { options } = model;
  const shift = model.roles[place]?.shift;
  if (!shift || held.length === 0 || held.some((other) => other.place === place)) return undefined;
  const shifts = held.flatMap((other) => model.roles[other.place]?.shift ?? []);
  if (shifts.some((other) => !canWorkBoth(shift, other, options.minRestHours))) return undefined;
  const day = localStartDay(shift);
  const sameDay = shifts.filter((other) => localStartDay(other) === day).length;
  if (
    options.maxShiftsPerDay > 0 &&
    sameDay + (bookedPerDay(model, crew).get(day) ?? 0) >= options.maxShiftsPerDay
  )
    return undefined;
  const hours = shifts.reduce((sum, other) => sum + paidHours(other), model.bookedHours.get(crew) ?? 0);
  if (options.maxHours !== undefined && hours + paidHours(shift) > options.maxHours + 1e-9) return undefined;
  if (options.maxShiftsPerPerson !== undefined && held.length >= options.maxShiftsPerPerson)
    return 'maxShiftsPerPerson';
  const week = localWeek(shift);
  const inWeek = shifts.filter((other) => localWeek(other) === week).length;
  if (
    options.maxShiftsPerWeek !== undefined &&
    inWeek + (bookedPerWeek(model, crew).get(week) ?? 0) >= options.maxShiftsPerWeek
  )
    return 'maxShiftsPerWeek';
  return undefined;
}

/** Pins whose person is no candidate for the role (not qualified, booked, excluded, not read). */
function unplaceablePins(
  model: PlanModel,
  adjustments: PlanAdjustments,
): { roleId: string; crewId: number }[] {
  return adjustments.pins.filter(
    (pin) =>
      !model.candidates.some(
        (candidate) =>
          candidate.pinned &&
          model.roles[candidate.place]?.roleId === pin.roleId &&
          model.crew[candidate.crew]?.id === pin.crewId,
      ),
  );
}

export function planStaffing(
  facts: PlanningFacts,
  options: PlanOptions,
  adjustments: PlanAdjustments | undefined,
  timeLimitMs?: number,
): Promise<PlanOutcome | PinsInfeasible>;
/** Without pins every plan request has a plan (proposing nobody always fits). */
export function planStaffing(facts: PlanningFacts, options: PlanOptions): Promise<PlanOutcome>;
export async function planStaffing(
  facts: PlanningFacts,
  options: PlanOptions,
  adjustments?: PlanAdjustments,
  timeLimitMs = PLAN_TIME_LIMIT_MS,
): Promise<PlanOutcome | PinsInfeasible> {
  const model = buildModel(facts, options, adjustments);
  if (adjustments) {
    const pins = unplaceablePins(model, adjustments);
    if (pins.length) return { pinsInfeasible: 'not-candidates', pins };
  }
  const solution = await solvePlan(model, { timeLimitMs });
  if ('pinsInfeasible' in solution) return solution;
  const byCrew = new Map<number, Candidate[]>();
  for (const candidate of solution.chosen)
    byCrew.set(candidate.crew, [...(byCrew.get(candidate.crew) ?? []), candidate]);
  const assignments: ProposedPlace[] = [];
  const unfilled: UnfilledRole[] = [];
  const chosenByPlace = new Map<number, Candidate[]>();
  for (const candidate of solution.chosen)
    chosenByPlace.set(candidate.place, [...(chosenByPlace.get(candidate.place) ?? []), candidate]);
  model.roles.forEach((role, place) => {
    const here = (chosenByPlace.get(place) ?? []).sort((a, b) => a.rank - b.rank);
    const alternates = (model.byPlace[place] ?? [])
      .filter((candidate) => !byCrew.has(candidate.crew))
      .slice(0, options.limitAlternates)
      .map((candidate) => model.crew[candidate.crew] as CrewFacts);
    for (const candidate of here) {
      const sameJob = role.multiDayJobId
        ? (byCrew.get(candidate.crew) ?? []).filter(
            (other) => model.roles[other.place]?.multiDayJobId === role.multiDayJobId,
          ).length
        : 1;
      assignments.push({
        role,
        crew: model.crew[candidate.crew] as CrewFacts,
        reason: proposalReason(candidate, model, sameJob),
        alternates,
      });
    }
    const shortfall = role.open - here.length;
    if (shortfall > 0)
      unfilled.push({
        role,
        places: shortfall,
        ...explain(model, place, shortfall, byCrew, solution.limitedPlaces.has(place)),
      });
  });
  const hours = [...byCrew.entries()]
    .map(([crew, list]) => ({
      crew: model.crew[crew] as CrewFacts,
      hours:
        (model.bookedHours.get(crew) ?? 0) +
        list.reduce(
          (sum, candidate) =>
            sum + paidHours(model.roles[candidate.place]?.shift ?? { window: { startMs: 0, endMs: 0 } }),
          0,
        ),
    }))
    .sort((a, b) => b.hours - a.hours || a.crew.id - b.crew.id);
  return {
    assignments,
    unfilled,
    hours,
    placesOpen: model.roles.reduce((sum, role) => sum + role.open, 0),
    placesFilled: assignments.length,
    solution,
    unchecked: model.roles.flatMap((role, place) => {
      const items = model.diagnoses[place]?.unchecked ?? [];
      return items.length ? [{ role, items }] : [];
    }),
    model,
  };
}
