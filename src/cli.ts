#!/usr/bin/env node
// Entry point: crew-mcp [stdio] | http | sandbox | check | store | connector | help | version.
// Each command loads only what it runs (dynamic imports, split into chunks by the bundle): an MCP
// client starts the stdio server for every session, so start-up is a user's wait, and a server
// against a live platform never needs the sandbox, nor stdio the HTTP transport.
import { ConfigError, HELP, loadConfig } from './config.js';
import { VERSION } from './version.js';

/** A configuration error, wherever it is found (flags, environment, sandbox key, tool names), exits 2. */
async function main(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`crew-mcp: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

async function run(argv: string[]): Promise<number> {
  const config = loadConfig(argv, process.env);
  for (const warning of config.warnings) process.stderr.write(`${warning}\n`);
  switch (config.command) {
    case 'help':
      process.stdout.write(HELP);
      return 0;
    case 'version':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    default:
      break;
  }
  const { createLogger } = await import('./logger.js');
  if (config.command === 'sandbox') {
    const { runSandboxCommand } = await import('./sandbox/command.js');
    await runSandboxCommand(config.rest, undefined, createLogger(config.logLevel));
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  }
  // The doctor's output is its report: logs only when a level was asked for.
  if (config.command === 'check') {
    if (config.security.auth.mode === 'connector') {
      const { runConnectorCheck } = await import('./commands/check-connector.js');
      return runConnectorCheck(config, createLogger(config.logLevelGiven ? config.logLevel : 'silent'));
    }
    const { runCheck } = await import('./commands/check.js');
    return runCheck(config, createLogger(config.logLevelGiven ? config.logLevel : 'silent'));
  }
  if (config.command === 'store' || config.command === 'connector') {
    const { runStoreAdmin } = await import('./commands/store-admin.js');
    return runStoreAdmin(config, createLogger(config.logLevelGiven ? config.logLevel : 'silent'));
  }
  const logger = createLogger(config.logLevel);
  // The metrics (--metrics-port) first, so that the platform client begun early reports to them.
  const metrics =
    config.command === 'http' && config.settings.metricsPort !== null
      ? (await import('./commands/metrics.js')).createMetrics({
          companyLabel: config.security.auth.mode === 'connector' && config.settings.metricsCompanyLabel,
        })
      : undefined;
  // Begun before the server's modules load, so that they overlap it: the embedded sandbox's
  // signing keys (a prime search on a worker thread), or a live platform's token and schema.
  const early = {
    sandboxSigningKeys:
      config.upstream.kind === 'sandbox'
        ? import('./sandbox/signing-keys.js').then((keys) => keys.generateSigningKeys())
        : undefined,
    prefetched:
      config.upstream.kind === 'live'
        ? (await import('./prefetch.js')).prefetch(config, logger, metrics?.service)
        : null,
  };
  if (config.command === 'http') {
    const { runHttpCommand } = await import('./commands/http.js');
    return runHttpCommand(config, logger, { ...early, observers: metrics }, metrics);
  }
  const [{ createApp }, { runStdio }] = await Promise.all([
    import('./app.js'),
    import('./transports/stdio.js'),
  ]);
  const app = await createApp(config, { transport: 'stdio', logger, ...early });
  const end = await runStdio(app);
  // After a signal stdin is still open; it must not keep the process alive.
  if (end !== 'end of input') process.stdin.destroy();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`crew-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
