// plan_staffing against the sandbox: what it sends upstream, every hard constraint of its plans
// checked from raw platform data (test/oracles/plan.ts), the places filled against an independent
// optimum (a per-role bound on the default seed, an enumeration where most crew are excluded and
// the limits bind), follow-ups on a kept plan, the result budget, and refusals that send nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { type Json, TEST_NOW } from '../helpers/sandbox.js';
import { callCounted, operations, reads } from '../helpers/tool-requests.js';
import {
  allButMostUsable,
  biggestMultiDay as biggestOf,
  bruteForceFilled,
  openRolesOf,
  perRoleBound,
  planViolations,
} from '../oracles/plan.js';
import { type Company, readCompany } from '../oracles/staffing.js';

const suite = useConnectedSandbox();
// The context's clock (connectInProcess pins it): the planner's "now", which roles have started.
const NOW = TEST_NOW;
const LIMITS = { minRestHours: 10, maxShiftsPerDay: 1 };
let company: Company;

beforeAll(async () => {
  company = await readCompany(suite.sandbox);
});

const plan = (args: Record<string, unknown>) =>
  callCounted(suite.sandbox, suite.client, 'plan_staffing', args);
const coldStart = () => suite.connected.app.context.lookups.staffing.invalidate();

const biggestMultiDay = () => biggestOf(company, NOW);

describe('plan_staffing: a multi-day job on the default seed', () => {
  it('plans it in one call: job index, its jobs, crew pages and one crew-jobs window (cold)', async () => {
    coldStart();
    const { id, jobIds } = biggestMultiDay();
    const { data, isError, sent, cost } = await plan({ multiDayJobId: id });
    expect(isError).toBe(false);
    // Read by read (reads of one moment share a request, as aliased reads): the job index (to find
    // the group's jobs), the jobs in full, then crew pages and one window.
    const asked = reads(sent);
    const ops = operations(asked);
    const jobReads = ops.filter((op) => op === 'companyJobs').length;
    expect(ops.slice(0, jobReads)).toEqual(Array(jobReads).fill('companyJobs'));
    expect(ops.filter((op) => op === 'companyCrewJobs')).toHaveLength(1);
    expect(ops.filter((op) => op === 'companyCrewAll')).toHaveLength(ops.length - jobReads - 1);
    expect(asked[jobReads - 1]).toMatchObject({
      variables: { input: { filter: { jobIds: expect.arrayContaining(jobIds) } } },
    });
    expect(sent.length).toBeLessThanOrEqual(8);
    const roles = openRolesOf(company, jobIds, NOW);
    expect(data.totals.placesOpen).toBe(roles.reduce((sum, role) => sum + role.open, 0));
    expect(planViolations(company, data.assignments, LIMITS)).toEqual([]);
    // Filled equals the independent optimum: here every role's own bound is reached.
    expect(data.totals.placesFilled).toBe(perRoleBound(company, roles, LIMITS));
    expect(data.planId).toMatch(/^plan-/);
    expect(cost.both).toBeLessThan(3000);
  });

  it('names each planned role (title, job, local day and hours) and every crew member it mentions', async () => {
    const { id } = biggestMultiDay();
    const { data, isError } = await plan({ multiDayJobId: id });
    expect(isError).toBe(false);
    const named = new Set<string>();
    for (const place of [...data.assignments, ...data.unfilled]) named.add(`${place.jobId}/${place.roleId}`);
    expect(new Set(data.roles.map((role: Json) => `${role.jobId}/${role.roleId}`))).toEqual(named);
    for (const role of data.roles) {
      const job = company.jobs.find((entry) => entry.id === role.jobId) as Json;
      const raw = job.roles.find((entry: Json) => entry.id === role.roleId);
      expect(role).toMatchObject({ title: raw.title, job: job.title });
      if (job.timezone) expect(role.timezone).toBe(job.timezone);
      const local = (iso: string) =>
        new Intl.DateTimeFormat('sv-SE', {
          timeZone: role.timezone,
          dateStyle: 'short',
          timeStyle: 'short',
          hourCycle: 'h23',
        }).format(new Date(iso));
      const [startDay, startClock] = local(raw.startTime).split(' ');
      expect(role.date).toBe(startDay);
      expect(role.time).toBe(`${startClock}-${local(raw.endTime).split(' ')[1]}`);
    }
    const mentioned = new Set<string>();
    for (const place of data.assignments)
      for (const crewId of [place.crewId, ...place.alternates]) mentioned.add(crewId);
    expect(new Set(data.crew.map((member: Json) => member.crewId))).toEqual(mentioned);
    for (const member of data.crew) {
      const raw = company.crew.find((entry) => String(entry.id) === member.crewId) as Json;
      expect(member.name).toBe(`${raw.firstName} ${raw.lastName}`);
    }
  });

  it('fills the true optimum where most crew are excluded and rest and one shift a day bind', async () => {
    const { id, jobIds } = biggestMultiDay();
    const roles = openRolesOf(company, jobIds, NOW);
    // Keep the four crew usable on the most roles; rule out everyone else (hundreds of ids).
    const exclude = allButMostUsable(company, roles, LIMITS, 4);
    const limits = { ...LIMITS, exclude };
    const { data, isError } = await plan({ multiDayJobId: id, exclude: exclude.map(String) });
    expect(isError).toBe(false);
    expect(planViolations(company, data.assignments, limits)).toEqual([]);
    const optimum = bruteForceFilled(company, roles, limits);
    expect(optimum).toBeLessThan(perRoleBound(company, roles, limits));
    expect(data.totals.placesFilled).toBe(optimum);
    const short = data.unfilled.reduce((sum: number, entry: Json) => sum + entry.places, 0);
    expect(data.totals.placesFilled + short).toBe(data.totals.placesOpen);
    expect(new Set(data.unfilled.map((entry: Json) => entry.code))).toContain('NEEDED_ELSEWHERE_IN_PLAN');
  });

  it('follows up on the kept plan: swap one person off a role, then pin, with the changes', async () => {
    const { id } = biggestMultiDay();
    const first = await plan({ multiDayJobId: id });
    const target = first.data.assignments[0];
    const swapped = await plan({
      planId: first.data.planId,
      swap: [`${target.roleId}:${target.crewId}`],
    });
    expect(swapped.isError).toBe(false);
    expect(swapped.data.planId).toBe(first.data.planId);
    const onRole = swapped.data.assignments
      .filter((entry: Json) => entry.roleId === target.roleId)
      .map((entry: Json) => entry.crewId);
    expect(onRole).not.toContain(target.crewId);
    expect(swapped.data.changes).toContainEqual(
      expect.objectContaining({ roleId: target.roleId, from: target.crewId }),
    );
    expect(planViolations(company, swapped.data.assignments, LIMITS)).toEqual([]);
    const keptElsewhere = first.data.assignments.filter(
      (entry: Json) => entry.roleId !== target.roleId,
    ).length;
    const stillThere = swapped.data.assignments.filter((entry: Json) =>
      first.data.assignments.some(
        (before: Json) => before.roleId === entry.roleId && before.crewId === entry.crewId,
      ),
    ).length;
    // The kept plan is preferred right after the places filled: most of it stays.
    expect(stillThere).toBeGreaterThanOrEqual(keptElsewhere - 2);
    const alternate = swapped.data.assignments.find((entry: Json) => entry.alternates.length > 0);
    const pinned = await plan({
      planId: first.data.planId,
      pin: [`${alternate.roleId}:${alternate.alternates[0]}`],
    });
    expect(pinned.isError).toBe(false);
    expect(pinned.data.assignments).toContainEqual(
      expect.objectContaining({ roleId: alternate.roleId, crewId: alternate.alternates[0] }),
    );
  });
});

describe('plan_staffing: a follow-up that matches nothing is refused', () => {
  it('names each swap, pin and exclude that matches nothing in the plan, and plans nothing', async () => {
    const { id } = biggestMultiDay();
    const first = await plan({ multiDayJobId: id });
    const held = first.data.assignments[0];
    const onHeldRole = first.data.assignments
      .filter((entry: Json) => entry.roleId === held.roleId)
      .map((entry: Json) => entry.crewId);
    const other = first.data.assignments.find((entry: Json) => !onHeldRole.includes(entry.crewId));
    const planId = first.data.planId;
    const refused = await plan({
      planId,
      swap: [`${held.roleId}:${other.crewId}`, '424242:1'],
      pin: ['424242:1'],
      exclude: ['987654'],
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      `swap[0]: crew ${other.crewId} is not on role ${held.roleId} in plan ${planId}; swap[1]: crew 1 is not on role 424242 in plan ${planId}; pin[0]: role 424242 is not in plan ${planId}; exclude[0]: no crew member 987654 among the crew this plan reads.`,
    );
    // Only reads were sent (the plan's roles and crew), and the kept plan is the first one still.
    expect(operations(refused.sent).every((op) => /^(company|Crew)/.test(op))).toBe(true);
    const again = await plan({ planId, pin: [`${held.roleId}:999999`] });
    expect(again.text).toContain(`pin[0]: no crew member 999999 among the crew this plan reads`);
    // Many misses: the first ten named, the rest counted, so the refusal stays short.
    const many = await plan({
      planId,
      exclude: Array.from({ length: 25 }, (_, index) => String(900_000 + index)),
    });
    expect(many.text).toContain(
      'exclude[9]: no crew member 900009 among the crew this plan reads; and 15 more like these.',
    );
    expect(many.text).not.toContain('exclude[10]');
    const unchanged = await plan({ planId });
    expect(unchanged.isError).toBe(false);
    expect(unchanged.data.changes.filter((change: Json) => change.from || change.to)).toEqual([]);
  });
});

describe('plan_staffing: a weekend on one board', () => {
  it('plans it with every constraint kept and every short role explained', async () => {
    const board = company.jobs.find((job) => job.date === '2026-11-28')?.board.id as string;
    const { data, isError, sent } = await plan({ boardIds: [board], from: '2026-11-28', to: '2026-11-29' });
    expect(isError).toBe(false);
    expect(
      operations(sent).filter((op) => op === 'CrewJobsInWindow' || op === 'companyCrewJobs').length,
    ).toBeLessThanOrEqual(1);
    expect(planViolations(company, data.assignments, LIMITS)).toEqual([]);
    const roles = company.jobs
      .filter((job) => job.board.id === board && job.date >= '2026-11-28' && job.date <= '2026-11-29')
      .flatMap((job) => openRolesOf(company, [job.id], NOW));
    expect(data.totals.placesOpen).toBe(roles.reduce((sum, role) => sum + role.open, 0));
    expect(data.totals.placesFilled).toBe(perRoleBound(company, roles, LIMITS));
    for (const entry of data.unfilled) expect(entry.reason.length).toBeGreaterThan(10);
  });
});

describe('plan_staffing: a board by name', () => {
  it('plans the board a name matches as it plans its id, reading the boards once before the jobs', async () => {
    const board = company.jobs.find((job) => job.board.name === 'London Events').board;
    const scope = { from: '2026-11-28', to: '2026-11-29' };
    const byId = await plan({ ...scope, boardIds: [board.id] });
    suite.connected.app.context.lookups.boards.invalidate();
    const byName = await plan({ ...scope, boardIds: ['London Events'] });
    expect(byName.isError, byName.text).toBe(false);
    expect(byName.data.assignments).toEqual(byId.data.assignments);
    expect({ ...byName.data.totals, solveMs: 0 }).toEqual({ ...byId.data.totals, solveMs: 0 });
    const jobsRead = byName.sent.findIndex((request) => (request as Json).variables?.input?.filter?.boardIds);
    expect(jobsRead).toBeGreaterThan(0);
    expect(byName.sent[jobsRead]).toMatchObject({
      operation: 'companyJobs',
      variables: { input: { filter: { boardIds: [board.id], fromRange: expect.any(String) } } },
    });
    expect(operations(byName.sent.slice(0, jobsRead))).toEqual(Array(jobsRead).fill('companyJobs'));
    const none = await plan({ ...scope, boardIds: ['Lisbon'] });
    expect(none.text).toMatch(/boardIds\[0\]: no board named "Lisbon"; nearest: /);
    expect(none.sent.every((request) => !(request as Json).variables?.input?.filter?.boardIds)).toBe(true);
  });
});

describe('plan_staffing: refusals send nothing upstream', () => {
  it.each([
    [{ jobIds: ['1'], multiDayJobId: '2' }, 'one scope'],
    [{}, 'Say what to staff'],
    [{ boardIds: ['100'] }, 'from'],
    [{ planId: 'plan-nope' }, 'No kept plan'],
    [{ jobIds: ['1'], swap: ['1:2'] }, 'planId'],
    [{ places: ['998'] }, 'jobId/roleId'],
    [{ jobIds: ['1'], minRestHours: -1 }, 'minRestHours'],
    [{ jobIds: ['1'], statuses: ['ASLEEP'] }, 'ASLEEP'],
    [{ jobIds: ['1'], exclude: ['Ana'] }, 'exclude.0: an id is a whole number or a string of digits'],
  ])('%j', async (args, message) => {
    const { isError, text, sent } = await plan(args);
    expect(isError).toBe(true);
    expect(text).toContain(message);
    expect(sent).toEqual([]);
  });

  it('a role that does not exist is named after the one job read', async () => {
    const job = company.jobs[0];
    const { isError, text, sent } = await plan({ places: [`${job.id}/999999`] });
    expect(isError).toBe(true);
    expect(text).toContain(`${job.id}/999999`);
    expect(operations(sent)).toEqual(['companyJobs']);
  });
});
