// The planner against an independent brute force on random small instances (fast-check): every
// plan keeps every hard constraint, checked here from the raw facts with arithmetic of its own
// (not the rules' functions), and fills exactly as many places as the best of every possible set
// of (person, place) choices. Plus the lexicographic stages and the explanations on hand-made cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CrewJobFact, PlanningFacts, PlanOptions } from '../../src/planner/model.js';
import { planStaffing } from '../../src/planner/plan.js';
import { resolveOptions } from '../../src/staffing/plan-request.js';
import { fits } from '../oracles/plan.js';
import { bookedDraws, crewDraws, H, member, roleAt, roleDraws, smallFacts } from './small-instances.js';

const BASE = Date.parse('2030-06-07T00:00:00Z');
const role = roleAt(BASE);

/** plan_staffing's options when a request states none (their one home: resolveOptions). */
const defaults: PlanOptions = resolveOptions({});

interface Instance {
  facts: PlanningFacts;
  options: PlanOptions;
}

const instance: fc.Arbitrary<Instance> = fc
  .record({
    roles: roleDraws(4),
    crew: crewDraws(4),
    booked: bookedDraws(3),
    declined: fc.array(fc.record({ crew: fc.nat(3), role: fc.nat(4) }), { maxLength: 2 }),
    minRestHours: fc.constantFrom(0, 8, 10),
    maxShiftsPerDay: fc.constantFrom(0, 1, 2),
    maxHours: fc.option(fc.integer({ min: 6, max: 20 }), { nil: undefined }),
  })
  .map((drawn) => {
    const options: PlanOptions = {
      ...defaults,
      minRestHours: drawn.minRestHours,
      maxShiftsPerDay: drawn.maxShiftsPerDay,
      ...(drawn.maxHours !== undefined ? { maxHours: drawn.maxHours } : {}),
    };
    return { facts: smallFacts(BASE, drawn, drawn.declined, 'DECLINED'), options };
  });

interface Span {
  start: number;
  end: number;
}

const dayOf = (span: Span) => new Date(span.start).toISOString().slice(0, 10);

/**
 * Whether one person may add the proposed shifts to their booked ones: written from the rules'
 * words, not their code (the plan oracle's, on UTC days), and the hours cap over the plan's days.
 */
function personOk(proposed: Span[], booked: Span[], options: PlanOptions, planDays: Set<string>): boolean {
  const onDays = (spans: Span[]) => spans.map((span) => ({ ...span, day: dayOf(span) }));
  const all = [...proposed, ...booked];
  if (!fits(onDays(proposed), onDays(booked), options)) return false;
  if (options.maxHours !== undefined) {
    const hours = all
      .filter((span) => planDays.has(dayOf(span)))
      .reduce((sum, span) => sum + (span.end - span.start) / H, 0);
    if (hours > options.maxHours + 1e-9) return false;
  }
  return true;
}

/** Every hard constraint of a set of (role index, crew id) choices, from the raw facts. */
function violations(instance: Instance, chosen: [number, number][]): string[] {
  const { facts, options } = instance;
  const problems: string[] = [];
  const planDays = new Set(facts.roles.map((entry) => dayOf({ start: entry.shift.window.startMs, end: 0 })));
  const perRole = new Map<number, number>();
  const seen = new Set<string>();
  for (const [roleIndex, crewId] of chosen) {
    const target = facts.roles[roleIndex]!;
    const person = facts.crew.find((entry) => entry.id === crewId)!;
    if (seen.has(`${roleIndex}:${crewId}`)) problems.push(`twice on ${target.roleId}`);
    seen.add(`${roleIndex}:${crewId}`);
    perRole.set(roleIndex, (perRole.get(roleIndex) ?? 0) + 1);
    if (target.requirements?.roleType && !person.roleTypeIds.includes('A'))
      problems.push(`${crewId} lacks the role type`);
    if (
      facts.crewJobs.some(
        (job) => job.crewId === crewId && job.roleId === target.roleId && job.status === 'DECLINED',
      )
    )
      problems.push(`${crewId} declined ${target.roleId}`);
  }
  for (const [roleIndex, count] of perRole)
    if (count > facts.roles[roleIndex]!.open) problems.push(`too many on ${roleIndex}`);
  for (const person of facts.crew) {
    const mine = chosen.filter(([, crewId]) => crewId === person.id);
    if (mine.length === 0) continue;
    const booked = facts.crewJobs
      .filter((job) => job.crewId === person.id && job.status === 'BOOKED')
      .map((job) => ({ start: job.window.startMs, end: job.window.endMs }));
    const proposed = mine.map(([roleIndex]) => ({
      start: facts.roles[roleIndex]!.shift.window.startMs,
      end: facts.roles[roleIndex]!.shift.window.endMs,
    }));
    if (!personOk(proposed, booked, options, planDays))
      problems.push(`${person.id}: overlap, rest, day or hours`);
  }
  return problems;
}

/** The most places any feasible set of choices fills: every subset of the (role, crew) pairs. */
function bruteForceOptimum(instance: Instance): number {
  const pairs: [number, number][] = [];
  instance.facts.roles.forEach((_, roleIndex) => {
    for (const person of instance.facts.crew) {
      if (violations(instance, [[roleIndex, person.id]]).length === 0) pairs.push([roleIndex, person.id]);
    }
  });
  let best = 0;
  const choose = (index: number, chosen: [number, number][]) => {
    if (chosen.length + (pairs.length - index) <= best) return;
    if (index === pairs.length) {
      best = Math.max(best, chosen.length);
      return;
    }
    const next = [...chosen, pairs[index]!];
    if (violations(instance, next).length === 0) choose(index + 1, next);
    choose(index + 1, chosen);
  };
  choose(0, []);
  return best;
}

function chosenPairs(
  instance: Instance,
  outcome: Awaited<ReturnType<typeof planStaffing>>,
): [number, number][] {
  return outcome.assignments.map((entry) => [instance.facts.roles.indexOf(entry.role), entry.crew.id]);
}

describe('planner: random small instances against a brute force', () => {
  it('never breaks a hard constraint and fills exactly the optimum', async () => {
    await fc.assert(
      fc.asyncProperty(instance, async (drawn) => {
        const outcome = await planStaffing(drawn.facts, drawn.options);
        const pairs = chosenPairs(drawn, outcome);
        expect(violations(drawn, pairs)).toEqual([]);
        expect(outcome.placesFilled).toBe(bruteForceOptimum(drawn));
        expect(outcome.solution.status).toBe('optimal');
        const short = outcome.unfilled.reduce((sum, entry) => sum + entry.places, 0);
        expect(outcome.placesFilled + short).toBe(outcome.placesOpen);
      }),
      { numRuns: 80, seed: 20 },
    );
  }, 60_000);
});

/**
 * The best (places filled, then distinct people on the multi-day job, then least maximum hours)
 * of every feasible set of choices. Hours per person: proposed plus booked on the plan's days.
 */
function bruteForceFairness(
  instance: Instance,
  grouped: boolean,
): { filled: number; people: number; load: number } {
  const pairs: [number, number][] = [];
  instance.facts.roles.forEach((_, roleIndex) => {
    for (const person of instance.facts.crew)
      if (violations(instance, [[roleIndex, person.id]]).length === 0) pairs.push([roleIndex, person.id]);
  });
  const planDays = new Set(
    instance.facts.roles.map((entry) => dayOf({ start: entry.shift.window.startMs, end: 0 })),
  );
  const spanHours = (window: { startMs: number; endMs: number }) => (window.endMs - window.startMs) / H;
  const measure = (chosen: [number, number][]) => {
    const people = [...new Set(chosen.map(([, crewId]) => crewId))];
    const load = Math.max(
      0,
      ...people.map(
        (crewId) =>
          chosen
            .filter(([, id]) => id === crewId)
            .reduce((sum, [roleIndex]) => sum + spanHours(instance.facts.roles[roleIndex]!.shift.window), 0) +
          instance.facts.crewJobs
            .filter((job) => job.crewId === crewId && job.status === 'BOOKED')
            .filter((job) => planDays.has(dayOf({ start: job.window.startMs, end: 0 })))
            .reduce((sum, job) => sum + spanHours(job.window), 0),
      ),
    );
    return { filled: chosen.length, people: grouped ? people.length : 0, load };
  };
  let best = measure([]);
  const better = (a: typeof best, b: typeof best) =>
    a.filled !== b.filled
      ? a.filled > b.filled
      : a.people !== b.people
        ? a.people < b.people
        : a.load < b.load - 1e-9;
  const choose = (index: number, chosen: [number, number][]) => {
    if (index === pairs.length) {
      const value = measure(chosen);
      if (better(value, best)) best = value;
      return;
    }
    const next = [...chosen, pairs[index]!];
    if (violations(instance, next).length === 0) choose(index + 1, next);
    choose(index + 1, chosen);
  };
  choose(0, []);
  return best;
}

describe('planner: the fairness stage against a brute force', () => {
  it('proves the least maximum hours among the plans best on every earlier objective', async () => {
    const drawn = fc.tuple(instance, fc.boolean()).map(([plain, grouped]) => ({
      grouped,
      instance: grouped
        ? {
            ...plain,
            facts: {
              ...plain.facts,
              roles: plain.facts.roles.map((entry) => ({ ...entry, multiDayJobId: 'm1' })),
            },
          }
        : plain,
    }));
    await fc.assert(
      fc.asyncProperty(drawn, async ({ grouped, instance: chosen }) => {
        const outcome = await planStaffing(chosen.facts, chosen.options);
        const best = bruteForceFairness(chosen, grouped);
        expect(outcome.solution.status).toBe('optimal');
        expect(outcome.placesFilled).toBe(best.filled);
        if (grouped)
          expect(new Set(outcome.assignments.map((entry) => entry.crew.id)).size).toBe(best.people);
        const most = Math.max(0, ...outcome.hours.map((entry) => entry.hours));
        expect(most).toBeCloseTo(best.load, 6);
      }),
      { numRuns: 60, seed: 185 },
    );
  }, 60_000);
});

describe('planner: objectives and explanations', () => {
  it('prefers crew who applied, then the same person every day of a multi-day job', async () => {
    const roles = [
      role(0, 8, 8, 1, undefined, 'm1'),
      role(1, 32, 8, 1, undefined, 'm1'),
      role(2, 56, 8, 1, undefined, 'm1'),
    ];
    const crew = [member(1, []), member(2, []), member(3, [])];
    const applied: CrewJobFact = {
      crewId: 3,
      status: 'APPLIED',
      jobId: 'j1',
      roleId: 'r1',
      window: roles[1]!.shift.window,
      timeZone: 'UTC',
    };
    const outcome = await planStaffing({ roles, crew, crewJobs: [applied] }, defaults);
    expect(outcome.assignments.map((entry) => entry.crew.id)).toEqual([3, 3, 3]);
    expect(outcome.assignments[1]?.reason).toMatch(/^applied/);
    expect(outcome.solution.objectives).toEqual(['filled', 'pending', 'continuity', 'fairness']);
  });

  it('spreads hours when continuity is off, and ties go to the ranking', async () => {
    const roles = [role(0, 8, 8, 1), role(1, 32, 8, 1)];
    const outcome = await planStaffing(
      { roles, crew: [member(1, []), member(2, [])], crewJobs: [] },
      { ...defaults, continuity: false },
    );
    expect(outcome.hours.map((entry) => entry.hours)).toEqual([8, 8]);
    expect(outcome.assignments.map((entry) => entry.crew.id).sort()).toEqual([1, 2]);
  });

  it('names the binding reason of each short role', async () => {
    const roles = [
      role(0, 8, 8, 2, 'A'),
      role(1, 8, 8, 1, 'B'),
      role(2, 9, 4, 1, 'A'),
      role(3, 10, 2, 1, 'A'),
    ];
    const crew = [member(1, ['A']), member(2, ['B']), member(3, [])];
    const booked: CrewJobFact = {
      crewId: 2,
      status: 'BOOKED',
      jobId: 'busy',
      roleId: 'busy',
      window: { startMs: BASE, endMs: BASE + 20 * H },
      timeZone: 'UTC',
    };
    const outcome = await planStaffing({ roles, crew, crewJobs: [booked] }, defaults);
    expect(outcome.assignments.map((entry) => [entry.role.roleId, entry.crew.id])).toEqual([['r3', 1]]);
    const codes = Object.fromEntries(
      outcome.unfilled.map((entry) => [entry.role.roleId, [entry.code, entry.places]]),
    );
    expect(codes).toEqual({
      r0: ['NO_QUALIFIED_CREW', 2],
      r1: ['ALL_QUALIFIED_BOOKED', 1],
      r2: ['NEEDED_ELSEWHERE_IN_PLAN', 1],
    });
    const reasons = Object.fromEntries(outcome.unfilled.map((entry) => [entry.role.roleId, entry.reason]));
    expect(reasons.r0).toContain('near misses: Crew 3 (3) lacks role type A');
    expect(reasons.r1).toContain('busy');
    expect(reasons.r2).toContain('r3');
  });
});
