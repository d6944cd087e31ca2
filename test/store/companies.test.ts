// The store key ring and the company lifecycle (issue 33 item 3) on both engines: a rotation moves
// every sealed secret (grants, webhook secrets, API keys waiting for consent) to the new key while
// a replica that still seals with the old key opens them all; a company's export holds no secret in
// clear; forgetting a company leaves no row of it in any table of the store (every table is read,
// also those added after this test) and leaves the other company whole.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCompany, findCompany, forgetCompany } from '../../src/store/companies.js';
import { openStore, type Store } from '../../src/store/index.js';
import { StoreSessionRecords } from '../../src/store/legacy-sessions.js';
import { PendingKeys } from '../../src/store/pending-keys.js';
import { SecretBox } from '../../src/store/secret-box.js';
import { Tenants } from '../../src/store/tenants.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';

const OLD = randomBytes(32);
const NEW = randomBytes(32);
const now = () => Date.parse('2026-11-21T12:00:00Z');

const engines = [
  { name: 'pglite', database: async () => null },
  { name: 'postgres', database: () => createTestDatabase('crew_companies') },
] as const;

const place = (clientId: string) => ({
  apiUrl: 'https://api.example.com',
  platformClientId: clientId,
  authUrl: 'https://auth.example.com',
  realm: 'crew',
});

describe.each(engines)('companies on $name', ({ database }) => {
  let db: TestDatabase | null;
  let store: Store;
  const secrets: string[] = [];

  /** A company as the connector leaves it: two grants, tokens, a session, events, a plan, a pending key. */
  async function company(clientId: string) {
    const tenant = await store.tenants.upsert(place(clientId));
    const grantIds = [`${clientId}-g1`, `${clientId}-g2`];
    for (const grantId of grantIds) {
      const secret = `secret-of-${grantId}-${randomBytes(6).toString('hex')}`;
      secrets.push(secret);
      await store.tenants.createGrant({
        grantId,
        tenantKey: tenant.key,
        secret,
        platformScopes: ['crew:read'],
      });
      await store.oauth.upsert('Grant', grantId, { accountId: tenant.key, clientId: 'client-1' }, 3600);
      await store.oauth.upsert(
        'AccessToken',
        `at-${grantId}`,
        { grantId, accountId: tenant.key, clientId: 'client-1' },
        3600,
      );
      await store.oauth.upsert('RefreshToken', `rt-${grantId}`, { grantId, accountId: tenant.key }, 3600);
    }
    await store.oauth.upsert(
      'Session',
      `session-${clientId}`,
      { accountId: tenant.key, uid: `s-${clientId}` },
      3600,
    );
    const webhookSecret = `whsec-${clientId}-${randomBytes(6).toString('hex')}`;
    secrets.push(webhookSecret);
    await store.tenants.setWebhook(tenant.key, webhookSecret, { id: `sub-${clientId}` });
    const log = await store.events.of(tenant.key);
    for (const id of ['e1', 'e2', 'e3']) {
      await log.append({
        id: `${clientId}-${id}`,
        type: 'job.updated',
        createdAt: '2026-11-21T11:00:00.000Z',
        receivedAt: '2026-11-21T11:00:01.000Z',
        data: { jobId: '7' },
      });
    }
    const plans = store.keptPlans<{ roles: string[] }>(tenant.key);
    await plans.keep(plans.idFor(`plan-${clientId}`), { roles: ['r1'] });
    await new StoreSessionRecords(store.engine).save(
      `session-id-${clientId}`,
      `caller client-1:${tenant.key}`,
      {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: `host-of-${clientId}`, version: '1' },
        subscriptions: [],
      },
      tenant.key,
    );
    const pendingSecret = `pending-${clientId}-${randomBytes(6).toString('hex')}`;
    secrets.push(pendingSecret);
    await new PendingKeys(store.engine, store.box, now).put(
      `uid-${clientId}`,
      { place: place(clientId), secret: pendingSecret, platformScopes: [] },
      600_000,
    );
    return { tenant, grantIds };
  }

  beforeAll(async () => {
    db = await database();
    store = await openStore({ url: db?.url ?? null, dataDir: null, box: new SecretBox(OLD), now });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('rotates every sealed secret to the new key; a replica sealing with the old key still opens them', async () => {
    const { tenant, grantIds } = await company('rotating');
    const oldId = new SecretBox(OLD).currentKeyId;
    const newId = new SecretBox(NEW).currentKeyId;
    // Step 1: the new key joins the ring as an opener (nothing moves: the old key still seals).
    const opener = new Tenants(store.engine, new SecretBox(OLD, [NEW]));
    expect(await opener.reencrypt()).toMatchObject({ moved: 0, unreadable: 0 });
    // Step 3: rotate-key with the new key sealing.
    const sealer = new Tenants(store.engine, new SecretBox(NEW, [OLD]));
    expect(await sealer.sealedByKey()).toEqual({ [oldId]: 4 });
    const rotated = await sealer.reencrypt();
    expect(rotated).toMatchObject({ moved: 4, unreadable: 0, discarded: 0 });
    expect(await sealer.sealedByKey()).toEqual({ [newId]: 4 });
    // A replica not yet rolled (old key sealing, new key opening) reads them all; so does the new
    // key alone, once the old one is retired.
    for (const box of [new SecretBox(OLD, [NEW]), new SecretBox(NEW)]) {
      const tenants = new Tenants(store.engine, box);
      for (const grantId of grantIds) expect(await tenants.grantSecret(grantId)).toMatch(/^secret-of-/);
      expect(await tenants.webhookSecret(tenant.key)).toMatch(/^whsec-rotating-/);
    }
    // The API key waiting for consent moved too (taken once: consent takes it).
    expect(await new PendingKeys(store.engine, new SecretBox(NEW), now).take('uid-rotating')).toMatchObject({
      secret: expect.stringMatching(/^pending-rotating-/),
    });
    // The old key alone opens nothing any more: it can go only after the rotation.
    expect(await new Tenants(store.engine, new SecretBox(OLD)).unreadableSecrets()).toMatchObject({
      unreadable: 3,
      unknownKeys: [newId],
    });
    await forgetCompany(store.engine, tenant.key, null);
  });

  it('exports what it holds about a company, never a secret in clear', async () => {
    const { tenant, grantIds } = await company('exported');
    const exported = await exportCompany(store.engine, 'exported');
    expect(exported.company).toMatchObject({ tenantKey: tenant.key, platformClientId: 'exported' });
    expect(exported.grants.map((grant) => grant.grantId)).toEqual(grantIds);
    expect(exported.grants[0]?.platformSecret).toMatchObject({ sealed: true });
    expect(exported.events.map((event) => event.id)).toEqual(['exported-e1', 'exported-e2', 'exported-e3']);
    expect(exported.keptPlans).toEqual([expect.objectContaining({ planId: 'plan-exported' })]);
    expect(exported.sessions).toEqual([
      expect.objectContaining({
        protocolVersion: '2025-06-18',
        client: { name: 'host-of-exported', version: '1' },
      }),
    ]);
    expect(exported.authorization.map((record) => record.kind).sort()).toEqual(
      ['AccessToken', 'AccessToken', 'Grant', 'Grant', 'RefreshToken', 'RefreshToken', 'Session'].sort(),
    );
    const text = JSON.stringify(exported);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // A token's id is the token, and a session's id lets its client in: neither is exported.
    expect(text).not.toContain('at-exported-g1');
    expect(text).not.toContain('session-id-exported');
    await forgetCompany(store.engine, tenant.key, null);
  });

  it('forgets a company: no row of it in any table, the other company whole', async () => {
    const gone = await company('forgotten');
    const kept = await company('staying');
    const keptExport = await exportCompany(store.engine, kept.tenant.key);
    const result = await forgetCompany(store.engine, 'forgotten', store.box);
    expect(result.deleted).toEqual({
      crew_oauth_records: 7,
      crew_webhook_events: 3,
      crew_kept_plans: 1,
      crew_legacy_sessions: 1,
      crew_connect_pending: 1,
      crew_grants: 2,
      crew_tenants: 1,
    });
    // Every table of the store, read whole: no row names the company, its grants or its key.
    const tables = await store.engine.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.name)).toContain('crew_webhook_events');
    const marks = [gone.tenant.key, ...gone.grantIds, 'forgotten', 'session-id-forgotten'];
    for (const { name } of tables) {
      const rows = await store.engine.query<{ row: string }>(
        `select row_to_json(t)::text as row from ${name} t`,
      );
      for (const { row } of rows) for (const mark of marks) expect(row, name).not.toContain(mark);
    }
    // The pending key's row is sealed: it went (counted above), as its id no longer shows.
    expect(await new PendingKeys(store.engine, store.box, now).take('uid-forgotten')).toBeNull();
    await expect(findCompany(store.engine, 'forgotten')).rejects.toThrow(/No company "forgotten"/);
    expect(await exportCompany(store.engine, kept.tenant.key)).toEqual(keptExport);
    await forgetCompany(store.engine, kept.tenant.key, store.box);
  });
});
