// The same store tests on both engines: PGlite (embedded, in memory here) and a PostgreSQL server
// (a database of this file's own). Migrations, tenants and grants with sealed secrets, the OAuth
// records with expiry and revocation by grant, and per-tenant event logs.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { migrate } from '../../src/store/migrate.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { PendingKeys } from '../../src/store/pending-keys.js';
import { SecretBox } from '../../src/store/secret-box.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';

const KEY = randomBytes(32);
let clock = Date.parse('2026-07-01T12:00:00Z');
const now = () => clock;

const engines = [
  { name: 'pglite', database: async () => null },
  { name: 'postgres', database: () => createTestDatabase('crew_store') },
] as const;

describe.each(engines)('store on $name', ({ database }) => {
  let db: TestDatabase | null;
  let store: Store;
  const place = (clientId: string) => ({
    apiUrl: 'https://api.example.com',
    platformClientId: clientId,
    authUrl: 'https://auth.example.com',
    realm: 'crew',
  });

  /** A tenant with a grant's secret and a webhook secret sealed in the store. */
  const withSecrets = async (clientId: string, grantId: string, secret: string, webhookSecret: string) => {
    const tenant = await store.tenants.upsert(place(clientId));
    await store.tenants.createGrant({ grantId, tenantKey: tenant.key, secret, platformScopes: [] });
    await store.tenants.setWebhook(tenant.key, webhookSecret, { id: `sub-${grantId}` });
    return tenant;
  };

  beforeAll(async () => {
    db = await database();
    store = await openStore({ url: db?.url ?? null, dataDir: null, box: new SecretBox(KEY), now });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('migrates once: a second run applies nothing and the version stays', async () => {
    const versions = MIGRATIONS.map((migration) => migration.version);
    expect(store.version).toBe(versions.length);
    expect(await migrate(store.engine)).toEqual({ applied: [], version: versions.length });
    const rows = await store.engine.query<{ version: number }>('select version from crew_migrations');
    expect(rows.map((row) => Number(row.version))).toEqual(versions);
  });

  it('refuses a schema newer than this build', async () => {
    await expect(migrate(store.engine, [])).rejects.toThrow(/newer than this crew-mcp knows/);
  });

  it('gives one tenant per platform account and keeps its key on reconnection', async () => {
    const first = await store.tenants.upsert(place('acme'));
    const again = await store.tenants.upsert({ ...place('acme'), realm: 'crew-eu' });
    const other = await store.tenants.upsert(place('globex'));
    expect(again.key).toBe(first.key);
    expect(again.realm).toBe('crew-eu');
    expect(other.key).not.toBe(first.key);
    expect(first.key).toMatch(/^t[a-z0-9]+$/);
    expect(await store.tenants.get(first.key)).toMatchObject({ platformClientId: 'acme' });
  });

  it('seals the platform secret per grant, and revoking deletes it', async () => {
    const tenant = await store.tenants.upsert(place('acme'));
    await store.tenants.createGrant({
      grantId: 'g1',
      tenantKey: tenant.key,
      secret: 's3cret-acme',
      platformScopes: ['jobs:read'],
    });
    const raw = await store.engine.query<{ secret_enc: string }>(
      `select secret_enc from crew_grants where grant_id = 'g1'`,
    );
    expect(raw[0]?.secret_enc).not.toContain('s3cret');
    expect(await store.tenants.grantSecret('g1')).toBe('s3cret-acme');
    expect(await store.tenants.grant('g1')).toMatchObject({
      tenantKey: tenant.key,
      status: 'active',
      platformScopes: ['jobs:read'],
    });
    // A sealed value moved to another grant's row does not open.
    await store.tenants.createGrant({
      grantId: 'g2',
      tenantKey: tenant.key,
      secret: 'other',
      platformScopes: [],
    });
    await store.engine.query(`update crew_grants set secret_enc = $1 where grant_id = 'g2'`, [
      raw[0]?.secret_enc,
    ]);
    await expect(store.tenants.grantSecret('g2')).rejects.toThrow(/integrity check/);
    await store.tenants.revokeGrant('g1');
    expect(await store.tenants.grantSecret('g1')).toBeNull();
    const after = await store.engine.query<{ secret_enc: string | null }>(
      `select secret_enc from crew_grants where grant_id = 'g1'`,
    );
    expect(after[0]?.secret_enc).toBeNull();
  });

  it('marks a grant as needing reconnection and forgets its secret', async () => {
    const tenant = await store.tenants.upsert(place('acme'));
    await store.tenants.createGrant({
      grantId: 'g3',
      tenantKey: tenant.key,
      secret: 'reset-me',
      platformScopes: [],
    });
    await store.tenants.markNeedsReconnect('g3');
    expect(await store.tenants.grant('g3')).toMatchObject({ status: 'needs_reconnect' });
    expect(await store.tenants.grantSecret('g3')).toBeNull();
  });

  it('re-encrypts secrets under a rotated key, and the old key alone no longer opens them', async () => {
    const tenant = await withSecrets('rotating', 'g-rot', 'rotate-me', 'whsec-rotate');
    const next = randomBytes(32);
    if (store.engine.kind === 'postgres') {
      // Another process opening the same database with the rotated keys moves the sealed values;
      // g2 holds g1's sealed value (the tampering test), which opens under no key: it refuses
      // to open unless told to discard it.
      const open = (discardUnreadableSecrets: boolean) =>
        openStore({
          url: db?.url ?? null,
          dataDir: null,
          box: new SecretBox(next, [KEY]),
          now,
          discardUnreadableSecrets,
        });
      await expect(open(false)).rejects.toThrow(
        /cannot open 1 stored secret\(s\): they fail their integrity check .*--discard-unreadable-secrets/,
      );
      const rotated = await open(true);
      try {
        expect(rotated.reencrypted).toEqual({ moved: 2, unreadable: 1, discarded: 1, unknownKeys: [] });
        expect(await rotated.tenants.grant('g2')).toMatchObject({ status: 'needs_reconnect' });
        expect(await rotated.tenants.grantSecret('g-rot')).toBe('rotate-me');
        expect(await rotated.tenants.webhookSecret(tenant.key)).toBe('whsec-rotate');
        await expect(store.tenants.grantSecret('g-rot')).rejects.toThrow(/not configured/);
      } finally {
        await rotated.close();
      }
      return;
    }
    {
      // PGlite in memory is one process's database: the keys swapped in place, keys swapped in place: reencrypt() moves the sealed values.
      const box = new SecretBox(next, [KEY]);
      const { Tenants } = await import('../../src/store/tenants.js');
      // g2 holds g1's sealed value (the tampering test): counted, and nothing moves...
      expect(await new Tenants(store.engine, box).reencrypt()).toMatchObject({ moved: 0, unreadable: 1 });
      expect(await store.tenants.grantSecret('g-rot')).toBe('rotate-me');
      // ...unless told to discard what does not open.
      const { moved, discarded } = await new Tenants(store.engine, box).reencrypt(true);
      expect(moved).toBeGreaterThanOrEqual(2);
      expect(discarded).toBe(1);
      expect(await new Tenants(store.engine, box).grantSecret('g-rot')).toBe('rotate-me');
      await expect(store.tenants.grantSecret('g-rot')).rejects.toThrow(/not configured/);
    }
  });

  it('refuses to open with a store key that cannot open its secrets, naming the keys and the two ways on', async () => {
    if (store.engine.kind !== 'postgres') return; // one process's in-memory database: the server's test says it
    const { Tenants } = await import('../../src/store/tenants.js');
    const tenant = await withSecrets('wrong-key', 'g-wk', 's', 'whsec-wk');
    const wrong = new SecretBox(randomBytes(32));
    // Read-only, as crew-mcp check reads it: nothing changes.
    const probe = await new Tenants(store.engine, wrong).unreadableSecrets();
    // (besides the key the rotation test above moved its secrets to)
    expect(probe.unknownKeys).toContain(store.box.currentKeyId);
    expect(probe.unreadable).toBeGreaterThanOrEqual(2);
    const open = (discardUnreadableSecrets: boolean) =>
      openStore({ url: db?.url ?? null, dataDir: null, box: wrong, now, discardUnreadableSecrets });
    await expect(open(false)).rejects.toThrow(
      new RegExp(
        `CREW_STORE_KEY \\(or --store-key-file\\) cannot open \\d+ stored secret\\(s\\): they are sealed with store key .*${store.box.currentKeyId}.*, and the key given is ${wrong.currentKeyId}\\. Give the key .*CREW_STORE_PREVIOUS_KEY.*--discard-unreadable-secrets`,
      ),
    );
    expect(await store.tenants.grantSecret('g-wk')).toBe('s');
    const discarded = await open(true);
    try {
      expect(discarded.reencrypted.discarded).toBe(probe.unreadable);
      expect(await discarded.tenants.grant('g-wk')).toMatchObject({ status: 'needs_reconnect' });
      expect(await discarded.tenants.webhookSecret(tenant.key)).toBeNull();
      expect((await discarded.tenants.get(tenant.key))?.webhookSubscription).toBeNull();
    } finally {
      await discarded.close();
    }
  });

  it('keeps OAuth records until they expire or their grant is revoked', async () => {
    await store.oauth.upsert('AccessToken', 'at1', { grantId: 'gr1', accountId: 'a' }, 60);
    await store.oauth.upsert('RefreshToken', 'rt1', { grantId: 'gr1' }, 3600);
    await store.oauth.upsert('Grant', 'gr1', { accountId: 'a' }, 3600);
    await store.oauth.upsert('Interaction', 'i1', { uid: 'u1' }, 600);
    await store.oauth.upsert('Client', 'c1', { client_id: 'c1' });
    expect(await store.oauth.find('AccessToken', 'at1')).toMatchObject({ accountId: 'a' });
    expect(await store.oauth.findByUid('Interaction', 'u1')).toMatchObject({ uid: 'u1' });
    await store.oauth.consume('RefreshToken', 'rt1');
    expect((await store.oauth.find('RefreshToken', 'rt1'))?.consumed).toBeTypeOf('number');
    clock += 61_000;
    expect(await store.oauth.find('AccessToken', 'at1')).toBeUndefined();
    expect(await store.oauth.sweep()).toBe(1);
    await store.oauth.revokeByGrantId('gr1');
    expect(await store.oauth.find('RefreshToken', 'rt1')).toBeUndefined();
    expect(await store.oauth.find('Grant', 'gr1')).toBeUndefined();
    expect(await store.oauth.find('Client', 'c1')).toMatchObject({ client_id: 'c1' });
    await store.oauth.destroy('Client', 'c1');
    expect(await store.oauth.find('Client', 'c1')).toBeUndefined();
  });

  it('keeps a verified key for consent sealed, gives it once, and not after it expires', async () => {
    const pending = new PendingKeys<{ secret: string; scopes: string[] }>(store.engine, store.box, now);
    await pending.put('uid-1', { secret: 'pending-secret-1', scopes: ['jobs:read'] }, 60_000);
    await pending.put('uid-2', { secret: 'pending-secret-2', scopes: [] }, 60_000);
    const rows = await store.engine.query<{ sealed: string }>('select sealed from crew_connect_pending');
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('pending-secret');
    // A sealed row copied to another interaction does not open there.
    await store.engine.query(
      "update crew_connect_pending set sealed = (select sealed from crew_connect_pending where interaction_uid = 'uid-1') where interaction_uid = 'uid-2'",
    );
    await expect(pending.take('uid-2')).rejects.toThrow(/integrity check/);
    expect(await pending.take('uid-1')).toEqual({ secret: 'pending-secret-1', scopes: ['jobs:read'] });
    expect(await pending.take('uid-1')).toBeNull();
    await pending.put('uid-3', { secret: 'pending-secret-3', scopes: [] }, 60_000);
    clock += 61_000;
    expect(await pending.take('uid-3')).toBeNull();
    // Expired rows of abandoned forms go at the next put.
    await pending.put('uid-4', { secret: 'pending-secret-4', scopes: [] }, 60_000);
    await pending.put('uid-4', { secret: 'pending-secret-4b', scopes: [] }, 60_000);
    expect(await pending.take('uid-4')).toEqual({ secret: 'pending-secret-4b', scopes: [] });
    clock -= 61_000;
  });

  it("keeps each tenant's events apart, stores a repeated delivery once, and filters like the file log", async () => {
    const a = await store.events.of('tenant-a');
    const b = await store.events.of('tenant-b');
    const seenByB: string[] = [];
    const stop = b.onAppend((event) => seenByB.push(event.id));
    const event = (id: string, type: string, data: Record<string, unknown>) => ({
      id,
      type,
      createdAt: new Date(clock).toISOString(),
      receivedAt: new Date(clock).toISOString(),
      data,
    });
    expect(await a.append(event('e1', 'job.created', { id: 'j1' }))).toBe('stored');
    expect(await a.append(event('e1', 'job.created', { id: 'j1' }))).toBe('duplicate');
    expect(await a.append(event('e2', 'crew_job.updated', { id: 'cj1', crewIds: ['c7'] }))).toBe('stored');
    // The same event id is another tenant's own event.
    expect(await b.append(event('e1', 'job.updated', { id: 'j9' }))).toBe('stored');
    stop();
    expect(seenByB).toEqual(['e1']);
    expect((await a.query({})).map((e) => e.id)).toEqual(['e2', 'e1']);
    expect((await b.query({})).map((e) => e.data.id)).toEqual(['j9']);
    expect((await a.query({ types: ['job'] })).map((e) => e.id)).toEqual(['e1']);
    expect((await a.query({ types: ['crew_job.*'] })).map((e) => e.id)).toEqual(['e2']);
    expect((await a.query({ entityId: 'c7' })).map((e) => e.id)).toEqual(['e2']);
    expect((await a.query({ limit: 1 })).map((e) => e.id)).toEqual(['e2']);
    expect(await store.events.deleteOlderThan(clock + 1)).toBe(3);
  });
});

describe('store migrations on a PostgreSQL server', () => {
  it('are safe when processes start at once: each version applied exactly once', async () => {
    const db = await createTestDatabase('crew_migrate');
    try {
      const box = new SecretBox(KEY);
      const stores = await Promise.all([1, 2, 3].map(() => openStore({ url: db.url, dataDir: null, box })));
      const { engine } = stores[0] as Store;
      const rows = await engine.query<{ version: number }>('select version from crew_migrations');
      expect(rows.map((row) => Number(row.version))).toEqual(
        MIGRATIONS.map((migration) => migration.version),
      );
      await Promise.all(stores.map((store) => store.close()));
    } finally {
      await db.drop();
    }
  });
});
