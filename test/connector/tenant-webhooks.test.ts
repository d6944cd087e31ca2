// The connector's per-tenant webhooks hold no plaintext copy of a company's platform secret: the
// secret to unsubscribe with is kept sealed with the store's key, and opened only when the
// tenant's last grant goes, which is when it is sent (to the platform's token endpoint, here a
// recorder on 127.0.0.1).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../src/client-address.js';
import { createTenantWebhooks, UNSUBSCRIBE_CONTEXT } from '../../src/connector/tenant-webhooks.js';
import { silentLogger } from '../../src/logger.js';
import { openStore, type Store } from '../../src/store/index.js';
import { SecretBox } from '../../src/store/secret-box.js';

const SECRET = `company-secret-${randomBytes(12).toString('hex')}`;
const STALE_SECRET = `stale-grant-secret-${randomBytes(12).toString('hex')}`;

/** Every string `value` holds, walked through its fields, maps, sets and arrays. */
function stringsOf(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const parts: unknown[] =
    value instanceof Map
      ? [...value.keys(), ...value.values()]
      : value instanceof Set
        ? [...value]
        : Object.values(value);
  return parts.flatMap((part) => stringsOf(part, seen));
}

const holds = (value: unknown, secret: string): boolean =>
  stringsOf(value).some((text) => text.includes(secret));

let store: Store;
let platform: Server;
let platformUrl: string;
const tokenRequests: string[] = [];

beforeAll(async () => {
  store = await openStore({ url: null, dataDir: null, box: new SecretBox(randomBytes(32)) });
  platform = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      tokenRequests.push(body);
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
    });
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
}, 120_000); // the embedded store's first open compiles PGlite: slow on a busy machine

afterAll(async () => {
  await new Promise((resolve) => platform.close(resolve));
  await store.close();
});

describe('tenant webhooks', () => {
  it('finds a secret wherever an object holds it (the check below would pass vacuously otherwise)', () => {
    expect(holds({ nested: new Map([['t1', { secret: `x${SECRET}` }]]) }, SECRET)).toBe(true);
    expect(holds({ nested: new Map([['t1', { secret: 'other' }]]) }, SECRET)).toBe(false);
  });

  it('keeps the secret to unsubscribe with sealed, and opens it only to unsubscribe', async () => {
    const place = {
      apiUrl: `${platformUrl}/graphql`,
      platformClientId: 'client-1',
      authUrl: platformUrl,
      realm: 'r',
    };
    const { key } = await store.tenants.upsert(place);
    await store.tenants.setWebhook(key, 'webhook-signing-secret', { id: 'subscription-1', url: 'unused' });
    const tenant = (await store.tenants.get(key))!;
    const webhooks = createTenantWebhooks({
      store,
      logger: silentLogger,
      publicBase: () => 'http://127.0.0.1:9',
      allowUnsigned: false,
      addressOf: clientAddressOf([]),
    });

    // Subscribed already: nothing is sent on connect, and the secret is kept for the disconnect.
    await webhooks.onConnected(tenant, 'grant-1', SECRET);
    webhooks.useSecret(key, SECRET);
    expect(tokenRequests).toEqual([]);
    expect(holds(webhooks, SECRET)).toBe(false);
    // It is held, sealed, where the walk reaches (so the check above is not vacuous).
    const opens = (text: string) => {
      try {
        return store.box.open(text, UNSUBSCRIBE_CONTEXT + key) === SECRET;
      } catch {
        return false;
      }
    };
    expect(stringsOf(webhooks).filter(opens)).toHaveLength(1);

    // The last grant goes: the remembered secret (not the gone grant's stale one) asks for the
    // token that deletes the subscription, and the webhook secret is forgotten.
    await webhooks.onGrantGone(key, STALE_SECRET);
    expect(tokenRequests).toHaveLength(1);
    expect(new URLSearchParams(tokenRequests[0]).get('client_secret')).toBe(SECRET);
    expect(await store.tenants.webhookSecret(key)).toBeNull();
    expect(holds(webhooks, SECRET)).toBe(false);
  });
});
