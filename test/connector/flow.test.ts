// The hosted connector end to end through the official SDK client's OAuth support: discovery from
// the 401, dynamic registration, the connect page filled in headless Chromium, code with PKCE,
// token, the tenant's tools and data, refresh, revocation; and the attacks, each refused with
// nothing leaked. Two sandboxes with different data stand for two companies behind one crew-mcp.
// Each step asks for the companies it needs (flow-companies.ts), so any one runs alone:
// `npx vitest run test/connector/flow.test.ts -t "<step>"`.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Client } from '@modelcontextprotocol/client';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type ConnectorApp, createConnectorApp } from '../../src/connector/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type RunningHttp, startHttp } from '../../src/transports/http.js';
import { launchChromium } from '../helpers/chromium.js';
import {
  connectInBrowser,
  connectThroughOAuth,
  REDIRECT_URL,
  TestOAuthClient,
} from '../helpers/oauth-client.js';
import { DIFFERING_SCHEMA, rest } from '../helpers/sandbox.js';
import { flowCompanies, secretOf } from './flow-companies.js';

const lines: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);
/** Every result and error text a client saw, searched for secrets at the end. */
const seen: string[] = [];

let sandboxA: RunningSandbox;
let sandboxB: RunningSandbox;
let app: ConnectorApp;
let http: RunningHttp;
let browser: Browser;
let dataDir: string;
/** How far the clock of crew-mcp's platform clients (and of company C's platform) runs ahead of the real one. */
let ahead = 0;
const companies = flowCompanies(() => ({ mcpUrl: http.mcpUrl, browser, sandboxA, sandboxB }));

/** Companies A and B, connected (in that order) if no step has yet. */
async function bothCompanies() {
  const a = await companies.companyA();
  return [a, await companies.companyB()] as const;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  seen.push(JSON.stringify(result));
  return result;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');
}

async function tokenRequest(
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${http.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  const body = (await response.json()) as Record<string, string>;
  seen.push(JSON.stringify(body));
  return { status: response.status, body };
}

/** A tools/list with `token`, as a client sends it: the status, the body and the challenge. */
async function mcpAnswer(token: string): Promise<{ status: number; body: string; challenge: string }> {
  const response = await fetch(http.mcpUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const body = await response.text();
  seen.push(body);
  return { status: response.status, body, challenge: response.headers.get('www-authenticate') ?? '' };
}

async function mcpStatus(token: string): Promise<number> {
  return (await mcpAnswer(token)).status;
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(clientId: string, extra: Record<string, string> = {}): URL {
  const url = new URL(`${http.url}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URL,
    scope: 'crew-mcp:read',
    resource: http.mcpUrl,
    state: 'state-1',
    ...extra,
  }).toString();
  return url;
}

/** Company A's client through the connect page with PKCE: the token request its code allows. */
async function authorizedCodeExchange(): Promise<Record<string, string>> {
  const client = (await companies.companyA()).provider.info?.client_id as string;
  const { verifier, challenge } = pkce();
  const context = await browser.newContext();
  const redirect = await connectInBrowser(
    await context.newPage(),
    authorizeUrl(client, { code_challenge: challenge, code_challenge_method: 'S256' }),
    { clientId: 'demo-admin', secret: secretOf(sandboxA) },
  );
  await context.close();
  return {
    grant_type: 'authorization_code',
    code: redirect.get('code') as string,
    redirect_uri: REDIRECT_URL,
    client_id: client,
    code_verifier: verifier,
    resource: http.mcpUrl,
  };
}

beforeAll(async () => {
  [sandboxA, sandboxB, browser] = await Promise.all([
    startSandbox({ host: '127.0.0.1', port: 0 }),
    startSandbox({ host: '127.0.0.1', port: 0, seed: 7 }),
    launchChromium(),
  ]);
  dataDir = await mkdtemp(join(tmpdir(), 'crew-connector-'));
  const config = loadConfig(
    [
      'http',
      '--auth',
      'connector',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--auth-url',
      sandboxA.baseUrl,
      '--realm',
      sandboxA.realm,
      '--api-url',
      sandboxA.baseUrl,
    ],
    { CREW_STORE_KEY: randomBytes(32).toString('base64') },
  );
  app = await createConnectorApp(config, { transport: 'http', logger, now: () => Date.now() + ahead });
  http = await startHttp(app);
}, 180_000);

afterAll(async () => {
  await companies.close();
  await http?.close();
  await app?.close();
  await browser?.close();
  await Promise.all([sandboxA?.close(), sandboxB?.close()]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// A step that runs alone may first connect the companies it needs, through the browser.
describe('hosted connector', { timeout: 120_000 }, () => {
  it('answers /mcp without a token with a 401 that leads to both metadata documents', async () => {
    const response = await fetch(http.mcpUrl, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    const prm = /resource_metadata="([^"]+)"/.exec(challenge)?.[1] as string;
    const resource = (await (await fetch(prm)).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(resource.resource).toBe(http.mcpUrl);
    const issuer = resource.authorization_servers[0] as string;
    const as = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(as).toMatchObject({
      issuer,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
    expect(as.registration_endpoint).toBe(`${issuer}/oauth/register`);
  });

  it('connects company A through DCR, the connect page and PKCE, and serves its own data', async () => {
    const connected = await companies.companyA();
    const { provider: providerA, client: clientA } = connected;
    // RFC 9207: the authorization response names its issuer.
    expect(connected.redirect.get('iss')).toBe(http.url);
    expect(providerA.saved?.refresh_token).toBeTruthy();
    expect(providerA.saved?.expires_in).toBeLessThanOrEqual(3600);
    const { tools } = await clientA.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['list_jobs', 'create_jobs', 'list_webhooks', 'list_leavers']),
    );
    const crew = await call(clientA, 'list_crew', {});
    expect(crew.isError).toBeFalsy();
  }, 120_000);

  it('connects company B (another host, through the fold) and keeps the two apart', async () => {
    const [{ client: clientA }, { client: clientB }] = await bothCompanies();
    // B granted read only: its write tools are not listed.
    const names = (await clientB.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('list_crew');
    expect(names).not.toContain('create_jobs');
    const [crewA, crewB] = await Promise.all([
      call(clientA, 'list_crew', {}),
      call(clientB, 'list_crew', {}),
    ]);
    const idsOf = (result: typeof crewA) =>
      ((result.structuredContent as { crew: { id: number }[] }).crew ?? []).map((member) => member.id);
    expect(textOf(crewA)).not.toBe(textOf(crewB));
    // Another tenant's id through A's connection: A's platform answers, never B's data.
    const onlyB = idsOf(crewB).find((id) => !idsOf(crewA).includes(id));
    if (onlyB !== undefined) {
      const foreign = await call(clientA, 'get_crew', { crewId: onlyB });
      expect(foreign.isError).toBe(true);
    }
    // Each tenant's platform saw only its own tenant's calls.
    const store = app.store;
    const tenants = await store?.engine.query<{ api_url: string }>(
      'select api_url from crew_tenants order by api_url',
    );
    expect(tenants?.map((row) => row.api_url).sort()).toEqual([sandboxA.baseUrl, sandboxB.baseUrl].sort());
  }, 120_000);

  it("keeps each company's plans apart, in the store: A's plan id finds nothing through B", async () => {
    const [{ client: clientA }, { client: clientB }] = await bothCompanies();
    // From the day after tomorrow: a role of today may have started (plans leave those out).
    const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const open = await call(clientA, 'find_open_roles', { from });
    const roles = (open.structuredContent as { roles: { jobId: string; roleId: string }[] }).roles;
    const places = roles.slice(0, 2).map((role) => `${role.jobId}/${role.roleId}`);
    const planned = await call(clientA, 'plan_staffing', { places });
    expect(planned.isError, textOf(planned)).toBeFalsy();
    const { planId, assignments } = planned.structuredContent as {
      planId: string;
      assignments: { crewId: string }[];
    };
    const followUp = { planId, exclude: assignments.slice(0, 1).map((entry) => entry.crewId) };
    const throughB = await call(clientB, 'plan_staffing', followUp);
    expect(throughB.isError).toBe(true);
    expect(textOf(throughB)).toMatch(/No kept plan/);
    const throughA = await call(clientA, 'plan_staffing', followUp);
    expect(throughA.isError, textOf(throughA)).toBeFalsy();
    // Kept in the store, under company A's tenant alone.
    const kept = await app.store?.engine.query<{ api_url: string }>(
      'select api_url from crew_kept_plans join crew_tenants using (tenant_key) where plan_id = $1',
      [planId],
    );
    expect(kept?.map((row) => row.api_url)).toEqual([sandboxA.baseUrl]);
  });

  it("subscribes each tenant's platform on connect and keeps each tenant's events in its own log", async () => {
    const [{ client: clientA }, { client: clientB }] = await bothCompanies();
    const store = app.store;
    const rows =
      (await store?.engine.query<{
        tenant_key: string;
        api_url: string;
        webhook_subscription: { url: string } | null;
      }>('select tenant_key, api_url, webhook_subscription from crew_tenants')) ?? [];
    const keyOf = (sandbox: RunningSandbox) =>
      rows.find((row) => row.api_url === sandbox.baseUrl)?.tenant_key as string;
    for (const row of rows)
      expect(row.webhook_subscription?.url).toBe(`${http.url}/webhooks/${row.tenant_key}`);
    const deliver = async (tenantKey: string, secret: string, id: string) => {
      const body = JSON.stringify({
        id,
        type: 'crew.updated',
        createdAt: new Date().toISOString(),
        data: { id: 4242 },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
      const response = await fetch(`${http.url}/webhooks/${tenantKey}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': `v1=${signature}`,
          'x-webhook-id': id,
        },
        body,
      });
      return response.status;
    };
    const secretA = (await store?.tenants.webhookSecret(keyOf(sandboxA))) as string;
    expect(await deliver(keyOf(sandboxA), secretA, 'evt-only-a')).toBe(200);
    // A's secret does not sign for B's address.
    expect(await deliver(keyOf(sandboxB), secretA, 'evt-forged-b')).toBe(401);
    const eventsA = textOf(await call(clientA, 'list_events', {}));
    const eventsB = textOf(await call(clientB, 'list_events', {}));
    expect(eventsA).toContain('4242');
    expect(eventsB).not.toContain('4242');
  });

  it('names the field at fault on the connect page, and refuses a form without its CSRF token', async () => {
    const client = (await companies.companyA()).provider.info?.client_id as string;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(
      authorizeUrl(client, { code_challenge: pkce().challenge, code_challenge_method: 'S256' }).href,
    );
    await page.locator('[name=platform_client_id]').fill('demo-admin');
    await page.locator('[name=platform_client_secret]').fill('not-the-secret');
    await page.locator('[name=platform_client_secret]').press('Enter');
    await page.waitForLoadState();
    expect(await page.locator('[role=alert]').innerText()).toMatch(
      /API key client secret: the platform refused/,
    );
    const action = (await page.locator('form').getAttribute('action')) as string;
    const forged = await page.request.post(`${http.url}${action}`, {
      form: { step: 'verify', platform_client_id: 'demo-admin', platform_client_secret: secretOf(sandboxA) },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toMatch(/security token/);
    await context.close();
  });

  it('refuses authorization requests without PKCE S256, to unregistered redirect URIs, or for another resource', async () => {
    const client = (await companies.companyA()).provider.info?.client_id as string;
    const { challenge } = pkce();
    const errorOf = async (url: URL) => {
      const response = await fetch(url, { redirect: 'manual' });
      const location = response.headers.get('location');
      return location ? new URL(location).searchParams.get('error') : `HTTP ${response.status}`;
    };
    expect(await errorOf(authorizeUrl(client))).toBe('invalid_request');
    expect(
      await errorOf(authorizeUrl(client, { code_challenge: challenge, code_challenge_method: 'plain' })),
    ).toBe('invalid_request');
    // An unregistered redirect URI is never redirected to.
    expect(
      await errorOf(
        authorizeUrl(client, {
          code_challenge: challenge,
          code_challenge_method: 'S256',
          redirect_uri: 'https://evil.example/cb',
        }),
      ),
    ).toBe('HTTP 400');
    expect(
      await errorOf(
        authorizeUrl(client, {
          code_challenge: challenge,
          code_challenge_method: 'S256',
          resource: 'https://other.example/mcp',
        }),
      ),
    ).toBe('invalid_target');
  });

  it('refuses a replayed code, and a forged or tampered token', async () => {
    const exchange = await authorizedCodeExchange();
    const first = await tokenRequest(exchange);
    expect(first.status).toBe(200);
    const token = first.body.access_token as string;
    expect(await mcpStatus(token)).not.toBe(401);
    expect(await mcpStatus(`${token.slice(0, -2)}xx`)).toBe(401);
    const replay = await tokenRequest(exchange);
    expect(replay.body.error).toBe('invalid_grant');
    // A replayed code revokes what it was exchanged for (RFC 6749 4.1.2).
    expect(await mcpStatus(token)).toBe(401);
    expect(await mcpStatus('forged-token-value-0123456789abcdefghijklmnopqrs')).toBe(401);
  }, 90_000);

  it('refuses a token of its own that was issued for another resource (audience, RFC 8707)', async () => {
    const issued = await tokenRequest(await authorizedCodeExchange());
    expect(issued.status).toBe(200);
    const token = issued.body.access_token as string;
    // Authorize refuses other resources, so no such token can be asked for: make one by giving a
    // stored, not yet used token another audience, as a token minted for a sibling server would be.
    const store = app.store;
    const [row] =
      (await store?.engine.query<{ payload: string | Record<string, unknown> }>(
        `select payload from crew_oauth_records where model = 'AccessToken' and id = $1`,
        [token],
      )) ?? [];
    expect(row, 'the issued access token is stored by its value').toBeDefined();
    const payload = typeof row?.payload === 'string' ? JSON.parse(row.payload) : { ...row?.payload };
    expect(payload.aud).toBe(http.mcpUrl);
    await store?.engine.query(
      `update crew_oauth_records set payload = $2 where model = 'AccessToken' and id = $1`,
      [token, JSON.stringify({ ...payload, aud: 'https://other-server.example/mcp' })],
    );
    const refused = await mcpAnswer(token);
    expect(refused.status).toBe(401);
    expect(refused.challenge).toContain('invalid_token');
    expect(refused.body).toContain('not issued for this resource');
  }, 90_000);

  it('rotates refresh tokens; a reused one revokes the whole family', async () => {
    const client = (await companies.companyA()).provider.info?.client_id as string;
    const before = (await companies.companyA()).provider.saved?.refresh_token as string;
    const rotated = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: before,
      client_id: client,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(before);
    expect(await mcpStatus(rotated.body.access_token as string)).not.toBe(401);
    const reused = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: before,
      client_id: client,
    });
    expect(reused.body.error).toBe('invalid_grant');
    // The family: the rotated refresh token and its access token died with it.
    const after = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: rotated.body.refresh_token as string,
      client_id: client,
    });
    expect(after.body.error).toBe('invalid_grant');
    expect(await mcpStatus(rotated.body.access_token as string)).toBe(401);
  });

  it('revokes a connection (RFC 7009): its tokens answer 401 and its platform secret is deleted', async () => {
    const companyB = await companies.companyB();
    const clientBId = companyB.provider.info?.client_id as string;
    const store = app.store;
    const grantsBefore = await store?.engine.query<{ n: number }>(
      `select count(*)::int as n from crew_grants where secret_enc is not null`,
    );
    const refresh = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: companyB.refreshToken as string,
      client_id: clientBId,
    });
    expect(refresh.status).toBe(200);
    expect(await mcpStatus(refresh.body.access_token as string)).not.toBe(401);
    const revoke = await fetch(`${http.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: refresh.body.refresh_token as string,
        client_id: clientBId,
      }),
    });
    expect(revoke.status).toBe(200);
    expect(await mcpStatus(refresh.body.access_token as string)).toBe(401);
    const grantsAfter = await store?.engine.query<{ n: number }>(
      `select count(*)::int as n from crew_grants where secret_enc is not null`,
    );
    expect(grantsAfter?.[0]?.n).toBe((grantsBefore?.[0]?.n ?? 0) - 1);
  });

  it("checks each company's own platform schema: a tool its platform lacks is not listed for it alone", async () => {
    const sandboxD = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      seed: 13,
      schemaVariant: DIFFERING_SCHEMA,
    });
    try {
      const { client } = await connectThroughOAuth(http.mcpUrl, new TestOAuthClient(), browser, {
        clientId: 'demo-admin',
        secret: secretOf(sandboxD),
        authUrl: sandboxD.baseUrl,
        realm: sandboxD.realm,
        apiUrl: sandboxD.baseUrl,
        scopes: ['crew-mcp:read'],
      });
      // Company A's platform has companyLeavers (its first test lists list_leavers); D's lacks it.
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('list_crew');
      expect(names).not.toContain('list_leavers');
      const leavers = await call(client, 'list_leavers', {});
      expect(leavers.isError).toBe(true);
      expect(textOf(leavers)).toMatch(/list_leavers is not available: .*no operation companyLeavers/);
      // Its documents are adapted to its schema (Job.location served as venue): list_jobs works.
      const jobs = await call(client, 'list_jobs', { perPage: 3 });
      expect(jobs.isError).toBeFalsy();
      await client.close().catch(() => undefined);
    } finally {
      await sandboxD.close();
    }
  }, 120_000);

  it("says to reconnect, and stops using the key, once the platform refuses a connected company's reset secret", async () => {
    // Company C's platform issues two-second tokens, so an open context soon asks for a new one.
    const sandboxC = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      seed: 11,
      faults: { tokenLifetimeSeconds: 2 },
      now: () => Date.now() + ahead,
    });
    try {
      const providerC = new TestOAuthClient();
      const { client } = await connectThroughOAuth(http.mcpUrl, providerC, browser, {
        clientId: 'demo-admin',
        secret: secretOf(sandboxC),
        authUrl: sandboxC.baseUrl,
        realm: sandboxC.realm,
        apiUrl: sandboxC.baseUrl,
        scopes: ['crew-mcp:read'],
      });
      expect((await call(client, 'list_crew', {})).isError).toBeFalsy();
      // The company resets the key's secret in its platform while crew-mcp holds it.
      const key = sandboxC.keys.find((entry) => entry.clientId === 'demo-admin');
      if (key) key.clientSecret = randomBytes(16).toString('hex');
      // The token's two seconds pass on the clock of the platform and of crew-mcp's client of it.
      ahead += 2_100;
      const refused = await call(client, 'list_crew', {});
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('reconnect crew-mcp');
      expect(textOf(refused)).not.toContain('CREW_CLIENT_SECRET');
      // The grant is marked and its secret deleted; the next call is refused before any tool runs.
      const store = app.store;
      const grants = await store?.engine.query<{ status: string; sealed: boolean }>(
        `select g.status, g.secret_enc is not null as sealed from crew_grants g
           join crew_tenants t on t.tenant_key = g.tenant_key where t.api_url = $1`,
        [sandboxC.baseUrl],
      );
      expect(grants).toEqual([{ status: 'needs_reconnect', sealed: false }]);
      const tokenRequests = sandboxC.stats.tokenRequests;
      const later = await mcpAnswer(providerC.saved?.access_token as string);
      expect(later.status).toBe(401);
      expect(later.body).toContain('reconnect crew-mcp');
      expect(sandboxC.stats.tokenRequests).toBe(tokenRequests);
      await client.close().catch(() => undefined);
    } finally {
      await sandboxC.close();
    }
  }, 120_000);

  it('lets the key holder disconnect on a page: every connection of the key ends, its webhook subscription goes', async () => {
    const sandboxE = await startSandbox({ host: '127.0.0.1', port: 0, seed: 17 });
    try {
      const fill = {
        clientId: 'demo-admin',
        secret: secretOf(sandboxE),
        authUrl: sandboxE.baseUrl,
        realm: sandboxE.realm,
        apiUrl: sandboxE.baseUrl,
        scopes: ['crew-mcp:read'],
      };
      // Two assistants connected with the same key: one company, two grants.
      const first = new TestOAuthClient();
      const { client } = await connectThroughOAuth(http.mcpUrl, first, browser, fill);
      const second = await connectThroughOAuth(http.mcpUrl, new TestOAuthClient(), browser, fill);
      expect((await call(client, 'list_crew', {})).isError).toBeFalsy();
      const hooks = async () =>
        ((await rest(sandboxE, 'GET', '/rest/webhooks')).body as { webhooks: { url: string }[] }).webhooks;
      expect((await hooks()).map((hook) => hook.url)).toEqual([
        expect.stringContaining(`${http.url}/webhooks/t`),
      ]);

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${http.url}/connect/disconnect`);
      // A wrong secret is named on the page and ends nothing.
      await page.locator('[name=platform_client_id]').fill('demo-admin');
      await page.locator('[name=platform_client_secret]').fill('not-the-secret');
      await page.locator('summary').click();
      await page.locator('[name=platform_auth_url]').fill(sandboxE.baseUrl);
      await page.locator('[name=platform_realm]').fill(sandboxE.realm);
      await page.locator('[name=platform_api_url]').fill(sandboxE.baseUrl);
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page.waitForLoadState();
      expect(await page.locator('[role=alert]').innerText()).toContain('API key client secret');
      expect((await call(client, 'list_crew', {})).isError).toBeFalsy();
      // The right key ends both connections.
      await page.locator('[name=platform_client_secret]').fill(secretOf(sandboxE));
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page.waitForLoadState();
      expect(await page.locator('main').innerText()).toContain(
        'Ended 2 connections made with the API key "demo-admin"',
      );
      expect(await page.locator('main').innerText()).toMatch(
        /deleted everything it held about this company: 1 company record, 2 connections \(with their sealed secrets\), \d+ authorization records/,
      );
      await context.close();
      expect(await mcpStatus(first.saved?.access_token as string)).toBe(401);
      const refresh = await tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: first.saved?.refresh_token as string,
        client_id: first.info?.client_id as string,
      });
      expect(refresh.body.error).toBe('invalid_grant');
      const store = app.store;
      const grants = await store?.engine.query<{ status: string; sealed: boolean }>(
        `select g.status, g.secret_enc is not null as sealed from crew_grants g
           join crew_tenants t on t.tenant_key = g.tenant_key where t.api_url = $1`,
        [sandboxE.baseUrl],
      );
      // Revoked, then deleted with every other row of the company (issue 33 item 3), which the
      // page listed.
      expect(grants).toEqual([]);
      expect(await hooks()).toEqual([]);
      await client.close().catch(() => undefined);
      await second.client.close().catch(() => undefined);
    } finally {
      await sandboxE.close();
    }
  }, 150_000);

  it('refuses a disconnect form posted without its CSRF token', async () => {
    const response = await fetch(`${http.url}/connect/disconnect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: http.url },
      body: new URLSearchParams({
        platform_client_id: 'demo-admin',
        platform_client_secret: secretOf(sandboxA),
      }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('security token');
  });

  it('never puts a platform secret in a log line, a result or an error', async () => {
    // Both companies connected with their secrets (what the logs might have leaked), if no step has yet.
    await bothCompanies();
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [secretOf(sandboxA), secretOf(sandboxB)]) {
      for (const text of [...lines, ...seen]) expect(text).not.toContain(secret);
    }
  });
});
