// The store of the hosted connector: tenants, grants (platform secrets sealed per grant), the
// authorization server's records and each tenant's webhook events, on one of two engines with the
// same SQL: PGlite in --data-dir (the default: nothing to set up) or a PostgreSQL server
// (--store postgres://...). The schema is migrated at open. Loaded only by the modes that use it.
import { join } from 'node:path';
import { type Logger, silentLogger } from '../logger.js';
import type { ReplicaBus } from './bus.js';
import type { SqlEngine } from './engine.js';
import { migrate } from './migrate.js';
import { OAuthRecords } from './oauth-records.js';
import type { SecretBox } from './secret-box.js';
import { TenantEventLogs } from './tenant-events.js';
import { Tenants } from './tenants.js';

export type { SqlEngine, SqlRunner } from './engine.js';

export interface StoreOptions {
  /** A postgres:// URL (server engine), or null for the embedded engine. */
  url: string | null;
  /** The embedded engine's directory (its database goes in <dir>/store); null: in memory. */
  dataDir: string | null;
  box: SecretBox;
  now?: () => number;
  /** Replicas sharing a PostgreSQL server: word of each other's events (null or absent: none). */
  bus?: ReplicaBus | null;
  logger?: Logger;
  /** The webhook event logs' retention (default: 30 days, 64 MiB per tenant). */
  eventsMaxAgeMs?: number;
  eventsMaxBytes?: number;
}

export interface Store {
  readonly engine: SqlEngine;
  readonly box: SecretBox;
  readonly tenants: Tenants;
  readonly oauth: OAuthRecords;
  readonly events: TenantEventLogs;
  /** Schema version after migrating. */
  readonly version: number;
  /** Sealed secrets moved to the current key at open, and those that would not open. */
  readonly reencrypted: { moved: number; unreadable: number };
  close(): Promise<void>;
}

export async function openEngine(url: string | null, dataDir: string | null): Promise<SqlEngine> {
  if (url) return (await import('./pg-engine.js')).openPgEngine(url);
  return (await import('./pglite-engine.js')).openPgliteEngine(dataDir ? join(dataDir, 'store') : null);
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const engine = await openEngine(options.url, options.dataDir);
  try {
    const { version } = await migrate(engine);
    const now = options.now ?? Date.now;
    const tenants = new Tenants(engine, options.box);
    // A rotated key: secrets sealed under the previous one move to the current one at start.
    const reencrypted = await tenants.reencrypt();
    const events = new TenantEventLogs({
      engine,
      bus: options.bus ?? null,
      logger: options.logger ?? silentLogger,
      maxAgeMs: options.eventsMaxAgeMs,
      maxBytes: options.eventsMaxBytes,
      now,
    });
    return {
      engine,
      box: options.box,
      tenants,
      oauth: new OAuthRecords(engine, now),
      events,
      version,
      reencrypted,
      async close() {
        events.close();
        await engine.close();
      },
    };
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw error;
  }
}
