// The hosted connector's OAuth flow as a browser and a client go through it, step by step against
// replicas behind a balancer (each step on the next replica in turn): register, authorize, the
// connect page, the key, consent, resume, the code exchanged. Moved out of
// test/e2e/connector-replicas.test.ts for the key rotation test (test/e2e/store-rotate-key.test.ts).
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import type { SecretBox } from '../../src/store/secret-box.js';
import { REDIRECT_URL } from './oauth-client.js';
import {
  type Replica,
  type ReplicaSet,
  type ReplicaSetOptions,
  type SandboxProcess,
  spawnSandbox,
  startReplicaSet,
} from './replicas.js';

/** The replica set the flow runs against, and the store it reads the tenant from. */
export interface FlowContext {
  set: ReplicaSet;
  store: Store;
}

/** A browser's cookies: whatever a replica sets, sent to every replica (one site behind the balancer). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Connection {
  clientId: string;
  tenantKey: string;
  accessToken: string;
  /** Which replica served each step of the flow. */
  steps: string[];
}

/**
 * Register a client (through the balancer), then authorize and show the connect page, each step
 * on the next replica in turn: what the next steps of the flow need.
 */
export async function openConnectPage(
  { set }: FlowContext,
  scope: string,
  platformOf: SandboxProcess = set.sandbox,
) {
  const lb = set.haproxy.url;
  const steps: string[] = [];
  let turn = 0;
  const next = (): Replica => {
    const replica = set.replicas[turn++ % set.replicas.length] as Replica;
    steps.push(replica.name);
    return replica;
  };
  const registered = await fetch(`${lb}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'replica test client',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  expect(registered.status).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const jar = new CookieJar();
  const get = async (replica: Replica, path: string) =>
    jar.take(
      await fetch(`${replica.baseUrl}${path}`, { headers: { cookie: jar.header }, redirect: 'manual' }),
    );
  const post = async (replica: Replica, path: string, form: URLSearchParams, headers = {}) =>
    jar.take(
      await fetch(`${replica.baseUrl}${path}`, {
        method: 'POST',
        headers: { cookie: jar.header, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: form,
        redirect: 'manual',
      }),
    );
  const authorize = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URL,
    scope,
    resource: `${lb}/mcp`,
    state: 'replicas',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const started = await get(next(), `/oauth/authorize?${authorize}`);
  const connectPath = new URL(started.headers.get('location') ?? '', lb).pathname;
  expect(connectPath).toMatch(/^\/connect\/[\w-]+$/);
  const page = await get(next(), connectPath);
  expect(page.status).toBe(200);
  const csrf = (await page.text()).match(/name="csrf_token" value="([^"]+)"/)?.[1] ?? '';
  /** The key form as a user fills it in, with `secret`. */
  const keyForm = (secret: string) => {
    const platform = platformOf.env();
    return new URLSearchParams({
      csrf_token: csrf,
      step: 'verify',
      platform_client_id: 'demo-admin',
      platform_client_secret: secret,
      platform_auth_url: platform.CREW_AUTH_URL as string,
      platform_realm: platform.CREW_REALM as string,
      platform_api_url: platform.CREW_API_URL as string,
    });
  };
  return { lb, clientId, verifier, csrf, connectPath, steps, next, get, post, keyForm };
}

/**
 * Connect a company: register, authorize, show the connect page, verify the key, consent, resume
 * and exchange the code, each step on the next replica in turn.
 */
export async function connectCompany(
  context: FlowContext,
  scope = 'crew-mcp:read crew-mcp:write',
  platform: SandboxProcess = context.set.sandbox,
): Promise<Connection> {
  const { lb, clientId, verifier, csrf, connectPath, steps, next, get, post, keyForm } =
    await openConnectPage(context, scope, platform);
  const key = platform.keys.find((candidate) => candidate.clientId === 'demo-admin');
  const verified = await post(next(), connectPath, keyForm(key?.clientSecret ?? ''));
  const consentPage = await verified.text();
  expect(verified.status, consentPage).toBe(200);
  expect(consentPage).toContain('value="consent"');
  const consent = new URLSearchParams({ csrf_token: csrf, step: 'consent' });
  for (const name of scope.split(' ')) consent.append('scope', name);
  const consented = await post(next(), connectPath, consent);
  expect([302, 303], await consented.clone().text()).toContain(consented.status);
  const resumed = await get(next(), new URL(consented.headers.get('location') ?? '', lb).pathname);
  const redirect = new URL(resumed.headers.get('location') ?? '', lb);
  expect(redirect.href.startsWith(REDIRECT_URL), redirect.href).toBe(true);
  const exchanged = await fetch(`${next().baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URL,
      client_id: clientId,
      code_verifier: verifier,
      resource: `${lb}/mcp`,
    }),
  });
  const tokens = (await exchanged.json()) as { access_token?: string };
  expect(exchanged.status, JSON.stringify(tokens)).toBe(200);
  const tenant = await context.store.tenants.find({
    apiUrl: platform.baseUrl,
    platformClientId: 'demo-admin',
  });
  return { clientId, tenantKey: tenant?.key ?? '', accessToken: tokens.access_token ?? '', steps };
}

/** Two companies of the hosted connector, each on a platform of its own, and what serves them. */
export interface TwoCompanies extends FlowContext {
  /** The second company's platform (the first's is `set.sandbox`). */
  otherPlatform: SandboxProcess;
  companies: [Connection, Connection];
  /** Closes the store, the replica set and the second platform. */
  close(): Promise<void>;
}

/**
 * A replica set (`options`) and a second sandbox platform, the set's store opened here with `box`
 * (what the test reads of it), and a company connected on each platform with the read scope.
 */
export async function connectTwoCompanies(options: ReplicaSetOptions, box: SecretBox): Promise<TwoCompanies> {
  const [set, otherPlatform] = await Promise.all([startReplicaSet(options), spawnSandbox()]);
  const store = await openStore({ url: set.database.url, dataDir: null, box });
  const close = async () => {
    await store.close();
    await Promise.all([set.close(), otherPlatform.close()]);
  };
  try {
    const first = await connectCompany({ set, store }, 'crew-mcp:read', set.sandbox);
    const second = await connectCompany({ set, store }, 'crew-mcp:read', otherPlatform);
    return { set, store, otherPlatform, companies: [first, second], close };
  } catch (error) {
    await close();
    throw error;
  }
}
