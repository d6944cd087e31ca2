// `crew-mcp sandbox [flags]`: run the embedded sandbox platform on its own, print where it is and
// which demo keys to use, and stay up until SIGINT/SIGTERM.
import { CREW_JOB_PATH } from './apps-endpoint.js';
import {
  MAX_CREW_COUNT,
  MAX_EVENT_PLACES,
  MAX_SEASON_WEEKS,
  MIN_EVENT_PLACES,
  MIN_SEASON_WEEKS,
  SEED_CREW_COUNT,
} from './seed.js';
import { startSandbox } from './server.js';
import {
  type FaultSettings,
  type RunningSandbox,
  type SandboxLogger,
  type SandboxOptions,
  silentSandboxLogger,
} from './types.js';

export const SANDBOX_USAGE = `Usage: crew-mcp sandbox [--host 127.0.0.1] [--port 4000] [--latency-ms N]
                        [--error-rate R] [--rate-limit N] [--token-lifetime S] [--crew N]
                        [--event-places N] [--season N]

  --host HOST            interface to listen on (default 127.0.0.1)
  --port N               TCP port, 0 for a free one (default 4000)
  --latency-ms N         delay added to every GraphQL and REST request
  --error-rate R         share 0..1 of GraphQL and REST requests answered with 503
  --rate-limit N         requests per second per client before 429 (0 = off)
  --token-lifetime S     lifetime of issued tokens in seconds (default 43200)
  --crew N               crew in the company (default 260, the seed); more are generated after it
  --event-places N       add a generated three-day event with N open places (27 to 3000),
                         two weeks from today; the seed's own data stays as it is
  --season N             add a generated busy season of N weeks (1 to 12) from next Monday:
                         four boards, day and night roles, 3000 crew, half booked each week,
                         400-600 open places a week; the seed's own data stays as it is`;

export class SandboxUsageError extends Error {
  override name = 'SandboxUsageError';
}

type FlagParser = (value: string, options: SandboxOptions & { faults: Partial<FaultSettings> }) => void;

const FLAGS: Record<string, FlagParser> = {
  '--host': (value, options) => {
    if (value.trim() === '') throw new SandboxUsageError('--host needs a host name or address.');
    options.host = value;
  },
  '--port': (value, options) => {
    options.port = integerIn(value, '--port', 0, 65_535);
  },
  '--latency-ms': (value, options) => {
    options.faults.latencyMs = integerIn(value, '--latency-ms', 0, 600_000);
  },
  '--error-rate': (value, options) => {
    const rate = Number(value);
    if (value.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
      throw new SandboxUsageError(`--error-rate must be a number from 0 to 1, got "${value}".`);
    }
    options.faults.errorRate = rate;
  },
  '--rate-limit': (value, options) => {
    options.faults.rateLimitPerSecond = integerIn(value, '--rate-limit', 0, 1_000_000);
  },
  '--token-lifetime': (value, options) => {
    options.faults.tokenLifetimeSeconds = integerIn(value, '--token-lifetime', 1, 31_536_000);
  },
  '--crew': (value, options) => {
    options.crewCount = integerIn(value, '--crew', SEED_CREW_COUNT, MAX_CREW_COUNT);
  },
  '--event-places': (value, options) => {
    options.eventPlaces = integerIn(value, '--event-places', MIN_EVENT_PLACES, MAX_EVENT_PLACES);
  },
  '--season': (value, options) => {
    options.season = integerIn(value, '--season', MIN_SEASON_WEEKS, MAX_SEASON_WEEKS);
  },
};

function integerIn(value: string, flag: string, min: number, max: number): number {
  if (!/^\d+$/.test(value)) throw new SandboxUsageError(`${flag} must be a whole number, got "${value}".`);
  const number = Number(value);
  if (number < min || number > max) throw new SandboxUsageError(`${flag} must be between ${min} and ${max}.`);
  return number;
}

/** Parse the flags after `sandbox` (both `--flag value` and `--flag=value`); throws SandboxUsageError. */
export function parseSandboxArgs(argv: readonly string[]): SandboxOptions {
  const options: SandboxOptions & { faults: Partial<FaultSettings> } = {
    host: '127.0.0.1',
    port: 4000,
    faults: {},
  };
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const equals = arg.indexOf('=');
    const flag = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    const parse = FLAGS[flag];
    if (!parse) throw new SandboxUsageError(`Unknown argument "${arg}".`);
    if (seen.has(flag)) throw new SandboxUsageError(`${flag} is given twice.`);
    seen.add(flag);
    let value: string | undefined;
    if (flag !== arg) value = arg.slice(equals + 1);
    else {
      value = argv[i + 1];
      i += 1;
      if (value === undefined || value.startsWith('--'))
        throw new SandboxUsageError(`${flag} needs a value.`);
    }
    parse(value, options);
  }
  return options;
}

/** What the command prints once the sandbox is up: where it is and how to authenticate. */
export function describeRunningSandbox(sb: RunningSandbox): string {
  const lines = [
    'crew-mcp sandbox platform is running.',
    `  base URL:    ${sb.baseUrl}`,
    `  auth URL:    ${sb.authUrl}`,
    `  realm:       ${sb.realm}`,
    `  token URL:   ${sb.tokenUrl}`,
    `  GraphQL URL: ${sb.baseUrl}/gql`,
    '',
    "Sandbox only, in place of the platform's own apps (emits crew_job.updated; scope jobs:write):",
    `  POST ${sb.baseUrl}${CREW_JOB_PATH}  JSON {status?, attendance?}`,
    '',
    'Demo API keys (client id / client secret: scopes):',
    ...sb.keys.map((key) => `  ${key.clientId} / ${key.clientSecret}: ${key.scopes.join(' ')}`),
    '',
    'Press Ctrl+C to stop.',
  ];
  return `${lines.join('\n')}\n`;
}

export interface SandboxCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves when the command should stop; default: the first SIGINT or SIGTERM. */
  untilStopped: () => Promise<void>;
}

const defaultIo: SandboxCommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  untilStopped: () =>
    new Promise((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop).off('SIGTERM', stop);
        resolve();
      };
      process.on('SIGINT', stop).on('SIGTERM', stop);
    }),
};

export async function runSandboxCommand(
  argv: string[],
  io: SandboxCommandIo = defaultIo,
  logger: SandboxLogger = silentSandboxLogger,
): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${SANDBOX_USAGE}\n`);
    return;
  }
  let options: SandboxOptions;
  try {
    options = parseSandboxArgs(argv);
  } catch (error) {
    if (!(error instanceof SandboxUsageError)) throw error;
    io.stderr(`crew-mcp sandbox: ${error.message}\n\n${SANDBOX_USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({ ...options, logger });
  } catch (error) {
    io.stderr(
      `crew-mcp sandbox: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  // Listen for the stop signals before saying it runs: a supervisor that stops it as soon as the
  // banner arrives must find the handler installed, not kill the process by the signal's default.
  const stopped = io.untilStopped();
  io.stdout(describeRunningSandbox(sandbox));
  await stopped;
  await sandbox.close();
}
