// MCP over Streamable HTTP at /mcp, plus GET /healthz, the OAuth discovery documents (oauth mode)
// and any extra routes (the webhook receiver). Bound to 127.0.0.1 by default. Every request's Host
// header must name this server (DNS rebinding; --allowed-hosts and --public-url add names) and a
// browser Origin must be local or explicitly allowed: anything else is 403, whatever the bind
// address. /mcp then needs the caller's token (auth.ts), is rate limited per client
// (rate-limit.ts), and refuses a tool call the token's scopes do not allow with 403.
// Both protocol eras are served: 2026-07-28 per request by the SDK's modern handler, 2025
// clients with sessions (legacy-sessions.ts), told apart by the SDK's own classifier.
// Shutdown is graceful: new requests get 503, calls in flight finish within a bound or are cut
// with a clear answer (src/mcp/in-flight.ts), then the connections close. Behind a load balancer
// (--drain-wait-ms), /healthz says 503 first while calls are still served, until the balancer
// has stopped sending any (none for a second): a deploy refuses no call.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { clientAddressOf } from '../client-address.js';
import { clientScopeFor } from '../mcp/client-scopes.js';
import type { DrainOutcome } from '../mcp/in-flight.js';
import { keepProtoKey } from '../mcp/input-guard.js';
import { RateLimiter } from '../rate-limit.js';
import { buildServer } from '../server.js';
import { VERSION } from '../version.js';
import { createAuthGate } from './auth.js';
import { directoryRoutes } from './directory-routes.js';
import { LegacySessions } from './legacy-sessions.js';
import { reachOf, serveModernRequest, surelyModern, webRequestOf } from './modern-requests.js';
import type { ServedApp } from './routes.js';
import { asCaller, ScopedEventBus } from './scoped-bus.js';

export type { RouteHandler } from './routes.js';

export interface RunningHttp {
  url: string;
  mcpUrl: string;
  port: number;
  server: Server;
  handler: McpHttpHandler;
  /**
   * Graceful stop: refuse new requests, let tool calls in flight finish for up to `timeoutMs`,
   * answer the rest as cut, then close every connection.
   */
  shutdown(timeoutMs: number): Promise<DrainOutcome>;
  /** Immediate stop. */
  close(): Promise<void>;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1'];
/** After the calls, how long answers already computed may take to reach their clients. */
const ANSWER_GRACE_MS = 2000;
/** Draining: no request for this long means the load balancer sends this replica nothing more. */
const DRAIN_QUIET_MS = 1000;

function hostnameOf(value: string): string | null {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
}

const MAX_BODY = 4 * 1024 * 1024;
const TOO_LARGE = Symbol('too large');
const INVALID = Symbol('invalid');

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes: Buffer = chunk;
    size += bytes.length;
    if (size > MAX_BODY) return TOO_LARGE;
    chunks.push(bytes);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return INVALID;
  }
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (message: unknown) =>
      typeof message === 'object' &&
      message !== null &&
      'method' in message &&
      message.method === 'initialize',
  );
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** Write a web Response (the SDK's auth answers) to a Node response. */
async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  res.end(Buffer.from(await response.arrayBuffer()));
}

function webRequest(req: IncomingMessage, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(url, { method: req.method, headers });
}

function wait(until: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve) => {
    const check = () => (until() || Date.now() > deadline ? resolve() : setTimeout(check, 20));
    check();
  });
}

/**
 * Serve the app over HTTP: /mcp, /healthz and the app's routes; once listening, the app starts
 * with the server's URL (e.g. the webhook subscription names /webhooks).
 */
export async function startHttp(app: ServedApp): Promise<RunningHttp> {
  const routes = { ...directoryRoutes(app.config), ...app.routes };
  const { host, port, allowedOrigins } = app.config.http;
  const { security } = app.config;
  const allowedHosts = new Set([
    ...LOCAL_HOSTS,
    hostnameOf(host) ?? host,
    ...app.config.http.allowedHosts.map((name) => hostnameOf(name) ?? name),
    ...(security.publicUrl ? [hostnameOf(security.publicUrl) ?? ''] : []),
  ]);
  const allowedOriginHosts = new Set([
    ...LOCAL_HOSTS,
    ...allowedOrigins.map((origin) => hostnameOf(origin) ?? origin),
    // The connector's own pages post forms from its public origin.
    ...(app.hosted && security.publicUrl ? [hostnameOf(security.publicUrl) ?? ''] : []),
  ]);
  const toolScopes = new Map(app.offered.map((tool) => [tool.name, clientScopeFor(tool)]));
  const gate = await createAuthGate(app.config, toolScopes, app.logger, app.hosted);
  // Shared by the replicas behind one load balancer (--store), else this process's own.
  const limiter = app.rateLimiter ?? new RateLimiter(security.ratePerMinute);
  const addressOf = clientAddressOf(security.trustedProxies);
  // Listen streams tagged with their caller's scope (connector: the tenant), so that an update of
  // one company's data reaches only that company's streams.
  const bus = new ScopedEventBus(
    (caller) => app.hosted?.scopeOf(caller) ?? null,
    (error) => app.logger.debug({ err: String(error) }, 'a listen stream failed an update'),
  );
  // One instance per 2026-07-28 request, with what that request can reach (a tools/call: its tool).
  const handler = createMcpHandler(
    (context) =>
      buildServer(app.contextFor(context?.authInfo), {
        longLived: false,
        authInfo: context?.authInfo,
        reach: reachOf(context?.requestInfo),
      }),
    {
      legacy: 'reject',
      onerror: (error) => app.logger.debug({ err: error.message }, 'mcp http error'),
      bus,
    },
  );
  const legacy = new LegacySessions({
    createServer: (caller) => buildServer(app.contextFor(caller), { longLived: true, authInfo: caller }),
    logger: app.logger,
    maxSessionsPerClient: security.sessionsPerClient,
    records: app.sessionRecords ?? null,
  });
  let closing = false;
  /** SIGTERM came: /healthz answers 503 (--drain-wait-ms), requests are still served. */
  let draining = false;
  let lastRequestAt = 0;
  /** POSTs to /mcp not yet answered: at shutdown their answers are let out before closing. */
  const answering = new Set<ServerResponse>();

  const mcp = async (req: IncomingMessage, res: ServerResponse, caller: AuthInfo | null, owner: string) => {
    const authInfo = caller ?? undefined;
    // GET (notification stream) and DELETE (end session) exist only in 2025-era sessions.
    if (req.method === 'GET' || req.method === 'DELETE') {
      return legacy.handle(req, res, undefined, false, owner, authInfo);
    }
    if (req.method !== 'POST') return json(res, 405, { error: 'method_not_allowed', message: 'Use POST.' });
    answering.add(res);
    res.once('close', () => answering.delete(res));
    const parsed = await readJsonBody(req);
    if (parsed === TOO_LARGE)
      return json(
        res,
        413,
        { error: 'too_large', message: 'Request body over 4 MiB.' },
        { connection: 'close' },
      );
    if (parsed === INVALID) {
      return json(res, 400, {
        jsonrpc: '2.0',
        error: { code: -32700, message: 'Parse error: invalid JSON.' },
        id: null,
      });
    }
    // The SDK's request parsing would drop a tool call's "__proto__" argument silently.
    const body = keepProtoKey(parsed);
    const denied = await gate.scopeChallenge(body, caller);
    if (denied) return send(res, denied);
    // A session's requests are 2025-era by definition: no classification needed.
    if (req.headers['mcp-session-id'])
      return legacy.handle(req, res, body, isInitialize(body), owner, authInfo);
    const request = webRequestOf(req, res, body);
    if (!surelyModern(req, body) && (await isLegacyRequest(request, body))) {
      return legacy.handle(req, res, body, isInitialize(body), owner, authInfo);
    }
    return asCaller(authInfo, () => serveModernRequest(handler, request, res, body, authInfo));
  };

  /** Authenticate and rate-limit a /mcp request; null when it was answered here. */
  const admit = async (
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<{ caller: AuthInfo | null; client: string } | null> => {
    const address = `address ${addressOf(req)}`;
    let caller = await gate.authenticate(req.headers.authorization);
    if (caller && !(caller instanceof Response) && app.hosted) caller = await app.hosted.resolve(caller);
    if (caller instanceof Response) {
      // Failed attempts count against the address: guessing tokens is rate limited too.
      const decision = await limiter.take(address);
      if (decision.allowed) await send(res, caller);
      else tooMany(res, decision.retryAfterSeconds);
      return null;
    }
    const client = caller ? `caller ${caller.clientId}:${String(caller.extra?.subject ?? '')}` : address;
    const decision = await limiter.take(client);
    if (!decision.allowed) {
      tooMany(res, decision.retryAfterSeconds);
      return null;
    }
    if (caller) Object.assign(req, { auth: caller });
    return { caller, client };
  };

  const tooMany = (res: ServerResponse, retryAfterSeconds: number) =>
    json(
      res,
      429,
      {
        error: 'rate_limited',
        message: `Too many requests from this client; retry after ${retryAfterSeconds} s.`,
      },
      { 'retry-after': String(retryAfterSeconds) },
    );

  const server = createServer(async (req, res) => {
    if (closing) {
      return json(
        res,
        503,
        { error: 'shutting_down', message: 'crew-mcp is shutting down; try again once it is back.' },
        { connection: 'close', 'retry-after': '10' },
      );
    }
    const hostHeader = hostnameOf(req.headers.host ?? '');
    if (!hostHeader || !allowedHosts.has(hostHeader)) {
      return json(res, 403, {
        error: 'forbidden',
        message: `Host "${req.headers.host}" is not allowed. Add it with --allowed-hosts (or --public-url) to serve it.`,
      });
    }
    const origin = req.headers.origin;
    if (origin && !allowedOriginHosts.has(hostnameOf(origin) ?? '')) {
      return json(res, 403, {
        error: 'forbidden',
        message: `Origin ${origin} is not allowed. Add its host name to --allowed-origins to allow it.`,
      });
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/healthz') lastRequestAt = Date.now();
    try {
      if (path === '/mcp') {
        const admitted = await admit(req, res);
        if (admitted) await mcp(req, res, admitted.caller, admitted.client);
        return;
      }
      if (path.startsWith('/.well-known/')) {
        const document = gate.wellKnown(webRequest(req, new URL(path, `http://${req.headers.host}`).href));
        if (document) return await send(res, document);
      }
      if (path === '/healthz' && req.method === 'GET') {
        if (draining) return json(res, 503, { status: 'draining', version: VERSION });
        return json(res, 200, { status: 'ok', version: VERSION, upstream: app.config.upstream.kind });
      }
      const route = routes[path];
      if (route) return await route(req, res);
      if (app.hosted && (await app.hosted.handle(req, res, path))) return;
      json(res, 404, { error: 'not_found', message: `No route ${path}. MCP is served at /mcp.` });
    } catch (error) {
      app.logger.error(
        { err: error instanceof Error ? error.message : String(error), path },
        'http handler failed',
      );
      if (!res.headersSent) json(res, 500, { error: 'internal', message: 'Internal error.' });
      else res.end();
    }
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    // Nothing may outlive a failed start (the caller exits at once).
    await legacy.close();
    await handler.close().catch(() => undefined);
    throw error;
  }
  const address = server.address();
  // Listening on a host and port (never a pipe): the address is an AddressInfo.
  if (address === null || typeof address === 'string')
    throw new Error(`unexpected listening address ${address}`);
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${address.port}`;
  gate.bind(url);
  try {
    await app.start({
      httpUrl: url,
      notify: handler.notify,
      notifyScope: (scope, uri) => bus.publishTo(scope, { kind: 'resource_updated', uri }),
    });
  } catch (error) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  const close = async () => {
    closing = true;
    await legacy.close();
    await handler.close().catch(() => undefined);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url,
    mcpUrl: `${url}/mcp`,
    port: address.port,
    server,
    handler,
    async shutdown(timeoutMs) {
      draining = true;
      const drainWaitMs = app.config.drainWaitMs;
      // Without a wait (the default), new requests are refused from this very moment, as before.
      if (drainWaitMs > 0) {
        const quiet = Math.min(DRAIN_QUIET_MS, drainWaitMs);
        await wait(() => Date.now() - lastRequestAt >= quiet, drainWaitMs);
      }
      closing = true;
      // No new connections; idle keep-alive ones go now, busy ones once their answer is out.
      server.close();
      server.closeIdleConnections();
      const outcome = await app.calls.drain(timeoutMs);
      await wait(() => answering.size === 0, ANSWER_GRACE_MS);
      await close();
      return outcome;
    },
    close,
  };
}
