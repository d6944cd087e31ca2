// plan_staffing's limits and reasons (issue 32 items 2 and 3). Caps a coordinator states, on a real
// week of the default seed across all boards: with maxShiftsPerPerson nobody holds more, no hard
// rule is broken, and the places filled equal the optimum of an independent integer program
// written here from raw platform data (a column per usable person and role, a row per role's open
// places, per pair of roles one person cannot hold together, and per person the cap), solved by
// HiGHS from LP text. Reasons: with all but four crew excluded, each unfilled role's code is the
// one computed here from the oracle's qualified and free crew.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHighs } from '../../src/planner/highs.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { type Json, TEST_NOW } from '../helpers/sandbox.js';
import { callCounted } from '../helpers/tool-requests.js';
import {
  allButMostUsable,
  biggestMultiDay,
  canHoldTogether,
  openRolesBetween,
  openRolesOf,
  type PlanLimits,
  planViolations,
  usableCrew,
} from '../oracles/plan.js';
import { type Company, oracle, readCompany } from '../oracles/staffing.js';

const suite = useConnectedSandbox();
// The context's clock (connectInProcess pins it): the planner's "now", which roles have started.
const NOW = TEST_NOW;
const LIMITS: PlanLimits = { minRestHours: 10, maxShiftsPerDay: 1 };
/** The first Monday-Sunday week after the test's today (a Saturday). */
const WEEK = { from: '2026-11-23', to: '2026-11-29' };
let company: Company;

beforeAll(async () => {
  company = await readCompany(suite.sandbox);
});

/** The most places one week's roles can have filled with nobody over `cap` shifts: an integer program. */
async function independentOptimum(roles: { jobId: string; roleId: string; open: number }[], cap: number) {
  const usable = roles.map((role) => usableCrew(company, role.jobId, role.roleId, LIMITS));
  const byPerson = new Map<number, number[]>();
  usable.forEach((crew, index) => {
    for (const crewId of crew) byPerson.set(crewId, [...(byPerson.get(crewId) ?? []), index]);
  });
  const x = (crewId: number, index: number) => `x_${crewId}_${index}`;
  const rows: string[] = [];
  usable.forEach((crew, index) => {
    if (crew.length)
      rows.push(`${crew.map((crewId) => x(crewId, index)).join(' + ')} <= ${roles[index]!.open}`);
  });
  for (const [crewId, indexes] of byPerson) {
    if (indexes.length > cap) rows.push(`${indexes.map((index) => x(crewId, index)).join(' + ')} <= ${cap}`);
    for (const [at, a] of indexes.entries())
      for (const b of indexes.slice(at + 1))
        if (!canHoldTogether(company, crewId, [roles[a]!, roles[b]!], LIMITS))
          rows.push(`${x(crewId, a)} + ${x(crewId, b)} <= 1`);
  }
  const columns = [...byPerson].flatMap(([crewId, indexes]) => indexes.map((index) => x(crewId, index)));
  const text = [
    'Maximize',
    ` obj: ${columns.join(' + ')}`,
    'Subject To',
    ...rows.map((row, index) => ` c${index}: ${row}`),
    'Binary',
    ` ${columns.join(' ')}`,
    'End',
  ].join('\n');
  const solved = (await loadHighs()).solve(text, { time_limit: 120 });
  expect(solved.Status).toBe('Optimal');
  return Math.round(solved.ObjectiveValue);
}

describe('plan_staffing caps on a real week across all boards', () => {
  it('with maxShiftsPerPerson 2: nobody over two, every hard rule kept, the places of an independent optimum', async () => {
    const boardIds = [...new Set(company.jobs.map((job: Json) => job.board.id as string))];
    const roles = openRolesBetween(company, WEEK.from, WEEK.to, NOW);
    const call = await callCounted(suite.sandbox, suite.client, 'plan_staffing', {
      boardIds,
      ...WEEK,
      maxShiftsPerPerson: 2,
    });
    expect(call.isError).toBe(false);
    const { data } = call;
    expect(data.totals.placesOpen).toBe(roles.reduce((sum, role) => sum + role.open, 0));
    expect(data.options.maxShiftsPerPerson).toBe(2);
    const perPerson = new Map<string, number>();
    for (const entry of data.assignments) perPerson.set(entry.crewId, (perPerson.get(entry.crewId) ?? 0) + 1);
    expect(Math.max(...perPerson.values())).toBeLessThanOrEqual(2);
    expect(planViolations(company, data.assignments, LIMITS)).toEqual([]);
    expect(data.totals.placesFilled).toBe(await independentOptimum(roles, 2));
  }, 240_000);

  it('with maxShiftsPerPerson 1 the cap binds: LIMIT_REACHED names it where free crew hold their one shift', async () => {
    const boardIds = [...new Set(company.jobs.map((job: Json) => job.board.id as string))];
    const roles = openRolesBetween(company, WEEK.from, WEEK.to, NOW);
    const { data, isError } = await callCounted(suite.sandbox, suite.client, 'plan_staffing', {
      boardIds,
      ...WEEK,
      maxShiftsPerPerson: 1,
    });
    expect(isError).toBe(false);
    expect(new Set(data.assignments.map((entry: Json) => entry.crewId)).size).toBe(data.assignments.length);
    expect(data.totals.placesFilled).toBe(await independentOptimum(roles, 1));
    for (const entry of data.unfilled.filter((one: Json) => one.code === 'LIMIT_REACHED'))
      expect(entry.reason).toMatch(/^maxShiftsPerPerson 1 reached by/);
  }, 240_000);
});

const WITHDRAWN = new Set(['DECLINED', 'CANCELLED', 'REMOVED']);

/**
 * The code the README's order gives a short role, from the oracle: fewer qualified (not excluded,
 * not withdrawn there) than open places; else fewer of them free of their BOOKED shifts; else the
 * free ones are proposed for other roles of the plan.
 */
function expectedCode(role: { jobId: string; roleId: string; open: number }, exclude: number[]): string {
  const answer = oracle(company, { role });
  const withdrawn = (crewId: number) =>
    company.crewJobs.some(
      (crewJob) =>
        crewJob.crew.id === crewId && crewJob.role.id === role.roleId && WITHDRAWN.has(crewJob.status),
    );
  const qualified = [...answer.matches, ...answer.unavailable.keys()].filter(
    (crewId) => !exclude.includes(crewId) && !withdrawn(crewId),
  );
  if (qualified.length < role.open) return 'NO_QUALIFIED_CREW';
  if (usableCrew(company, role.jobId, role.roleId, { ...LIMITS, exclude }).length < role.open)
    return 'ALL_QUALIFIED_BOOKED';
  return 'NEEDED_ELSEWHERE_IN_PLAN';
}

describe('plan_staffing reasons under exclusions', () => {
  it('gives each short role of a multi-day job, with all but four crew excluded, the code computed independently', async () => {
    const { id, jobIds } = biggestMultiDay(company, NOW);
    const roles = openRolesOf(company, jobIds, NOW);
    const exclude = allButMostUsable(company, roles, LIMITS, 4);
    const { data, isError } = await callCounted(suite.sandbox, suite.client, 'plan_staffing', {
      multiDayJobId: id,
      exclude: exclude.map(String),
    });
    expect(isError).toBe(false);
    expect(data.unfilled.length).toBeGreaterThan(0);
    const proposed = new Set(data.assignments.map((entry: Json) => Number(entry.crewId)));
    for (const entry of data.unfilled) {
      const role = roles.find(
        (one: { roleId: string }) => one.roleId === entry.roleId,
      ) as (typeof roles)[number];
      const code = expectedCode(role, exclude);
      expect(`${entry.roleId} ${entry.code}`).toBe(`${entry.roleId} ${code}`);
      // Needed elsewhere: every free qualified person of the role is proposed somewhere in the plan.
      if (code === 'NEEDED_ELSEWHERE_IN_PLAN')
        for (const crewId of usableCrew(company, role.jobId, role.roleId, { ...LIMITS, exclude }))
          expect(proposed.has(crewId)).toBe(true);
    }
  }, 240_000);
});
