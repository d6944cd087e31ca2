// --auth connector: crew-mcp as its own OAuth 2.1 authorization server (oidc-provider) and the
// resource server of its /mcp, for many companies. Each access token names a grant; each grant
// a tenant (a platform API URL and client id) whose encrypted API key secret the store holds; each
// call is served by its tenant's own context (tenant-apps.ts). Loaded only in this mode.
import { type AppOptions, registeredTools } from '../app.js';
import { clientAddressOf } from '../client-address.js';
import { type Config, ConfigError, sharedStoreWithoutPlatform } from '../config.js';
import type { Logger } from '../logger.js';
import { InFlightCalls } from '../mcp/in-flight.js';
import type { Observer } from '../observer.js';
import type { RunningSandbox } from '../sandbox/types.js';
import type { ReplicaMessage } from '../store/bus.js';
import type { Store } from '../store/index.js';
import { StoreSessionRecords } from '../store/legacy-sessions.js';
import { SharedRateLimiter } from '../store/rate.js';
import type { HostedMode, ServedApp } from '../transports/routes.js';
import { changedUris } from '../webhooks/events-resource.js';
import { type AdapterHooks, TokenCache } from './adapter.js';
import type { PlatformDefaults } from './connect.js';
import { recordedSandboxPort, recordSandboxPort, recordStoreKeyId, storeDataDir } from './data-dir.js';
import { createHostedMode, type HostedParts } from './hosted.js';
import { loadStoreKeys } from './keys.js';
import { hearOtherReplicas, openConnectorStore } from './shared-store.js';
import { admittedContext, TenantApps } from './tenant-apps.js';
import { createTenantWebhooks, type TenantWebhooks } from './tenant-webhooks.js';

export { authorizationServerMetadata } from './hosted.js';

/**
 * The connect page's default platform when none is named: the embedded sandbox, on the port it had
 * before (kept in the data dir), since each grant names its platform by URL. Taken by another
 * process meanwhile: a new port, said at warn level (those companies connect again).
 */
async function startEmbeddedSandbox(
  dataDir: string | null,
  options: AppOptions,
  logger: AppOptions['logger'],
): Promise<RunningSandbox> {
  const { startSandbox } = await import('../sandbox/server.js');
  const start = (port: number) =>
    startSandbox({ host: '127.0.0.1', port, signingKeys: options.sandboxSigningKeys });
  const kept = dataDir ? await recordedSandboxPort(dataDir) : null;
  let sandbox: RunningSandbox;
  try {
    sandbox = await start(kept ?? 0);
  } catch (error) {
    if (kept === null || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    sandbox = await start(0);
    logger.warn(
      { was: kept, now: sandbox.baseUrl },
      "connector: the embedded sandbox's port was taken; companies connected to it must connect again",
    );
  }
  if (dataDir) await recordSandboxPort(dataDir, Number(new URL(sandbox.baseUrl).port));
  return sandbox;
}

/** The connector as its command and tests see it: the app the transport serves, and its store. */
export interface ConnectorApp extends ServedApp {
  hosted: HostedMode;
  /** The embedded sandbox the connect page offers (no platform named), else null. */
  sandbox: RunningSandbox | null;
  /** The store behind it (tests and `crew-mcp check` look inside it). */
  store: Store;
}

type ConnectorSettings = Extract<Config['security']['auth'], { mode: 'connector' }>['connector'];

/** The store keys, the data dir (embedded store) and the store opened with them. */
async function openConnectorState(
  config: Config,
  connector: ConnectorSettings,
  logger: Logger,
  observer: Observer | undefined,
) {
  const keys = await loadStoreKeys(connector);
  const dataDir = connector.storeUrl ? null : await storeDataDir(connector.dataDir);
  const { store, bus } = await openConnectorStore(config, connector, keys, dataDir, logger, observer);
  // What `crew-mcp check` compares its key with: the embedded store is this process's alone.
  if (dataDir) await recordStoreKeyId(dataDir, keys.box.currentKeyId);
  if (store.reencrypted.moved) {
    logger.info(store.reencrypted, 'connector: secrets re-encrypted with the current store key');
  }
  if (store.reencrypted.discarded) {
    logger.warn(
      store.reencrypted,
      'connector: stored secrets the store key could not open were deleted (--discard-unreadable-secrets); their companies must connect again',
    );
  }
  return { keys, dataDir, store, bus };
}

/** The platform the connect page proposes: the one named, or the embedded sandbox with its demo key. */
async function connectPageDefaults(
  config: Config,
  connector: ConnectorSettings,
  dataDir: string | null,
  options: AppOptions,
): Promise<{ defaults: PlatformDefaults; sandbox: RunningSandbox | null; demoKey?: HostedParts['demoKey'] }> {
  if (connector.platformDefaults) return { defaults: connector.platformDefaults, sandbox: null };
  // No platform named: the connect page offers the embedded sandbox (its demo keys), as every mode does.
  const sandbox = options.sandbox ?? (await startEmbeddedSandbox(dataDir, options, options.logger));
  // Shown on the connect page: the key a person trying the sandbox types (--sandbox-key names it).
  const keyName = config.upstream.kind === 'sandbox' ? config.upstream.sandboxKey : 'demo-admin';
  const key = sandbox.keys.find((entry) => entry.clientId === keyName);
  options.logger.info(
    { baseUrl: sandbox.baseUrl },
    'connector: the connect page defaults to the embedded sandbox platform',
  );
  return {
    defaults: { authUrl: sandbox.baseUrl, realm: sandbox.realm, apiUrl: sandbox.baseUrl },
    sandbox,
    demoKey: key && { clientId: key.clientId, secret: key.clientSecret },
  };
}

/** What the connector does when the platform refuses a grant's key: reconnect, here and everywhere. */
function keyRefusedHandler(
  store: Store,
  tellReplicas: (message: ReplicaMessage) => Promise<void>,
  logger: Logger,
) {
  return (tenants: TenantApps) => (tenantKey: string, grantId: string) => {
    tenants.evict(tenantKey);
    void tellReplicas({ kind: 'grant-gone', tenant: tenantKey, grant: grantId });
    logger.warn(
      { tenant: tenantKey, grant: grantId },
      'connector: the platform refused the API key; the grant needs reconnection',
    );
    store.tenants.markNeedsReconnect(grantId).catch((error: unknown) => {
      logger.error(
        { grant: grantId, reason: String(error) },
        'connector: could not mark the grant for reconnection',
      );
    });
  };
}

/** A grant revoked (revocation, a reused refresh token, a disconnect): its secret, context and maybe webhooks go. */
function grantHooks(
  store: Store,
  tenants: TenantApps,
  webhooks: TenantWebhooks,
  tellReplicas: (message: ReplicaMessage) => Promise<void>,
  logger: Logger,
): AdapterHooks {
  return {
    async onGrantRevoked(grantId) {
      const grant = await store.tenants.grant(grantId);
      if (!grant || grant.status === 'revoked') return;
      // Read before it is deleted: the tenant's webhook subscription may have to go with it.
      const secret = await store.tenants.grantSecret(grantId).catch(() => null);
      await store.tenants.revokeGrant(grantId);
      tenants.evict(grant.tenantKey);
      await tellReplicas({ kind: 'grant-gone', tenant: grant.tenantKey, grant: grantId });
      logger.info(
        { tenant: grant.tenantKey, grant: grantId },
        'connector: grant revoked, its platform secret deleted',
      );
      await webhooks.onGrantGone(grant.tenantKey, secret).catch(() => undefined);
    },
  };
}

/** Every ten minutes: expired OAuth records and events past their age go. */
function startSweep(store: Store, config: Config): () => void {
  const sweep = setInterval(() => {
    store.oauth.sweep().catch(() => undefined);
    const cutoff = Date.now() - config.security.eventsMaxAgeDays * 24 * 3600 * 1000;
    store.events.deleteOlderThan(cutoff).catch(() => undefined);
  }, 10 * 60_000);
  sweep.unref();
  return () => clearInterval(sweep);
}

export async function createConnectorApp(config: Config, options: AppOptions): Promise<ConnectorApp> {
  const { auth } = config.security;
  if (auth.mode !== 'connector') throw new ConfigError('createConnectorApp needs --auth connector');
  const { connector } = auth;
  const { logger } = options;
  // (A sandbox handed in, as tests do, is one for every replica: nothing to refuse.)
  const shared = options.sandbox ? null : sharedStoreWithoutPlatform(connector);
  if (shared) throw new ConfigError(shared);
  const { keys, dataDir, store, bus } = await openConnectorState(
    config,
    connector,
    logger,
    options.observers?.service,
  );
  const { defaults, sandbox, demoKey } = await connectPageDefaults(config, connector, dataDir, options);
  // Every tool is offered; each company's context narrows it by its key's scopes and its schema.
  const tools = registeredTools(config);
  const calls = new InFlightCalls();
  const tokenCache = new TokenCache();
  /** Whom a request to our pages or webhooks comes from (behind trusted proxies, the client). */
  const addressOf = clientAddressOf(config.security.trustedProxies);
  /** Word to the other replicas (none without a shared store); never rejects. */
  const tellReplicas = (message: ReplicaMessage) => bus?.publish(store.engine, message) ?? Promise.resolve();
  const onKeyRefused = keyRefusedHandler(store, tellReplicas, logger);
  const tenants: TenantApps = new TenantApps({
    config,
    store,
    tools,
    calls,
    logger,
    observers: options.observers,
    maxTenants: connector.maxTenants,
    afterWrite: bus ? (tenantKey) => tellReplicas({ kind: 'write', tenant: tenantKey }) : undefined,
    now: options.now ?? Date.now,
    onKeyRefused: (tenantKey, grantId) => onKeyRefused(tenants)(tenantKey, grantId),
  });
  let publicBase = '';
  const webhooks = createTenantWebhooks({
    store,
    logger,
    publicBase: () => publicBase,
    allowUnsigned: false,
    addressOf,
  });
  const hosted = createHostedMode({
    config,
    logger,
    store,
    replicated: bus !== null,
    keys,
    tenants,
    webhooks,
    tokenCache,
    hooks: grantHooks(store, tenants, webhooks, tellReplicas, logger),
    tools,
    defaults,
    demoKey,
    addressOf,
    onBind: (base) => {
      publicBase = base;
    },
  });
  const stops = [startSweep(store, config), ...(bus ? [hearOtherReplicas(bus, tenants, tokenCache)] : [])];
  return {
    config,
    logger,
    calls,
    offered: tools,
    // Every call reaches /mcp admitted for its company (hosted.resolve): served from its context only.
    contextFor: (caller) => {
      const context = admittedContext(caller);
      if (!context) throw new Error('connector: a call reached a server instance without its company');
      return context;
    },
    sandbox,
    store,
    routes: {},
    hosted,
    // Replicas on one PostgreSQL: one bucket per client across them (else the transport's own).
    rateLimiter: bus ? new SharedRateLimiter(store.engine, config.security.ratePerMinute, logger) : null,
    // A 2025-era session outlives its replica (or a restart): any process on the store resumes it.
    sessionRecords: new StoreSessionRecords(store.engine),
    // A company's events (received here or announced by another replica) reach the listen
    // streams of that company's callers only.
    async start({ notifyScope }) {
      if (!notifyScope) return;
      stops.push(
        store.events.onAppend((tenantKey, event) => {
          for (const uri of changedUris(event)) notifyScope(tenantKey, uri);
        }),
      );
    },
    async close() {
      for (const stop of stops.splice(0)) stop();
      tenants.closeAll();
      await store.close();
      await bus?.close();
      if (sandbox && !options.sandbox) await sandbox.close();
    },
  };
}
