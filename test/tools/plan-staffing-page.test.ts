// A large plan within the result budget (issue 32 item 4): the 300-place generated festival's
// plan_staffing answer stays within 20,000 o200k tokens (text plus structuredContent), keeps its
// shape with names once and says what it left out; the app-only plan_staffing_page gives the view
// the whole plan from the kept plan, page by page, and refuses what it cannot page.
import { beforeAll, describe, expect, it } from 'vitest';
import { RESULT_TOKEN_LIMIT } from '../../src/mcp/budget.js';
import { type PlanResult, planResultSchema } from '../../src/present/plan.js';
import { fitPlan } from '../../src/present/plan-budget.js';
import { LARGE_EVENT_TITLE } from '../../src/sandbox/seed.js';
import { countTokens, resultCost } from '../bench/tokens.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { textOf } from '../helpers/mcp.js';
import { gqlEveryPage, type Json, largeEventId, requestsDuring, TEST_NOW } from '../helpers/sandbox.js';

const suite = useConnectedSandbox([], { eventPlaces: 300, crewCount: 1_000 });
// The context's clock (connectInProcess pins it): the planner's "now", which roles have started.
const NOW = TEST_NOW;
let answer: { isError?: boolean; content?: unknown; structuredContent: Json };

const page = (args: Record<string, unknown>) =>
  suite.client.callTool({ name: 'plan_staffing_page', arguments: args }) as Promise<{
    isError?: boolean;
    content?: unknown;
    structuredContent: Json;
  }>;

beforeAll(async () => {
  const multiDayJobId = await largeEventId(suite.sandbox);
  answer = (await suite.client.callTool({
    name: 'plan_staffing',
    arguments: { multiDayJobId },
  })) as typeof answer;
}, 120_000);

describe('plan_staffing on 300 places', () => {
  it('stays within 20,000 tokens, names each person once and says what it left out', () => {
    expect(answer.isError ?? false, textOf(answer)).toBe(false);
    const cost = resultCost(answer);
    expect(cost.both).toBeLessThanOrEqual(RESULT_TOKEN_LIMIT);
    const data = planResultSchema.parse(answer.structuredContent);
    expect(data.totals.placesOpen).toBe(300);
    expect(data.shortened?.omitted).toEqual([
      'assignments.name',
      'assignments.reason',
      'hours',
      "alternates after a role's first place",
    ]);
    // Names once: in the crew map, not on each assignment.
    expect(data.assignments.every((entry) => entry.name === undefined && entry.reason === undefined)).toBe(
      true,
    );
    const crew = new Map((data.crew ?? []).map((member) => [member.crewId, member.name]));
    expect(crew.size).toBe(data.crew?.length);
    const firstOfRole = new Set<string>();
    for (const entry of data.assignments) {
      // A role's alternates once, on its first place.
      if (firstOfRole.has(entry.roleId)) expect(entry.alternates).toEqual([]);
      firstOfRole.add(entry.roleId);
      expect(crew.has(entry.crewId)).toBe(true);
      for (const alternate of entry.alternates) expect(crew.has(alternate)).toBe(true);
      expect(data.roles?.some((role) => role.roleId === entry.roleId)).toBe(true);
    }
    // The text lists per person: one line each, with the role ids to book.
    const people = new Set(data.assignments.map((entry) => entry.crewId));
    const text = textOf(answer);
    expect(text).toMatch(/Shortened to fit one answer/);
    const lines = text.split('\n').filter((line) => /^- .* \d+ \([\d.]+ h\): /.test(line));
    expect(lines).toHaveLength(people.size);
    for (const line of lines) {
      const id = /^- .* (\d+) \(/.exec(line)?.[1] ?? '';
      const roles = data.assignments.filter((entry) => entry.crewId === id).map((entry) => entry.roleId);
      expect(line.endsWith(`: ${roles.join(', ')}`), line).toBe(true);
      expect(line.startsWith(`- ${crew.get(id)} ${id} `)).toBe(true);
    }
    // Unless it was cut further, every booking is in the answer.
    if (!data.shortened?.people) expect(data.assignments).toHaveLength(data.totals.placesFilled);
  });

  it('is listed for apps only (MCP Apps visibility ["app"])', async () => {
    const { tools } = await suite.client.listTools();
    const tool = tools.find((entry) => entry.name === 'plan_staffing_page');
    expect(tool?._meta?.ui).toEqual({ visibility: ['app'] });
    expect(tools.find((entry) => entry.name === 'plan_staffing')?._meta?.ui).not.toHaveProperty('visibility');
  });
});

describe('plan_staffing_page', () => {
  it('pages the whole plan: every booking once with its name and reason, unfilled on the first page', async () => {
    const data = answer.structuredContent;
    const seen: Json[] = [];
    const names = new Map<string, string>();
    let offset: number | undefined = 0;
    let pages = 0;
    while (offset !== undefined) {
      const { result, sent } = await requestsDuring(suite.sandbox, () =>
        page({ planId: data.planId, offset, limit: 70 }),
      );
      expect(result.isError ?? false, textOf(result)).toBe(false);
      // A page is read from the kept plan: the platform is asked nothing.
      expect(sent).toEqual([]);
      const body = result.structuredContent;
      expect(body.offset).toBe(offset);
      expect(body.total).toBe(data.totals.placesFilled);
      expect(body.unfilled).toEqual(offset === 0 ? data.unfilled : []);
      expect(body.assignments.length).toBeLessThanOrEqual(70);
      for (const member of body.crew) names.set(member.crewId, member.name);
      for (const entry of body.assignments) {
        expect(entry.name).toBe(names.get(entry.crewId));
        expect(entry.reason).toEqual(expect.any(String));
        expect(body.hours.some((hours: Json) => hours.crewId === entry.crewId)).toBe(true);
        expect(body.roles.some((role: Json) => role.roleId === entry.roleId)).toBe(true);
      }
      seen.push(...body.assignments);
      offset = body.next;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(data.totals.placesFilled / 70));
    expect(seen).toHaveLength(data.totals.placesFilled);
    const key = (entry: Json) => `${entry.roleId}:${entry.crewId}`;
    expect(new Set(seen.map(key)).size).toBe(seen.length);
    for (const entry of data.assignments) expect(seen.map(key)).toContain(key(entry));
  });

  it('refuses an unknown plan, an offset past the end and a page too large, naming the field', async () => {
    const { result: unknown, sent } = await requestsDuring(suite.sandbox, () =>
      page({ planId: 'plan-0000000000' }),
    );
    expect(unknown.isError).toBe(true);
    expect(sent).toEqual([]);
    expect(textOf(unknown)).toMatch(/No kept plan plan-0000000000/);
    const total = answer.structuredContent.totals.placesFilled;
    const past = await page({ planId: answer.structuredContent.planId, offset: total });
    expect(past.isError).toBe(true);
    expect(textOf(past)).toMatch(new RegExp(`offset ${total} is past the plan's ${total} assignments`));
    for (const limit of [0, 201, 2.5]) {
      const bad = await page({ planId: answer.structuredContent.planId, limit });
      expect(bad.isError, `limit ${limit}`).toBe(true);
      expect(textOf(bad)).toMatch(/limit/);
    }
  });

  it('pages a plan whose answer was whole too: the same bookings as the answer', async () => {
    const jobs = await gqlEveryPage(suite.sandbox, 'companyJobs', 'id date title');
    const small = jobs.find(
      (job) => job.title !== LARGE_EVENT_TITLE && Date.parse(`${job.date}T00:00:00Z`) > NOW,
    );
    const planned = (await suite.client.callTool({
      name: 'plan_staffing',
      arguments: { jobIds: [small?.id] },
    })) as typeof answer;
    expect(planned.isError ?? false, textOf(planned)).toBe(false);
    expect(planned.structuredContent.shortened).toBeUndefined();
    const whole = await page({ planId: planned.structuredContent.planId, limit: 200 });
    expect(whole.isError ?? false, textOf(whole)).toBe(false);
    expect(whole.structuredContent.assignments).toEqual(planned.structuredContent.assignments);
    expect(whole.structuredContent.unfilled).toEqual(planned.structuredContent.unfilled);
  });
});

/** A plan of `places` bookings over roles of ten places, each person on three roles, as toPlanResult makes it. */
function bigPlan(places: number): PlanResult {
  const roles = Array.from({ length: places / 10 }, (_, index) => ({
    jobId: String(1000 + Math.floor(index / 8)),
    roleId: String(5000 + index),
    title: 'Security Officer',
    job: 'Winter Festival',
    date: '2026-12-05',
    time: '18:00-02:00',
    timezone: 'Europe/London',
  }));
  const assignments = Array.from({ length: places }, (_, index) => {
    const role = roles[Math.floor(index / 10)] as (typeof roles)[number];
    const crewId = String(100 + (index % Math.ceil(places / 3)));
    return {
      jobId: role.jobId,
      roleId: role.roleId,
      crewId,
      name: `Person ${crewId}`,
      reason: 'match #3 of 40',
      alternates: ['90', '91'],
    };
  });
  const people = [...new Set(assignments.map((entry) => entry.crewId)), '90', '91'];
  return {
    planId: 'plan-0123456789',
    keptUntil: '2026-11-21T12:30:00.000Z',
    assignments,
    unfilled: [],
    totals: { placesOpen: places, placesFilled: places, status: 'optimal', gap: 0, solveMs: 900 },
    hours: people.map((crewId) => ({ crewId, hours: 24 })),
    objective: ['most places filled'],
    options: {
      statuses: ['ACTIVE'],
      minRestHours: 10,
      maxShiftsPerDay: 1,
      keepPending: true,
      continuity: true,
      exclude: [],
      limitAlternates: 2,
    },
    roles,
    crew: people.map((crewId) => ({ crewId, name: `Person ${crewId}` })),
  };
}

describe('fitPlan at any size', () => {
  it.each([3_000, 10_000])(
    'keeps a %d-place plan within 20,000 tokens, counting the people it left out',
    (places) => {
      const full = bigPlan(places);
      const fitted = fitPlan({ data: full, text: 'x'.repeat(200_000) });
      expect(countTokens(fitted.text) + countTokens(JSON.stringify(fitted.data))).toBeLessThanOrEqual(
        RESULT_TOKEN_LIMIT,
      );
      const shown = new Set(fitted.data.assignments.map((entry) => entry.crewId));
      const all = new Set(full.assignments.map((entry) => entry.crewId));
      expect(fitted.data.shortened?.people).toBe(all.size - shown.size);
      expect(fitted.data.shortened?.assignments).toBe(
        full.assignments.length - fitted.data.assignments.length,
      );
      expect(shown.size).toBeGreaterThan(0);
      expect(fitted.text).toContain(
        `${all.size - shown.size} more people (${full.assignments.length - fitted.data.assignments.length} bookings) are left out`,
      );
      // Whole people: everyone shown has every one of their bookings.
      for (const id of shown)
        expect(fitted.data.assignments.filter((entry) => entry.crewId === id)).toHaveLength(3);
      expect(planResultSchema.safeParse(fitted.data).success).toBe(true);
    },
  );
});
