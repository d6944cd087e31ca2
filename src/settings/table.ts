// Every setting crew-mcp reads, in one table: its flag, its environment variable, its default, what
// it means and how its value is parsed. Config parsing (read.ts, then src/config.ts), `--help` and
// the README's configuration table (render.ts) are generated from it: a new setting is a new row.
import {
  directories,
  integer,
  list,
  listOf,
  oneOf,
  type Parser,
  portOrOff,
  postgresUrl,
  type SettingNames,
  text,
  textOr,
  toggle,
  toggleOn,
  url,
} from './parsers.js';

export const TOOLSETS = ['jobs', 'crew', 'files', 'events', 'schema'] as const;
export type Toolset = (typeof TOOLSETS)[number];

/** Who may call /mcp in http mode (README "Security"). */
export const AUTH_MODES = ['none', 'bearer', 'oauth', 'connector'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The headings settings are listed under in --help, in this order. */
export const GROUPS = {
  platform: 'Platform (all five, or none to use the embedded sandbox)',
  tools: 'Tools',
  http: 'HTTP',
  other: 'Other',
  security: 'Security (README "Security")',
  connector: 'Hosted connector (README "Hosted connector")',
  directory: 'Directory listing (README "Listing in Claude and ChatGPT")',
  metrics: 'Metrics (README "Metrics")',
} as const;

export interface Setting<T> extends SettingNames {
  group: keyof typeof GROUPS;
  /** How the value is written after the flag (`--port N`); none for a switch. */
  value?: string;
  /** The default in words, where the parser holds none ("all", "per user"). */
  shown?: string;
  /** One line for --help and the README; backticks mark code (--help drops them). */
  meaning: string;
  /** What the README says beyond that line. */
  more?: string;
  parse: Parser<T>;
}

/** Keeps each row's value type for SettingValues. */
function setting<T>(row: Setting<T>): Setting<T> {
  return row;
}

export const SETTINGS = {
  clientId: setting({
    group: 'platform',
    flag: '--client-id',
    env: 'CREW_CLIENT_ID',
    value: 'ID',
    meaning: 'API key client id',
    more: '(platform admin app: Platform Settings > App settings > API Keys)',
    parse: text(),
  }),
  clientSecret: setting({
    group: 'platform',
    flag: '--client-secret',
    env: 'CREW_CLIENT_SECRET',
    value: 'SECRET',
    meaning: 'API key client secret (never logged)',
    parse: text(),
  }),
  clientSecretFile: setting({
    group: 'platform',
    flag: '--client-secret-file',
    env: 'CREW_CLIENT_SECRET_FILE',
    value: 'FILE',
    meaning: 'a file holding the client secret (in place of CREW_CLIENT_SECRET)',
    parse: text(),
  }),
  authUrl: setting({
    group: 'platform',
    flag: '--auth-url',
    env: 'CREW_AUTH_URL',
    value: 'URL',
    meaning: 'token host, e.g. `https://auth.liveforce.co`',
    parse: url('variable'),
  }),
  realm: setting({
    group: 'platform',
    flag: '--realm',
    env: 'CREW_REALM',
    value: 'NAME',
    meaning: 'realm, e.g. `liveforce`',
    parse: text(),
  }),
  apiUrl: setting({
    group: 'platform',
    flag: '--api-url',
    env: 'CREW_API_URL',
    value: 'URL',
    meaning: 'API host, e.g. `https://api.liveforce.co` (GraphQL at `/gql`, REST at `/rest`)',
    parse: url('variable'),
  }),
  sandboxKey: setting({
    group: 'platform',
    flag: '--sandbox-key',
    env: 'CREW_SANDBOX_KEY',
    value: 'CLIENT',
    meaning: 'sandbox key when no credentials are set',
    more: '(`demo-readonly`: `jobs:read crew:read`)',
    parse: textOr('demo-admin'),
  }),
  readOnly: setting({
    group: 'tools',
    flag: '--read-only',
    env: 'CREW_READ_ONLY',
    meaning: 'list no write tool and refuse write calls',
    more: '(`1/true/yes/on` or `0/false/no/off`, as every switch)',
    parse: toggle(),
  }),
  toolsets: setting({
    group: 'tools',
    flag: '--toolsets',
    env: 'CREW_TOOLSETS',
    value: 'a,b',
    shown: 'all',
    meaning: `only the tools of these toolsets: ${TOOLSETS.map((name) => `\`${name}\``).join(', ')}`,
    parse: listOf(TOOLSETS, 'toolset'),
  }),
  tools: setting({
    group: 'tools',
    flag: '--tools',
    env: 'CREW_TOOLS',
    value: 'x,y',
    shown: 'all',
    meaning: 'only these tools',
    more: '(an unknown name is an error naming the nearest)',
    parse: list(),
  }),
  excludeTools: setting({
    group: 'tools',
    flag: '--exclude-tools',
    env: 'CREW_EXCLUDE_TOOLS',
    value: 'x,y',
    meaning: 'not these tools',
    parse: list(),
  }),
  allowGraphqlMutations: setting({
    group: 'tools',
    flag: '--allow-graphql-mutations',
    env: 'CREW_ALLOW_GRAPHQL_MUTATIONS',
    meaning: '`graphql_query` may send mutations (never with `--read-only`)',
    parse: toggle(),
  }),
  host: setting({
    group: 'http',
    flag: '--host',
    env: 'CREW_HTTP_HOST',
    value: 'HOST',
    meaning: 'address the HTTP transport binds',
    parse: textOr('127.0.0.1'),
  }),
  port: setting({
    group: 'http',
    flag: '--port',
    env: 'CREW_HTTP_PORT',
    value: 'N',
    meaning: 'port of the HTTP transport',
    parse: integer('Port', 8765, 0, 65535),
  }),
  allowedOrigins: setting({
    group: 'http',
    flag: '--allowed-origins',
    env: 'CREW_ALLOWED_ORIGINS',
    value: 'a,b',
    shown: 'local only',
    meaning: 'extra browser origins (host names) allowed to call `/mcp`',
    parse: list(),
  }),
  allowedHosts: setting({
    group: 'http',
    flag: '--allowed-hosts',
    env: 'CREW_ALLOWED_HOSTS',
    value: 'a,b',
    shown: 'local only',
    meaning: 'extra `Host` names accepted (e.g. behind a reverse proxy)',
    parse: list(),
  }),
  timeoutMs: setting({
    group: 'other',
    flag: '--timeout-ms',
    env: 'CREW_TIMEOUT_MS',
    value: 'N',
    meaning: 'upstream request timeout',
    parse: integer('Timeout', 30_000, 100, 600_000),
  }),
  logLevel: setting({
    group: 'other',
    flag: '--log-level',
    env: 'CREW_LOG_LEVEL',
    value: 'LEVEL',
    meaning: 'pino JSON logs on stderr',
    more: `(${LOG_LEVELS.map((level) => `\`${level}\``).join(', ')})`,
    parse: oneOf(LOG_LEVELS, 'Log level', 'info'),
  }),
  eventsDir: setting({
    group: 'other',
    flag: '--events-dir',
    env: 'CREW_EVENTS_DIR',
    value: 'DIR',
    shown: 'per user',
    meaning: 'durable webhook event log',
    parse: text(),
  }),
  webhookPort: setting({
    group: 'other',
    flag: '--webhook-port',
    env: 'CREW_WEBHOOK_PORT',
    value: 'N',
    meaning: 'webhook receiver port in stdio mode, `0`: off',
    more: '(HTTP mode serves `/webhooks`)',
    parse: integer('Webhook port', 0, 0, 65535),
  }),
  webhookSecret: setting({
    group: 'other',
    flag: '--webhook-secret',
    env: 'CREW_WEBHOOK_SECRET',
    value: 'SECRET',
    meaning: 'signature secret the receiver verifies',
    parse: text(),
  }),
  webhookSecretFile: setting({
    group: 'other',
    flag: '--webhook-secret-file',
    env: 'CREW_WEBHOOK_SECRET_FILE',
    value: 'FILE',
    meaning: 'a file holding the webhook secret (in place of CREW_WEBHOOK_SECRET)',
    parse: text(),
  }),
  webhookPublicUrl: setting({
    group: 'other',
    flag: '--webhook-public-url',
    env: 'CREW_WEBHOOK_PUBLIC_URL',
    value: 'URL',
    meaning: 'where a live platform should deliver events',
    parse: url('variable'),
  }),
  json: setting({
    group: 'other',
    flag: '--json',
    meaning: '`crew-mcp check`: the report as JSON',
    parse: toggle(),
  }),
  auth: setting({
    group: 'security',
    flag: '--auth',
    env: 'CREW_AUTH',
    value: 'MODE',
    meaning: 'who may call `/mcp`: `none` (loopback only), `bearer`, `oauth` or `connector`',
    more: '(see [Security](#security))',
    parse: oneOf(AUTH_MODES, '--auth', 'none'),
  }),
  // A secret on argv is visible to every user of the machine (ps): tokens have no flag.
  authTokens: setting({
    group: 'security',
    env: 'CREW_AUTH_TOKENS',
    meaning: 'bearer tokens `name:token[:read-only],...` (environment only, never a flag)',
    parse: text(),
  }),
  authTokensFile: setting({
    group: 'security',
    flag: '--auth-tokens-file',
    env: 'CREW_AUTH_TOKENS_FILE',
    value: 'FILE',
    meaning: 'bearer tokens, one `name:token[:read-only]` per line',
    more: '(`#` comments)',
    parse: text(),
  }),
  oauthIssuer: setting({
    group: 'security',
    flag: '--oauth-issuer',
    env: 'CREW_OAUTH_ISSUER',
    value: 'URL',
    meaning: 'the authorization server whose JWTs are accepted (https, or loopback)',
    parse: url('variable and flag'),
  }),
  oauthJwksUrl: setting({
    group: 'security',
    flag: '--oauth-jwks-url',
    env: 'CREW_OAUTH_JWKS_URL',
    value: 'URL',
    shown: "from the issuer's discovery",
    meaning: 'its signing keys',
    parse: url('variable and flag'),
  }),
  publicUrl: setting({
    group: 'security',
    flag: '--public-url',
    env: 'CREW_PUBLIC_URL',
    value: 'URL',
    shown: 'the bind address',
    meaning: 'public base URL behind a proxy; the OAuth resource is `{url}/mcp`',
    more: '; its host is accepted',
    parse: url('variable and flag'),
  }),
  rateLimit: setting({
    group: 'security',
    flag: '--rate-limit',
    env: 'CREW_RATE_LIMIT',
    value: 'N',
    meaning: '`/mcp` requests per minute per client, `0`: off',
    more: "(in bursts of ten seconds' worth)",
    parse: integer('Rate limit', 600, 0, 1_000_000),
  }),
  sessionsPerClient: setting({
    group: 'security',
    flag: '--max-sessions-per-client',
    env: 'CREW_MAX_SESSIONS_PER_CLIENT',
    value: 'N',
    meaning: 'open 2025-era sessions per client',
    more: '(500 in all)',
    parse: integer('Sessions per client', 50, 1, 500),
  }),
  trustedProxies: setting({
    group: 'security',
    flag: '--trusted-proxies',
    env: 'CREW_TRUSTED_PROXIES',
    value: 'IP,IP',
    shown: 'none',
    meaning:
      "load balancers in front of crew-mcp: a request from one is limited by the client address its `X-Forwarded-For` names, not the balancer's",
    parse: list(),
  }),
  filesRoot: setting({
    group: 'security',
    flag: '--files-root',
    env: 'CREW_FILES_ROOT',
    value: 'DIR,DIR',
    shown: 'none',
    meaning: 'stdio: `upload_crew_file` may read local files under these directories',
    parse: directories(),
  }),
  webhookAllowUnsigned: setting({
    group: 'security',
    flag: '--webhook-allow-unsigned',
    env: 'CREW_WEBHOOK_ALLOW_UNSIGNED',
    meaning: 'accept webhook deliveries without a secret (not recommended)',
    parse: toggle(),
  }),
  eventsMaxAgeDays: setting({
    group: 'security',
    flag: '--events-max-age-days',
    env: 'CREW_EVENTS_MAX_AGE_DAYS',
    value: 'N',
    meaning: 'event log retention by age (days)',
    parse: integer('Event age', 30, 1, 3650),
  }),
  eventsMaxMb: setting({
    group: 'security',
    flag: '--events-max-mb',
    env: 'CREW_EVENTS_MAX_MB',
    value: 'N',
    meaning: 'event log retention by size (MB)',
    parse: integer('Event log size', 64, 1, 100_000),
  }),
  shutdownTimeoutMs: setting({
    group: 'security',
    flag: '--shutdown-timeout-ms',
    env: 'CREW_SHUTDOWN_TIMEOUT_MS',
    value: 'N',
    meaning: 'on SIGTERM/SIGINT, how long calls in flight may take before they are cut',
    parse: integer('Shutdown timeout', 10_000, 0, 600_000),
  }),
  drainWaitMs: setting({
    group: 'http',
    flag: '--drain-wait-ms',
    env: 'CREW_DRAIN_WAIT_MS',
    value: 'N',
    meaning:
      'on SIGTERM, keep serving (with /healthz 503) until no call came for 1 s, at most this long: the load balancer takes the replica out first',
    more: '(README "Running more than one replica")',
    parse: integer('Drain wait', 0, 0, 60_000),
  }),
  store: setting({
    group: 'connector',
    flag: '--store',
    env: 'CREW_STORE',
    value: 'URL',
    shown: 'embedded (PGlite in --data-dir)',
    meaning: 'the store: a `postgres://` URL of a PostgreSQL server',
    more: '(with `--auth connector`; in every HTTP mode, what replicas behind a load balancer share: README "Running more than one replica")',
    parse: postgresUrl(),
  }),
  dataDir: setting({
    group: 'connector',
    flag: '--data-dir',
    env: 'CREW_DATA_DIR',
    value: 'DIR',
    shown: '`$XDG_STATE_HOME/crew-mcp`',
    meaning: "the embedded store's directory",
    parse: text(),
  }),
  // The store key seals platform secrets: like the bearer tokens, never on argv.
  storeKey: setting({
    group: 'connector',
    env: 'CREW_STORE_KEY',
    meaning: 'store key, 32 bytes as base64 or hex (environment only; or --store-key-file)',
    parse: text(),
  }),
  storeKeyFile: setting({
    group: 'connector',
    flag: '--store-key-file',
    env: 'CREW_STORE_KEY_FILE',
    value: 'FILE',
    meaning: 'a file holding the store key',
    parse: text(),
  }),
  storePreviousKey: setting({
    group: 'connector',
    env: 'CREW_STORE_PREVIOUS_KEY',
    meaning: 'the key before a rotation: its secrets are re-encrypted with the current key at start',
    parse: text(),
  }),
  storeOldKeys: setting({
    group: 'connector',
    env: 'CREW_STORE_OLD_KEYS',
    meaning:
      'more keys that open stored secrets but seal none, comma-separated: a rotation\'s next key before it seals, or the old one until retired (README "Rotating the store key")',
    parse: list(),
  }),
  discardUnreadableSecrets: setting({
    group: 'connector',
    flag: '--discard-unreadable-secrets',
    env: 'CREW_DISCARD_UNREADABLE_SECRETS',
    meaning:
      'delete stored secrets the store key cannot open, instead of refusing to start (their companies connect again)',
    parse: toggle(),
  }),
  connectorAllowLoopbackClientMetadata: setting({
    group: 'connector',
    flag: '--connector-allow-loopback-client-metadata',
    env: 'CREW_CONNECTOR_ALLOW_LOOPBACK_CLIENT_METADATA',
    meaning: 'fetch client metadata documents from loopback addresses (tests; loopback binds only)',
    parse: toggle(),
  }),
  connectorMaxTenants: setting({
    group: 'connector',
    flag: '--connector-max-tenants',
    env: 'CREW_CONNECTOR_MAX_TENANTS',
    value: 'N',
    meaning: "tenants whose platform clients stay open; the idlest one's is closed past it",
    parse: integer('Open tenants', 200, 1, 100_000),
  }),
  privacyUrl: setting({
    group: 'directory',
    flag: '--privacy-url',
    env: 'CREW_PRIVACY_URL',
    value: 'URL',
    meaning: 'your privacy policy, linked from the connect page',
    parse: url('variable and flag'),
  }),
  termsUrl: setting({
    group: 'directory',
    flag: '--terms-url',
    env: 'CREW_TERMS_URL',
    value: 'URL',
    meaning: 'your terms of service, linked from the connect page',
    parse: url('variable and flag'),
  }),
  supportUrl: setting({
    group: 'directory',
    flag: '--support-url',
    env: 'CREW_SUPPORT_URL',
    value: 'URL',
    meaning: 'where users get support, linked from the connect page',
    parse: url('variable and flag'),
  }),
  openaiAppsChallenge: setting({
    group: 'directory',
    flag: '--openai-apps-challenge',
    env: 'CREW_OPENAI_APPS_CHALLENGE',
    value: 'TOKEN',
    meaning: "OpenAI's domain verification token, served at `/.well-known/openai-apps-challenge`",
    parse: text(),
  }),
  uiDomain: setting({
    group: 'directory',
    flag: '--ui-domain',
    env: 'CREW_UI_DOMAIN',
    value: 'HOST',
    meaning: "the views' sandbox domain ChatGPT gave this app (`_meta.ui.domain` for ChatGPT)",
    more: "; Claude's is derived from `--public-url`",
    parse: text(),
  }),
  metricsPort: setting({
    group: 'metrics',
    flag: '--metrics-port',
    env: 'CREW_METRICS_PORT',
    value: 'N',
    shown: 'off',
    meaning: 'serve Prometheus metrics at `/metrics` on this port (`crew-mcp http`), never on the MCP port',
    more: '(`0`: any free port, printed at start)',
    parse: portOrOff('Metrics port'),
  }),
  metricsHost: setting({
    group: 'metrics',
    flag: '--metrics-host',
    env: 'CREW_METRICS_HOST',
    value: 'HOST',
    meaning: 'address the metrics listener binds',
    parse: textOr('127.0.0.1'),
  }),
  metricsCompanyLabel: setting({
    group: 'metrics',
    flag: '--metrics-company-label',
    env: 'CREW_METRICS_COMPANY_LABEL',
    meaning: "`--auth connector`: label each company's series with a hash of its tenant key",
    more: '(`=false`: one series for all companies)',
    parse: toggleOn(),
  }),
};

export type SettingKey = keyof typeof SETTINGS;
export type SettingValues = {
  [K in SettingKey]: ReturnType<(typeof SETTINGS)[K]['parse']['read']>;
};

export const SETTING_ROWS = Object.entries(SETTINGS) as [SettingKey, Setting<unknown>][];
