// The hosted connector (--auth connector) as three replicas behind HAProxy on one PostgreSQL
// (issue 24): the built CLI, deploy/haproxy.cfg, `crew-mcp sandbox` once as every company's
// default platform. A company connects with each step of the OAuth flow on another replica, and
// what one replica learns the others know: a webhook event it stored, a write it made, a grant
// revoked there, a client's request count.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/sandbox/webhooks.js';
import { openStore, type Store } from '../../src/store/index.js';
import { parseStoreKey, SecretBox } from '../../src/store/secret-box.js';
import {
  type Connection,
  connectCompany as connectFlowCompany,
  openConnectPage as openFlowPage,
} from '../helpers/connector-flow.js';
import { CLI, callTool, connectHttp, postJsonRpc } from '../helpers/mcp.js';
import { expectOneBucketAcrossReplicas, expectWriteSeenByOtherReplica } from '../helpers/replica-checks.js';
import {
  type Replica,
  type ReplicaSet,
  type SandboxProcess,
  spawnSandbox,
  startReplicaSet,
} from '../helpers/replicas.js';
import { until } from '../helpers/until.js';

const RATE_PER_MINUTE = 600;
const STORE_KEY = randomBytes(32).toString('base64');

let set: ReplicaSet;
/** Another company's platform (another sandbox): its events must never reach the first's streams. */
let otherPlatform: SandboxProcess;
let store: Store;
const clients: Client[] = [];

beforeAll(async () => {
  [set, otherPlatform] = await Promise.all([
    startReplicaSet({ connectorStoreKey: STORE_KEY, args: ['--rate-limit', String(RATE_PER_MINUTE)] }),
    spawnSandbox(),
  ]);
  // The test reads what the replicas share (a tenant's webhook secret, pending keys) as they do.
  store = await openStore({
    url: set.database.url,
    dataDir: null,
    box: new SecretBox(parseStoreKey(STORE_KEY, 'test key')),
  });
}, 90_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await store?.close();
  await Promise.all([set?.close(), otherPlatform?.close()]);
}, 30_000);

const flow = () => ({ set, store });
const openConnectPage = (scope: string, platform?: SandboxProcess) => openFlowPage(flow(), scope, platform);
const connectCompany = (scope?: string, platform?: SandboxProcess) =>
  connectFlowCompany(flow(), scope, platform);

async function connect(url: string, era: 'legacy' | 'modern', token: string): Promise<Client> {
  const client = await connectHttp(url, era, token);
  clients.push(client);
  return client;
}

/**
 * A bare /mcp POST with `token` straight to `replica`: its status (401 when the token is refused;
 * past the token, this sessionless 2025-era request is answered 400, or 429 when rate limited).
 */
async function statusAt(replica: Replica, token: string): Promise<number> {
  const response = await postJsonRpc(replica.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, token);
  await response.arrayBuffer();
  return response.status;
}

let company: Connection;

describe('the hosted connector as three replicas behind HAProxy, one PostgreSQL', () => {
  it("serves one signing key set from every replica, derived from the store key, not oidc-provider's development keys", async () => {
    const sets = await Promise.all(
      set.replicas.map(async (replica) => (await fetch(`${replica.baseUrl}/oauth/jwks`)).json()),
    );
    const [first] = sets as { keys: { kty: string; crv: string; d?: string }[] }[];
    expect(first?.keys).toHaveLength(1);
    expect(first?.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(first?.keys[0]?.d).toBeUndefined();
    for (const other of sets) expect(other).toEqual(first);
    for (const replica of set.replicas)
      expect(replica.stderr()).not.toContain('development-only signing keys');
  });

  it('connects a company with every step of the OAuth flow on another replica', async () => {
    company = await connectCompany();
    expect(new Set(company.steps)).toEqual(new Set(['replica1', 'replica2', 'replica3']));
    // The key verified on replica 3 was taken by the consent on replica 1: nothing waits any more.
    expect(await store.engine.query('select 1 from crew_connect_pending')).toEqual([]);
    const client = await connect(set.mcpUrl, 'modern', company.accessToken);
    const open = await callTool(client, 'find_open_roles', {});
    expect(open.isError, open.text).toBe(false);
    expect(open.data.roles.length).toBeGreaterThan(0);
  });

  it('an event delivered to replica 1 is stored once and announced to clients of replica 3', async () => {
    const [one, two, three] = set.replicas as [Replica, Replica, Replica];
    const secret = await store.tenants.webhookSecret(company.tenantKey);
    expect(secret).toBeTruthy();
    const legacy = await connect(three.mcpUrl, 'legacy', company.accessToken);
    const updates: string[] = [];
    legacy.setNotificationHandler('notifications/resources/updated', (notification) => {
      updates.push(notification.params.uri);
    });
    await legacy.subscribeResource({ uri: 'crew://events' });
    const modern = await connect(three.mcpUrl, 'modern', company.accessToken);
    const modernUpdates: string[] = [];
    modern.setNotificationHandler('notifications/resources/updated', (notification) => {
      modernUpdates.push(notification.params.uri);
    });
    const listening = await modern.listen({ resourceSubscriptions: ['crew://events'] });
    // Another company, served by the same replica: its stream must hear nothing of this event.
    const other = await connectCompany('crew-mcp:read crew-mcp:webhooks', otherPlatform);
    expect(other.tenantKey).not.toBe(company.tenantKey);
    const stranger = await connect(three.mcpUrl, 'modern', other.accessToken);
    const strangerUpdates: string[] = [];
    stranger.setNotificationHandler('notifications/resources/updated', (notification) => {
      strangerUpdates.push(notification.params.uri);
    });
    const strangerListening = await stranger.listen({ resourceSubscriptions: ['crew://events'] });
    const event = {
      id: `evt-connector-replicas-${randomBytes(4).toString('hex')}`,
      type: 'job.updated',
      createdAt: new Date().toISOString(),
      data: { id: 'job-connector-replicas', title: 'Delivered to replica 1' },
    };
    const deliver = (replica: Replica) => {
      const body = JSON.stringify(event);
      const timestamp = String(Math.floor(Date.now() / 1000));
      return fetch(`${replica.baseUrl}/webhooks/${company.tenantKey}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-id': event.id,
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': signWebhook(secret as string, timestamp, body),
        },
        body,
      });
    };
    const first = await deliver(one);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'stored', id: event.id });
    expect(await (await deliver(two)).json()).toEqual({ status: 'duplicate', id: event.id });
    await until(() => (updates.includes('crew://events') ? true : undefined), 5000);
    await until(() => (modernUpdates.includes('crew://events') ? true : undefined), 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(strangerUpdates).toEqual([]);
    await listening.close();
    await strangerListening.close();
    const listed = await callTool(legacy, 'list_events', { entityId: event.data.id });
    expect(listed.isError, listed.text).toBe(false);
    expect(listed.data.events.map((stored: { id: string }) => stored.id)).toEqual([event.id]);
  });

  it("a write on replica 2 makes replica 1's next find_matching_crew see it", async () => {
    const [one, two] = set.replicas as [Replica, Replica];
    await expectWriteSeenByOtherReplica(
      await connect(one.mcpUrl, 'modern', company.accessToken),
      await connect(two.mcpUrl, 'modern', company.accessToken),
    );
  });

  it('a connection revoked on replica 1 is refused on replica 3 at once, not after its token cache', async () => {
    const second = await connectCompany('crew-mcp:read');
    const [one, , three] = set.replicas as [Replica, Replica, Replica];
    // Replica 3 has just found the token: it would serve it from memory for five seconds.
    const probe = await connect(three.mcpUrl, 'modern', second.accessToken);
    expect((await probe.listTools()).tools.length).toBeGreaterThan(0);
    const revoked = await fetch(`${one.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: second.accessToken, client_id: second.clientId }),
    });
    expect(revoked.status).toBe(200);
    const startedAt = Date.now();
    await until(async () => ((await statusAt(three, second.accessToken)) === 401 ? true : undefined), 3000);
    expect(Date.now() - startedAt).toBeLessThan(3000);
    await expect(probe.listTools()).rejects.toThrow(/401|Unauthorized|invalid_token/i);
    // The company's other connection is untouched.
    expect(await statusAt(three, company.accessToken)).not.toBe(401);
  });

  it('limits the keys one address may have checked, across replicas, by the address the balancer names', async () => {
    const { connectPath, post, keyForm } = await openConnectPage('crew-mcp:read');
    const guess = (replica: Replica, address: string, i: number) =>
      post(replica, connectPath, keyForm(`wrong-secret-${i}`), { 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await guess(set.replicas[i % 3] as Replica, '203.0.113.77', i);
      const page = await answer.text();
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(page).toMatch(/too many keys were checked from your address; try again in \d+ s/);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      } else {
        expect(page).toContain('the platform refused this client id and secret');
      }
    }
    // 30 a minute: a burst of 5, one more every 2 s; each replica alone would have allowed 5.
    const allowed = statuses.filter((status) => status === 400).length;
    expect(allowed).toBeGreaterThanOrEqual(5);
    expect(allowed).toBeLessThanOrEqual(8);
    expect(statuses.slice(-3)).toContain(429);
    // Another person behind the same balancer still has their key checked.
    const other = await guess(set.replicas[0] as Replica, '203.0.113.78', 99);
    expect(other.status).toBe(400);
  });

  it("crew-mcp check --auth connector checks the replicas' store and the balancer's metadata", async () => {
    const check = (store: string) =>
      promisify(execFile)(
        process.execPath,
        [CLI, 'check', '--auth', 'connector', '--store', store, '--public-url', set.haproxy.url],
        {
          env: {
            PATH: process.env.PATH ?? '',
            CREW_STORE_KEY: STORE_KEY,
            CREW_AUTH_URL: set.sandbox.authUrl,
            CREW_REALM: set.sandbox.realm,
            CREW_API_URL: set.sandbox.baseUrl,
          },
        },
      ).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const good = await check(set.database.url);
    expect(good.stdout).toMatch(
      /ok {2}store: .*: schema version \d+ \(this build knows \d+\), LISTEN\/NOTIFY goes round, 3 replica\(s\) listening/,
    );
    expect(good.stdout).toMatch(/ok {2}authorization server metadata: issuer http:\/\/127\.0\.0\.1:\d+/);
    expect(good.code, good.stdout).toBe(0);
    const bad = await check('postgres://crew:hunter2-secret@127.0.0.1:1/crew');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAIL store: postgres:\/\/crew:\*\*\*@127\.0\.0\.1:1\/crew cannot be reached/);
    expect(bad.stdout).not.toContain('hunter2');
  });

  it('the rate limit holds across replicas: one bucket per client, not one per replica', async () => {
    const flood = await connectCompany('crew-mcp:read');
    await expectOneBucketAcrossReplicas(set.replicas, RATE_PER_MINUTE, (replica) =>
      statusAt(replica, flood.accessToken),
    );
  });
});
