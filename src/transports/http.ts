// MCP over Streamable HTTP at /mcp, plus GET /healthz and any extra routes (the webhook
// receiver). Bound to 127.0.0.1 by default. The Host header must name this server (DNS
// rebinding) and a browser Origin must be local or explicitly allowed: anything else is 403.
// Both protocol eras are served: 2026-07-28 per request by the SDK's modern handler, 2025
// clients with sessions (legacy-sessions.ts), told apart by the SDK's own classifier.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { App } from '../app.js';
import { buildServer, serverFactory } from '../server.js';
import { VERSION } from '../version.js';
import { LegacySessions } from './legacy-sessions.js';

export type { RouteHandler } from './routes.js';

export interface RunningHttp {
  url: string;
  mcpUrl: string;
  port: number;
  server: Server;
  handler: McpHttpHandler;
  close(): Promise<void>;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1'];

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
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return TOO_LARGE;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return INVALID;
  }
}

function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => (message as { method?: string } | null)?.method === 'initialize');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Serve the app over HTTP: /mcp, /healthz and the extensions' routes; once listening, the
 * extensions start with the server's URL (e.g. the webhook subscription names /webhooks).
 */
export async function startHttp(app: App): Promise<RunningHttp> {
  const routes = app.routes;
  const { host, port, allowedOrigins } = app.config.http;
  const allowedHosts = new Set([
    ...LOCAL_HOSTS,
    hostnameOf(host) ?? host,
    ...app.config.http.allowedHosts.map((name) => hostnameOf(name) ?? name),
  ]);
  const allowedOriginHosts = new Set([
    ...LOCAL_HOSTS,
    ...allowedOrigins.map((origin) => hostnameOf(origin) ?? origin),
  ]);
  const handler = createMcpHandler(serverFactory(app, { longLived: false }), {
    legacy: 'reject',
    onerror: (error) => app.logger.debug({ err: error.message }, 'mcp http error'),
  });
  const modern = toNodeHandler(handler);
  const legacy = new LegacySessions({
    createServer: () => buildServer(app, { longLived: true }),
    logger: app.logger,
  });

  const mcp = async (req: IncomingMessage, res: ServerResponse) => {
    // GET (notification stream) and DELETE (end session) exist only in 2025-era sessions.
    if (req.method === 'GET' || req.method === 'DELETE') return legacy.handle(req, res, undefined, false);
    if (req.method !== 'POST') return json(res, 405, { error: 'method_not_allowed', message: 'Use POST.' });
    const body = await readJsonBody(req);
    if (body === TOO_LARGE)
      return json(res, 413, { error: 'too_large', message: 'Request body over 4 MiB.' });
    if (body === INVALID) {
      return json(res, 400, {
        jsonrpc: '2.0',
        error: { code: -32700, message: 'Parse error: invalid JSON.' },
        id: null,
      });
    }
    const request = await toWebRequest(req, body);
    if (req.headers['mcp-session-id'] || (await isLegacyRequest(request, body))) {
      return legacy.handle(req, res, body, isInitialize(body));
    }
    return modern(req, res, body);
  };

  const server = createServer(async (req, res) => {
    const hostHeader = hostnameOf(req.headers.host ?? '');
    // A server bound to every interface cannot know its public names: it checks Origin only.
    if (!(host === '0.0.0.0' || host === '::') && (!hostHeader || !allowedHosts.has(hostHeader))) {
      return json(res, 403, { error: 'forbidden', message: `Host "${req.headers.host}" is not allowed.` });
    }
    const origin = req.headers.origin;
    if (origin && !allowedOriginHosts.has(hostnameOf(origin) ?? '')) {
      return json(res, 403, {
        error: 'forbidden',
        message: `Origin ${origin} is not allowed. Add its host name to --allowed-origins to allow it.`,
      });
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    try {
      if (path === '/mcp') return await mcp(req, res);
      if (path === '/healthz' && req.method === 'GET') {
        return json(res, 200, { status: 'ok', version: VERSION, upstream: app.sandbox ? 'sandbox' : 'live' });
      }
      const route = routes[path];
      if (route) return await route(req, res);
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
  const address = server.address() as AddressInfo;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${address.port}`;
  try {
    await app.start({ httpUrl: url, notify: handler.notify });
  } catch (error) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  return {
    url,
    mcpUrl: `${url}/mcp`,
    port: address.port,
    server,
    handler,
    async close() {
      await legacy.close();
      await handler.close().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
