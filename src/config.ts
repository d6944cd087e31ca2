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
  /** Authentication, limits, local files, webhook hardening, shutdown (issue 11). */
  security: SecurityConfig;
  /** Arguments left for the subcommand (e.g. `sandbox --port 4000`). */
  rest: string[];
}

/** Who may call /mcp in http mode (README "Security"). */
export const AUTH_MODES = ['none', 'bearer', 'oauth'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export type AuthConfig =
  | { mode: 'none' }
  /** Static named tokens: CREW_AUTH_TOKENS (environment only, never argv) and/or a file. */
  | { mode: 'bearer'; tokens: string | null; tokensFile: string | null }
  /** A resource server for an external authorization server's JWTs. */
  | { mode: 'oauth'; issuer: string; jwksUrl: string | null };

export interface SecurityConfig {
  auth: AuthConfig;
  /** The public base URL of this server (behind a proxy); the OAuth resource is `${publicUrl}/mcp`. */
  publicUrl: string | null;
  /** Requests per minute per client on /mcp (in bursts of up to ten seconds' worth); 0 = off. */
  ratePerMinute: number;
  /** Open 2025-era sessions per client; past it, that client's own oldest session is closed. */
  sessionsPerClient: number;
  /** Directories upload_crew_file may read local files from (stdio mode); empty = none. */
  filesRoots: string[];
  /** Accept webhook deliveries without a signature (no --webhook-secret): off unless asked for. */
  webhookAllowUnsigned: boolean;
  /** Event log retention: events older than this many days, and the oldest past this size, go. */
  eventsMaxAgeDays: number;
  eventsMaxBytes: number;
  /** On SIGTERM, how long calls in flight may take before they are cut. */
  shutdownTimeoutMs: number;
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
  // Security (issue 11). Bearer tokens themselves come from CREW_AUTH_TOKENS or a file, never argv.
  '--auth': { key: 'auth', env: 'CREW_AUTH' },
  '--auth-tokens-file': { key: 'authTokensFile', env: 'CREW_AUTH_TOKENS_FILE' },
  '--oauth-issuer': { key: 'oauthIssuer', env: 'CREW_OAUTH_ISSUER' },
  '--oauth-jwks-url': { key: 'oauthJwksUrl', env: 'CREW_OAUTH_JWKS_URL' },
  '--public-url': { key: 'publicUrl', env: 'CREW_PUBLIC_URL' },
  '--rate-limit': { key: 'rateLimit', env: 'CREW_RATE_LIMIT' },
  '--max-sessions-per-client': { key: 'sessionsPerClient', env: 'CREW_MAX_SESSIONS_PER_CLIENT' },
  '--files-root': { key: 'filesRoot', env: 'CREW_FILES_ROOT' },
  '--webhook-allow-unsigned': {
    key: 'webhookAllowUnsigned',
    env: 'CREW_WEBHOOK_ALLOW_UNSIGNED',
    boolean: true,
  },
  '--events-max-age-days': { key: 'eventsMaxAgeDays', env: 'CREW_EVENTS_MAX_AGE_DAYS' },
  '--events-max-mb': { key: 'eventsMaxMb', env: 'CREW_EVENTS_MAX_MB' },
  '--shutdown-timeout-ms': { key: 'shutdownTimeoutMs', env: 'CREW_SHUTDOWN_TIMEOUT_MS' },
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

// ------------------------------------------------------------------ security (issue 11)

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function authFrom(raw: Raw, env: Record<string, string | undefined>): AuthConfig {
  const mode = typeof raw.auth === 'string' ? raw.auth : 'none';
  if (!(AUTH_MODES as readonly string[]).includes(mode)) {
    throw new ConfigError(`--auth must be one of ${AUTH_MODES.join(', ')}, got "${mode}".`);
  }
  if (mode === 'bearer') {
    const tokens = env.CREW_AUTH_TOKENS?.trim() ? env.CREW_AUTH_TOKENS : null;
    const tokensFile = typeof raw.authTokensFile === 'string' ? raw.authTokensFile : null;
    if (!tokens && !tokensFile) {
      throw new ConfigError(
        '--auth bearer needs tokens: set CREW_AUTH_TOKENS="name:token,..." or --auth-tokens-file FILE (one name:token[:read-only] per line).',
      );
    }
    return { mode, tokens, tokensFile };
  }
  if (mode === 'oauth') {
    if (typeof raw.oauthIssuer !== 'string') {
      throw new ConfigError(
        '--auth oauth needs --oauth-issuer URL (CREW_OAUTH_ISSUER): the authorization server whose tokens this server accepts.',
      );
    }
    const issuer = checkUrl(raw.oauthIssuer, 'CREW_OAUTH_ISSUER (--oauth-issuer)');
    if (!issuer.startsWith('https:') && !isLoopbackHost(new URL(issuer).hostname)) {
      throw new ConfigError(`--oauth-issuer must be an https URL (got "${issuer}").`);
    }
    const jwksUrl =
      typeof raw.oauthJwksUrl === 'string'
        ? checkUrl(raw.oauthJwksUrl, 'CREW_OAUTH_JWKS_URL (--oauth-jwks-url)')
        : null;
    return { mode, issuer, jwksUrl };
  }
  return { mode: 'none' };
}

function filesRootsFrom(value: string | boolean | undefined): string[] {
  const roots = list(value) ?? [];
  for (const root of roots) {
    if (!root.startsWith('/')) {
      throw new ConfigError(`--files-root takes absolute directories, got "${root}".`);
    }
    const bare = root.replace(/\/+$/, '') || '/';
    if (
      ['/proc', '/dev', '/sys'].some((forbidden) => bare === forbidden || bare.startsWith(`${forbidden}/`))
    ) {
      throw new ConfigError(`--files-root cannot allow ${root}: /proc, /dev and /sys are never read.`);
    }
  }
  return roots;
}

function securityFrom(
  raw: Raw,
  env: Record<string, string | undefined>,
  command: Command,
  host: string,
): SecurityConfig {
  const auth = authFrom(raw, env);
  const publicUrl =
    typeof raw.publicUrl === 'string' ? checkUrl(raw.publicUrl, 'CREW_PUBLIC_URL (--public-url)') : null;
  if (command === 'http' && auth.mode === 'none' && !isLoopbackHost(host)) {
    throw new ConfigError(
      `--host ${host} would serve /mcp to other machines without authentication. Enable an auth mode: ` +
        '--auth bearer (tokens in CREW_AUTH_TOKENS or --auth-tokens-file) or --auth oauth --oauth-issuer URL; ' +
        'or keep --host 127.0.0.1 behind a reverse proxy (README "Security").',
    );
  }
  if (command === 'http' && auth.mode === 'oauth' && !publicUrl && !isLoopbackHost(host)) {
    throw new ConfigError(
      '--auth oauth on a non-loopback address needs --public-url (CREW_PUBLIC_URL): the URL clients use, which tokens must name as their audience.',
    );
  }
  const filesRoots = filesRootsFrom(raw.filesRoot);
  if (command === 'http' && filesRoots.length > 0) {
    throw new ConfigError(
      "--files-root applies to stdio mode only: over HTTP the files would be the server's, not the user's.",
    );
  }
  return {
    auth,
    publicUrl,
    ratePerMinute: integer(raw.rateLimit, 'Rate limit (--rate-limit, CREW_RATE_LIMIT)', 600, 0, 1_000_000),
    sessionsPerClient: integer(
      raw.sessionsPerClient,
      'Sessions per client (--max-sessions-per-client, CREW_MAX_SESSIONS_PER_CLIENT)',
      50,
      1,
      500,
    ),
    filesRoots,
    webhookAllowUnsigned: raw.webhookAllowUnsigned === true,
    eventsMaxAgeDays: integer(
      raw.eventsMaxAgeDays,
      'Event age (--events-max-age-days, CREW_EVENTS_MAX_AGE_DAYS)',
      30,
      1,
      3650,
    ),
    eventsMaxBytes:
      integer(raw.eventsMaxMb, 'Event log size (--events-max-mb, CREW_EVENTS_MAX_MB)', 64, 1, 100_000) *
      1024 *
      1024,
    shutdownTimeoutMs: integer(
      raw.shutdownTimeoutMs,
      'Shutdown timeout (--shutdown-timeout-ms, CREW_SHUTDOWN_TIMEOUT_MS)',
      10_000,
      0,
      600_000,
    ),
  };
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
    security: securityFrom(raw, env, parsed.command, host),
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

Security (README "Security"):
  --auth none                 CREW_AUTH           none (loopback only), bearer or oauth
                              CREW_AUTH_TOKENS    bearer tokens: name:token[:read-only],... (environment only)
  --auth-tokens-file FILE     CREW_AUTH_TOKENS_FILE  one name:token[:read-only] per line
  --oauth-issuer URL          CREW_OAUTH_ISSUER   authorization server whose JWTs are accepted
  --oauth-jwks-url URL        CREW_OAUTH_JWKS_URL default: from the issuer's discovery document
  --public-url URL            CREW_PUBLIC_URL     public base URL (OAuth resource: URL/mcp)
  --rate-limit 600            CREW_RATE_LIMIT     requests per minute per client (0: off)
  --max-sessions-per-client 50  CREW_MAX_SESSIONS_PER_CLIENT  2025-era sessions per client
  --files-root DIR,DIR        CREW_FILES_ROOT     stdio: upload_crew_file may read files under these
  --webhook-allow-unsigned    CREW_WEBHOOK_ALLOW_UNSIGNED  accept unsigned deliveries (no secret)
  --events-max-age-days 30    CREW_EVENTS_MAX_AGE_DAYS     event log retention by age
  --events-max-mb 64          CREW_EVENTS_MAX_MB           event log retention by size
  --shutdown-timeout-ms 10000 CREW_SHUTDOWN_TIMEOUT_MS     SIGTERM: time for calls in flight
`;
