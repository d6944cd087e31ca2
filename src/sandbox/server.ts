// The embedded sandbox platform's HTTP server: one port serves the realm's token endpoint
// (authUrl === baseUrl), GraphQL at /gql, REST under /rest, plus /healthz and a JSON index at /,
// and under /_sandbox the stand-in for the platform's own apps (not part of a live platform).
// Data, rules and GraphQL resolvers live in the data layer (data.ts); this file wires the rooms.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APPS_PREFIX, CREW_JOB_PATH, handleAppsRequest } from './apps-endpoint.js';
import { createTokenIssuer, REALM } from './auth.js';
import type { SandboxContext } from './context.js';
import { createSandboxData } from './data.js';
import { FaultInjector, seededRandom } from './faults.js';
import { handleGraphqlRequest } from './graphql-endpoint.js';
import { HttpError, sendHttpError, sendJson } from './http-util.js';
import { buildKeyring } from './keys.js';
import { handleRestRequest } from './rest/index.js';
import { generateSigningKeys } from './signing-keys.js';
import { createStats, resetStats } from './stats.js';
import { CERTS_PATH, DISCOVERY_PATH, handleRealmRequest, TOKEN_PATH } from './token-endpoint.js';
import { type RunningSandbox, type SandboxData, type SandboxOptions, silentSandboxLogger } from './types.js';
import { WebhookRegistry } from './webhook-registry.js';
import { WebhookDispatcher } from './webhooks.js';

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const logger = options.logger ?? silentSandboxLogger;
  const seed = options.seed ?? 42;
  // Asked for first: the prime search runs on a worker thread while the server starts listening.
  const signingKeys = options.signingKeys ?? generateSigningKeys();
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const keys = buildKeyring(options.keys);
  const stats = createStats();
  const faults = new FaultInjector(options.faults, options.random ?? seededRandom(seed), options.now);
  const webhooks = new WebhookRegistry();
  const dispatcher = new WebhookDispatcher({
    registry: webhooks,
    stats,
    logger,
    retryBaseMs: options.webhookRetryBaseMs,
    timeoutMs: options.webhookTimeoutMs,
  });

  // The data is seeded on first use (a GraphQL, REST or apps request, or `sandbox.data`): the
  // seed takes about 100 ms that a server starting against the sandbox would otherwise wait for
  // before its first tools/list, and a token needs no data. Same seed, same today: same data.
  let seeded: { data: SandboxData; unsubscribe: () => void } | null = null;
  const data = (): SandboxData => {
    if (!seeded) {
      const created = createSandboxData({
        today,
        seed,
        crewCount: options.crewCount,
        eventPlaces: options.eventPlaces,
        season: options.season,
        schemaVariant: options.schemaVariant,
      });
      seeded = { data: created, unsubscribe: created.onEvent((event) => dispatcher.dispatch(event)) };
    }
    return seeded.data;
  };
  // A size or schema variant is checked at start, where a bad value belongs (scale runs and tests).
  if (
    options.crewCount !== undefined ||
    options.eventPlaces !== undefined ||
    options.season !== undefined ||
    options.schemaVariant
  )
    data();

  // Requests that arrive before the issuer exists (it needs the bound port) get a 503.
  let ctx: SandboxContext | null = null;
  const server = createServer((req, res) => {
    if (!ctx) {
      sendJson(res, 503, { message: 'The sandbox is starting.' });
      return;
    }
    void dispatchRequest(req, res, ctx);
  });
  const baseUrl = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  const issuer = await createTokenIssuer(baseUrl, signingKeys, options.now);
  ctx = {
    baseUrl,
    issuer,
    keys,
    faults,
    stats,
    get data() {
      return data();
    },
    webhooks,
    logger,
  };

  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    authUrl: baseUrl,
    realm: REALM,
    tokenUrl: `${baseUrl}${TOKEN_PATH}`,
    keys,
    get data() {
      return data();
    },
    stats,
    resetStats: () => resetStats(stats),
    setFaults: (changes) => faults.set(changes),
    close: () => {
      closing ??= (async () => {
        seeded?.unsubscribe();
        dispatcher.close();
        await closeServer(server);
      })();
      return closing;
    },
  };
}

async function dispatchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
): Promise<void> {
  try {
    await route(req, res, ctx);
  } catch (error) {
    if (error instanceof HttpError) {
      sendHttpError(res, error);
      return;
    }
    ctx.logger.error({ err: error, method: req.method, url: req.url }, 'sandbox request failed');
    sendJson(res, 500, { message: 'Internal sandbox error.' });
  }
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: SandboxContext): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://sandbox.invalid').pathname;
  if (path === '/gql') return handleGraphqlRequest(req, res, ctx);
  if (path === '/rest' || path.startsWith('/rest/')) return handleRestRequest(req, res, path, ctx);
  if (path.startsWith(`${APPS_PREFIX}/`)) return handleAppsRequest(req, res, path, ctx);
  if (path.startsWith('/realms/')) {
    if (await handleRealmRequest(req, res, path, ctx)) return;
    throw new HttpError(404, `No realm endpoint at ${path} (the realm is "${REALM}").`);
  }
  if (path === '/healthz' || path === '/') {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new HttpError(405, 'Use GET.', {}, { allow: 'GET' });
    sendJson(res, 200, path === '/' ? indexDocument(ctx) : { status: 'ok' });
    return;
  }
  throw new HttpError(404, `Nothing at ${path}.`);
}

function indexDocument(ctx: SandboxContext): Record<string, unknown> {
  return {
    name: 'crew-mcp sandbox platform',
    realm: REALM,
    endpoints: {
      token: `${ctx.baseUrl}${TOKEN_PATH}`,
      jwks: `${ctx.baseUrl}${CERTS_PATH}`,
      openidConfiguration: `${ctx.baseUrl}${DISCOVERY_PATH}`,
      graphql: `${ctx.baseUrl}/gql`,
      rest: `${ctx.baseUrl}/rest`,
      health: `${ctx.baseUrl}/healthz`,
      // Sandbox only: plays the platform's own apps (POST {status?, attendance?}, scope jobs:write).
      crewJobActivity: `${ctx.baseUrl}${CREW_JOB_PATH}`,
    },
    demoClients: ctx.keys.map((key) => key.clientId),
  };
}

function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolve(`http://${urlHost(host)}:${address.port}`);
    });
  });
}

/** A host a client can connect to: wildcard binds are reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections (ours and the clients') would otherwise hold close() open.
    server.closeAllConnections();
  });
}
