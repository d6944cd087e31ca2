// Small planning instances for the planner's property tests (plan.test.ts against a brute force,
// without-lp.test.ts against the whole model solved by HiGHS): roles at whole hours from a base
// instant in UTC, crew with or without role types, booked shifts and answers of crew on roles,
// drawn by fast-check in the same shapes for both.
import fc from 'fast-check';
import type { CrewJobFact, PlanningFacts, RoleToFill } from '../../src/planner/model.js';
import type { CrewFacts } from '../../src/rules/matching.js';

export const H = 3_600_000;

/** Role `index` (job `j<index>`, role `r<index>`) from `startHour` for `hours` after `base`. */
export function roleAt(base: number) {
  return (
    index: number,
    startHour: number,
    hours: number,
    open: number,
    roleType?: string,
    multiDayJobId?: string,
  ): RoleToFill => ({
    ...(multiDayJobId ? { multiDayJobId } : {}),
    jobId: `j${index}`,
    roleId: `r${index}`,
    title: `Role ${index}`,
    jobTitle: `Job ${index}`,
    shift: {
      jobId: `j${index}`,
      roleId: `r${index}`,
      window: { startMs: base + startHour * H, endMs: base + (startHour + hours) * H },
      timeZone: 'UTC',
      breakMinutes: 0,
    },
    open,
    requirements: roleType ? { roleType: { roleTypeId: roleType, condition: 'EQUAL' } } : null,
  });
}

export function member(id: number, roleTypeIds: string[]): CrewFacts {
  return { id, name: `Crew ${id}`, status: 'ACTIVE', roleTypeIds, profileIds: [], verified: new Map() };
}

/** Up to `maxLength` roles within about three days, each with one or two places, some typed 'A'. */
export const roleDraws = (maxLength: number) =>
  fc.array(
    fc.record({
      start: fc.integer({ min: 0, max: 60 }),
      hours: fc.integer({ min: 2, max: 10 }),
      open: fc.integer({ min: 1, max: 2 }),
      typed: fc.boolean(),
    }),
    { minLength: 1, maxLength },
  );

/** Up to `maxLength` crew, each with role type 'A' or none. */
export const crewDraws = (maxLength: number) => fc.array(fc.boolean(), { minLength: 1, maxLength });

/** Up to three booked shifts of crew 0..`maxCrew` (some past the crew drawn: left out). */
export const bookedDraws = (maxCrew: number) =>
  fc.array(
    fc.record({
      crew: fc.nat(maxCrew),
      start: fc.integer({ min: -12, max: 70 }),
      hours: fc.integer({ min: 2, max: 8 }),
    }),
    { maxLength: 3 },
  );

type Drawn<Draws extends (max: number) => fc.Arbitrary<unknown>> =
  ReturnType<Draws> extends fc.Arbitrary<infer T> ? T : never;

export interface SmallDraw {
  roles: Drawn<typeof roleDraws>;
  crew: Drawn<typeof crewDraws>;
  booked: Drawn<typeof bookedDraws>;
}

/**
 * The facts of a draw: its roles (those marked in `onJob` on one multi-day job), its crew (ids
 * from 1), their booked shifts, then each answer (`status` of crew `crew` on role `role`) where
 * both exist.
 */
export function smallFacts(
  base: number,
  drawn: SmallDraw,
  answers: readonly { crew: number; role: number }[],
  status: CrewJobFact['status'],
  onJob: readonly boolean[] = [],
): PlanningFacts {
  const role = roleAt(base);
  const roles = drawn.roles.map((entry, index) =>
    role(
      index,
      entry.start,
      entry.hours,
      entry.open,
      entry.typed ? 'A' : undefined,
      onJob[index] ? 'm1' : undefined,
    ),
  );
  const crew = drawn.crew.map((typed, index) => member(index + 1, typed ? ['A'] : []));
  const crewJobs: CrewJobFact[] = [];
  for (const [index, entry] of drawn.booked.entries())
    if (entry.crew < crew.length)
      crewJobs.push({
        crewId: entry.crew + 1,
        status: 'BOOKED',
        jobId: `b${index}`,
        roleId: `b${index}`,
        window: { startMs: base + entry.start * H, endMs: base + (entry.start + entry.hours) * H },
        timeZone: 'UTC',
      });
  for (const entry of answers) {
    const target = roles[entry.role];
    if (target && entry.crew < crew.length)
      crewJobs.push({
        crewId: entry.crew + 1,
        status,
        jobId: target.jobId,
        roleId: target.roleId,
        window: target.shift.window,
        timeZone: 'UTC',
      });
  }
  return { roles, crew, crewJobs };
}
