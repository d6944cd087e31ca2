// A test host for the MCP Apps views: headless Chromium (Debian's chromium, driven by
// playwright-core), a host page built on the package's AppBridge (host-page.ts), and the view's
// HTML as crew-mcp serves it (resources/read). The view's tool calls and resource reads go through
// a real MCP client to crew-mcp over the sandbox. Every request leaving the page is recorded and
// refused (views must fetch nothing), every console error and page error recorded.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { build } from 'esbuild';
import type { Browser, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { packagePath } from '../../src/paths.js';

/** What host-page.ts puts on the host page's window (typed here, where the DOM is not). */
interface HostWindow {
  crewMount(html: string, context: McpUiHostContext, result: unknown, input: unknown): Promise<void>;
  crewSetContext(context: McpUiHostContext): void;
  crewCalls: { name: string; arguments?: Record<string, unknown> }[];
  crewSizes: unknown[];
  crewTiming: { loaded?: number; drawn?: number };
}

/** Screenshots show at most this much of a view's height. */
const SCREENSHOT_MAX_HEIGHT = 900;

let hostScript: Promise<string> | undefined;

/** The host page's script: host-page.ts with the package's app-bridge, bundled once per process. */
function hostPageScript(): Promise<string> {
  hostScript ??= build({
    entryPoints: [packagePath('test', 'ui', 'host-page.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome110',
    minify: true,
    logLevel: 'warning',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return hostScript;
}

export interface HostedView {
  page: Page;
  /** The view's own document. */
  frame: Frame;
  /** Console errors, page errors and refused requests seen since this view was mounted. */
  problems: string[];
  /** Requests that tried to leave the page since this view was mounted (all refused). */
  requests: string[];
  /** tools/call params the view sent through the host. */
  calls(): Promise<{ name: string; arguments?: Record<string, unknown> }[]>;
  setContext(context: McpUiHostContext): Promise<void>;
  /** ms in the host page's clock from creating the frame to its load and to the view drawn. */
  timing(): Promise<{ loaded: number; drawn: number }>;
  screenshot(path: string): Promise<void>;
}

export interface MountOptions {
  html: string;
  result: unknown;
  input?: Record<string, unknown>;
  context?: McpUiHostContext;
  width?: number;
  height?: number;
  /** Answers the view's tool calls; default: the MCP client's. */
  callTool?: (params: { name: string; arguments?: Record<string, unknown> }) => Promise<unknown>;
}

export const LIGHT: McpUiHostContext = {
  theme: 'light',
  locale: 'en-GB',
  timeZone: 'Europe/London',
  displayMode: 'inline',
  availableDisplayModes: ['inline', 'fullscreen'],
  platform: 'web',
};

export interface ViewHost {
  /** Mounts a view in a fresh frame (the page, its bindings and the bridge's script are reused). */
  mount(options: MountOptions): Promise<HostedView>;
  close(): Promise<void>;
}

/**
 * One host page for a test file: bindings to the MCP client, every outside request refused and
 * recorded, console errors recorded. Views are mounted one after another in it.
 */
export async function openHost(browser: Browser, client: Client): Promise<ViewHost> {
  const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
  let problems: string[] = [];
  let requests: string[] = [];
  let callTool: NonNullable<MountOptions['callTool']> = (params) => client.callTool(params);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.route('**/*', async (route) => {
    requests.push(route.request().url());
    problems.push(`request: ${route.request().url()}`);
    await route.abort();
  });
  await page.exposeFunction('crewCallTool', (params: { name: string; arguments?: Record<string, unknown> }) =>
    callTool(params),
  );
  await page.exposeFunction('crewReadResource', (params: { uri: string }) => client.readResource(params));
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body><script type="module">${await hostPageScript()}</script></body></html>`,
  );
  await page.waitForFunction(() => typeof (globalThis as unknown as HostWindow).crewMount === 'function');
  return {
    async mount(options) {
      problems = [];
      requests = [];
      callTool = options.callTool ?? ((params) => client.callTool(params));
      const size = { width: options.width ?? 900, height: options.height ?? 700 };
      const current = page.viewportSize();
      if (current?.width !== size.width || current?.height !== size.height) await page.setViewportSize(size);
      const context = options.context ?? LIGHT;
      // As JSON text: the arguments are plain data, and Playwright's argument types need not follow them.
      await page.evaluate(
        (json: string) => {
          const mount = JSON.parse(json);
          return (globalThis as unknown as HostWindow).crewMount(
            mount.html,
            mount.context,
            mount.result,
            mount.input,
          );
        },
        JSON.stringify({
          html: options.html,
          context,
          result: options.result,
          input: options.input,
        }),
      );
      const frame = await (await page.$('#view'))?.contentFrame();
      if (!frame) throw new Error('the view frame did not load');
      await frame.waitForSelector('#app:not([aria-busy])');
      return {
        page,
        frame,
        get problems() {
          return problems;
        },
        get requests() {
          return requests;
        },
        calls: () => page.evaluate(() => (globalThis as unknown as HostWindow).crewCalls),
        async timing() {
          const handle = await page.waitForFunction(() => {
            const { loaded, drawn } = (globalThis as unknown as HostWindow).crewTiming;
            return drawn !== undefined && loaded !== undefined ? { loaded, drawn } : undefined;
          });
          return (await handle.jsonValue()) as { loaded: number; drawn: number };
        },
        async setContext(next) {
          await page.evaluate(
            (json: string) => (globalThis as unknown as HostWindow).crewSetContext(JSON.parse(json)),
            JSON.stringify(next),
          );
        },
        async screenshot(path) {
          // The frame takes the height the view reported (size-changed); the picture shows the
          // page's first screenful of it, as a person first sees it.
          await page.waitForFunction(() => (globalThis as unknown as HostWindow).crewSizes.length > 0);
          await page.evaluate('scrollTo(0, 0)');
          await frame.evaluate('scrollTo(0, 0)');
          const box = await page.locator('#view').boundingBox();
          const width = options.width ?? 900;
          const height = Math.min(Math.ceil(box?.height ?? 700), SCREENSHOT_MAX_HEIGHT);
          await page.setViewportSize({ width, height });
          const png = await page.screenshot({ clip: { x: 0, y: 0, width, height }, animations: 'disabled' });
          expect(png.length).toBeGreaterThan(1000);
          // The README's pictures are tracked files: written when missing or asked for
          // (UPDATE_SNAPSHOTS=1), so that a test run leaves the tree as it found it (a plan's id
          // and solve time differ from run to run).
          if (process.env.UPDATE_SNAPSHOTS === '1' || !existsSync(path)) {
            mkdirSync(dirname(path), { recursive: true });
            writeFileSync(path, png);
          }
        },
      };
    },
    close: () => page.close(),
  };
}
