// A store key rotation while the hosted connector serves (issue 33 item 3): two replicas behind
// HAProxy on one PostgreSQL, in the rotation's first step (the old key seals, the new key joins
// the ring as CREW_STORE_OLD_KEYS), two companies connected and calling in a loop while
// `crew-mcp store rotate-key` (the new key sealing, the old one opening) runs as a separate
// process. No call fails; afterwards every secret is sealed with the new key, and a replica
// started with the new key alone (the old one retired) serves both companies. Then
// `crew-mcp connector forget-company` deletes one company while the replicas serve: its token is
// refused at once on every replica, the other company goes on.
import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import { parseStoreKey, SecretBox } from '../../src/store/secret-box.js';
import { Tenants } from '../../src/store/tenants.js';
import { type Connection, connectTwoCompanies, type TwoCompanies } from '../helpers/connector-flow.js';
import { callTool, connectHttp, postJsonRpc, runCli } from '../helpers/mcp.js';
import { type Replica, type ReplicaSet, spawnConnectorReplica } from '../helpers/replicas.js';

const OLD_KEY = randomBytes(32).toString('base64');
const NEW_KEY = randomBytes(32).toString('base64');
const oldId = new SecretBox(parseStoreKey(OLD_KEY, 'old')).currentKeyId;
const newId = new SecretBox(parseStoreKey(NEW_KEY, 'new')).currentKeyId;
/** The loop's bound: calls per company at most, whatever the rotation's length. */
const MAX_ROUNDS = 400;

let set: ReplicaSet;
let pair: TwoCompanies | undefined;
let store: Store;
let retired: Replica | undefined;
const clients: Client[] = [];
const companies: Connection[] = [];

beforeAll(async () => {
  pair = await connectTwoCompanies(
    {
      replicas: 2,
      connectorStoreKey: OLD_KEY,
      env: { CREW_STORE_OLD_KEYS: NEW_KEY },
      // The loop is bounded by the rotation, not by the rate limit.
      args: ['--rate-limit', '0'],
    },
    new SecretBox(parseStoreKey(OLD_KEY, 'old'), [parseStoreKey(NEW_KEY, 'new')]),
  );
  ({ set, store } = pair);
  companies.push(...pair.companies);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await retired?.kill('SIGTERM');
  await pair?.close();
}, 30_000);

async function connect(url: string, token: string): Promise<Client> {
  const client = await connectHttp(url, 'modern', token);
  clients.push(client);
  return client;
}

const storeEnv = (key: string, openers: string) => ({
  CREW_STORE: set.database.url,
  CREW_STORE_KEY: key,
  ...(openers ? { CREW_STORE_OLD_KEYS: openers } : {}),
});

it('re-seals every secret under the new key while both companies call, with no failed call', async () => {
  const callers = await Promise.all(companies.map((company) => connect(set.mcpUrl, company.accessToken)));
  let rotating = true;
  const failures: string[] = [];
  let callsDuringRotation = 0;
  const loop = async (client: Client) => {
    for (let round = 0; round < MAX_ROUNDS && rotating; round++) {
      const result = await callTool(client, 'list_crew', {}).catch((error: unknown) => ({
        isError: true,
        text: String(error),
      }));
      if (result.isError) failures.push(result.text);
      callsDuringRotation++;
    }
  };
  const loops = callers.map(loop);
  const before = await new Tenants(store.engine, store.box).sealedByKey();
  // Each company's platform secret and webhook secret, sealed with the old key.
  expect(before).toEqual({ [oldId]: 4 });
  const rotation = await runCli(['store', 'rotate-key'], storeEnv(NEW_KEY, OLD_KEY));
  rotating = false;
  await Promise.all(loops);
  expect(rotation.code, rotation.stderr + rotation.stdout).toBe(0);
  expect(rotation.stdout).toContain(`Re-sealed 4 secret(s) under store key ${newId}`);
  expect(rotation.stdout).toContain(`Every stored secret is sealed with ${newId}`);
  expect(failures).toEqual([]);
  expect(callsDuringRotation).toBeGreaterThan(0);
  expect(await new Tenants(store.engine, store.box).sealedByKey()).toEqual({ [newId]: 4 });
}, 120_000);

it('serves both companies from a replica that has the new key alone (the old one retired)', async () => {
  retired = await spawnConnectorReplica(set, 'retired-old-key', NEW_KEY);
  for (const company of companies) {
    const client = await connect(retired.mcpUrl, company.accessToken);
    const result = await callTool(client, 'list_crew', {});
    expect(result.isError, result.text).toBe(false);
  }
}, 60_000);

it('forgets one company while the replicas serve: its token is refused everywhere, the other company goes on', async () => {
  const [gone, staying] = companies as [Connection, Connection];
  // A 2025-era session of the company (a session id in the store): forgetting deletes it too.
  const legacy = await connectHttp(set.mcpUrl, 'legacy', gone.accessToken);
  clients.push(legacy);
  const sessionsOf = async (tenantKey: string) =>
    (
      await store.engine.query<{ n: number }>(
        'select count(*)::int as n from crew_legacy_sessions where tenant_key = $1',
        [tenantKey],
      )
    )[0]?.n;
  expect(await sessionsOf(gone.tenantKey)).toBe(1);
  const forgot = await runCli(['connector', 'forget-company', gone.tenantKey], storeEnv(NEW_KEY, ''));
  expect(forgot.code, forgot.stderr + forgot.stdout).toBe(0);
  expect(forgot.stdout).toMatch(
    /^Forgot company \S+: deleted 1 company record, 1 connection \(with its sealed secret\)/,
  );
  expect(forgot.stdout).toContain('1 open 2025-era client session');
  expect(await sessionsOf(gone.tenantKey)).toBe(0);
  const replicas = [...set.replicas, retired as Replica];
  const status = async (replica: Replica, token: string) => {
    const response = await postJsonRpc(
      replica.mcpUrl,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      token,
    );
    await response.arrayBuffer();
    return response.status;
  };
  for (const replica of replicas) expect(await status(replica, gone.accessToken)).toBe(401);
  for (const replica of replicas) expect(await status(replica, staying.accessToken)).not.toBe(401);
  const left = await store.engine.query<{ row: string }>(
    `select row_to_json(t)::text as row from crew_tenants t union all select row_to_json(g)::text from crew_grants g
     union all select row_to_json(o)::text from crew_oauth_records o`,
  );
  for (const { row } of left) expect(row).not.toContain(gone.tenantKey);
}, 60_000);
