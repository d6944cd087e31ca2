// The staffing plan view on a shortened answer (issue 32 item 4): plan_staffing's answer for the
// 300-place generated festival leaves out names on assignments, reasons and hours to fit a model's
// context; the view reads the whole plan from the kept plan through the app-only
// plan_staffing_page (real tool, real sandbox) and shows every place with its person, reason and
// hours. A page that fails leaves the shortened plan on screen with the tool's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { type Json, largeEventId } from '../helpers/sandbox.js';
import { openHost, type ViewHost } from './view-host.js';

const suite = useConnectedSandbox([], { eventPlaces: 300, crewCount: 1_000 });

let browser: Awaited<ReturnType<typeof launchChromium>>;
let host: ViewHost;
let html: string;
let answer: { isError?: boolean; structuredContent: Json };

beforeAll(async () => {
  browser = await launchChromium();
  host = await openHost(browser, suite.client);
  const read = await suite.client.readResource({ uri: 'ui://crew/staffing-plan.html' });
  html = (read.contents[0] as { text: string }).text;
  const multiDayJobId = await largeEventId(suite.sandbox);
  answer = (await suite.client.callTool({
    name: 'plan_staffing',
    arguments: { multiDayJobId },
  })) as typeof answer;
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('staffing plan view on a shortened plan', () => {
  it('pages the whole plan through plan_staffing_page and shows every place with name, reason and hours', async () => {
    const short = answer.structuredContent;
    expect(answer.isError ?? false).toBe(false);
    expect(short.shortened).toBeDefined();
    const calls: { name: string; arguments?: Record<string, unknown> }[] = [];
    const view = await host.mount({
      html,
      result: answer,
      callTool: async (params) => {
        calls.push(params);
        return suite.client.callTool(params);
      },
    });
    const frame = view.frame;
    const filled = short.totals.placesFilled as number;
    await frame.waitForFunction(
      `document.querySelectorAll('li.person[data-crew] .reason').length === ${filled}`,
      undefined,
      { timeout: 30_000 },
    );
    expect(calls.length).toBe(Math.ceil(filled / 200));
    expect(calls.every((call) => call.name === 'plan_staffing_page')).toBe(true);
    expect(calls[0]?.arguments).toEqual({ planId: short.planId, offset: 0, limit: 200 });
    expect(await frame.$$eval('li.person[data-crew]', (items) => items.length)).toBe(filled);
    // Every place unfilled is there too, and the hours of everyone proposed.
    const unfilled = short.unfilled.reduce((sum: number, entry: Json) => sum + entry.places, 0);
    expect(filled + unfilled).toBe(300);
    expect(await frame.$$eval('li.unfilled', (items) => items.length)).toBe(short.unfilled.length);
    const people = new Set(short.assignments.map((entry: Json) => entry.crewId));
    expect(await frame.$$eval('.hours li', (items) => items.length)).toBe(people.size);
    expect(await frame.textContent('body')).not.toMatch(/\bcrew \d+\b/);
    expect(view.problems).toEqual([]);
  }, 60_000);

  it("keeps the shortened plan on screen with the tool's words when a page is refused", async () => {
    const view = await host.mount({
      html,
      result: answer,
      callTool: async () => ({
        isError: true,
        content: [{ type: 'text', text: 'No kept plan: it expired.' }],
      }),
    });
    await view.frame.waitForSelector('#plan-status .error');
    expect(await view.frame.textContent('#plan-status')).toBe(
      'Showing part of the plan: No kept plan: it expired.',
    );
    expect(await view.frame.$$eval('li.person[data-crew]', (items) => items.length)).toBe(
      answer.structuredContent.assignments.length,
    );
    expect(view.problems).toEqual([]);
  });
});
