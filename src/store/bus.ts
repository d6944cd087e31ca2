// What replicas sharing one PostgreSQL tell each other, by LISTEN/NOTIFY on one channel: a webhook
// event was stored (each replica's crew://events subscribers hear of it and its staffing caches
// drop what it changed), a write tool ran (caches drop what it may have changed). A message
// carries the replica it came from; a replica acts on its own at once and ignores its echo.
// The listening connection is this replica's own, reconnected with backoff when it drops; what was
// said while it was down is lost, so reconnecting tells the handlers to resynchronise (catch up on
// events, drop every cache): NOTIFY is a hint to act sooner, never the only record.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { StoredEvent } from '../contract/event-log.js';
import type { Logger } from '../logger.js';
import type { Observer } from '../observer.js';

export const REPLICA_CHANNEL = 'crew_mcp_replicas';
/** NOTIFY's payload limit is 8000 bytes; an event larger than this is fetched by its seq instead. */
export const INLINE_EVENT_BYTES = 7000;
const RECONNECT_MS = { first: 250, max: 5000 };
/** How long a notice (a write's, a revocation's) may hold up the answer that follows it. */
const PUBLISH_CAP_MS = 1000;

/** What publishing needs of the store: its NOTIFY. */
interface Notifier {
  notify(channel: string, payload: string): Promise<void>;
}

export type ReplicaMessage =
  /** A webhook event stored in `tenant`'s log; `event` absent when too large for the payload. */
  | { kind: 'event'; tenant: string; seq: number; event?: StoredEvent }
  /** A write tool ran for `tenant`: what the lookups cached may be stale. */
  | { kind: 'write'; tenant: string }
  /**
   * --auth connector: a grant of `tenant` was revoked or needs reconnecting. Every replica drops
   * the grant's cached access tokens and closes the tenant's context (its platform secret with it).
   */
  | { kind: 'grant-gone'; tenant: string; grant: string };

type Sent = ReplicaMessage & { from: string };

export class ReplicaBus {
  /** This process, as named in the messages it sends. */
  readonly replicaId = randomUUID();
  private readonly handlers = new Set<(message: ReplicaMessage) => void>();
  private readonly resyncHandlers = new Set<() => void>();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = RECONNECT_MS.first;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Messages received from other replicas (the benchmark's count of store traffic per event). */
  received = 0;

  private constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
    private readonly observer?: Observer,
  ) {}

  /** Listen on the channel; fails when the server cannot be reached at start. */
  static async open(connectionString: string, logger: Logger, observer?: Observer): Promise<ReplicaBus> {
    const bus = new ReplicaBus(connectionString, logger, observer);
    await bus.connect();
    return bus;
  }

  /** The payload another replica receives for `message` (also built inside SQL for events). */
  envelope(message: ReplicaMessage): string {
    return JSON.stringify({ ...message, from: this.replicaId } satisfies Sent);
  }

  /**
   * Tell the other replicas through `engine`; resolves once the store has sent the word, or after
   * `capMs` (a slow store delays the caller by at most this; caches' own expiry is the backstop).
   * Never rejects: a lost notice is logged.
   */
  async publish(engine: Notifier, message: ReplicaMessage, capMs = PUBLISH_CAP_MS): Promise<void> {
    const sent = engine
      .notify(REPLICA_CHANNEL, this.envelope(message))
      .catch((error: unknown) =>
        this.logger.warn({ err: String(error), kind: message.kind }, 'could not tell the other replicas'),
      );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, capMs);
    });
    await Promise.race([sent, late]);
    clearTimeout(timer);
  }

  onMessage(handler: (message: ReplicaMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** Called after the listening connection came back: messages sent meanwhile were missed. */
  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  /** Whether the listening connection is up (crew-mcp check, /healthz readers). */
  get listening(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.deliver(message.payload ?? ''));
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(
        { err: error?.message ?? 'connection ended', retryMs: this.retryMs },
        'store notifications lost: reconnecting',
      );
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`listen ${REPLICA_CHANNEL}`);
    this.client = client;
    this.retryMs = RECONNECT_MS.first;
  }

  private scheduleReconnect(): void {
    this.retryTimer = setTimeout(async () => {
      this.retryTimer = null;
      try {
        await this.connect();
        this.observer?.listenReconnect();
        this.logger.info('store notifications back: resynchronising');
        for (const handler of this.resyncHandlers) handler();
      } catch (error) {
        this.retryMs = Math.min(RECONNECT_MS.max, this.retryMs * 2);
        this.logger.debug({ err: String(error) }, 'store notifications: reconnect failed');
        if (!this.closed) this.scheduleReconnect();
      }
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private deliver(payload: string): void {
    let message: Sent;
    try {
      message = JSON.parse(payload) as Sent;
    } catch {
      return;
    }
    if (message.from === this.replicaId) return;
    this.received += 1;
    for (const handler of this.handlers) {
      try {
        handler(message);
      } catch (error) {
        this.logger.warn({ err: String(error) }, 'a store notification handler failed');
      }
    }
  }
}
