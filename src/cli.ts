#!/usr/bin/env node
// Entry point: crew-mcp [stdio] | http | sandbox | check | help | version.
import { createApp } from './app.js';
import { runCheck } from './commands/check.js';
import { runHttpCommand } from './commands/http.js';
import { ConfigError, HELP, loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { runSandboxCommand } from './sandbox/command.js';
import { runStdio } from './transports/stdio.js';
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
  switch (config.command) {
    case 'help':
      process.stdout.write(HELP);
      return 0;
    case 'version':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case 'sandbox':
      await runSandboxCommand(config.rest, undefined, createLogger(config.logLevel));
      return typeof process.exitCode === 'number' ? process.exitCode : 0;
    default:
      break;
  }
  // The doctor's output is its report: logs only when a level was asked for.
  if (config.command === 'check') {
    return runCheck(config, createLogger(config.logLevelGiven ? config.logLevel : 'silent'));
  }
  const logger = createLogger(config.logLevel);
  if (config.command === 'http') return runHttpCommand(config, logger);
  const app = await createApp(config, { transport: 'stdio', logger });
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
