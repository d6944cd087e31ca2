// Configuration: argv + env -> Config, as pure functions. CLI flags win over environment
// variables, which win over defaults. Unknown flags and bad values are errors that name the
// flag or variable and the fix; the CLI prints them on stderr and exits with code 2.
import { z } from 'zod';

export const TOOLSETS = ['jobs', 'crew', 'files', 'events', 'schema'] as const;
export type Toolset = (typeof TOOLSETS)[number];

export const COMMANDS = ['stdio', 'http', 'sandbox', 'check', 'help', 'version'] as const;
export type Command = (typeof COMMANDS)[number];

/** Where the platform is: a live one (credentials) or the embedded sandbox. */
export type UpstreamConfig =
  | {
      kind: 'live';
      clientId: string;
      clientSecret: string;
      authUrl: string;
      realm: string;
      apiUrl: string;
    }
  | { kind: 'sandbox'; sandboxKey: string };

export interface Config {
  command: Command;
  upstream: UpstreamConfig;
  readOnly: boolean;
  /** graphql_query may send mutations (never in read-only mode). */
  allowGraphqlMutations: boolean;
  toolsets: Toolset[] | null;
  tools: string[] | null;
  excludeTools: string[];
  http: { host: string; port: number; allowedOrigins: string[]; allowedHosts: string[] };
  timeoutMs: number;
  logLevel: string;
  /** Directory of the durable webhook event log. */
  eventsDir: string | null;
  /** Port of the webhook receiver in stdio mode (HTTP mode serves it at /webhooks). 0 = off. */
  webhookPort: number;
  /** Shared secret the receiver verifies signatures with. */
  webhookSecret: string | null;
  /** Public URL the platform should deliver webhooks to (when not the receiver's own address). */
  webhookPublicUrl: string | null;
  /** `check --json`: the report as JSON instead of text. */
  json: boolean;
  /** The log level was asked for (flag or environment), not the default. */
  logLevelGiven: boolean;
  /** Arguments left for the subcommand (e.g. `sandbox --port 4000`). */
  rest: string[];
}

export class ConfigError extends Error {}

interface FlagSpec {
  key: string;
  env?: string;
  boolean?: boolean;
}

/** Every flag the server understands, and the environment variable that backs it. */
const FLAGS: Record<string, FlagSpec> = {
  '--client-id': { key: 'clientId', env: 'CREW_CLIENT_ID' },
  '--client-secret': { key: 'clientSecret', env: 'CREW_CLIENT_SECRET' },
  '--auth-url': { key: 'authUrl', env: 'CREW_AUTH_URL' },
  '--realm': { key: 'realm', env: 'CREW_REALM' },
  '--api-url': { key: 'apiUrl', env: 'CREW_API_URL' },
  '--sandbox-key': { key: 'sandboxKey', env: 'CREW_SANDBOX_KEY' },
  '--read-only': { key: 'readOnly', env: 'CREW_READ_ONLY', boolean: true },
  '--allow-graphql-mutations': {
    key: 'allowGraphqlMutations',
    env: 'CREW_ALLOW_GRAPHQL_MUTATIONS',
    boolean: true,
  },
  '--toolsets': { key: 'toolsets', env: 'CREW_TOOLSETS' },
  '--tools': { key: 'tools', env: 'CREW_TOOLS' },
  '--exclude-tools': { key: 'excludeTools', env: 'CREW_EXCLUDE_TOOLS' },
  '--host': { key: 'host', env: 'CREW_HTTP_HOST' },
  '--port': { key: 'port', env: 'CREW_HTTP_PORT' },
  '--allowed-origins': { key: 'allowedOrigins', env: 'CREW_ALLOWED_ORIGINS' },
  '--allowed-hosts': { key: 'allowedHosts', env: 'CREW_ALLOWED_HOSTS' },
  '--timeout-ms': { key: 'timeoutMs', env: 'CREW_TIMEOUT_MS' },
  '--log-level': { key: 'logLevel', env: 'CREW_LOG_LEVEL' },
  '--events-dir': { key: 'eventsDir', env: 'CREW_EVENTS_DIR' },
  '--webhook-port': { key: 'webhookPort', env: 'CREW_WEBHOOK_PORT' },
  '--webhook-secret': { key: 'webhookSecret', env: 'CREW_WEBHOOK_SECRET' },
  '--webhook-public-url': { key: 'webhookPublicUrl', env: 'CREW_WEBHOOK_PUBLIC_URL' },
  '--json': { key: 'json', boolean: true },
};

const CREDENTIAL_KEYS = ['clientId', 'clientSecret', 'authUrl', 'realm', 'apiUrl'] as const;
const CREDENTIAL_NAMES: Record<(typeof CREDENTIAL_KEYS)[number], string> = {
  clientId: 'CREW_CLIENT_ID (--client-id)',
  clientSecret: 'CREW_CLIENT_SECRET (--client-secret)',
  authUrl: 'CREW_AUTH_URL (--auth-url)',
  realm: 'CREW_REALM (--realm)',
  apiUrl: 'CREW_API_URL (--api-url)',
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Raw = Record<string, string | boolean | undefined>;

function parseArgv(argv: string[]): { command: Command; raw: Raw; rest: string[] } {
  const raw: Raw = {};
  let command: Command = 'stdio';
  let index = 0;
  const first = argv[0];
  if (first !== undefined && !first.startsWith('-')) {
    if (!(COMMANDS as readonly string[]).includes(first)) {
      throw new ConfigError(`Unknown command "${first}". Commands: ${COMMANDS.join(', ')}.`);
    }
    command = first as Command;
    index = 1;
  }
  if (command === 'sandbox') return { command, raw, rest: argv.slice(1) };
  for (; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === '--help' || arg === '-h') return { command: 'help', raw, rest: [] };
    if (arg === '--version' || arg === '-v') return { command: 'version', raw, rest: [] };
    const [name, inlineValue] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const spec = FLAGS[name as string];
    if (!spec) {
      throw new ConfigError(`Unknown option "${name}". Run "crew-mcp --help" for the list of options.`);
    }
    if (spec.boolean) {
      if (inlineValue !== undefined && !['true', 'false'].includes(inlineValue)) {
        throw new ConfigError(`Option ${name} takes no value (or =true / =false), got "${inlineValue}".`);
      }
      raw[spec.key] = inlineValue !== 'false';
      continue;
    }
    const value = inlineValue ?? argv[++index];
    if (value === undefined || (inlineValue === undefined && value.startsWith('--'))) {
      throw new ConfigError(`Option ${name} needs a value.`);
    }
    raw[spec.key] = value;
  }
  return { command, raw, rest: [] };
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/**
 * An MCPB host passes an optional setting the user left empty as the literal placeholder
 * "${user_config.name}" (manifest.json); that means "not set", like an empty value.
 */
const UNFILLED_PLACEHOLDER = /^\$\{user_config\.[\w.-]+\}$/;

function fromEnv(env: Record<string, string | undefined>): Raw {
  const raw: Raw = {};
  for (const [flag, spec] of Object.entries(FLAGS)) {
    const value = spec.env ? env[spec.env]?.trim() : undefined;
    if (value === undefined || value === '' || UNFILLED_PLACEHOLDER.test(value)) continue;
    if (!spec.boolean) {
      raw[spec.key] = value;
      continue;
    }
    const word = value.toLowerCase();
    if (!TRUE_WORDS.includes(word) && !FALSE_WORDS.includes(word)) {
      throw new ConfigError(
        `${spec.env} must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')} (like ${flag}), got "${value}".`,
      );
    }
    raw[spec.key] = TRUE_WORDS.includes(word);
  }
  return raw;
}

/** Edit distance, for "did you mean" hints on misspelled names. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** The known name closest to `name`, when one is close enough to be a likely misspelling. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || d < best.distance) best = { name: candidate, distance: d };
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

/** Names of `flag` that are not among `known`: a configuration error with the nearest known name. */
export function checkNames(
  names: readonly string[] | null,
  known: readonly string[],
  flag: string,
  noun: string,
): void {
  for (const name of names ?? []) {
    if (known.includes(name)) continue;
    const guess = nearestName(name, known);
    throw new ConfigError(
      `Unknown ${noun} "${name}" in ${flag}${guess ? `; did you mean "${guess}"?` : '.'} ${noun[0]?.toUpperCase()}${noun.slice(1)}s: ${known.join(', ')}.`,
    );
  }
}

function list(value: string | boolean | undefined): string[] | null {
  if (typeof value !== 'string') return null;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function integer(
  value: string | boolean | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${String(value)}".`);
  }
  return parsed;
}

const urlSchema = z.url({ protocol: /^https?$/ });

function checkUrl(value: string, name: string): string {
  if (!urlSchema.safeParse(value).success) {
    throw new ConfigError(`${name} must be an http(s) URL such as https://api.example.com, got "${value}".`);
  }
  return value.replace(/\/+$/, '');
}

function upstreamFrom(raw: Raw): UpstreamConfig {
  const present = CREDENTIAL_KEYS.filter((key) => typeof raw[key] === 'string');
  if (present.length === 0) {
    const sandboxKey = typeof raw.sandboxKey === 'string' ? raw.sandboxKey : 'demo-admin';
    return { kind: 'sandbox', sandboxKey };
  }
  const missing = CREDENTIAL_KEYS.filter((key) => typeof raw[key] !== 'string');
  if (missing.length > 0) {
    throw new ConfigError(
      `Incomplete platform credentials: missing ${missing.map((key) => CREDENTIAL_NAMES[key]).join(', ')}. ` +
        'Set all five to use a live platform, or none of them to use the embedded sandbox.',
    );
  }
  if (typeof raw.sandboxKey === 'string') {
    throw new ConfigError(
      '--sandbox-key applies to the embedded sandbox only; remove it or the live credentials.',
    );
  }
  return {
    kind: 'live',
    clientId: raw.clientId as string,
    clientSecret: raw.clientSecret as string,
    authUrl: checkUrl(raw.authUrl as string, 'CREW_AUTH_URL'),
    realm: raw.realm as string,
    apiUrl: checkUrl(raw.apiUrl as string, 'CREW_API_URL'),
  };
}

function toolsetsFrom(value: string | boolean | undefined): Toolset[] | null {
  const names = list(value);
  checkNames(names, TOOLSETS, '--toolsets', 'toolset');
  return names as Toolset[] | null;
}

/** Build the configuration. Throws ConfigError with a message fit for stderr. */
export function loadConfig(argv: string[], env: Record<string, string | undefined>): Config {
  const parsed = parseArgv(argv);
  const raw: Raw = { ...fromEnv(env), ...parsed.raw };
  const logLevel = typeof raw.logLevel === 'string' ? raw.logLevel : 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`Log level must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  const host = typeof raw.host === 'string' ? raw.host : '127.0.0.1';
  if (raw.json === true && parsed.command !== 'check') {
    throw new ConfigError('--json applies to "crew-mcp check" only.');
  }
  if (raw.readOnly === true && raw.allowGraphqlMutations === true) {
    throw new ConfigError(
      '--allow-graphql-mutations cannot be combined with --read-only (CREW_READ_ONLY): read-only mode sends no mutation. Remove one of them.',
    );
  }
  return {
    command: parsed.command,
    upstream: upstreamFrom(raw),
    readOnly: raw.readOnly === true,
    allowGraphqlMutations: raw.allowGraphqlMutations === true,
    toolsets: toolsetsFrom(raw.toolsets),
    tools: list(raw.tools),
    excludeTools: list(raw.excludeTools) ?? [],
    http: {
      host,
      port: integer(raw.port, 'Port (--port, CREW_HTTP_PORT)', 8765, 0, 65535),
      allowedOrigins: list(raw.allowedOrigins) ?? [],
      allowedHosts: list(raw.allowedHosts) ?? [],
    },
    timeoutMs: integer(raw.timeoutMs, 'Timeout (--timeout-ms, CREW_TIMEOUT_MS)', 30_000, 100, 600_000),
    logLevel,
    eventsDir: typeof raw.eventsDir === 'string' ? raw.eventsDir : null,
    webhookPort: integer(raw.webhookPort, 'Webhook port (--webhook-port, CREW_WEBHOOK_PORT)', 0, 0, 65535),
    webhookSecret: typeof raw.webhookSecret === 'string' ? raw.webhookSecret : null,
    webhookPublicUrl:
      typeof raw.webhookPublicUrl === 'string'
        ? checkUrl(raw.webhookPublicUrl, 'CREW_WEBHOOK_PUBLIC_URL')
        : null,
    json: raw.json === true,
    logLevelGiven: typeof raw.logLevel === 'string',
    rest: parsed.rest,
  };
}

export const HELP = `crew-mcp: an MCP server for a crew-staffing platform

Usage:
  crew-mcp [stdio]            serve MCP over stdio (default)
  crew-mcp http               serve MCP over Streamable HTTP at /mcp
  crew-mcp sandbox            run the embedded sandbox platform alone
  crew-mcp check [--json]     diagnose the configuration: token, GraphQL, schema, tools, webhooks

Platform (all five, or none to use the embedded sandbox):
  --client-id ID              CREW_CLIENT_ID
  --client-secret SECRET      CREW_CLIENT_SECRET
  --auth-url URL              CREW_AUTH_URL   (token endpoint host)
  --realm NAME                CREW_REALM
  --api-url URL               CREW_API_URL    (GraphQL at {url}/gql)
  --sandbox-key CLIENT        CREW_SANDBOX_KEY  demo-admin (default) or demo-readonly

Tools:
  --read-only                 CREW_READ_ONLY      list no write tool, refuse write calls
  --toolsets a,b              CREW_TOOLSETS       ${TOOLSETS.join(', ')}
  --tools x,y                 CREW_TOOLS          only these tools
  --exclude-tools x,y         CREW_EXCLUDE_TOOLS
  --allow-graphql-mutations   CREW_ALLOW_GRAPHQL_MUTATIONS  graphql_query may send mutations

HTTP:
  --host 127.0.0.1            CREW_HTTP_HOST
  --port 8765                 CREW_HTTP_PORT
  --allowed-origins a,b       CREW_ALLOWED_ORIGINS  extra browser origins (host names) allowed
  --allowed-hosts a,b         CREW_ALLOWED_HOSTS    extra Host names (e.g. behind a reverse proxy)

Other:
  --timeout-ms 30000          CREW_TIMEOUT_MS     upstream request timeout
  --log-level info            CREW_LOG_LEVEL      logs are JSON on stderr
  --events-dir DIR            CREW_EVENTS_DIR     durable webhook event log
  --webhook-port N            CREW_WEBHOOK_PORT   webhook receiver port in stdio mode
  --webhook-secret S          CREW_WEBHOOK_SECRET signature secret of the receiver
  --webhook-public-url URL    CREW_WEBHOOK_PUBLIC_URL where the platform should deliver events
`;
