// Each tenant's webhook event log in one table: the event id is unique per tenant, so a delivery
// received twice is stored once, and every query names its tenant, so one tenant's events never
// answer another's. Listeners are per tenant and in this process (replicas: issue 24 adds
// notifications across processes).
import type { EventLog, EventQuery, StoredEvent } from '../contract/event-log.js';
import type { SqlRunner } from './engine.js';
import { type EventRow, toEvent } from './event-rows.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

export interface TenantEventLog extends EventLog {
  append(event: Omit<StoredEvent, 'receivedAt'>): Promise<'stored' | 'duplicate'>;
}

export class TenantEvents {
  private readonly listeners = new Map<string, Set<(event: StoredEvent) => void>>();

  constructor(
    private readonly sql: SqlRunner,
    private readonly now: () => number = Date.now,
  ) {}

  /** The log of one tenant. */
  of(tenantKey: string): TenantEventLog {
    return {
      append: (event) => this.append(tenantKey, event),
      query: (query) => this.query(tenantKey, query),
      onAppend: (listener) => {
        let set = this.listeners.get(tenantKey);
        if (!set) {
          set = new Set();
          this.listeners.set(tenantKey, set);
        }
        set.add(listener);
        return () => {
          set.delete(listener);
          if (set.size === 0) this.listeners.delete(tenantKey);
        };
      },
    };
  }

  async append(tenantKey: string, event: Omit<StoredEvent, 'receivedAt'>): Promise<'stored' | 'duplicate'> {
    const rows = await this.sql.query<EventRow>(
      `insert into crew_webhook_events (tenant_key, event_id, type, created_at, received_at, data)
       values ($1, $2, $3, $4, $5, $6::jsonb)
       on conflict (tenant_key, event_id) do nothing
       returning event_id, type, created_at, received_at, data`,
      [
        tenantKey,
        event.id,
        event.type,
        new Date(event.createdAt),
        new Date(this.now()),
        JSON.stringify(event.data),
      ],
    );
    const stored = rows[0];
    if (!stored) return 'duplicate';
    const copy = toEvent(stored);
    for (const listener of this.listeners.get(tenantKey) ?? []) listener(copy);
    return 'stored';
  }

  /** Newest first, like the file log. */
  async query(tenantKey: string, query: EventQuery): Promise<StoredEvent[]> {
    const params: unknown[] = [tenantKey];
    const where = ['tenant_key = $1'];
    if (query.types?.length) {
      params.push(query.types.map((type) => type.replace(/\.\*$/, '')));
      // "job.created" matches itself and its family "job" (not "crew_job"), as in the file log.
      where.push(
        `exists (select 1 from unnest($${params.length}::text[]) wanted where type = wanted or left(type, length(wanted) + 1) = wanted || '.')`,
      );
    }
    if (query.since) {
      params.push(new Date(query.since));
      where.push(`created_at >= $${params.length}`);
    }
    if (query.until) {
      params.push(new Date(query.until));
      where.push(`created_at <= $${params.length}`);
    }
    if (query.entityId !== undefined) {
      params.push(query.entityId);
      const id = `$${params.length}::text`;
      // The entity or a related one: data.id, any data.<x>Id, or an item of any data.<x>Ids.
      where.push(
        `exists (select 1 from jsonb_each(data) field where ((field.key = 'id' or field.key like '%Id') and field.value #>> '{}' = ${id}) or (field.key like '%Ids' and jsonb_typeof(field.value) = 'array' and exists (select 1 from jsonb_array_elements(field.value) item where item #>> '{}' = ${id})))`,
      );
    }
    params.push(Math.min(MAX_LIMIT, Math.max(1, query.limit ?? DEFAULT_LIMIT)));
    const rows = await this.sql.query<EventRow>(
      `select event_id, type, created_at, received_at, data from crew_webhook_events
       where ${where.join(' and ')} order by seq desc limit $${params.length}`,
      params,
    );
    return rows.map(toEvent);
  }

  /** Retention: events received before `cutoffMs` go, for every tenant; returns how many. */
  async deleteOlderThan(cutoffMs: number): Promise<number> {
    const rows = await this.sql.query(
      'delete from crew_webhook_events where received_at < $1 returning event_id',
      [new Date(cutoffMs)],
    );
    return rows.length;
  }
}
