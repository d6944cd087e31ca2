// The store's part of the metrics (--metrics-port): every statement sent to either engine is a
// round trip, counted ok or failed with its time; the replicas' LISTEN connection coming back
// after PostgreSQL cut it counts as a reconnect. Through the prom-client implementation.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/commands/metrics.js';
import { silentLogger } from '../../src/logger.js';
import { observedEngine } from '../../src/store/observed-engine.js';
import { openPgliteEngine } from '../../src/store/pglite-engine.js';
import { openReplicaState, type ReplicaState, singleKeyTenant } from '../../src/store/replicas.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';
import { until } from '../helpers/until.js';

/** A series' value in the exposition, 0 when absent. */
async function value(metrics: ReturnType<typeof createMetrics>, series: string): Promise<number> {
  const line = (await metrics.registry.metrics()).split('\n').find((text) => text.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('store round trips', () => {
  it('counts each statement on the embedded engine, and a failed one as an error', async () => {
    const metrics = createMetrics({ companyLabel: false });
    const engine = observedEngine(await openPgliteEngine(null), metrics.service);
    try {
      await engine.query('select 1');
      await engine.transaction(async (tx) => {
        await tx.query('select $1::int', [1]);
        await tx.query('select $1::int', [2]);
      });
      await expect(engine.query('select * from no_such_table')).rejects.toThrow();
      expect(await value(metrics, 'crew_mcp_store_round_trips_total{engine="pglite",outcome="ok"}')).toBe(3);
      expect(await value(metrics, 'crew_mcp_store_round_trips_total{engine="pglite",outcome="error"}')).toBe(
        1,
      );
      expect(await value(metrics, 'crew_mcp_store_round_trip_duration_seconds_count{engine="pglite"}')).toBe(
        4,
      );
    } finally {
      await engine.close();
    }
    // PGlite's start (its WebAssembly and initdb) takes tens of seconds on a loaded machine.
  }, 120_000);
});

describe('replicas on PostgreSQL', () => {
  let db: TestDatabase;
  let state: ReplicaState;
  const metrics = createMetrics({ companyLabel: false });

  beforeAll(async () => {
    db = await createTestDatabase('crew_metrics');
    state = await openReplicaState({
      url: db.url,
      tenant: singleKeyTenant('https://api.example.com', 'acme'),
      logger: silentLogger,
      ratePerMinute: 60,
      eventsMaxAgeMs: 24 * 3600 * 1000,
      eventsMaxBytes: 1024 * 1024,
      observer: metrics.service,
    });
  });
  afterAll(async () => {
    await state?.close();
    await db?.drop();
  });

  it('counts the round trips and a LISTEN reconnect', async () => {
    const before = await value(metrics, 'crew_mcp_store_round_trips_total{engine="postgres",outcome="ok"}');
    expect(before).toBeGreaterThan(0);
    await state.publishWrite();
    expect(
      await value(metrics, 'crew_mcp_store_round_trips_total{engine="postgres",outcome="ok"}'),
    ).toBeGreaterThan(before);
    expect(await value(metrics, 'crew_mcp_store_listen_reconnects_total')).toBe(0);
    let resynced = 0;
    const stop = state.onResync(() => resynced++);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
      );
      await until(() => (resynced > 0 ? true : undefined), 10_000);
    } finally {
      await admin.end();
      stop();
    }
    expect(await value(metrics, 'crew_mcp_store_listen_reconnects_total')).toBe(1);
  });
});
