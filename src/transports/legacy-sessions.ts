// 2025-era clients over Streamable HTTP, served with sessions (Mcp-Session-Id): one server
// instance per session, so that what needs a connection works for them as over stdio:
// elicitation (the break-period confirmation), progress, and resource-update notifications
// on the GET stream. 2026-07-28 clients are served per request by the SDK's modern handler.
// A session belongs to the client that opened it (the token's caller, or the remote address
// without authentication): another client's request for it is answered as for an unknown
// session. Each client may hold a few sessions; past that its own oldest is closed, so one
// client's flood of initialize requests never closes another client's sessions. When the server
// as a whole is full, a new session is refused (503) rather than taking someone else's.
// With a store (`records`), a session outlives its process: another replica asked for a session
// it does not hold resumes it from the store (session-resume.ts) instead of answering 404.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { AuthInfo, McpServer } from '@modelcontextprotocol/server';
import type { SessionRecords } from '../contract/session-records.js';
import type { Logger } from '../logger.js';
import {
  applySubscriptions,
  beforeInitializeAnswer,
  initializeParamsOf,
  replaySession,
} from './session-resume.js';

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  lastSeen: number;
  /** The client that opened it. */
  owner: string;
  /** Its resource subscriptions, as recorded in the store (with `records`). */
  subscriptions: Set<string>;
  /** When the store last heard it was used (with `records`). */
  touchedAt: number;
}

/** How often a session in use tells the store so (its idle expiry counts from the last time). */
const TOUCH_EVERY_MS = 60_000;

export interface LegacySessionsOptions {
  /** A server instance for the caller that opens the session. */
  createServer: (caller: AuthInfo | undefined) => McpServer;
  logger: Logger;
  /** A session idle this long is closed. */
  idleMs?: number;
  /** At most this many open sessions in all; a new one past it is refused. */
  maxSessions?: number;
  /** At most this many open sessions per client; its least recently used is closed past it. */
  maxSessionsPerClient?: number;
  /** The store's record of sessions (--store): sessions any replica can resume. Absent: none. */
  records?: SessionRecords | null;
}

function jsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * A POST's answer stream starts with its first event (a progress, an elicitation, the result), not
 * before: the SDK's Node adapter flushes an SSE answer's headers at once, and a stream that opened
 * and then ended without the result (the process died behind a load balancer) leaves an SDK
 * client waiting for its own timeout, where no answer at all is a prompt 502 from the balancer.
 */
/** The company a connector caller is admitted to (its token's tenant key), if any. */
function tenantOf(caller: AuthInfo | undefined): string | undefined {
  const tenantKey = caller?.extra?.tenantKey;
  return typeof tenantKey === 'string' ? tenantKey : undefined;
}

function sendHeadersWithFirstEvent(res: ServerResponse): void {
  res.flushHeaders = () => undefined;
}

export class LegacySessions {
  private readonly sessions = new Map<string, Session>();
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly maxPerClient: number;
  private readonly sweeper: NodeJS.Timeout;
  /** Sessions being resumed from the store: a second request for one waits for the first's work. */
  private readonly resuming = new Map<string, Promise<Session | undefined>>();

  constructor(private readonly options: LegacySessionsOptions) {
    this.idleMs = options.idleMs ?? 30 * 60_000;
    this.maxSessions = options.maxSessions ?? 500;
    this.maxPerClient = options.maxSessionsPerClient ?? 50;
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.idleMs, 60_000));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Open sessions of one client. */
  countOf(owner: string): number {
    let count = 0;
    for (const session of this.sessions.values()) if (session.owner === owner) count++;
    return count;
  }

  /**
   * Serve one legacy request of client `owner` (authenticated as `caller`, if at all): an
   * initialize opens a session, anything else needs the id of one of the client's own sessions.
   */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    isInitialize: boolean,
    owner: string,
    caller?: AuthInfo,
  ): Promise<void> {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = this.sessions.get(sessionId) ?? (await this.resume(sessionId, owner, caller));
      // Another client's session is answered exactly like an unknown one: ids reveal nothing.
      if (!session || session.owner !== owner) {
        jsonRpcError(
          res,
          404,
          -32001,
          'Session not found: it expired or the server restarted. Initialize again.',
        );
        return;
      }
      session.lastSeen = Date.now();
      await this.record(sessionId, session, body);
      if (req.method === 'POST') sendHeadersWithFirstEvent(res);
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (!isInitialize) {
      jsonRpcError(res, 400, -32000, 'Bad request: no Mcp-Session-Id header; send initialize first.');
      return;
    }
    if (this.countOf(owner) >= this.maxPerClient) this.evictOldest(owner);
    if (this.sessions.size >= this.maxSessions) {
      this.options.logger.warn({ sessions: this.sessions.size }, 'mcp session refused: the server is full');
      jsonRpcError(res, 503, -32000, 'Too many open sessions on this server; try again later.', {
        'retry-after': '60',
      });
      return;
    }
    await this.open(req, res, body, owner, caller);
  }

  private async open(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    owner: string,
    caller: AuthInfo | undefined,
  ): Promise<void> {
    const { transport } = await this.instance(randomUUID, owner, caller);
    const records = this.options.records;
    if (records) {
      const client = initializeParamsOf(body);
      beforeInitializeAnswer(transport, async (protocolVersion) => {
        const id = transport.sessionId;
        if (!id) return;
        // Not recorded: the session still works here, as it would without a store.
        await records
          .save(id, owner, { protocolVersion, ...client, subscriptions: [] }, tenantOf(caller))
          .catch((error: unknown) => this.storeFailed(error, 'recording a session failed'));
      });
    }
    sendHeadersWithFirstEvent(res);
    await transport.handleRequest(req, res, body);
  }

  /** A server instance and its transport, connected; the session is kept once initialized. */
  private async instance(newId: () => string, owner: string, caller: AuthInfo | undefined) {
    const server = this.options.createServer(caller);
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: newId,
      onsessioninitialized: (id) => {
        const now = Date.now();
        this.sessions.set(id, {
          transport,
          server,
          lastSeen: now,
          owner,
          subscriptions: new Set(),
          touchedAt: now,
        });
        this.options.logger.debug({ sessions: this.sessions.size }, 'mcp session opened');
      },
      onsessionclosed: (id) => {
        // The client ended it (DELETE): no replica resumes it.
        this.sessions.delete(id);
        this.options.records
          ?.remove(id)
          .catch((error: unknown) => this.storeFailed(error, 'ending a session failed'));
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return { server, transport };
  }

  /** A session this process does not hold, rebuilt from the store's record of it; undefined if none. */
  private resume(id: string, owner: string, caller: AuthInfo | undefined): Promise<Session | undefined> {
    const records = this.options.records;
    if (!records) return Promise.resolve(undefined);
    const pending = this.resuming.get(id);
    if (pending) return pending;
    const work = (async () => {
      const record = await records.find(id, owner);
      if (!record) return undefined;
      const { server, transport } = await this.instance(() => id, owner, caller);
      try {
        await replaySession(transport, id, record, caller);
      } catch (error) {
        this.sessions.delete(id);
        await server.close().catch(() => undefined);
        throw error;
      }
      const session = this.sessions.get(id);
      if (session) for (const uri of record.subscriptions) session.subscriptions.add(uri);
      this.options.logger.info(
        { subscriptions: record.subscriptions.length },
        'mcp session resumed from the store',
      );
      return session;
    })()
      .catch((error: unknown) => {
        this.storeFailed(error, 'resuming a session failed: answered as unknown');
        return undefined;
      })
      .finally(() => this.resuming.delete(id));
    this.resuming.set(id, work);
    return work;
  }

  /** Tell the store what a request changes of a session: its subscriptions, its last use. */
  private async record(id: string, session: Session, body: unknown): Promise<void> {
    const records = this.options.records;
    if (!records) return;
    const now = Date.now();
    try {
      if (applySubscriptions(body, session.subscriptions)) {
        session.touchedAt = now;
        await records.setSubscriptions(id, [...session.subscriptions]);
      } else if (now - session.touchedAt > TOUCH_EVERY_MS) {
        session.touchedAt = now;
        await records.touch(id);
      }
    } catch (error) {
      this.storeFailed(error, 'recording a session failed');
    }
  }

  private storeFailed(error: unknown, message: string): void {
    this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, message);
  }

  /** Close the least recently used session of `owner`. */
  private evictOldest(owner: string): void {
    let oldest: [string, Session] | undefined;
    for (const entry of this.sessions) {
      if (entry[1].owner !== owner) continue;
      if (!oldest || entry[1].lastSeen < oldest[1].lastSeen) oldest = entry;
    }
    if (!oldest) return;
    this.closeSession(oldest[0], oldest[1]);
    // Past its client's cap, a session is gone for good, not resumable elsewhere.
    this.options.records
      ?.remove(oldest[0])
      .catch((error: unknown) => this.storeFailed(error, 'ending a session failed'));
  }

  private sweep(): void {
    const cutoff = Date.now() - this.idleMs;
    for (const [id, session] of this.sessions) if (session.lastSeen < cutoff) this.closeSession(id, session);
  }

  private closeSession(id: string, session: Session): void {
    this.sessions.delete(id);
    session.server.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const open = [...this.sessions.entries()];
    this.sessions.clear();
    await Promise.all(open.map(([, session]) => session.server.close().catch(() => undefined)));
  }
}
