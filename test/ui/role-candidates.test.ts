// The role candidates view in headless Chromium on our AppBridge host, fed find_matching_crew's
// real answer for a role of the default seed that has matches, near misses and requirements no
// crew data can check: ranked names with one reason per requirement, flags, clashes, near misses
// with what they lack, the checklist for a person; an old-shaped result still renders; no console
// error, no request leaving the page. Writes the README's screenshots (light, dark, 360 px).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { launchChromium } from '../helpers/chromium.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import type { AnyResult } from '../helpers/mcp.js';
import { LIGHT, openHost, type ViewHost } from './view-host.js';

const suite = useConnectedSandbox();
const shot = (name: string) => packagePath('docs', 'screenshots', `role-candidates-${name}.png`);
const OVERFLOW = 'document.documentElement.scrollWidth - document.documentElement.clientWidth';

let browser: Awaited<ReturnType<typeof launchChromium>>;
let host: ViewHost;
let html: string;
let result: AnyResult;
let input: Record<string, unknown>;

/** The first open role of the week whose answer shows every part of the view. */
async function richRole(): Promise<void> {
  const week: AnyResult = await suite.client.callTool({
    name: 'list_jobs',
    arguments: { from: '2026-11-21', to: '2026-11-27', perPage: 100 },
  });
  for (const job of week.structuredContent.jobs) {
    for (const role of job.roles) {
      const args = { jobId: job.id, roleId: role.id, includeNearMisses: true };
      const answer: AnyResult = await suite.client.callTool({ name: 'find_matching_crew', arguments: args });
      const data = answer.structuredContent;
      if (
        data?.role?.open > 0 &&
        data.matches?.length > 1 &&
        data.nearMisses?.length &&
        data.unchecked?.length
      ) {
        result = answer;
        input = args;
        return;
      }
    }
  }
  throw new Error('no role of the seeded week has matches, near misses and unchecked requirements');
}

beforeAll(async () => {
  browser = await launchChromium();
  host = await openHost(browser, suite.client);
  const read = await suite.client.readResource({ uri: 'ui://crew/role-candidates.html' });
  html = (read.contents[0] as { text: string }).text;
  await richRole();
  // Chromium's start and the host page's first load: slow on a busy two-core machine.
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

describe('role candidates view', () => {
  it('shows the ranked matches with their reasons, clashes, near misses and the checklist', async () => {
    const data = result.structuredContent;
    const view = await host.mount({ html, result, input });
    const frame = view.frame;
    expect(await frame.textContent('h1')).toBe(`${data.role.title} · ${data.role.job}`);
    expect(await frame.textContent('.summary')).toContain(`${data.totalMatches} match`);
    const matches = await frame.$$eval('li.match', (cards) =>
      cards.map((card) => ({
        crew: card.getAttribute('data-crew'),
        name: card.querySelector('strong')?.textContent,
        reasons: [...card.querySelectorAll('.reasons li')].map((item) => item.textContent),
      })),
    );
    expect(matches).toEqual(
      data.matches.map((match: AnyResult) => ({
        crew: String(match.crewId),
        name: match.name,
        reasons: match.reasons,
      })),
    );
    const near = await frame.$$eval('li.near', (cards) => cards.map((card) => card.textContent));
    expect(near).toEqual(data.nearMisses.map((miss: AnyResult) => `${miss.name}: ${miss.failed}`));
    const unavailable = await frame.$$eval('li.unavailable', (cards) =>
      cards.map((card) => card.textContent),
    );
    expect(unavailable).toEqual(
      data.unavailable.map(
        (entry: AnyResult) => `${entry.name} booked on job ${entry.jobId} · role ${entry.roleId}`,
      ),
    );
    await view.screenshot(shot('light'));
    // The unchecked requirements as a checklist a person ticks, by keyboard too.
    expect(
      await frame.$$eval('.checklist label', (labels) => labels.map((label) => label.textContent?.trim())),
    ).toEqual(data.unchecked);
    await frame.focus('#unchecked-0');
    await view.page.keyboard.press('Space');
    expect(await frame.isChecked('#unchecked-0')).toBe(true);
    // Flags: crew pending on an overlapping role elsewhere carry a chip.
    const pending = data.matches.filter((match: AnyResult) => match.pending?.length).length;
    expect(await frame.$$eval('.match .chip.warn', (chips) => chips.length)).toBeGreaterThanOrEqual(pending);
    expect(view.problems).toEqual([]);
  });

  it('renders an older, thinner result shape without failing', async () => {
    const old = {
      content: [{ type: 'text', text: 'old' }],
      structuredContent: { matches: [{ crewId: 7, name: 'Ana Old' }], considered: 3 },
    };
    const view = await host.mount({ html, result: old });
    expect(await view.frame.textContent('.match strong')).toBe('Ana Old');
    expect(await view.frame.textContent('h1')).toBe('Crew for these requirements');
    expect(view.problems).toEqual([]);
  });

  it('shows an error result as the tool said it', async () => {
    const failed = await suite.client.callTool({
      name: 'find_matching_crew',
      arguments: { jobId: '1', roleId: '2' },
    });
    expect(failed.isError).toBe(true);
    const view = await host.mount({ html, result: failed });
    expect(await view.frame.textContent('.error')).toBe((failed.content as { text: string }[])[0]?.text);
    expect(view.problems).toEqual([]);
  });

  it('follows the host: dark theme and 360 px wide; nothing leaves the page', async () => {
    const dark = await host.mount({ html, result, input, context: { ...LIGHT, theme: 'dark' } });
    expect(await dark.frame.evaluate('getComputedStyle(document.body).backgroundColor')).toBe(
      'rgb(28, 29, 33)',
    );
    await dark.screenshot(shot('dark'));
    expect(dark.problems).toEqual([]);
    const narrow = await host.mount({ html, result, input, width: 360 });
    expect(await narrow.frame.evaluate(OVERFLOW)).toBeLessThanOrEqual(0);
    await narrow.screenshot(shot('narrow'));
    expect(narrow.requests).toEqual([]);
    expect(narrow.problems).toEqual([]);
  });
});
