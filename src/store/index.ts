// The store of the hosted connector: tenants, grants (platform secrets sealed per grant), the
// authorization server's records, each tenant's webhook events and kept plans, on one of two
// engines with the same SQL: PGlite in --data-dir (the default: nothing to set up) or a PostgreSQL
// server (--store postgres://...). The schema is migrated at open. Loaded only by the modes that
// use it.
import { join } from 'node:path';
import type { KeptPlans } from '../contract/kept-plans.js';
import { type Logger, silentLogger } from '../logger.js';
import type { Observer } from '../observer.js';
import type { ReplicaBus } from './bus.js';
import type { SqlEngine } from './engine.js';
import { StoreKeptPlans } from './kept-plans.js';
import { migrate } from './migrate.js';
import { OAuthRecords } from './oauth-records.js';
import { observedEngine } from './observed-engine.js';
import { type SecretBox, StoreKeyError } from './secret-box.js';
import { TenantEventLogs } from './tenant-events.js';
import { type Reencrypted, Tenants } from './tenants.js';

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
  /**
   * Delete stored secrets the store key cannot open (--discard-unreadable-secrets) instead of
   * refusing to open: their grants need reconnecting. Off: a wrong key stops the start.
   */
  discardUnreadableSecrets?: boolean;
  /** Told of every round trip to the store (the metrics). */
  observer?: Observer;
}

export interface Store {
  readonly engine: SqlEngine;
  readonly box: SecretBox;
  readonly tenants: Tenants;
  readonly oauth: OAuthRecords;
  readonly events: TenantEventLogs;
  /** A tenant's kept plans (plan_staffing's `planId`), typed by the planner that keeps them. */
  keptPlans<Plan>(tenantKey: string): KeptPlans<Plan>;
  /** Schema version after migrating. */
  readonly version: number;
  /** Sealed secrets moved to the current key at open, and those that would not open (discarded). */
  readonly reencrypted: Reencrypted;
  close(): Promise<void>;
}

export async function openEngine(url: string | null, dataDir: string | null): Promise<SqlEngine> {
  if (url) return (await import('./pg-engine.js')).openPgEngine(url);
  return (await import('./pglite-engine.js')).openPgliteEngine(dataDir ? join(dataDir, 'store') : null);
}

/** Why a store whose secrets the key cannot open is not opened, and the two ways on. */
export function unreadableMessage(reencrypted: Reencrypted, currentKeyId: string): string {
  const why =
    reencrypted.unknownKeys.length > 0
      ? `they are sealed with store key ${reencrypted.unknownKeys.join(', ')}, and the key given is ${currentKeyId}`
      : 'they fail their integrity check (tampered, or moved to another row)';
  return (
    `CREW_STORE_KEY (or --store-key-file) cannot open ${reencrypted.unreadable} stored secret(s): ${why}. ` +
    'Give the key they were sealed with (after a rotation: the old one as CREW_STORE_PREVIOUS_KEY), ' +
    'or start once with --discard-unreadable-secrets to delete them (the companies connected must connect again).'
  );
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const engine = observedEngine(await openEngine(options.url, options.dataDir), options.observer);
  try {
    const { version } = await migrate(engine);
    const now = options.now ?? Date.now;
    const tenants = new Tenants(engine, options.box);
    // A rotated key: secrets sealed under the previous one move to the current one at start.
    const reencrypted = await tenants.reencrypt(options.discardUnreadableSecrets);
    if (reencrypted.unreadable > 0 && !options.discardUnreadableSecrets) {
      throw new StoreKeyError(unreadableMessage(reencrypted, options.box.currentKeyId));
    }
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
      keptPlans: (tenantKey) => new StoreKeptPlans(engine, tenantKey, now),
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
