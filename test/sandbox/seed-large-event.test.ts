// The generated large event (SandboxOptions.eventPlaces, `crew-mcp sandbox --event-places N`):
// one three-day multi-day job two weeks from today with exactly N open places, generated after the
// default seed, which stays as it is; and plan_staffing plans it with no hard violation.
import { describe, expect, it } from 'vitest';
import { parseSandboxArgs } from '../../src/sandbox/command.js';
import { createSandboxData } from '../../src/sandbox/data.js';
import { LARGE_EVENT_TITLE } from '../../src/sandbox/seed.js';
import type { Caller, SandboxData } from '../../src/sandbox/types.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { type Json, largeEventId, TEST_NOW, TEST_TODAY } from '../helpers/sandbox.js';
import { callCounted } from '../helpers/tool-requests.js';
import { openRolesOf, planViolations } from '../oracles/plan.js';
import { readCompany } from '../oracles/staffing.js';

const ADMIN: Caller = { clientId: 'seed-test', companyId: 'company-1', scopes: new Set(['jobs:read']) };

async function jobs(data: SandboxData): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await data.graphql.execute(
      {
        query:
          'query($page: Int) { companyJobs(input: { page: $page }) { pager { pageCount } paginatedList { id date title timezone multiDayJobId roles { id title startTime endTime quantity requirements { ageRestriction { minAge } roleType { roleTypeId } dataType { optionNames } } crewJobs { id status crewId } } } } }',
        variables: { page },
      },
      ADMIN,
    );
    const list = (answer.body as Json).data.companyJobs;
    items.push(...list.paginatedList);
    if (page >= list.pager.pageCount) return items;
  }
}

const dayAfterToday = (days: number) =>
  new Date(Date.parse(`${TEST_TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('eventPlaces', () => {
  it('adds one three-day job with exactly that many open places, the default seed unchanged', async () => {
    const plain = await jobs(createSandboxData({ today: TEST_TODAY, seed: 42 }));
    const withEvent = await jobs(createSandboxData({ today: TEST_TODAY, seed: 42, eventPlaces: 60 }));
    const event = withEvent.filter((job) => job.title === LARGE_EVENT_TITLE);
    expect(withEvent.filter((job) => job.title !== LARGE_EVENT_TITLE)).toEqual(plain);
    expect(event.map((job) => job.date).sort()).toEqual([14, 15, 16].map(dayAfterToday));
    expect(new Set(event.map((job) => job.multiDayJobId)).size).toBe(1);
    expect(event[0].multiDayJobId).not.toBeNull();
    const roles = event.flatMap((job) => job.roles);
    expect(roles).toHaveLength(27);
    expect(roles.reduce((sum: number, role: Json) => sum + role.quantity, 0)).toBe(60);
    // Every place is open: crew applied or were invited, nobody is BOOKED.
    expect(roles.flatMap((role: Json) => role.crewJobs).some((cj: Json) => cj.status === 'BOOKED')).toBe(
      false,
    );
    // Realistic requirements: most roles ask for a role type, some for an age or an answer.
    expect(roles.filter((role: Json) => role.requirements.roleType).length).toBeGreaterThan(20);
    expect(roles.some((role: Json) => role.requirements.ageRestriction?.minAge === 21)).toBe(true);
    expect(roles.some((role: Json) => role.requirements.dataType.length > 0)).toBe(true);
  });

  it('is deterministic for a seed and scales to 300 places', async () => {
    const first = await jobs(createSandboxData({ today: TEST_TODAY, seed: 42, eventPlaces: 300 }));
    const second = await jobs(createSandboxData({ today: TEST_TODAY, seed: 42, eventPlaces: 300 }));
    expect(second).toEqual(first);
    const roles = first.filter((job) => job.title === LARGE_EVENT_TITLE).flatMap((job) => job.roles);
    expect(roles.reduce((sum: number, role: Json) => sum + role.quantity, 0)).toBe(300);
  });

  it.each([26, 60.5, 3_001])('refuses eventPlaces %d, naming the allowed range', (eventPlaces) => {
    expect(() => createSandboxData({ today: TEST_TODAY, seed: 42, eventPlaces })).toThrow(
      /eventPlaces must be a whole number from 27 to 3000/,
    );
  });

  it('is the sandbox command option --event-places', () => {
    expect(parseSandboxArgs(['--event-places', '300', '--crew=10000'])).toMatchObject({
      eventPlaces: 300,
      crewCount: 10_000,
    });
    expect(() => parseSandboxArgs(['--event-places', '5'])).toThrow(
      /--event-places must be between 27 and 3000/,
    );
  });
});

describe('plan_staffing on the generated event', () => {
  const suite = useConnectedSandbox([], { eventPlaces: 60 });
  // The context's clock (connectInProcess pins it): the planner's "now", which roles have started.
  const now = TEST_NOW;

  it('plans every open place in one call with no hard violation', async () => {
    const company = await readCompany(suite.sandbox);
    const event = company.jobs.filter((job: Json) => job.title === LARGE_EVENT_TITLE);
    const multiDayJobId = await largeEventId(suite.sandbox);
    const call = await callCounted(suite.sandbox, suite.client, 'plan_staffing', { multiDayJobId });
    expect(call.isError).toBe(false);
    const roles = openRolesOf(
      company,
      event.map((job: Json) => job.id as string),
      now,
    );
    expect(call.data.totals.placesOpen).toBe(60);
    expect(roles.reduce((sum, role) => sum + role.open, 0)).toBe(60);
    expect(planViolations(company, call.data.assignments, { minRestHours: 10, maxShiftsPerDay: 1 })).toEqual(
      [],
    );
    expect(call.data.assignments.length).toBe(call.data.totals.placesFilled);
    expect(call.data.totals.placesFilled).toBeGreaterThan(0);
    // Every short role is explained.
    const short = call.data.unfilled.reduce((sum: number, entry: Json) => sum + entry.places, 0);
    expect(call.data.totals.placesFilled + short).toBe(60);
  });
});
