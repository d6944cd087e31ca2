// What replicas behind one load balancer share, on the PostgreSQL server of `--store postgres://`:
// the webhook event log (events.ts), the rate limiter's buckets (rate.ts), the kept plans
// (kept-plans.ts), the 2025-era sessions' records (legacy-sessions.ts: any replica resumes one),
// and word of each other's events and writes (bus.ts). Everything else a replica holds (its
// staffing caches, its token) it may lose: a cache is refilled, a token fetched again. Loaded only
// when --store is given.
import type { KeptPlans } from '../contract/kept-plans.js';
import type { Logger } from '../logger.js';
import type { Observer } from '../observer.js';
import { ReplicaBus } from './bus.js';
import type { SqlEngine } from './engine.js';
import { StoreEventLog } from './events.js';
import { StoreKeptPlans } from './kept-plans.js';
import { StoreSessionRecords } from './legacy-sessions.js';
import { migrate } from './migrate.js';
import { observedEngine } from './observed-engine.js';
import { openPgEngine } from './pg-engine.js';
import { SharedRateLimiter } from './rate.js';

/** Advisory lock of the webhook subscription: replicas starting at once take turns replacing it. */
export const SUBSCRIPTION_LOCK = 0x63_72_65_78;

export interface ReplicaStateOptions {
  /** postgres:// or postgresql:// connection string. */
  url: string;
  /** The log's owner: one platform key (its API URL and client id). */
  tenant: string;
  logger: Logger;
  ratePerMinute: number;
  eventsMaxAgeMs: number;
  eventsMaxBytes: number;
  /** The clock kept plans expire by (the app's); default Date.now. */
  now?: () => number;
  /** Told of every round trip to the store and of the LISTEN connection's reconnects (the metrics). */
  observer?: Observer;
}

export interface ReplicaState {
  engine: SqlEngine;
  bus: ReplicaBus;
  events: StoreEventLog;
  rateLimiter: SharedRateLimiter;
  /** The tenant's kept plans, typed by their keeper: a follow-up finds its plan on any replica. */
  keptPlans<Plan>(): KeptPlans<Plan>;
  /** 2025-era sessions: a client whose replica died is served on by another. */
  sessionRecords: StoreSessionRecords;
  /**
   * A write tool ran here: the other replicas drop what their caches may hold stale. Resolves once
   * the store has sent the word (at most a second); never rejects.
   */
  publishWrite(): Promise<void>;
  /** Another replica ran a write tool for this tenant. */
  onRemoteWrite(handler: () => void): () => void;
  /** The notification connection came back: whatever was said meanwhile was missed. */
  onResync(handler: () => void): () => void;
  /** `work` while no other replica runs it (the webhook subscription's replacement). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The tenant key of a deployment with one platform key, the same in every replica. */
export function singleKeyTenant(apiUrl: string, clientId: string): string {
  return `${apiUrl.replace(/\/+$/, '')}#${clientId}`;
}

export async function openReplicaState(options: ReplicaStateOptions): Promise<ReplicaState> {
  const { url, tenant, logger } = options;
  const engine = observedEngine(await openPgEngine(url), options.observer);
  try {
    const migrated = await migrate(engine);
    if (migrated.applied.length > 0) logger.info(migrated, 'store schema migrated');
    const bus = await ReplicaBus.open(url, logger, options.observer);
    const events = await StoreEventLog.open({
      engine,
      tenant,
      bus,
      logger,
      maxAgeMs: options.eventsMaxAgeMs,
      maxBytes: options.eventsMaxBytes,
    });
    const rateLimiter = new SharedRateLimiter(engine, options.ratePerMinute, logger);
    logger.info({ replica: bus.replicaId }, 'sharing state with other replicas through the store');
    return {
      engine,
      bus,
      events,
      rateLimiter,
      keptPlans: () => new StoreKeptPlans(engine, tenant, options.now),
      sessionRecords: new StoreSessionRecords(engine),
      publishWrite: () => bus.publish(engine, { kind: 'write', tenant }),
      onRemoteWrite(handler) {
        return bus.onMessage((message) => {
          if (message.kind === 'write' && message.tenant === tenant) handler();
        });
      },
      onResync: (handler) => bus.onResync(handler),
      exclusive: (work) => engine.withLock(SUBSCRIPTION_LOCK, () => work()),
      async close() {
        events.close();
        await bus.close();
        await engine.close();
      },
    };
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw error;
  }
}
