// The webhook event log in the store (crew_webhook_events), shared by every replica: one row per
// event, the event id unique within its tenant's log, so a delivery the platform made twice,
// to two replicas, is stored once. An event is acknowledged only once its insert committed; the
// same statement NOTIFYs the other replicas (after the commit, and only when a row was stored),
// whose onAppend listeners then fire as for their own deliveries: crew://events updates reach
// every replica's clients, and every replica's staffing caches drop what the event changed.
// Retention by age and by size, as the file log's: checked at open and at most hourly on append.
import type { AppendOutcome, EventLog, EventQuery, StoredEvent } from '../contract/event-log.js';
import type { Logger } from '../logger.js';
import { INLINE_EVENT_BYTES, REPLICA_CHANNEL, type ReplicaBus, type ReplicaMessage } from './bus.js';
import type { SqlEngine } from './engine.js';
import { type EventRow, toEvent } from './event-rows.js';

const DEFAULT_LIMIT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_CHECK_MS = 60 * 60 * 1000;

export interface StoreEventLogOptions {
  engine: SqlEngine;
  /** The log's owner: the tenant key (one platform key: its API URL and client id). */
  tenant: string;
  /** Other replicas' events; null for a store no other process shares (PGlite). */
  bus: ReplicaBus | null;
  /**
   * Whether the log hears the bus itself (default). A registry of many tenants' logs (the
   * connector's) hears it once and hands each log its own messages (heard, catchUp).
   */
  listen?: boolean;
  logger: Logger;
  maxAgeMs?: number;
  maxBytes?: number;
  now?: () => number;
}

/** A replica log's rows also carry their insertion order (the catch-up cursor). */
interface SeqEventRow extends EventRow {
  seq: string;
}

/** LIKE treats _ and % as wildcards (event types hold _): escape them to match literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\_%]/g, (char) => `\\${char}`);
}

export class StoreEventLog implements EventLog {
  private readonly listeners = new Set<(event: StoredEvent) => void>();
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private lastRetention = 0;
  /** Highest seq this replica has seen (its own or announced): where a resync catches up from. */
  private lastSeq = 0;
  private readonly stops: (() => void)[] = [];

  private constructor(private readonly options: StoreEventLogOptions) {
    this.maxAgeMs = options.maxAgeMs ?? 30 * DAY_MS;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  static async open(options: StoreEventLogOptions): Promise<StoreEventLog> {
    const log = new StoreEventLog(options);
    await log.applyRetention();
    const [newest] = await options.engine.query<{ seq: string | null }>(
      'select max(seq) as seq from crew_webhook_events where tenant_key = $1',
      [options.tenant],
    );
    log.lastSeq = Number(newest?.seq ?? 0);
    if (options.bus && options.listen !== false) {
      log.stops.push(options.bus.onMessage((message) => void log.heard(message)));
      log.stops.push(options.bus.onResync(() => void log.catchUp()));
    }
    return log;
  }

  /** Store the event unless its id is already in the log; resolves once committed. */
  async append(event: StoredEvent): Promise<AppendOutcome> {
    const { engine, tenant, bus } = this.options;
    const data = JSON.stringify(event.data);
    const size = Buffer.byteLength(data) + event.id.length + event.type.length + 64;
    const inline = bus && size <= INLINE_EVENT_BYTES ? event : undefined;
    // The announcement is built in SQL around the new seq, so that it goes out with the commit.
    const template = bus ? bus.envelope({ kind: 'event', tenant, seq: 0, event: inline }) : null;
    const rows = await engine.query<{ seq: string }>(
      `with stored as (
         insert into crew_webhook_events
           (tenant_key, event_id, type, created_at, received_at, data, size_bytes)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7)
         on conflict (tenant_key, event_id) do nothing
         returning seq
       )
       select seq, case when $8::text is null then null
         else pg_notify('${REPLICA_CHANNEL}', jsonb_set(($8::text)::jsonb, '{seq}', to_jsonb(seq))::text) end
       from stored`,
      [tenant, event.id, event.type, event.createdAt, event.receivedAt, data, size, template],
    );
    const stored = rows[0];
    if (!stored) return 'duplicate';
    this.lastSeq = Math.max(this.lastSeq, Number(stored.seq));
    if (this.now() - this.lastRetention > RETENTION_CHECK_MS) {
      await this.applyRetention().catch((error: unknown) =>
        this.options.logger.warn({ err: String(error) }, 'event log retention failed'),
      );
    }
    this.emit(event);
    return 'stored';
  }

  async query(query: EventQuery = {}): Promise<StoredEvent[]> {
    const params: unknown[] = [this.options.tenant, new Date(this.now() - this.maxAgeMs).toISOString()];
    const where = ['tenant_key = $1', 'received_at >= $2'];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (query.types?.length) {
      const exact = query.types;
      const families = query.types.map((type) => `${likeLiteral(type.replace(/\.\*$/, ''))}.%`);
      where.push(`(type = any(${param(exact)}::text[]) or type like any(${param(families)}::text[]))`);
    }
    if (query.since) where.push(`created_at >= ${param(query.since)}`);
    if (query.until) where.push(`created_at <= ${param(query.until)}`);
    if (query.entityId !== undefined) {
      // The entity or a related one: data.id, or any data.<x>Id / data.<x>Ids (as the file log).
      const id = param(query.entityId);
      where.push(`exists (
        select 1 from jsonb_each(data) field
        where ((field.key = 'id' or field.key like '%Id')
               and jsonb_typeof(field.value) <> 'null' and field.value #>> '{}' = ${id})
           or (field.key like '%Ids' and jsonb_typeof(field.value) = 'array'
               and exists (select 1 from jsonb_array_elements(field.value) item where item #>> '{}' = ${id})))`);
    }
    const rows = await this.options.engine.query<SeqEventRow>(
      `select seq, event_id, type, created_at, received_at, data from crew_webhook_events
       where ${where.join(' and ')} order by seq desc limit ${param(query.limit ?? DEFAULT_LIMIT)}`,
      params,
    );
    return rows.map(toEvent);
  }

  onAppend(listener: (event: StoredEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Every append has committed when it resolved: nothing is buffered. */
  async flush(): Promise<void> {}

  get listenerCount(): number {
    return this.listeners.size;
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private emit(event: StoredEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing listener (a closed client) must not fail an acknowledged delivery.
      }
    }
  }

  /** Another replica stored an event of this tenant: this replica's listeners hear of it. */
  async heard(message: ReplicaMessage): Promise<void> {
    if (message.kind !== 'event' || message.tenant !== this.options.tenant) return;
    this.lastSeq = Math.max(this.lastSeq, message.seq);
    const event = message.event ?? (await this.bySeq(message.seq));
    if (event) this.emit(event);
  }

  private async bySeq(seq: number): Promise<StoredEvent | null> {
    const rows = await this.options.engine.query<SeqEventRow>(
      'select seq, event_id, type, created_at, received_at, data from crew_webhook_events where tenant_key = $1 and seq = $2',
      [this.options.tenant, seq],
    );
    return rows[0] ? toEvent(rows[0]) : null;
  }

  /** After missed notifications: announce what was stored since the last seq this replica saw. */
  async catchUp(): Promise<void> {
    try {
      const rows = await this.options.engine.query<SeqEventRow>(
        `select seq, event_id, type, created_at, received_at, data from crew_webhook_events
         where tenant_key = $1 and seq > $2 order by seq limit 1000`,
        [this.options.tenant, this.lastSeq],
      );
      for (const row of rows) {
        this.lastSeq = Math.max(this.lastSeq, Number(row.seq));
        this.emit(toEvent(row));
      }
    } catch (error) {
      this.options.logger.warn({ err: String(error) }, 'could not catch up on missed events');
    }
  }

  /** Drop events past the maximum age, then the oldest while the log is over its size. */
  private async applyRetention(): Promise<void> {
    this.lastRetention = this.now();
    const { engine, tenant } = this.options;
    await engine.query('delete from crew_webhook_events where tenant_key = $1 and received_at < $2', [
      tenant,
      new Date(this.now() - this.maxAgeMs).toISOString(),
    ]);
    await engine.query(
      `delete from crew_webhook_events where tenant_key = $1 and seq <= (
         select seq from (
           select seq, sum(size_bytes) over (order by seq desc) as running
           from crew_webhook_events where tenant_key = $1
         ) newest_first where running > $2 order by seq desc limit 1)`,
      [tenant, this.maxBytes],
    );
  }
}
