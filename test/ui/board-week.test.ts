// The board week view in headless Chromium, hosted by our AppBridge host (view-host.ts), fed a
// real list_jobs result from the sandbox's default seed through a real MCP client: names, role
// counts and open-place bars against the result, a role opening its candidates (find_matching_crew
// called through the host), the board's schedule read through the host, keyboard use, no console
// error, no request leaving the page. Writes the README's screenshots (light, dark, 360 px).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { launchChromium } from '../helpers/chromium.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import type { AnyResult } from '../helpers/mcp.js';
import { LIGHT, openHost, type ViewHost } from './view-host.js';

const suite = useConnectedSandbox();
const WEEK = { from: '2026-11-21', to: '2026-11-27', perPage: 100 };
/** How far the view's page is wider than its frame (0: no sideways scrolling). */
const OVERFLOW = 'document.documentElement.scrollWidth - document.documentElement.clientWidth';
const shot = (name: string) => packagePath('docs', 'screenshots', `board-week-${name}.png`);

let browser: Awaited<ReturnType<typeof launchChromium>>;
let host: ViewHost;
let html: string;
let result: AnyResult;

beforeAll(async () => {
  browser = await launchChromium();
  host = await openHost(browser, suite.client);
  const read = await suite.client.readResource({ uri: 'ui://crew/board-week.html' });
  html = (read.contents[0] as { text: string }).text;
  result = await suite.client.callTool({ name: 'list_jobs', arguments: WEEK });
  // Chromium's start and the host page's first load: slow on a busy two-core machine.
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

const openOf = (role: AnyResult) => Math.max(0, role.quantity - (role.assignments?.BOOKED ?? 0));

describe('board week view', () => {
  it('shows every job and role of the week with its open places as a bar', async () => {
    const jobs = result.structuredContent.jobs as AnyResult[];
    expect(jobs.length).toBeGreaterThan(5);
    const view = await host.mount({ html, result, input: WEEK });
    const frame = view.frame;
    expect(await frame.textContent('h1')).toMatch(/^Week Sat 21 Nov – Fri 27 Nov$/);
    // Seven day columns in the host's locale.
    expect(await frame.$$eval('.board:first-of-type .row.head .day', (cells) => cells.length)).toBe(7);
    // One section per board, one row per job (a multi-day job on one row).
    const boards = new Set(jobs.map((job) => job.board.id));
    expect(
      await frame.$$eval('section.board', (sections) => sections.map((s) => s.getAttribute('data-board'))),
    ).toEqual([...boards]);
    const rows = new Set(jobs.map((job) => (job.multiDayJobId ? `m${job.multiDayJobId}` : `j${job.id}`)));
    expect(await frame.$$eval('.row[data-row]', (list) => list.length)).toBe(rows.size);
    const titles = await frame.$$eval('.cell.job strong', (list) => list.map((item) => item.textContent));
    for (const job of jobs) expect(titles).toContain(job.title);
    // Every role, with the bar's open places as the result says.
    const buttons = await frame.$$eval('button.role', (list) =>
      list.map((button) => ({
        job: button.getAttribute('data-job'),
        role: button.getAttribute('data-role'),
        open: Number(button.querySelector('.bar')?.getAttribute('data-open')),
        booked: Number(button.querySelector('.bar')?.getAttribute('data-booked')),
        openSegment:
          button.querySelector('.seg.open') !== null || button.querySelector('.seg.pending') !== null,
      })),
    );
    const roles = jobs.flatMap((job) => job.roles.map((role: AnyResult) => ({ job, role })));
    expect(buttons).toHaveLength(roles.length);
    for (const { job, role } of roles) {
      const button = buttons.find((entry) => entry.job === job.id && entry.role === role.id);
      expect(button, `role ${role.id}`).toMatchObject({
        open: openOf(role),
        booked: role.assignments?.BOOKED ?? 0,
      });
      expect(button?.openSegment).toBe(openOf(role) > 0);
    }
    const open = roles.reduce((sum, { role }) => sum + openOf(role), 0);
    const summaries = await frame.$$eval('.board-summary', (list) =>
      list.map((item) => item.textContent ?? ''),
    );
    const shown = summaries.reduce((sum, text) => sum + Number(/(\d+) open places/.exec(text)?.[1] ?? 0), 0);
    expect(shown).toBe(open);
    expect(view.problems).toEqual([]);
    await view.screenshot(shot('light'));
  });

  it("a role opens its candidates through the host: find_matching_crew's own answer", async () => {
    const jobs = result.structuredContent.jobs as AnyResult[];
    const { job, role } = jobs
      .flatMap((entry) => entry.roles.map((item: AnyResult) => ({ job: entry, role: item })))
      .find(({ role: item }) => openOf(item) > 0) as AnyResult;
    const direct: AnyResult = await suite.client.callTool({
      name: 'find_matching_crew',
      arguments: { jobId: job.id, roleId: role.id },
    });
    const view = await host.mount({ html, result });
    const frame = view.frame;
    // By keyboard: focus the role and press Enter.
    await frame.focus(`button.role[data-job="${job.id}"][data-role="${role.id}"]`);
    await view.page.keyboard.press('Enter');
    await frame.waitForSelector('#candidates .candidates');
    expect(await view.calls()).toEqual([
      { name: 'find_matching_crew', arguments: { jobId: job.id, roleId: role.id } },
    ]);
    const names = await frame.$$eval('#candidates .match strong', (list) =>
      list.map((item) => item.textContent),
    );
    expect(names).toEqual(direct.structuredContent.matches.map((match: AnyResult) => match.name));
    expect(await frame.textContent('#candidates h1')).toContain(role.title);
    // Escape closes the panel and gives the focus back to the role.
    await view.page.keyboard.press('Escape');
    expect(await frame.$('#candidates .candidates')).toBeNull();
    expect(await frame.evaluate("document.activeElement?.getAttribute('data-role')")).toBe(role.id);
    expect(view.problems).toEqual([]);
  });

  it("shows a board's schedule (crew://boards/{id}/schedule) read through the host", async () => {
    const read = await suite.client.readResource({ uri: 'crew://boards/103/schedule' });
    const week = (read.contents[0] as AnyResult)._meta['crew-mcp/schedule'];
    const view = await host.mount({ html, result });
    const frame = view.frame;
    await frame.click('section.board[data-board="103"] .board-head button');
    await frame.waitForFunction("document.querySelectorAll('section.board').length === 1");
    expect(await frame.getAttribute('section.board', 'data-board')).toBe('103');
    const rows = new Set(
      week.jobs.map((job: AnyResult) => (job.multiDayJobId ? `m${job.multiDayJobId}` : `j${job.id}`)),
    );
    expect(await frame.$$eval('.row[data-row]', (list) => list.length)).toBe(rows.size);
    expect(await frame.textContent('.board-summary')).toContain(`board zone ${week.board.timezone}`);
    expect(view.problems).toEqual([]);
  });

  it('follows the host: dark theme, 360 px wide, fullscreen; nothing leaves the page', async () => {
    const dark = await host.mount({
      html,
      result,
      context: { ...LIGHT, theme: 'dark' },
    });
    expect(await dark.frame.evaluate('document.documentElement.dataset.theme')).toBe('dark');
    const background = await dark.frame.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(background).toBe('rgb(28, 29, 33)');
    await dark.screenshot(shot('dark'));
    expect(dark.problems).toEqual([]);
    const narrow = await host.mount({ html, result, width: 360 });
    // Readable at 360 px: nothing wider than the frame, days stacked under each job.
    expect(await narrow.frame.evaluate(OVERFLOW)).toBeLessThanOrEqual(0);
    expect(await narrow.frame.isVisible('.cell-day')).toBe(true);
    await narrow.screenshot(shot('narrow'));
    expect(narrow.problems).toEqual([]);
    const full = await host.mount({
      html,
      result,
      width: 1280,
      context: { ...LIGHT, displayMode: 'fullscreen' },
    });
    expect(await full.frame.evaluate('document.documentElement.dataset.display')).toBe('fullscreen');
    expect(await full.frame.evaluate(OVERFLOW)).toBeLessThanOrEqual(0);
    expect(full.requests).toEqual([]);
    expect(full.problems).toEqual([]);
  });
});
