// The MCP Apps views: each view's HTML as crew-mcp serves it (bytes before and after gzip; budget
// 150 KB before compression) and the time from a fresh frame to the view drawn with its result, in
// our AppBridge host in headless Chromium (test/ui/view-host.ts): a 7-day board of the default
// sandbox (list_jobs over every board), a role's candidates, and a 40-place plan in plan_staffing's
// shape. Goal: under 300 ms in the host page's clock. Needs Debian's chromium at /usr/bin/chromium.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { APP_VIEWS } from '../../src/mcp/app-views.js';
import { CHROMIUM, launchChromium } from '../helpers/chromium.js';
import { connectInProcess } from '../helpers/mcp.js';
import { TEST_TODAY } from '../helpers/sandbox.js';
import { planFixture } from '../ui/plan-fixture.js';
import { openHost } from '../ui/view-host.js';
import { type BenchContext, int, ms, type Section, table } from './report.js';
import { summarize } from './stats.js';

const MAX_VIEW_BYTES = 150 * 1024;
const GOAL_MS = 300;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const viewsSection: Section = {
  id: 'views',
  title: 'MCP Apps views: size and load + render in a browser host',
  async run(ctx: BenchContext) {
    const connected = await connectInProcess(ctx.sandbox);
    const { client } = connected;
    try {
      const html = new Map<string, string>();
      const sizeRows: (string | number)[][] = [];
      for (const view of Object.values(APP_VIEWS)) {
        const read = await client.readResource({ uri: view.uri });
        const text = (read.contents[0] as { text: string }).text;
        html.set(view.uri, text);
        const bytes = Buffer.byteLength(text);
        ctx.budget({ what: `${view.title} view HTML`, actual: bytes, limit: MAX_VIEW_BYTES, unit: 'bytes' });
        sizeRows.push([view.title, view.uri, int(bytes), int(gzipSync(text).length)]);
      }
      const sizes = table(['view', 'resource', 'bytes', 'gzip bytes'], sizeRows);
      if (!existsSync(CHROMIUM))
        return `${sizes}\n\nLoad and render: skipped, no ${CHROMIUM} (apt-get install chromium).`;

      const week = { from: TEST_TODAY, to: addDays(TEST_TODAY, 6), perPage: 100 };
      const board = await client.callTool({ name: 'list_jobs', arguments: week });
      const jobs = (board.structuredContent as { jobs: { id: string; roles: { id: string }[] }[] }).jobs;
      const role = jobs.find((job) => job.roles.length > 0);
      const candidates = await client.callTool({
        name: 'find_matching_crew',
        arguments: { jobId: role?.id, roleId: role?.roles[0]?.id, includeNearMisses: true },
      });
      const plan = {
        content: [{ type: 'text', text: 'plan' }],
        structuredContent: planFixture({ places: 40 }),
      };
      const cases = [
        { view: APP_VIEWS.boardWeek, what: `7-day board (${jobs.length} jobs, every board)`, result: board },
        { view: APP_VIEWS.roleCandidates, what: 'one role, with near misses', result: candidates },
        { view: APP_VIEWS.staffingPlan, what: '40-place plan (issue-20 shape)', result: plan },
      ];
      const rounds = ctx.quick ? 3 : 15;
      const browser = await launchChromium();
      const rows: (string | number)[][] = [];
      try {
        const host = await openHost(browser, client);
        for (const entry of cases) {
          const drawn: number[] = [];
          const mounts: number[] = [];
          // The first mount starts the sandboxed frames' renderer process; it is reported apart.
          let first = 0;
          for (let round = 0; round <= rounds; round++) {
            const started = performance.now();
            const view = await host.mount({ html: html.get(entry.view.uri) ?? '', result: entry.result });
            const timing = await view.timing();
            const mounted = performance.now() - started;
            if (round === 0) first = timing.drawn;
            else {
              drawn.push(timing.drawn);
              mounts.push(mounted);
            }
          }
          const inPage = summarize(drawn);
          rows.push([
            entry.view.title,
            entry.what,
            ms(first),
            ms(inPage.median),
            ms(inPage.p95),
            ms(summarize(mounts).median),
            inPage.median < GOAL_MS ? 'yes' : 'no',
          ]);
          ctx.log(`views: ${entry.view.title} median ${ms(inPage.median)} ms`);
        }
      } finally {
        await browser.close();
      }
      return [
        sizes,
        '',
        `Load + render, in the host page's clock: from the host creating a fresh sandboxed frame with the view's HTML, through the bridge's handshake and the tool result, to the view's first size report after drawing it; ${rounds} rounds after a first one, in one headless Chromium page, the previous view kept until the next has loaded (as a conversation's views coexist, so the frames' renderer process is reused; the first mount starts it). "with driver" adds the test driver's round trips (Playwright over CDP: the mount call and the wait for the drawn view), which no real host has. Goal: under ${GOAL_MS} ms.`,
        '',
        table(
          ['view', 'data', 'first ms', 'median ms', 'p95 ms', 'with driver ms', `under ${GOAL_MS} ms`],
          rows,
        ),
      ].join('\n');
    } finally {
      await connected.close();
    }
  },
};
