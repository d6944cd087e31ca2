// An MCP client's side of the connector's OAuth flow, as the official SDK client runs it (its
// OAuthClientProvider interface), with headless Chromium as the user's browser on the connect page.

import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Browser, Page } from 'playwright-core';

/** Where the test client's authorization responses go: intercepted in the browser, never served. */
export const REDIRECT_URL = 'http://127.0.0.1:47999/callback';

export class TestOAuthClient implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  /** What discovery found, kept as a host keeps it: the callback leg checks the issuer against it. */
  discovered: OAuthDiscoveryState | undefined;

  constructor(
    readonly clientMetadataUrl?: string,
    readonly scope?: string,
  ) {}

  get redirectUrl() {
    return REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'crew-mcp test client',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }

  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovered = state;
  }
  discoveryState() {
    return this.discovered;
  }
}

export interface ConnectFill {
  clientId: string;
  secret: string;
  /** The fold's fields, when another host is connected. */
  authUrl?: string;
  realm?: string;
  apiUrl?: string;
  /** The crew-mcp scopes to leave checked on the consent step (default: all offered). */
  scopes?: string[];
  /** Looks at each page as it is first shown (what it says of the client, say). */
  inspect?(page: Page, step: 'connect' | 'consent'): Promise<void>;
}

/** Fill the connect page (by keyboard, as a user would) and consent; the redirect's parameters. */
export async function connectInBrowser(
  page: Page,
  authorizationUrl: URL,
  fill: ConnectFill,
): Promise<URLSearchParams> {
  let redirected: URLSearchParams | undefined;
  const arrived = new Promise<void>((resolve) => {
    void page.route(`${REDIRECT_URL}**`, async (route) => {
      redirected = new URL(route.request().url()).searchParams;
      resolve();
      await route.fulfill({ status: 200, body: 'done' });
    });
  });
  await page.goto(authorizationUrl.href);
  await fill.inspect?.(page, 'connect');
  await page.locator('[name=platform_client_id]').focus();
  await page.keyboard.type(fill.clientId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(fill.secret);
  if (fill.authUrl || fill.realm || fill.apiUrl) {
    await page.locator('summary').focus();
    await page.keyboard.press('Enter');
    if (fill.authUrl) await page.locator('[name=platform_auth_url]').fill(fill.authUrl);
    if (fill.realm) await page.locator('[name=platform_realm]').fill(fill.realm);
    if (fill.apiUrl) await page.locator('[name=platform_api_url]').fill(fill.apiUrl);
  }
  await page.locator('[name=platform_client_secret]').press('Enter');
  await page.waitForLoadState();
  const allow = page.getByRole('button', { name: 'Allow' });
  if (!(await allow.isVisible()))
    throw new Error(`no consent step; page says: ${await page.locator('body').innerText()}`);
  await fill.inspect?.(page, 'consent');
  if (fill.scopes) {
    for (const box of await page.locator('input[name=scope]').all()) {
      if (!fill.scopes.includes((await box.getAttribute('value')) as string)) await box.uncheck();
    }
  }
  await allow.click();
  await Promise.race([arrived, page.waitForTimeout(30_000)]);
  if (!redirected) throw new Error(`no redirect; page says: ${await page.locator('body').innerText()}`);
  return redirected;
}

/** The whole flow: 401, discovery, registration, connect page, code with PKCE, token; a connected client. */
export async function connectThroughOAuth(
  mcpUrl: string,
  provider: TestOAuthClient,
  browser: Browser,
  fill: ConnectFill,
): Promise<{ client: Client; redirect: URLSearchParams }> {
  const first = new Client({ name: 'crew-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
  await first.connect(transport).then(
    () => {
      throw new Error('connected without authorization');
    },
    (error: unknown) => {
      // The SDK answers a 401 it has sent the user to authorize for with UnauthorizedError, or,
      // having tried once more, with an HTTP error: either way the authorization URL is what counts.
      if (!(error instanceof UnauthorizedError) && !provider.authorizationUrl) throw error;
    },
  );
  if (!provider.authorizationUrl) throw new Error('the client was not sent to authorize');
  const context = await browser.newContext();
  try {
    const redirect = await connectInBrowser(await context.newPage(), provider.authorizationUrl, fill);
    const code = redirect.get('code');
    if (!code) throw new Error(`authorization failed: ${redirect.toString()}`);
    await transport.finishAuth(redirect);
    const client = new Client({ name: 'crew-mcp-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }));
    return { client, redirect };
  } finally {
    await context.close();
  }
}
