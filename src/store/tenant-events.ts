// Each tenant's webhook event log (--auth connector), in the one table replicas share: a tenant's
// log is the same StoreEventLog as the one-key modes' (the event id unique per tenant, so a
// delivery received twice, by two replicas, is stored once; retention by age and size), opened
// when this replica first needs it (a delivery, a context). On a PostgreSQL server the logs
// hear other replicas' events through one subscription to the bus, routed here by tenant, so a
// client of replica 3 hears of an event delivered to replica 1; only the logs opened here listen.
import type { StoredEvent } from '../contract/event-log.js';
import type { Logger } from '../logger.js';
import type { ReplicaBus } from './bus.js';
import type { SqlEngine } from './engine.js';
import { StoreEventLog } from './events.js';

export interface TenantEventLogsOptions {
  engine: SqlEngine;
  /** Null for a store no other process shares (PGlite). */
  bus: ReplicaBus | null;
  logger: Logger;
  maxAgeMs?: number;
  maxBytes?: number;
  now?: () => number;
}

export class TenantEventLogs {
  private readonly logs = new Map<string, Promise<StoreEventLog>>();
  private readonly stops: (() => void)[] = [];
  /** Hear every opened log's events (its own appends and other replicas'), with their tenant. */
  private readonly appendListeners = new Set<(tenantKey: string, event: StoredEvent) => void>();

  constructor(private readonly options: TenantEventLogsOptions) {
    const { bus } = options;
    if (!bus) return;
    this.stops.push(
      bus.onMessage((message) => {
        if (message.kind !== 'event') return;
        void this.logs.get(message.tenant)?.then((log) => log.heard(message));
      }),
      bus.onResync(() => {
        for (const opened of this.logs.values()) void opened.then((log) => log.catchUp());
      }),
    );
  }

  /** The log of one tenant (opened once per process; a failed open is tried again next time). */
  of(tenantKey: string): Promise<StoreEventLog> {
    let opened = this.logs.get(tenantKey);
    if (!opened) {
      const { engine, bus, logger, maxAgeMs, maxBytes, now } = this.options;
      opened = StoreEventLog.open({
        engine,
        tenant: tenantKey,
        bus,
        listen: false,
        logger: logger.child({ tenant: tenantKey }),
        maxAgeMs,
        maxBytes,
        now,
      });
      opened.then(
        (log) =>
          this.stops.push(
            log.onAppend((event) => {
              for (const listener of this.appendListeners) listener(tenantKey, event);
            }),
          ),
        () => this.logs.delete(tenantKey),
      );
      this.logs.set(tenantKey, opened);
    }
    return opened;
  }

  /** Every event any opened log here hears, with its tenant (the connector's listen streams). */
  onAppend(listener: (tenantKey: string, event: StoredEvent) => void): () => void {
    this.appendListeners.add(listener);
    return () => {
      this.appendListeners.delete(listener);
    };
  }

  /** Retention for every tenant, also those no replica has opened lately; returns how many went. */
  async deleteOlderThan(cutoffMs: number): Promise<number> {
    const rows = await this.options.engine.query(
      'delete from crew_webhook_events where received_at < $1 returning event_id',
      [new Date(cutoffMs)],
    );
    return rows.length;
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    for (const opened of this.logs.values())
      void opened.then(
        (log) => log.close(),
        () => undefined,
      );
    this.logs.clear();
  }
}
