// The connect and consent pages as a coordinator sees them in Chromium: beside the client's name,
// who vouches for it and where the authorization code goes, and a plain warning when a name
// borrows a well-known client's but sends the code elsewhere; a page's form shown for one client
// refused for another; the interaction's cookies `__Host-` ones under an https public URL (through
// a TLS proxy, the whole flow to a code) and plain ones on http loopback. (The metadata-document
// client's pages: test/e2e/connector-cli.test.ts, whose CLI trusts the document's certificate.)
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { CsrfTokens } from '../../src/connector/form.js';
import { type ConnectorApp, createConnectorApp } from '../../src/connector/index.js';
import { silentLogger } from '../../src/logger.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type RunningHttp, startHttp } from '../../src/transports/http.js';
import { launchChromium } from '../helpers/chromium.js';
import { connectInBrowser, REDIRECT_URL } from '../helpers/oauth-client.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';
import { selfSignedCertificate, startTlsProxy, type TlsProxy } from '../helpers/tls.js';

/** Screenshots of the pages, to look at (not compared). */
const SHOTS = join(tmpdir(), 'crew-connector-pages');
const DEMO = { clientId: 'demo-admin', secret: 'demo-admin-secret' };
const FOREIGN_REDIRECT = 'https://claude-connect.example/callback';

interface Connector {
  app: ConnectorApp;
  http: RunningHttp;
  db: TestDatabase;
}

let sandbox: RunningSandbox;
let browser: Browser;
let dir: string;
let plain: Connector;
let secure: Connector;
let proxy: TlsProxy;

/** A connector on the embedded sandbox (no platform named), its store a PostgreSQL database of its own. */
async function startConnector(publicUrl?: string): Promise<Connector> {
  const db = await createTestDatabase('crew_pages');
  const flags = [
    '--auth=connector',
    '--port=0',
    `--store=${db.url}`,
    ...(publicUrl ? [`--public-url=${publicUrl}`] : []),
  ];
  const config = loadConfig(['http', ...flags], { CREW_STORE_KEY: randomBytes(32).toString('base64') });
  const app = await createConnectorApp(config, { transport: 'http', logger: silentLogger, sandbox });
  return { app, http: await startHttp(app), db };
}

async function stopConnector(connector: Connector | undefined): Promise<void> {
  await connector?.http.close();
  await connector?.app.close();
  await connector?.db.drop();
}

/** Dynamic client registration (RFC 7591), as any client may do it: the client id. */
async function register(request: APIRequestContext, base: string, name: string, redirect: string) {
  const response = await request.post(`${base}/oauth/register`, {
    data: {
      client_name: name,
      redirect_uris: [redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

function authorizeUrl(base: string, clientId: string, redirect: string): URL {
  const url = new URL(`${base}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirect,
    scope: 'crew-mcp:read',
    resource: `${base}/mcp`,
    state: 'state-1',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return url;
}

/** The connect page's key entered: the consent page. */
async function enterDemoKey(page: Page): Promise<void> {
  await page.locator('[name=platform_client_id]').fill(DEMO.clientId);
  await page.locator('[name=platform_client_secret]').fill(DEMO.secret);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForLoadState();
  await page.getByRole('button', { name: 'Allow' }).waitFor();
}

const shownText = (page: Page) => page.locator('main').innerText();

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  [sandbox, browser, dir] = await Promise.all([
    startTestSandbox(),
    launchChromium(),
    mkdtemp(join(tmpdir(), 'crew-pages-')),
    mkdir(SHOTS, { recursive: true }),
  ]);
  const { keyFile, certFile } = selfSignedCertificate(dir);
  proxy = await startTlsProxy(await readFile(keyFile), await readFile(certFile));
  [plain, secure] = await Promise.all([startConnector(), startConnector(proxy.url)]);
  proxy.target = secure.http.url;
}, 120_000);

afterAll(async () => {
  await Promise.all([stopConnector(plain), stopConnector(secure)]);
  await proxy?.close();
  await browser?.close();
  await sandbox?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the connect and consent pages', () => {
  it('show a registered client as named by itself, where its code goes, and the sandbox demo key', async () => {
    const context = await browser.newContext();
    const clientId = await register(context.request, plain.http.url, 'Crew planner', REDIRECT_URL);
    const shown: Record<string, string> = {};
    const redirect = await connectInBrowser(
      await context.newPage(),
      authorizeUrl(plain.http.url, clientId, REDIRECT_URL),
      {
        ...DEMO,
        async inspect(page, step) {
          shown[step] = await shownText(page);
          expect(await page.locator('#lookalike').count()).toBe(0);
          await shoot(page, `registered-${step}`);
        },
      },
    );
    expect(redirect.get('code')).toBeTruthy();
    for (const step of ['connect', 'consent']) {
      expect(shown[step]).toContain('Crew planner (named by itself, not verified)');
      expect(shown[step]).toContain('It registered itself here under this name; nobody checked the name.');
      expect(shown[step]).toContain(
        `After you allow, you go back to an application on this computer, at ${REDIRECT_URL}.`,
      );
    }
    expect(shown.connect).toContain(
      'This crew-mcp connects to its embedded sandbox platform (demo data). Its demo key: client id demo-admin, secret demo-admin-secret.',
    );
    expect(shown.consent).toMatch(/^Allow Crew planner\?/);
    await context.close();
  }, 90_000);

  it('warn plainly of a look-alike "Claude" whose code goes to a host not Claude\'s, and escape its name', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const lookalike = await register(context.request, plain.http.url, 'Claude', FOREIGN_REDIRECT);
    const warning = `Warning: this application calls itself "Claude", but Claude sends you back only to claude.ai, claude.com or an application on this computer. This one does not.`;
    await page.goto(authorizeUrl(plain.http.url, lookalike, FOREIGN_REDIRECT).href);
    await shoot(page, 'lookalike-connect');
    for (const step of ['connect', 'consent']) {
      if (step === 'consent') {
        await enterDemoKey(page);
        await shoot(page, 'lookalike-consent');
      }
      expect(await page.locator('#lookalike').isVisible()).toBe(true);
      const text = await shownText(page);
      expect(text).toContain('Claude (named by itself, not verified)');
      expect(text).toContain(warning);
      expect(text).toContain('After you allow, you go back to claude-connect.example.');
    }
    // A name is text, never markup.
    const markup = await register(context.request, plain.http.url, '<b>Claude</b>', FOREIGN_REDIRECT);
    await page.goto(authorizeUrl(plain.http.url, markup, FOREIGN_REDIRECT).href);
    expect(await page.locator('main b').count()).toBe(0);
    expect(await shownText(page)).toContain('<b>Claude</b> (named by itself, not verified)');
    await context.close();
  }, 90_000);

  it("refuse a page's form posted for another client's interaction", async () => {
    const context = await browser.newContext();
    const planner = await register(context.request, plain.http.url, 'Crew planner', REDIRECT_URL);
    const lookalike = await register(context.request, plain.http.url, 'Claude', FOREIGN_REDIRECT);
    // Two interactions open in one browser: the planner's page, then the look-alike's.
    const plannerPage = await context.newPage();
    await plannerPage.goto(authorizeUrl(plain.http.url, planner, REDIRECT_URL).href);
    const lookalikePage = await context.newPage();
    await lookalikePage.goto(authorizeUrl(plain.http.url, lookalike, FOREIGN_REDIRECT).href);
    await enterDemoKey(lookalikePage);
    const plannerToken = (await plannerPage.locator('[name=csrf_token]').getAttribute('value')) as string;
    const lookalikeAction = (await lookalikePage.locator('form').getAttribute('action')) as string;
    // The planner's consent, sent to the look-alike's interaction (with its cookies): refused.
    const moved = await context.request.post(`${plain.http.url}${lookalikeAction}`, {
      form: { csrf_token: plannerToken, step: 'consent', scope: 'crew-mcp:read' },
      maxRedirects: 0,
    });
    expect(moved.status()).toBe(403);
    expect(await moved.text()).toContain('security token');
    // Its own form, posted the same way, is taken (denied here: its redirect is not for a test to follow).
    const lookalikeToken = (await lookalikePage.locator('[name=csrf_token]').getAttribute('value')) as string;
    const own = await context.request.post(`${plain.http.url}${lookalikeAction}`, {
      form: { csrf_token: lookalikeToken, step: 'deny' },
      maxRedirects: 0,
    });
    expect(own.status()).toBe(303);
    expect(own.headers().location).toContain('/oauth/authorize/');
    await context.close();
  }, 90_000);

  it('keep plain cookies on http loopback', async () => {
    const context = await browser.newContext();
    const clientId = await register(context.request, plain.http.url, 'Crew planner', REDIRECT_URL);
    await (await context.newPage()).goto(authorizeUrl(plain.http.url, clientId, REDIRECT_URL).href);
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(
      expect.arrayContaining(['_interaction', '_interaction_resume', 'crew_connect_csrf']),
    );
    expect(cookies.filter((cookie) => cookie.name.startsWith('__Host-'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('use __Host- cookies (Secure, Path=/, no Domain) under an https public URL, through to a code', async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const setCookies: string[] = [];
    page.on('response', async (response) => {
      for (const header of await response.headersArray().catch(() => [])) {
        if (header.name.toLowerCase() === 'set-cookie') setCookies.push(...header.value.split('\n'));
      }
    });
    const clientId = await register(context.request, proxy.url, 'Crew planner', REDIRECT_URL);
    const redirect = await connectInBrowser(page, authorizeUrl(proxy.url, clientId, REDIRECT_URL), DEMO);
    // The resume cookie (on Path=/ now) carried the consent back to oidc-provider: a code came.
    expect(redirect.get('code')).toBeTruthy();
    expect(redirect.get('iss')).toBe(proxy.url);
    const names = setCookies.map((header) => header.split('=')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        '__Host-crew_interaction',
        '__Host-crew_interaction.sig',
        '__Host-crew_resume',
        '__Host-crew_connect_csrf',
      ]),
    );
    for (const header of setCookies) {
      expect(header).toMatch(/^__Host-/);
      expect(header).toMatch(/;\s*secure(;|$)/i);
      expect(header).toMatch(/;\s*path=\/(;|$)/i);
      expect(header).not.toMatch(/;\s*domain=/i);
    }
    const kept = await context.cookies();
    expect(kept.length).toBeGreaterThan(0);
    for (const cookie of kept) expect(cookie).toMatchObject({ secure: true, path: '/' });
    await context.close();
  }, 90_000);

  it('set them also behind a TLS proxy that does not say https (nginx sends no X-Forwarded-Proto unless told)', async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const clientId = await register(context.request, proxy.url, 'Crew planner', REDIRECT_URL);
    await context.close();
    const { pathname, search } = authorizeUrl(proxy.url, clientId, REDIRECT_URL);
    // The last hop, as such a proxy makes it: plain http, the public Host, no X-Forwarded-Proto.
    const response = await fetch(`${secure.http.url}${pathname}${search}`, {
      redirect: 'manual',
      headers: { host: new URL(proxy.url).host },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/connect\//);
    const names = response.headers.getSetCookie().map((header) => header.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['__Host-crew_interaction', '__Host-crew_resume']));
  }, 60_000);
});

describe('the CSRF token', () => {
  it('is valid only for the browser cookie and the page (interaction, client, redirect) it was made for', () => {
    const tokens = new CsrfTokens(randomBytes(32), true);
    const cookie = randomBytes(32).toString('base64url');
    const shownFor = (uid: string, client: string, redirect: string) =>
      JSON.stringify([uid, client, redirect]);
    const token = tokens.token(cookie, shownFor('uid-1', 'planner', REDIRECT_URL));
    const post = (cookieValue: string) =>
      ({ headers: { cookie: `${tokens.cookieName}=${cookieValue}` } }) as Parameters<CsrfTokens['valid']>[0];
    expect(tokens.cookieName).toBe('__Host-crew_connect_csrf');
    expect(tokens.valid(post(cookie), token, shownFor('uid-1', 'planner', REDIRECT_URL))).toBe(true);
    expect(tokens.valid(post(cookie), token, shownFor('uid-1', 'lookalike', REDIRECT_URL))).toBe(false);
    expect(tokens.valid(post(cookie), token, shownFor('uid-1', 'planner', FOREIGN_REDIRECT))).toBe(false);
    expect(tokens.valid(post(cookie), token, shownFor('uid-2', 'planner', REDIRECT_URL))).toBe(false);
    expect(
      tokens.valid(
        post(randomBytes(32).toString('base64url')),
        token,
        shownFor('uid-1', 'planner', REDIRECT_URL),
      ),
    ).toBe(false);
  });
});
