// 2025-era clients over Streamable HTTP, served with sessions (Mcp-Session-Id): one server
// instance per session, so that what needs a connection works for them as over stdio:
// elicitation (the break-period confirmation), progress, and resource-update notifications
// on the GET stream. 2026-07-28 clients are served per request by the SDK's modern handler.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { McpServer } from '@modelcontextprotocol/server';
import type { Logger } from '../logger.js';

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  lastSeen: number;
}

export interface LegacySessionsOptions {
  createServer: () => McpServer;
  logger: Logger;
  /** A session idle this long is closed. */
  idleMs?: number;
  /** At most this many open sessions; the least recently used is closed past it. */
  maxSessions?: number;
}

export class LegacySessions {
  private readonly sessions = new Map<string, Session>();
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: LegacySessionsOptions) {
    this.idleMs = options.idleMs ?? 30 * 60_000;
    this.maxSessions = options.maxSessions ?? 500;
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.idleMs, 60_000));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Serve one legacy request: an initialize opens a session, anything else needs its id. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    isInitialize: boolean,
  ): Promise<void> {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = this.sessions.get(sessionId);
      if (!session) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: {
              code: -32001,
              message: 'Session not found: it expired or the server restarted. Initialize again.',
            },
            id: null,
          }),
        );
        return;
      }
      session.lastSeen = Date.now();
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (!isInitialize) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad request: no Mcp-Session-Id header; send initialize first.' },
          id: null,
        }),
      );
      return;
    }
    await this.open(req, res, body);
  }

  private async open(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (this.sessions.size >= this.maxSessions) this.evictOldest();
    const server = this.options.createServer();
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, lastSeen: Date.now() });
        this.options.logger.debug({ sessions: this.sessions.size }, 'mcp session opened');
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  private evictOldest(): void {
    let oldest: [string, Session] | undefined;
    for (const entry of this.sessions) if (!oldest || entry[1].lastSeen < oldest[1].lastSeen) oldest = entry;
    if (oldest) this.closeSession(oldest[0], oldest[1]);
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
