// MCP over Streamable HTTP at /mcp, plus GET /healthz and any extra routes (the webhook
// receiver). Bound to 127.0.0.1 by default. The Host header must name this server (DNS
// rebinding) and a browser Origin must be local or explicitly allowed: anything else is 403.
// Both protocol eras are served: 2026-07-28 per request, 2025 clients statelessly.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { App } from '../app.js';
import { serverFactory } from '../server.js';
import { VERSION } from '../version.js';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

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

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startHttp(app: App, routes: Record<string, RouteHandler> = {}): Promise<RunningHttp> {
  const { host, port, allowedOrigins } = app.config.http;
  const allowedHosts = new Set([...LOCAL_HOSTS, hostnameOf(host) ?? host]);
  const allowedOriginHosts = new Set([
    ...LOCAL_HOSTS,
    ...allowedOrigins.map((origin) => hostnameOf(origin) ?? origin),
  ]);
  const handler = createMcpHandler(serverFactory(app), {
    legacy: 'stateless',
    onerror: (error) => app.logger.debug({ err: error.message }, 'mcp http error'),
  });
  const mcp = toNodeHandler(handler);

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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${address.port}`;
  return {
    url,
    mcpUrl: `${url}/mcp`,
    port: address.port,
    server,
    handler,
    async close() {
      await handler.close().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
