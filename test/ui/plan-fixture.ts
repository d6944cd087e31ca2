// A staffing plan in plan_staffing's structuredContent shape (with its roles and crew maps), built
// here so that the size and the edge cases are the test's own: `places` places over four days,
// some with alternates, every ninth unfilled, and the re-planned answer to a swap. The real tool's
// answer is rendered by its own test; the bare shape (ids only) too. Typed as the tool's own
// output (present's PlanResult), so that a change of the result's shape breaks the fixture at
// compile time instead of leaving the view tested against a shape the tool no longer answers.
import type { PlanResult } from '../../src/present/plan.js';
import { resolveOptions } from '../../src/staffing/plan-request.js';

/** A whole plan: its roles and crew maps present, as plan_staffing answers a plan under budget. */
export type FixturePlan = PlanResult & Required<Pick<PlanResult, 'roles' | 'crew'>>;

export interface PlanFixtureOptions {
  places: number;
  planId?: string;
}

/** plan_staffing's options when a request states none (their one home: resolveOptions). */
const DEFAULT_OPTIONS = resolveOptions({});

const DAYS = ['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'];
const TITLES = ['Bartender', 'Security Officer', 'Waiter', 'Chef', 'Driver'];
const NAMES = [
  'Ana Silva',
  'Ben Okafor',
  'Chloe Martin',
  'Dev Patel',
  'Ella Novak',
  'Finn Berg',
  'Gita Rao',
  'Hugo Brandt',
];

export function planFixture({ places, planId = 'plan-1' }: PlanFixtureOptions): FixturePlan {
  const roles: FixturePlan['roles'] = [];
  const assignments: PlanResult['assignments'] = [];
  const unfilled: PlanResult['unfilled'] = [];
  const crew: FixturePlan['crew'] = [];
  const hours = new Map<string, number>();
  let placed = 0;
  for (let index = 0; placed < places; index++) {
    const jobId = String(900 + Math.floor(index / 2));
    const roleId = String(5000 + index);
    const date = DAYS[index % DAYS.length] as string;
    const quantity = 1 + (index % 3);
    roles.push({
      jobId,
      roleId,
      title: TITLES[index % TITLES.length] as string,
      job: 'Winter Festival',
      date,
      time: '10:00-18:00',
      timezone: 'Europe/London',
    });
    for (let place = 0; place < quantity && placed < places; place++, placed++) {
      // Every ninth place cannot be filled: no crew meets a requirement.
      if (placed % 9 === 8) {
        unfilled.push({
          jobId,
          roleId,
          places: 1,
          code: 'NO_QUALIFIED_CREW',
          reason: 'No crew holds "Food hygiene: level 2"; near miss: Ivo Kral.',
        });
        continue;
      }
      const crewId = String(100 + placed);
      const name = `${NAMES[placed % NAMES.length]} ${placed}`;
      crew.push({ crewId, name });
      const alternates = [String(300 + placed), String(400 + placed)];
      for (const alternate of alternates) crew.push({ crewId: alternate, name: `Alt ${alternate}` });
      assignments.push({
        jobId,
        roleId,
        crewId,
        reason: 'applied; meets every checkable requirement',
        alternates,
      });
      hours.set(crewId, (hours.get(crewId) ?? 0) + 7.5);
    }
  }
  return {
    planId,
    keptUntil: '2026-11-27T12:00:00.000Z',
    assignments,
    unfilled,
    totals: { placesOpen: places, placesFilled: assignments.length, status: 'optimal', gap: 0, solveMs: 84 },
    hours: [...hours.entries()].map(([crewId, value]) => ({ crewId, hours: value })),
    objective: ['places filled', 'pending crew kept', 'fairness'],
    // plan_staffing's options when a request states none, as its result states them.
    options: {
      ...DEFAULT_OPTIONS,
      statuses: [...DEFAULT_OPTIONS.statuses],
      exclude: DEFAULT_OPTIONS.exclude.map(String),
    },
    roles,
    crew,
    note: 'A proposal: the platform has no operation that books crew; a person books them.',
  };
}

/** The plan after swapping the first assignment's person for its first alternate. */
export function swappedPlan(plan: FixturePlan, planId = 'plan-2'): FixturePlan {
  const [first, ...rest] = plan.assignments;
  if (!first) throw new Error('the plan has no assignment to swap');
  const to = first.alternates[0] as string;
  return {
    ...plan,
    planId,
    assignments: [
      { ...first, crewId: to, alternates: [first.crewId], reason: 'swapped in by the coordinator' },
      ...rest,
    ],
    changes: [{ roleId: first.roleId, from: first.crewId, to }],
  };
}
