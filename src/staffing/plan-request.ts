// plan_staffing's request as the planner reads it: which scope (exactly one way of naming the
// places, or a kept plan's id), the options with their defaults, and a follow-up's changes merged
// into the kept plan's. Every refusal names the field and the fix, before anything is read.
import { crewStatusSchema } from '../contract/enums.js';
import { refuse } from '../mcp/refuse.js';
import type { KeptPlan, PlaceAsk } from '../planner/kept-plan.js';
import type { PlanAdjustments, PlanOptions } from '../planner/model.js';
import { STAFFING_DEFAULTS } from './defaults.js';

export interface PlanRequest {
  jobIds?: string[];
  multiDayJobId?: string;
  boardIds?: string[];
  from?: string;
  to?: string;
  /** `jobId/roleId` or `jobId/roleId/count`. */
  places?: string[];
  planId?: string;
  exclude?: string[];
  /** `roleId:crewId` each. */
  swap?: string[];
  pin?: string[];
  statuses?: string[];
  minRestHours?: number;
  maxShiftsPerDay?: number;
  maxHours?: number;
  maxShiftsPerPerson?: number;
  maxShiftsPerWeek?: number;
  keepPending?: boolean;
  continuity?: boolean;
  preferScore?: string;
  limitAlternates?: number;
}

/** The options of a plan that states none: the staffing defaults every tool shares, then the planner's own. */
export const PLAN_DEFAULTS: PlanOptions = {
  statuses: [...STAFFING_DEFAULTS.crewStatuses],
  minRestHours: STAFFING_DEFAULTS.minRestHours,
  maxShiftsPerDay: 1,
  keepPending: true,
  continuity: true,
  exclude: [],
  limitAlternates: 2,
};

/** A numeric option's bounds: the input schema declares them, and checkRequest holds them too. */
export interface NumberRange {
  min: number;
  max: number;
  whole: boolean;
}

type RangedOption =
  | 'minRestHours'
  | 'maxShiftsPerDay'
  | 'maxHours'
  | 'maxShiftsPerPerson'
  | 'maxShiftsPerWeek'
  | 'limitAlternates';

export const PLAN_RANGES: Record<RangedOption, NumberRange> = {
  minRestHours: { min: 0, max: 48, whole: false },
  maxShiftsPerDay: { min: 0, max: 10, whole: true },
  // No upper bound: a cap above any week's hours would only refuse what the solver takes anyway.
  maxHours: { min: 1, max: Number.POSITIVE_INFINITY, whole: false },
  // No upper bounds: a cap above the plan's shifts binds nothing, like maxHours.
  maxShiftsPerPerson: { min: 1, max: Number.POSITIVE_INFINITY, whole: true },
  maxShiftsPerWeek: { min: 1, max: Number.POSITIVE_INFINITY, whole: true },
  limitAlternates: { min: 0, max: 5, whole: true },
};

const CREW_STATUSES: readonly string[] = crewStatusSchema.options;
const SCOPES = ['jobIds', 'multiDayJobId', 'boardIds', 'places', 'planId'] as const;

function crewId(value: string, path: string): number {
  if (!/^\d+$/.test(value))
    refuse({
      field: path,
      problem: `${path}: "${value}" is not a crew id.`,
      fix: 'Use the crewId the plan or list_crew shows.',
    });
  return Number(value);
}

/** Exactly one scope; boards need a from date; statuses must be crew statuses. */
export function checkRequest(input: PlanRequest): void {
  const given = SCOPES.filter((key) => input[key] !== undefined);
  if (given.length !== 1)
    refuse({
      field: given[1] ?? 'jobIds',
      problem: given.length ? `Give one scope, not ${given.join(' and ')}.` : 'Say what to staff.',
      fix: 'Use jobIds, multiDayJobId, boardIds with from/to, places, or the planId of an earlier plan; find_open_roles lists open roles.',
    });
  for (const key of ['jobIds', 'boardIds', 'places'] as const)
    if (input[key]?.length === 0)
      refuse({ field: key, problem: `${key} is empty.`, fix: `Name at least one, or use another scope.` });
  if (input.boardIds && !input.from)
    refuse({
      field: 'from',
      problem: 'boardIds needs a from date.',
      fix: 'Give from (and to) as YYYY-MM-DD local days, e.g. a weekend.',
    });
  if (!input.boardIds && (input.from || input.to))
    refuse({
      field: input.from ? 'from' : 'to',
      problem: 'from/to only go with boardIds.',
      fix: 'Drop them, or add boardIds.',
    });
  if (!input.planId && (input.swap || input.pin))
    refuse({
      field: input.swap ? 'swap' : 'pin',
      problem: 'swap and pin change an earlier plan.',
      fix: 'Give the planId of that plan.',
    });
  if (input.statuses?.length === 0)
    refuse({
      field: 'statuses',
      problem: 'statuses is empty.',
      fix: 'Leave it out for ACTIVE and APPROVED.',
    });
  const unknown = (input.statuses ?? []).filter((status) => !CREW_STATUSES.includes(status));
  if (unknown.length)
    refuse({
      field: 'statuses',
      problem: `statuses: ${unknown.join(', ')} unknown.`,
      fix: `Use ${CREW_STATUSES.join(', ')}.`,
    });
  for (const [index, id] of (input.exclude ?? []).entries()) crewId(id, `exclude[${index}]`);
  for (const key of ['swap', 'pin'] as const)
    for (const [index, entry] of (input[key] ?? []).entries()) roleCrew(entry, `${key}[${index}]`);
  for (const [index, entry] of (input.places ?? []).entries()) placeOf(entry, `places[${index}]`);
  for (const [key, { min, max, whole }] of Object.entries(PLAN_RANGES) as [RangedOption, NumberRange][]) {
    const value = input[key];
    if (typeof value !== 'number') continue;
    if (value < min || value > max || (whole && !Number.isInteger(value)))
      refuse({
        field: key,
        problem: `${key} must be ${whole ? 'a whole number ' : ''}${Number.isFinite(max) ? `from ${min} to ${max}` : `at least ${min}`}.`,
        fix: `Give ${key} in that range.`,
      });
  }
}

/** `roleId:crewId` as a role and a crew id. */
export function roleCrew(entry: string, path: string): { roleId: string; crewId: number } {
  const [roleId, id] = entry.split(':');
  if (!roleId || id === undefined)
    refuse({ field: path, problem: `${path}: "${entry}" is not roleId:crewId.`, fix: 'e.g. "1034:201".' });
  return { roleId, crewId: crewId(id, path) };
}

/** `jobId/roleId` or `jobId/roleId/count` as a place to plan. */
export function placeOf(entry: string, path: string): PlaceAsk {
  const [jobId, roleId, count] = entry.split('/');
  const places = count === undefined ? undefined : Number(count);
  if (!jobId || !roleId || (places !== undefined && !(Number.isInteger(places) && places >= 1)))
    refuse({
      field: path,
      problem: `${path}: "${entry}" is not jobId/roleId[/count].`,
      fix: 'e.g. "998/999" or "998/999/2".',
    });
  return { jobId, roleId, ...(places !== undefined ? { count: places } : {}) };
}

/** The options applied: the kept plan's (on a follow-up), then what this call overrides. */
export function resolveOptions(input: PlanRequest, kept?: KeptPlan): PlanOptions {
  const base = kept?.options ?? PLAN_DEFAULTS;
  const maxHours = input.maxHours ?? base.maxHours;
  const maxShiftsPerPerson = input.maxShiftsPerPerson ?? base.maxShiftsPerPerson;
  const maxShiftsPerWeek = input.maxShiftsPerWeek ?? base.maxShiftsPerWeek;
  const preferScore = input.preferScore ?? base.preferScore;
  return {
    statuses: input.statuses ?? base.statuses,
    minRestHours: input.minRestHours ?? base.minRestHours,
    maxShiftsPerDay: input.maxShiftsPerDay ?? base.maxShiftsPerDay,
    ...(maxHours !== undefined ? { maxHours } : {}),
    ...(maxShiftsPerPerson !== undefined ? { maxShiftsPerPerson } : {}),
    ...(maxShiftsPerWeek !== undefined ? { maxShiftsPerWeek } : {}),
    keepPending: input.keepPending ?? base.keepPending,
    continuity: input.continuity ?? base.continuity,
    ...(preferScore ? { preferScore } : {}),
    exclude: [...new Set([...base.exclude, ...(input.exclude ?? []).map(Number)])],
    limitAlternates: input.limitAlternates ?? base.limitAlternates,
  };
}

/** A follow-up's swaps and pins added to the kept plan's; the kept assignments are preferred. */
export function resolveAdjustments(input: PlanRequest, kept?: KeptPlan): PlanAdjustments {
  const swaps = (input.swap ?? []).map((entry, index) => roleCrew(entry, `swap[${index}]`));
  const swapped = new Set(swaps.map((entry) => `${entry.roleId}:${entry.crewId}`));
  const pins = [
    ...(kept?.pins ?? []),
    ...(input.pin ?? []).map((entry, index) => roleCrew(entry, `pin[${index}]`)),
  ];
  return {
    offRole: [...(kept?.offRole ?? []), ...swaps],
    pins: pins.filter((entry) => !swapped.has(`${entry.roleId}:${entry.crewId}`)),
    previous: kept?.assignments ?? [],
  };
}

/**
 * A swap, pin or exclude that matches nothing is refused, naming each that does not, before
 * anything is planned: the same plan answered again would say nothing of the mistake. A swap takes
 * someone off a role they hold in the kept plan; a pin puts a crew member who is read (their
 * status among `statuses`) on a role of the plan; an exclude names a crew member who is read.
 * `crewIds`: the crew read for this plan (null when none was, as when no place is open).
 */
/** The misses a refused follow-up names one by one. */
const MISSES_SHOWN = 10;

export function checkAdjustmentsMatch(
  input: PlanRequest,
  kept: KeptPlan | undefined,
  crewIds: ReadonlySet<number> | null,
): void {
  const misses: { field: string; what: string }[] = [];
  const plan = `plan ${input.planId}`;
  const held = new Set(kept?.assignments.map((entry) => `${entry.roleId}:${entry.crewId}`));
  const roles = new Set(kept?.places.map((place) => place.roleId));
  const unread = (id: number) => crewIds !== null && !crewIds.has(id);
  for (const [index, entry] of (input.swap ?? []).entries()) {
    const { roleId, crewId } = roleCrew(entry, `swap[${index}]`);
    if (!held.has(`${roleId}:${crewId}`))
      misses.push({ field: `swap[${index}]`, what: `crew ${crewId} is not on role ${roleId} in ${plan}` });
  }
  for (const [index, entry] of (input.pin ?? []).entries()) {
    const { roleId, crewId } = roleCrew(entry, `pin[${index}]`);
    if (!roles.has(roleId)) misses.push({ field: `pin[${index}]`, what: `role ${roleId} is not in ${plan}` });
    else if (unread(crewId))
      misses.push({
        field: `pin[${index}]`,
        what: `no crew member ${crewId} among the crew this plan reads`,
      });
  }
  for (const [index, id] of (input.exclude ?? []).entries())
    if (unread(Number(id)))
      misses.push({
        field: `exclude[${index}]`,
        what: `no crew member ${id} among the crew this plan reads`,
      });
  const [first] = misses;
  // Each miss named, up to a few: an exclude of a whole company's other statuses stays one line.
  const shown = misses.slice(0, MISSES_SHOWN).map((miss) => `${miss.field}: ${miss.what}`);
  if (misses.length > MISSES_SHOWN) shown.push(`and ${misses.length - MISSES_SHOWN} more like these`);
  if (first)
    refuse({
      field: first.field,
      problem: `${shown.join('; ')}.`,
      fix: "A swap names a roleId:crewId of the plan's bookings, a pin a role of the plan; crew ids come from the plan or list_crew (statuses widens who is read).",
    });
}

/** Per role, who left the plan and who came in, paired in order. */
export function planChanges(
  before: readonly { roleId: string; crewId: number }[],
  after: readonly { roleId: string; crewId: number }[],
): { roleId: string; from?: string; to?: string }[] {
  const roles = [...new Set([...before, ...after].map((entry) => entry.roleId))];
  return roles.flatMap((roleId) => {
    const was = before.filter((entry) => entry.roleId === roleId).map((entry) => entry.crewId);
    const now = after.filter((entry) => entry.roleId === roleId).map((entry) => entry.crewId);
    const left = was.filter((id) => !now.includes(id));
    const came = now.filter((id) => !was.includes(id));
    return Array.from({ length: Math.max(left.length, came.length) }, (_, index) => ({
      roleId,
      ...(left[index] !== undefined ? { from: String(left[index]) } : {}),
      ...(came[index] !== undefined ? { to: String(came[index]) } : {}),
    }));
  });
}
