// `crew-mcp http`: serve MCP over Streamable HTTP until SIGINT/SIGTERM, and tell the user how
// to connect a client (stdout is free in this mode; logs stay on stderr). A signal stops it
// gracefully: calls in flight get --shutdown-timeout-ms to finish, and it exits 0.
import { type AppOptions, createApp } from '../app.js';
import { type Config, ConfigError, publicBaseOf } from '../config.js';
import { boundHeapGrowth } from '../heap-growth.js';
import type { Logger } from '../logger.js';
import { startHttp } from '../transports/http.js';
import { type Metrics, type MetricsListener, serveMetrics } from './metrics.js';

export async function runHttpCommand(
  config: Config,
  logger: Logger,
  /** What the CLI began before loading this: see src/cli.ts. */
  early: Pick<AppOptions, 'sandboxSigningKeys' | 'prefetched' | 'observers'> = {},
  /** --metrics-port: what the parts report to, served on a listener of its own (src/cli.ts makes it). */
  metrics?: Metrics,
): Promise<number> {
  // A shared server runs for days: its memory should follow its live data, not V8's leeway.
  boundHeapGrowth();
  const app =
    config.security.auth.mode === 'connector'
      ? // Loaded only in this mode: the store, oidc-provider and PGlite stay out of every other start.
        await (await import('../connector/index.js')).createConnectorApp(config, {
          transport: 'http',
          logger,
          ...early,
        })
      : await createApp(config, { transport: 'http', logger, ...early });
  let http: Awaited<ReturnType<typeof startHttp>>;
  try {
    http = await startHttp(app);
  } catch (error) {
    // Stop the sandbox whatever went wrong. A token file or issuer that turns out wrong is a
    // configuration error (exit 2); a port in use or a host that cannot be bound is exit 1.
    await app.close();
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${config.http.host}:${config.http.port}`;
    process.stderr.write(
      `crew-mcp: could not serve HTTP on ${where}: ${code === 'EADDRINUSE' ? 'the port is in use' : error instanceof Error ? error.message : String(error)}. Change --port / --host (CREW_HTTP_PORT / CREW_HTTP_HOST).\n`,
    );
    return 1;
  }
  let metricsListener: MetricsListener | null = null;
  if (metrics) {
    const { metricsHost, metricsPort } = config.settings;
    try {
      metricsListener = await serveMetrics(metrics, metricsHost, metricsPort ?? 0);
    } catch (error) {
      await http.shutdown(0);
      await app.close();
      const code = (error as NodeJS.ErrnoException).code;
      process.stderr.write(
        `crew-mcp: could not serve metrics on ${metricsHost}:${metricsPort}: ${code === 'EADDRINUSE' ? 'the port is in use' : error instanceof Error ? error.message : String(error)}. Change --metrics-port / --metrics-host (CREW_METRICS_PORT / CREW_METRICS_HOST).\n`,
      );
      return 1;
    }
  }
  const upstream =
    'context' in app
      ? app.sandbox
        ? `the embedded sandbox platform at ${app.sandbox.baseUrl} (key ${app.context.platform.tokens.clientId})`
        : `the platform at ${app.context.platform.apiUrl}`
      : `each company's own platform, connected on the connect page${app.sandbox ? ` (default: the embedded sandbox at ${app.sandbox.baseUrl}, keys demo-admin and demo-readonly)` : ''}`;
  const { auth } = config.security;
  // What clients are given: the public URL behind a proxy (the one a token names as its audience).
  const base = publicBaseOf(config.security, http.url);
  const mcpUrl = `${base}/mcp`;
  const header =
    auth.mode === 'none' || auth.mode === 'connector' ? '' : ' --header "Authorization: Bearer $TOKEN"';
  const access = {
    none: 'none: loopback only, anyone on this machine may call it',
    bearer: 'bearer: static tokens (CREW_AUTH_TOKENS / --auth-tokens-file)',
    oauth: `oauth: JWTs of ${auth.mode === 'oauth' ? auth.issuer : ''} with the audience ${mcpUrl}`,
    connector: `connector: crew-mcp is the authorization server (issuer ${base}); clients add ${mcpUrl}, and each company connects its own API key on the page they are sent to`,
  }[auth.mode];
  // Listen for the stop signals before saying we serve: a supervisor (or a test) that stops the
  // server as soon as the banner reaches it would otherwise find no handler installed yet, and the
  // process would die of the signal instead of shutting down (seen: "ended by SIGTERM", exit 1).
  const stopped = new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  process.stdout.write(
    [
      `crew-mcp is serving MCP at ${http.mcpUrl}${base === http.url ? '' : ` (public URL ${mcpUrl})`}`,
      `  upstream: ${upstream}`,
      `  tools: ${app.offered.map((tool) => tool.name).join(', ')}`,
      `  auth: ${access}`,
      ...(metricsListener ? [`  metrics: ${metricsListener.url} (Prometheus)`] : []),
      '',
      'Connect a client:',
      `  Claude Code:     claude mcp add --transport http crew ${mcpUrl}${header}`,
      `  MCP Inspector:   npx @modelcontextprotocol/inspector  (Streamable HTTP, URL ${mcpUrl})`,
      `  VS Code/Cursor:  add {"type": "http", "url": "${mcpUrl}"} to the MCP servers (see mcp.json)`,
      `  health check:    curl ${http.url}/healthz`,
      '',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  const signal = await stopped;
  logger.info({ signal }, 'stopping: no new calls; waiting for calls in flight');
  const outcome = await http.shutdown(config.security.shutdownTimeoutMs);
  logger.info(outcome, 'calls in flight finished or cut');
  await metricsListener?.close();
  await app.close();
  return 0;
}
