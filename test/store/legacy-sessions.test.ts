// 2025-era sessions' records in the store (store/legacy-sessions.ts), on both engines: a session
// is found as saved, only by the client that opened it, with its subscriptions as last set; it is
// gone once removed or idle past the limit (the store's clock: the row's last use is moved back).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../src/contract/session-records.js';
import { openStore, type Store } from '../../src/store/index.js';
import { StoreSessionRecords } from '../../src/store/legacy-sessions.js';
import { SecretBox } from '../../src/store/secret-box.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';

const record: SessionRecord = {
  protocolVersion: '2025-11-25',
  capabilities: { elicitation: {} },
  clientInfo: { name: 'a client', version: '1.2.3' },
  subscriptions: [],
};

describe.each([
  { name: 'pglite', database: async (): Promise<TestDatabase | null> => null },
  { name: 'postgres', database: () => createTestDatabase('crew_legacy_sessions') },
])('2025-era session records on $name', ({ database }) => {
  let db: TestDatabase | null = null;
  let store: Store;
  let records: StoreSessionRecords;

  beforeAll(async () => {
    db = await database();
    store = await openStore({ url: db?.url ?? null, dataDir: null, box: new SecretBox(randomBytes(32)) });
    records = new StoreSessionRecords(store.engine, 30 * 60_000);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('finds a session as saved, for its own client only, with its subscriptions as last set', async () => {
    const id = randomUUID();
    await records.save(id, 'caller alice:1', record);
    expect(await records.find(id, 'caller alice:1')).toEqual(record);
    expect(await records.find(id, 'caller mallory:2')).toBeUndefined();
    await records.setSubscriptions(id, ['crew://events']);
    expect((await records.find(id, 'caller alice:1'))?.subscriptions).toEqual(['crew://events']);
    // The client's key is kept only as a hash.
    const rows = await store.engine.query<{ owner_hash: string }>(
      'select owner_hash from crew_legacy_sessions where session_id = $1',
      [id],
    );
    expect(rows[0]?.owner_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('forgets a session once removed, or idle past the limit until it is used again', async () => {
    const removed = randomUUID();
    await records.save(removed, 'caller bob:1', record);
    await records.remove(removed);
    expect(await records.find(removed, 'caller bob:1')).toBeUndefined();
    const idle = randomUUID();
    await records.save(idle, 'caller bob:1', record);
    const age = (minutes: number) =>
      store.engine.query(
        `update crew_legacy_sessions set last_seen = now() - make_interval(mins => $2) where session_id = $1`,
        [idle, minutes],
      );
    await age(29);
    expect(await records.find(idle, 'caller bob:1')).toEqual(record);
    await records.touch(idle);
    await age(31);
    expect(await records.find(idle, 'caller bob:1')).toBeUndefined();
  });
});
