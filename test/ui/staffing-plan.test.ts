// The staffing plan view in headless Chromium on our AppBridge host. A 40-place plan built to the
// issue's shape (plan-fixture.ts) pins what the view shows of every field, unfilled reasons and
// older shapes included; a real plan_staffing answer from the sandbox, re-planned through the real
// tool by a swap in the view, proves the view and the tool speak the same follow-up.
// The view's HTML is crew-mcp's own resource, read through a real MCP client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { launchChromium } from '../helpers/chromium.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { gqlEveryPage, type Json, TEST_TODAY } from '../helpers/sandbox.js';
import { planFixture, swappedPlan } from './plan-fixture.js';
import { LIGHT, openHost, type ViewHost } from './view-host.js';

const suite = useConnectedSandbox();
const shot = (name: string) => packagePath('docs', 'screenshots', `staffing-plan-${name}.png`);
const OVERFLOW = 'document.documentElement.scrollWidth - document.documentElement.clientWidth';

let browser: Awaited<ReturnType<typeof launchChromium>>;
let host: ViewHost;
let html: string;
const plan = planFixture({ places: 40 });
const asResult = (data: unknown) => ({ content: [{ type: 'text', text: 'plan' }], structuredContent: data });

beforeAll(async () => {
  browser = await launchChromium();
  host = await openHost(browser, suite.client);
  const read = await suite.client.readResource({ uri: 'ui://crew/staffing-plan.html' });
  html = (read.contents[0] as { text: string }).text;
  // Chromium's start and the host page's first load: slow on a busy two-core machine.
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

describe('staffing plan view', () => {
  it('shows the 40 places by day and role, alternates, unfilled places with their reason and the totals', async () => {
    const view = await host.mount({ html, result: asResult(plan) });
    const frame = view.frame;
    expect(await frame.textContent('.totals')).toBe(`${plan.totals.placesFilled} of 40 places filled`);
    expect(await frame.textContent('.optimality')).toBe('Optimal: proven best plan · solved in 84 ms');
    expect(
      await frame.$$eval('section.day', (days) => days.map((day) => day.getAttribute('data-date'))),
    ).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    expect(await frame.$$eval('.role-card', (cards) => cards.length)).toBe(plan.roles.length);
    const people = await frame.$$eval('li.person[data-crew]', (items) =>
      items.map((item) => ({
        crew: item.getAttribute('data-crew'),
        name: item.querySelector('strong')?.textContent,
        swaps: [...item.querySelectorAll('button.swap')].map((button) => button.getAttribute('data-to')),
      })),
    );
    const names = new Map(plan.crew.map((entry) => [entry.crewId, entry.name]));
    expect(people.map((person) => person.crew).sort()).toEqual(
      plan.assignments.map((entry) => entry.crewId).sort(),
    );
    for (const person of people) {
      const assignment = plan.assignments.find((entry) => entry.crewId === person.crew);
      expect(person.name).toBe(names.get(person.crew ?? ''));
      expect(person.swaps).toEqual(assignment?.alternates);
    }
    const unfilled = await frame.$$eval('li.unfilled', (items) => items.map((item) => item.textContent));
    expect(unfilled).toHaveLength(plan.unfilled.length);
    for (const text of unfilled) expect(text).toMatch(/^1 unfilled · no qualified crewNo crew holds/);
    expect(await frame.$$eval('.hours li', (items) => items.length)).toBe(plan.hours.length);
    expect(view.problems).toEqual([]);
    await view.screenshot(shot('light'));
  });

  it('a swap calls plan_staffing with the plan id and the change, and the view shows the new plan', async () => {
    const next = swappedPlan(plan);
    const first = plan.assignments[0] as {
      jobId: string;
      roleId: string;
      crewId: string;
      alternates: string[];
    };
    const to = first.alternates[0] as string;
    const calls: unknown[] = [];
    const view = await host.mount({
      html,
      result: asResult(plan),
      callTool: async (params) => {
        calls.push(params);
        return asResult(next);
      },
    });
    const frame = view.frame;
    // By keyboard: focus the swap button and press Enter.
    await frame.focus(`li.person[data-crew="${first.crewId}"] button.swap[data-to="${to}"]`);
    await view.page.keyboard.press('Enter');
    await frame.waitForSelector('section.changes');
    const change = { swap: [`${first.roleId}:${first.crewId}`], pin: [`${first.roleId}:${to}`] };
    expect(calls).toEqual([{ name: 'plan_staffing', arguments: { planId: 'plan-1', ...change } }]);
    expect(await frame.textContent('h1')).toBe('Staffing plan plan-2');
    expect(await frame.textContent('section.changes li')).toBe(
      `${plan.roles.find((r) => r.roleId === first.roleId)?.title} (role ${first.roleId}): ${plan.crew.find((c) => c.crewId === first.crewId)?.name} → Alt ${to}`,
    );
    expect(await frame.getAttribute(`li.person[data-crew="${to}"]`, 'class')).toContain('changed');
    expect(await frame.$(`li.person[data-crew="${first.crewId}"]`)).toBeNull();
    // Exclude someone: the same tool, the new plan id, the crew id to leave out.
    await frame.click(`li.person[data-crew="${to}"] button.exclude`);
    await frame.waitForFunction(`document.querySelector('h1')?.textContent === 'Staffing plan plan-2'`);
    expect(calls[1]).toEqual({ name: 'plan_staffing', arguments: { planId: 'plan-2', exclude: [to] } });
    expect(view.problems).toEqual([]);
  });

  it("a refused re-plan shows the tool's words and keeps the plan", async () => {
    const view = await host.mount({
      html,
      result: asResult(plan),
      callTool: async () => ({
        isError: true,
        content: [{ type: 'text', text: 'Plan plan-1 has expired: plan again.' }],
      }),
    });
    await view.frame.click('button.exclude');
    await view.frame.waitForSelector('#plan-status .error');
    expect(await view.frame.textContent('#plan-status')).toBe('Plan plan-1 has expired: plan again.');
    expect(await view.frame.$$eval('.role-card', (cards) => cards.length)).toBe(plan.roles.length);
    expect(view.problems).toEqual([]);
  });

  it('renders the bare issue-20 shape (ids only) and follows dark theme and 360 px', async () => {
    const bare = { ...plan, roles: undefined, crew: undefined, notes: undefined };
    const dark = await host.mount({ html, result: asResult(bare), context: { ...LIGHT, theme: 'dark' } });
    expect(await dark.frame.textContent('li.person strong')).toMatch(/^crew \d+$/);
    expect(await dark.frame.evaluate('getComputedStyle(document.body).backgroundColor')).toBe(
      'rgb(28, 29, 33)',
    );
    expect(dark.problems).toEqual([]);
    const darkNamed = await host.mount({
      html,
      result: asResult(plan),
      context: { ...LIGHT, theme: 'dark' },
    });
    await darkNamed.screenshot(shot('dark'));
    const narrow = await host.mount({ html, result: asResult(plan), width: 360 });
    expect(await narrow.frame.evaluate(OVERFLOW)).toBeLessThanOrEqual(0);
    await narrow.screenshot(shot('narrow'));
    expect(narrow.requests).toEqual([]);
    expect(narrow.problems).toEqual([]);
  });

  it('shows a real plan_staffing answer, and a swap in the view re-plans through the real tool', async () => {
    const today = Date.parse(`${TEST_TODAY}T00:00:00Z`);
    const jobs = await gqlEveryPage(suite.sandbox, 'companyJobs', 'id date multiDayJobId');
    const multiDay = jobs.find(
      (job: Json) => job.multiDayJobId && Date.parse(`${job.date}T00:00:00Z`) > today,
    );
    const first = (await suite.client.callTool({
      name: 'plan_staffing',
      arguments: { multiDayJobId: String(multiDay?.multiDayJobId) },
    })) as { isError?: boolean; structuredContent: Json };
    expect(first.isError ?? false).toBe(false);
    const real = first.structuredContent;
    const target = real.assignments.find((entry: Json) => entry.alternates.length > 0);
    expect(target, 'a proposed person with an alternate').toBeDefined();
    const to = target.alternates[0] as string;
    const calls: { name: string; arguments?: Record<string, unknown> }[] = [];
    const view = await host.mount({
      html,
      result: first,
      callTool: async (params) => {
        calls.push(params);
        return suite.client.callTool(params);
      },
    });
    const frame = view.frame;
    expect(await frame.$$eval('li.person', (items) => items.length)).toBe(real.assignments.length);
    // Days, role titles and names come from the answer's roles and crew, never bare ids.
    const days = new Set(real.roles.map((role: Json) => role.date));
    expect(await frame.$$eval('section.day', (items) => items.length)).toBe(days.size);
    const card = `article.role-card[data-role="${target.roleId}"]`;
    const role = real.roles.find((entry: Json) => entry.roleId === target.roleId);
    expect(await frame.textContent(`${card} h3`)).toContain(role.title);
    const names = new Map(real.crew.map((member: Json) => [member.crewId, member.name]));
    expect(await frame.textContent(`li.person[data-crew="${target.crewId}"] strong`)).toBe(
      names.get(target.crewId),
    );
    expect(await frame.textContent(`${card} button.swap[data-to="${to}"]`)).toContain(names.get(to));
    expect(await frame.textContent('body')).not.toMatch(/\bcrew \d+\b|Role \d+ ·/);
    await frame.click(`li.person[data-crew="${target.crewId}"] button.swap[data-to="${to}"]`);
    await frame.waitForSelector('section.changes');
    expect(calls).toEqual([
      {
        name: 'plan_staffing',
        arguments: {
          planId: real.planId,
          swap: [`${target.roleId}:${target.crewId}`],
          pin: [`${target.roleId}:${to}`],
        },
      },
    ]);
    expect(await frame.textContent('section.changes')).toContain(
      `${role.title} (role ${target.roleId}): ${names.get(target.crewId)} → ${names.get(to)}`,
    );
    expect(await frame.$(`li.person[data-crew="${to}"]`)).not.toBeNull();
    expect(view.problems).toEqual([]);
    // The README's picture of this view: a real plan of the default sandbox after one swap.
    await view.screenshot(shot('sandbox'));
  }, 60_000);
});
