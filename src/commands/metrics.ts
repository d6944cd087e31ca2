// The service's Prometheus metrics (--metrics-port): the prom-client implementation of the
// observer port (src/observer.ts) that the server, the platform client and the store report to,
// and the listener that serves them at /metrics on a port of its own, never on the MCP port (a
// scrape needs no token, so it must not share the address the world reaches). Label values come
// from closed sets (tool names, operation kinds, HTTP statuses, outcome words); a company is
// labelled by a hash of its tenant key, never by its name, its platform URL or a secret.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Observer, Observers } from '../observer.js';
import { VERSION } from '../version.js';

export interface MetricsOptions {
  /** Connector mode with the company label on: the per-company series carry `company`. */
  companyLabel: boolean;
}

/** A company's label value: 16 hex characters of SHA-256 of its tenant key (itself random, never a name). */
export function companyLabelOf(tenantKey: string): string {
  return createHash('sha256').update(tenantKey).digest('hex').slice(0, 16);
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function families(registry: Registry, company: string[]) {
  const registers = [registry];
  return {
    toolCalls: new Counter({
      name: 'crew_mcp_tool_calls_total',
      help: 'Tool calls by tool and outcome (ok, error, input_required, cut).',
      labelNames: ['tool', 'outcome', ...company],
      registers,
    }),
    toolErrors: new Counter({
      name: 'crew_mcp_tool_errors_total',
      help: 'Tool calls that failed, by tool and kind of error (user_input, policy, auth, unavailable, ...).',
      labelNames: ['tool', 'kind', ...company],
      registers,
    }),
    toolSeconds: new Histogram({
      name: 'crew_mcp_tool_call_duration_seconds',
      help: 'Time from a tool call reaching the server to its answer, by tool.',
      labelNames: ['tool', ...company],
      buckets: SECONDS,
      registers,
    }),
    upstream: new Counter({
      name: 'crew_mcp_upstream_requests_total',
      help: 'HTTP exchanges with the platform (each attempt) by operation kind and HTTP status (or network, timeout).',
      labelNames: ['operation', 'status', ...company],
      registers,
    }),
    tokens: new Counter({
      name: 'crew_mcp_platform_token_requests_total',
      help: 'Requests for a platform access token by outcome (issued, refused, unreachable, failed).',
      labelNames: ['outcome', ...company],
      registers,
    }),
    planner: new Histogram({
      name: 'crew_mcp_planner_stage_seconds',
      help: 'plan_staffing time per stage: prepare (read facts, build the model), each objective, solve (all of them).',
      labelNames: ['stage', ...company],
      buckets: SECONDS,
      registers,
    }),
    storeTrips: new Counter({
      name: 'crew_mcp_store_round_trips_total',
      help: 'Statements sent to the store by engine and outcome (ok, error).',
      labelNames: ['engine', 'outcome'],
      registers,
    }),
    storeSeconds: new Histogram({
      name: 'crew_mcp_store_round_trip_duration_seconds',
      help: 'Time of one statement sent to the store, by engine.',
      labelNames: ['engine'],
      buckets: SECONDS,
      registers,
    }),
    reconnects: new Counter({
      name: 'crew_mcp_store_listen_reconnects_total',
      help: "Times the replicas' LISTEN connection to PostgreSQL came back after it dropped.",
      registers,
    }),
  };
}

export interface Metrics extends Observers {
  readonly registry: Registry;
}

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  // The process's own (resident memory, heap, event-loop lag, open handles), per replica.
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'crew_mcp_info',
    help: 'Always 1; the version of crew-mcp serving.',
    labelNames: ['version'],
    registers: [registry],
  }).set({ version: VERSION }, 1);
  const company = options.companyLabel ? ['company'] : [];
  const metric = families(registry, company);
  const observerWith = (labels: Record<string, string>): Observer => ({
    toolCall(tool, outcome, seconds, errorKind) {
      metric.toolCalls.inc({ tool, outcome, ...labels });
      metric.toolSeconds.observe({ tool, ...labels }, seconds);
      if (outcome === 'error') metric.toolErrors.inc({ tool, kind: errorKind ?? 'internal', ...labels });
    },
    upstreamRequest(operation, status) {
      metric.upstream.inc({ operation, status: String(status), ...labels });
    },
    tokenRequest(outcome) {
      metric.tokens.inc({ outcome, ...labels });
    },
    plannerStage(stage, seconds) {
      metric.planner.observe({ stage, ...labels }, seconds);
    },
    storeRoundTrip(engine, ok, seconds) {
      metric.storeTrips.inc({ engine, outcome: ok ? 'ok' : 'error' });
      metric.storeSeconds.observe({ engine }, seconds);
    },
    listenReconnect() {
      metric.reconnects.inc();
    },
  });
  // Without the company label every series of the service is one: "company" is never an empty
  // value beside real ones (an empty label value is no label to Prometheus).
  const service = observerWith(options.companyLabel ? { company: 'none' } : {});
  const byCompany = new Map<string, Observer>();
  return {
    registry,
    service,
    forCompany(tenantKey) {
      if (!options.companyLabel) return service;
      let observer = byCompany.get(tenantKey);
      if (!observer) {
        observer = observerWith({ company: companyLabelOf(tenantKey) });
        byCompany.set(tenantKey, observer);
      }
      return observer;
    },
  };
}

export interface MetricsListener {
  /** e.g. http://127.0.0.1:9464/metrics */
  url: string;
  close(): Promise<void>;
}

/** Serves `GET /metrics` (the text exposition format) on host:port; every other path is 404. */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Metrics are served at GET /metrics.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${shownHost}:${bound.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
