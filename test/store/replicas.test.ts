// Two replicas' shared state on one PostgreSQL database, in one process (each with its own pool and
// listening connection, as two processes have): the event log stored once and announced to the
// other, retention by age and size, one rate-limit bucket per client, word of a write, and the
// catch-up after the listening connection was cut.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/contract/event-log.js';
import { silentLogger } from '../../src/logger.js';
import { openReplicaState, type ReplicaState, singleKeyTenant } from '../../src/store/replicas.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';
import { until } from '../helpers/until.js';

const TENANT = singleKeyTenant('https://api.example.com/', 'acme');
let db: TestDatabase;
let one: ReplicaState;
let two: ReplicaState;

const open = (ratePerMinute = 60, eventsMaxBytes = 64 * 1024 * 1024) =>
  openReplicaState({
    url: db.url,
    tenant: TENANT,
    logger: silentLogger,
    ratePerMinute,
    eventsMaxAgeMs: 30 * 24 * 60 * 60 * 1000,
    eventsMaxBytes,
  });

function event(n: number, data: Record<string, unknown> = { id: `job-${n}` }): StoredEvent {
  const at = new Date().toISOString();
  return {
    id: `evt-${n}-${randomBytes(3).toString('hex')}`,
    type: 'job.updated',
    createdAt: at,
    receivedAt: at,
    data,
  };
}

beforeAll(async () => {
  db = await createTestDatabase('crew_replicas');
  // Both start at once against an empty database: the migration lock makes them take turns.
  [one, two] = await Promise.all([open(), open()]);
}, 60_000);

afterAll(async () => {
  await one?.close();
  await two?.close();
  await db?.drop();
});

describe('replica state on one PostgreSQL', () => {
  it('stores an event once, whichever replica receives it, and announces it to the other', async () => {
    const heard: StoredEvent[] = [];
    const stop = two.events.onAppend((stored) => heard.push(stored));
    const big = event(1, { id: 'job-1', notes: 'x'.repeat(9000) });
    const small = event(2, { id: 'job-2', crewIds: [7, 8] });
    expect(await one.events.append(big)).toBe('stored');
    expect(await two.events.append(big)).toBe('duplicate');
    expect(await one.events.append(small)).toBe('stored');
    // The large one is announced by its seq (over NOTIFY's payload limit) and read back.
    await until(() => (heard.length === 2 ? true : undefined), 5000);
    expect(heard.map((stored) => stored.id).sort()).toEqual([big.id, small.id].sort());
    expect(heard.find((stored) => stored.id === big.id)?.data.notes).toHaveLength(9000);
    stop();
    expect((await two.events.query({ entityId: '8' })).map((stored) => stored.id)).toEqual([small.id]);
    expect((await two.events.query({ types: ['job'], limit: 1 })).map((stored) => stored.id)).toEqual([
      small.id,
    ]);
    expect(await two.events.query({ types: ['crew_job'] })).toEqual([]);
  });

  it('holds one rate-limit bucket per client across replicas', async () => {
    const client = `caller ${randomBytes(4).toString('hex')}`;
    // 60 a minute: bursts of 10.
    const decisions = [];
    for (let i = 0; i < 16; i++) decisions.push(await (i % 2 ? one : two).rateLimiter.take(client));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(decisions.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('tells the other replica of a write before the write answers', async () => {
    let heard = 0;
    const stop = two.onRemoteWrite(() => {
      heard += 1;
    });
    await one.publishWrite();
    await until(() => (heard === 1 ? true : undefined), 5000);
    stop();
    expect(heard).toBe(1);
  });

  it('catches up on events stored while its listening connection was cut', async () => {
    const heard: string[] = [];
    let resynced = 0;
    const stops = [two.events.onAppend((stored) => heard.push(stored.id)), two.onResync(() => resynced++)];
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      // Cut every LISTEN connection (both replicas'), then store an event while they reconnect.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
      );
      const missed = event(3);
      expect(await one.events.append(missed)).toBe('stored');
      await until(() => (resynced > 0 && heard.includes(missed.id) ? true : undefined), 10_000);
    } finally {
      await admin.end();
      for (const stop of stops) stop();
    }
  });

  it('keeps the log under its size, dropping the oldest events', async () => {
    const small = await open(60, 4000);
    try {
      const ids = [];
      for (let n = 10; n < 20; n++) {
        const stored = event(n, { id: `job-${n}`, pad: 'y'.repeat(600) });
        ids.push(stored.id);
        await small.events.append(stored);
      }
      // Retention runs at open and hourly: a replica opened now applies it.
      const later = await open(60, 4000);
      const left = (await later.events.query({ limit: 100 })).map((stored) => stored.id);
      await later.close();
      expect(left.length).toBeGreaterThan(0);
      expect(left.length).toBeLessThan(ids.length);
      expect(left[0]).toBe(ids.at(-1));
      expect(left).not.toContain(ids[0]);
    } finally {
      await small.close();
    }
  });
});
