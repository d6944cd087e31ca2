// Configuration: argv + env -> Config, as pure functions. Every setting is a row of one table
// (src/settings/table.ts: flag, variable, default, meaning, parser), read with CLI flags over
// environment variables over defaults; here the values become the Config the server uses, and the
// rules that span settings (all five credentials or none, auth beyond loopback...) are checked.
// Errors name the flag or variable and the fix; the CLI prints them on stderr and exits with code 2.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { ConfigError } from './settings/parsers.js';
import { type Command, readSettings } from './settings/read.js';
import { SETTINGS, type SettingKey, type SettingValues, type Toolset } from './settings/table.js';

export { ConfigError, checkNames, nearestName } from './settings/parsers.js';
export { COMMANDS, type Command } from './settings/read.js';
export { HELP } from './settings/render.js';
export { AUTH_MODES, type AuthMode, TOOLSETS, type Toolset } from './settings/table.js';

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
  /** On SIGTERM (http), how long /healthz may say 503 while requests are still served (0: refuse at once). */
  drainWaitMs: number;
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
  /**
   * PostgreSQL shared by replicas (`--store postgres://...`): the event log, the rate limiter,
   * word of each other's events and writes. Null: this process keeps them itself.
   */
  store: string | null;
  /** `check --json`: the report as JSON instead of text. */
  json: boolean;
  /** The log level was asked for (flag or environment), not the default. */
  logLevelGiven: boolean;
  /** Authentication, limits, local files, webhook hardening, shutdown (issue 11). */
  security: SecurityConfig;
  /** Arguments left for the subcommand (e.g. `sandbox --port 4000`). */
  rest: string[];
  /**
   * Every setting as its row in src/settings/table.ts parsed it. The fields above group the ones
   * the server has always read; a new setting is a new row, read from here.
   */
  settings: SettingValues;
  /** Said on stderr at start (a secret given as a flag); not errors. */
  warnings: string[];
}

export type AuthConfig =
  | { mode: 'none' }
  /** Static named tokens: CREW_AUTH_TOKENS (environment only, never argv) and/or a file. */
  | { mode: 'bearer'; tokens: string | null; tokensFile: string | null }
  /** A resource server for an external authorization server's JWTs. */
  | { mode: 'oauth'; issuer: string; jwksUrl: string | null }
  /** The hosted connector: its own authorization server, many tenants, a store (README "Hosted connector"). */
  | { mode: 'connector'; connector: ConnectorConfig };

export interface ConnectorConfig {
  /** A postgres:// URL, or null for the embedded store in dataDir. */
  storeUrl: string | null;
  /** The embedded store's directory; null: $XDG_STATE_HOME/crew-mcp (src/connector/data-dir.ts). */
  dataDir: string | null;
  /** The store key as given (base64/hex), from CREW_STORE_KEY or the key file; checked when the store opens. */
  storeKey: string | null;
  storeKeyFile: string | null;
  storePreviousKey: string | null;
  /** CREW_STORE_OLD_KEYS: more keys of the ring that open secrets and seal none. */
  storeOldKeys: string[];
  /** Delete the secrets the store key cannot open, instead of refusing to start. */
  discardUnreadableSecrets: boolean;
  allowLoopbackClientMetadata: boolean;
  maxTenants: number;
  /** The connect page's defaults (--auth-url, --realm, --api-url); null: the embedded sandbox's. */
  platformDefaults: { authUrl: string; realm: string; apiUrl: string } | null;
}

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
  /** Load balancers whose X-Forwarded-For names the client's address (limits by address). */
  trustedProxies: string[];
  /** Accept webhook deliveries without a signature (no --webhook-secret): off unless asked for. */
  webhookAllowUnsigned: boolean;
  /** Event log retention: events older than this many days, and the oldest past this size, go. */
  eventsMaxAgeDays: number;
  eventsMaxBytes: number;
  /** On SIGTERM, how long calls in flight may take before they are cut. */
  shutdownTimeoutMs: number;
}

const CREDENTIAL_KEYS = ['clientId', 'clientSecret', 'authUrl', 'realm', 'apiUrl'] as const;
const credentialName = (key: (typeof CREDENTIAL_KEYS)[number]) =>
  `${SETTINGS[key].env} (${SETTINGS[key].flag})`;

function upstreamFrom(values: SettingValues, sandboxKeyGiven: boolean): UpstreamConfig {
  const present = CREDENTIAL_KEYS.filter((key) => values[key] !== null);
  if (present.length === 0) return { kind: 'sandbox', sandboxKey: values.sandboxKey };
  const missing = CREDENTIAL_KEYS.filter((key) => values[key] === null);
  if (missing.length > 0) {
    throw new ConfigError(
      `Incomplete platform credentials: missing ${missing.map(credentialName).join(', ')}. ` +
        'Set all five to use a live platform, or none of them to use the embedded sandbox.',
    );
  }
  if (sandboxKeyGiven) {
    throw new ConfigError(
      '--sandbox-key applies to the embedded sandbox only; remove it or the live credentials.',
    );
  }
  return {
    kind: 'live',
    clientId: values.clientId as string,
    clientSecret: values.clientSecret as string,
    authUrl: values.authUrl as string,
    realm: values.realm as string,
    apiUrl: values.apiUrl as string,
  };
}

// ------------------------------------------------------------------ security (issue 11)

/**
 * The base of every URL the server writes (OAuth metadata and redirects, the consent's return, the
 * resource and token audience, the startup banner): --public-url when given, else the address it
 * is bound to. Never the request's scheme or Host, which a proxy may not forward.
 */
export function publicBaseOf(security: Pick<SecurityConfig, 'publicUrl'>, boundUrl: string): string {
  return security.publicUrl ?? boundUrl;
}

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function authFrom(values: SettingValues): AuthConfig {
  const mode = values.auth;
  if (mode === 'bearer') {
    const tokens = values.authTokens;
    const tokensFile = values.authTokensFile;
    if (!tokens && !tokensFile) {
      throw new ConfigError(
        '--auth bearer needs tokens: set CREW_AUTH_TOKENS="name:token,..." or --auth-tokens-file FILE (one name:token[:read-only] per line).',
      );
    }
    return { mode, tokens, tokensFile };
  }
  if (mode === 'oauth') {
    const issuer = values.oauthIssuer;
    if (issuer === null) {
      throw new ConfigError(
        '--auth oauth needs --oauth-issuer URL (CREW_OAUTH_ISSUER): the authorization server whose tokens this server accepts.',
      );
    }
    if (!issuer.startsWith('https:') && !isLoopbackHost(new URL(issuer).hostname)) {
      throw new ConfigError(`--oauth-issuer must be an https URL (got "${issuer}").`);
    }
    return { mode, issuer, jwksUrl: values.oauthJwksUrl };
  }
  if (mode === 'connector') return { mode, connector: connectorFrom(values) };
  return { mode: 'none' };
}

/** The connector's platform defaults: the three place settings together, or none (the sandbox). */
function platformDefaultsFrom(values: SettingValues): ConnectorConfig['platformDefaults'] {
  const { authUrl, realm, apiUrl } = values;
  if (authUrl === null && realm === null && apiUrl === null) return null;
  if (authUrl === null || realm === null || apiUrl === null) {
    throw new ConfigError(
      '--auth connector takes the connect page defaults as all three of --auth-url, --realm and --api-url (CREW_AUTH_URL, CREW_REALM, CREW_API_URL), or none of them for the embedded sandbox.',
    );
  }
  if (values.clientId !== null || values.clientSecret !== null) {
    throw new ConfigError(
      '--auth connector serves each company with its own API key, entered on the connect page: remove CREW_CLIENT_ID / CREW_CLIENT_SECRET (--client-id, --client-secret).',
    );
  }
  return { authUrl, realm, apiUrl };
}

/**
 * Why a connector on a shared PostgreSQL store needs the platform settings: without them each
 * replica starts its own embedded sandbox (its own data, its own port), and a company connected
 * through one replica is served by another's sandbox. Null when the configuration is fine. Read at
 * start (refused) and by `crew-mcp check --auth connector` (a failure).
 */
export function sharedStoreWithoutPlatform(connector: ConnectorConfig): string | null {
  if (!connector.storeUrl || connector.platformDefaults) return null;
  return (
    '--store (CREW_STORE) is for replicas sharing one PostgreSQL store, and without the platform settings each replica would run its own embedded sandbox, with its own data: ' +
    'set CREW_AUTH_URL, CREW_REALM and CREW_API_URL (--auth-url, --realm, --api-url) to the platform the companies connect to, the same on every replica ' +
    '(a sandbox of your own: run "crew-mcp sandbox" once and give its URLs), or leave --store out for one connector with the embedded store.'
  );
}

function connectorFrom(values: SettingValues): ConnectorConfig {
  const { store, storeKey, storeKeyFile } = values;
  if (store !== null && !/^postgres(ql)?:\/\//.test(store)) {
    throw new ConfigError(
      `--store (CREW_STORE) takes a postgres:// URL of a PostgreSQL server, got "${store.replace(/:[^:@/]*@/, ':***@')}"; leave it out for the embedded store in --data-dir.`,
    );
  }
  if (!storeKey && !storeKeyFile) {
    throw new ConfigError(
      '--auth connector needs a store key to encrypt platform secrets: set CREW_STORE_KEY (32 random bytes, e.g. "openssl rand -base64 32") or --store-key-file FILE.',
    );
  }
  return {
    storeUrl: store,
    dataDir: values.dataDir,
    storeKey,
    storeKeyFile,
    storePreviousKey: values.storePreviousKey,
    storeOldKeys: values.storeOldKeys ?? [],
    discardUnreadableSecrets: values.discardUnreadableSecrets,
    allowLoopbackClientMetadata: values.connectorAllowLoopbackClientMetadata,
    maxTenants: values.connectorMaxTenants,
    platformDefaults: platformDefaultsFrom(values),
  };
}

function securityFrom(values: SettingValues, command: Command): SecurityConfig {
  const auth = authFrom(values);
  const { host, publicUrl, filesRoot: filesRoots } = values;
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
  if (command === 'http' && auth.mode === 'connector') {
    if (!publicUrl && !isLoopbackHost(host)) {
      throw new ConfigError(
        '--auth connector on a non-loopback address needs --public-url (CREW_PUBLIC_URL): the https URL people add in Claude or ChatGPT.',
      );
    }
    if (publicUrl && !publicUrl.startsWith('https:') && !isLoopbackHost(new URL(publicUrl).hostname)) {
      throw new ConfigError(
        `--public-url must be https with --auth connector (got "${publicUrl}"): deploy behind TLS.`,
      );
    }
    if (auth.connector.allowLoopbackClientMetadata && !isLoopbackHost(host)) {
      throw new ConfigError(
        '--connector-allow-loopback-client-metadata is for tests: it is refused unless crew-mcp itself is bound to a loopback address (--host 127.0.0.1).',
      );
    }
  }
  if (command === 'http' && filesRoots.length > 0) {
    throw new ConfigError(
      "--files-root applies to stdio mode only: over HTTP the files would be the server's, not the user's.",
    );
  }
  return {
    auth,
    publicUrl,
    ratePerMinute: values.rateLimit,
    sessionsPerClient: values.sessionsPerClient,
    filesRoots,
    trustedProxies: trustedProxiesFrom(values.trustedProxies),
    webhookAllowUnsigned: values.webhookAllowUnsigned,
    eventsMaxAgeDays: values.eventsMaxAgeDays,
    eventsMaxBytes: values.eventsMaxMb * 1024 * 1024,
    shutdownTimeoutMs: values.shutdownTimeoutMs,
  };
}

/** The balancers' addresses as given: IP addresses only (a name would be resolved by no one). */
function trustedProxiesFrom(given: string[] | null): string[] {
  const addresses = given ?? [];
  const wrong = addresses.find((address) => isIP(address) === 0);
  if (wrong !== undefined) {
    throw new ConfigError(
      `--trusted-proxies (CREW_TRUSTED_PROXIES) takes the load balancers' IP addresses, comma-separated; "${wrong}" is not one (e.g. 10.0.0.5,10.0.0.6).`,
    );
  }
  return addresses;
}

/** Secrets that may be given as a flag, a variable or a file; a flag's value is visible in `ps`. */
const FILE_SECRETS = [
  ['clientSecret', 'clientSecretFile'],
  ['webhookSecret', 'webhookSecretFile'],
] as const;

function readSecretFile(file: string, flag: string): string {
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(
      `${flag} ${file} could not be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
  if (!secret) throw new ConfigError(`${flag} ${file} is empty: it should hold the secret (one line).`);
  return secret;
}

/** The values with each secret file read in place of its secret; a warning for a secret flag. */
function withSecretFiles(
  values: SettingValues,
  onArgv: ReadonlySet<SettingKey>,
  warnings: string[],
): SettingValues {
  const filled = { ...values };
  for (const [key, fileKey] of FILE_SECRETS) {
    const file = values[fileKey];
    const { flag, env } = SETTINGS[key];
    const fileFlag = SETTINGS[fileKey].flag;
    if (file !== null) {
      if (values[key] !== null) throw new ConfigError(`Give ${env} (${flag}) or ${fileFlag}, not both.`);
      filled[key] = readSecretFile(file, fileFlag ?? fileKey);
    } else if (onArgv.has(key)) {
      warnings.push(
        `crew-mcp: warning: ${flag} puts the secret on the command line, where other users of this machine can read it (ps, /proc); set ${env} or give ${fileFlag} FILE instead.`,
      );
    }
  }
  return filled;
}

/** Build the configuration. Throws ConfigError with a message fit for stderr. */
export function loadConfig(argv: string[], env: Record<string, string | undefined>): Config {
  const settings = readSettings(argv, env);
  const { command, given, rest } = settings;
  const warnings: string[] = [];
  const values = withSecretFiles(settings.values, settings.onArgv, warnings);
  // The store's own commands are the hosted connector's: its store settings, whatever --auth says.
  if (command === 'store' || command === 'connector') values.auth = 'connector';
  if (values.json && command !== 'check') {
    throw new ConfigError('--json applies to "crew-mcp check" only.');
  }
  if (values.store && command === 'stdio') {
    throw new ConfigError('--store applies to "crew-mcp http" (and check): a stdio server has no replicas.');
  }
  if (values.readOnly && values.allowGraphqlMutations) {
    throw new ConfigError(
      '--allow-graphql-mutations cannot be combined with --read-only (CREW_READ_ONLY): read-only mode sends no mutation. Remove one of them.',
    );
  }
  return {
    command,
    // The connector's platforms are its tenants' (the connect page); its own upstream is the sandbox.
    upstream:
      values.auth === 'connector'
        ? { kind: 'sandbox', sandboxKey: values.sandboxKey }
        : upstreamFrom(values, given.has('sandboxKey')),
    readOnly: values.readOnly,
    allowGraphqlMutations: values.allowGraphqlMutations,
    toolsets: values.toolsets,
    tools: values.tools,
    excludeTools: values.excludeTools ?? [],
    http: {
      host: values.host,
      port: values.port,
      allowedOrigins: values.allowedOrigins ?? [],
      allowedHosts: values.allowedHosts ?? [],
    },
    drainWaitMs: values.drainWaitMs,
    timeoutMs: values.timeoutMs,
    logLevel: values.logLevel,
    eventsDir: values.eventsDir,
    webhookPort: values.webhookPort,
    webhookSecret: values.webhookSecret,
    webhookPublicUrl: values.webhookPublicUrl,
    store: values.store,
    json: values.json,
    logLevelGiven: given.has('logLevel'),
    security: securityFrom(values, command),
    rest,
    settings: values,
    warnings,
  };
}
