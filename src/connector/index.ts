// --auth connector: crew-mcp as its own OAuth 2.1 authorization server (oidc-provider) and the
// resource server of its /mcp, for many companies. Each access token names a grant; each grant
// a tenant (a platform API URL and client id) whose encrypted API key secret the store holds; each
// call is served by its tenant's own context (tenant-apps.ts). Loaded only in this mode.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
} from '@modelcontextprotocol/server';
import type Provider from 'oidc-provider';
import { type App, type AppOptions, registeredTools } from '../app.js';
import { clientAddressOf } from '../client-address.js';
import {
  type Config,
  ConfigError,
  isLoopbackHost,
  publicBaseOf,
  sharedStoreWithoutPlatform,
} from '../config.js';
import { ALL_CLIENT_SCOPES } from '../mcp/client-scopes.js';
import { InFlightCalls } from '../mcp/in-flight.js';
import { AuthError } from '../platform/errors.js';
import { describeError } from '../platform/network-cause.js';
import { RateLimiter } from '../rate-limit.js';
import type { RunningSandbox } from '../sandbox/types.js';
import type { ReplicaMessage } from '../store/bus.js';
import type { Store } from '../store/index.js';
import { StoreSessionRecords } from '../store/legacy-sessions.js';
import { SharedRateLimiter } from '../store/rate.js';
import type { HostedMode } from '../transports/routes.js';
import { changedUris } from '../webhooks/events-resource.js';
import { TokenCache } from './adapter.js';
import { createConnectHandler, type PlatformDefaults } from './connect.js';
import { recordedSandboxPort, recordSandboxPort, recordStoreKeyId, storeDataDir } from './data-dir.js';
import { createDisconnectHandler, DISCONNECT_PATH } from './disconnect.js';
import { CsrfTokens } from './form.js';
import { arrivedOverHttps } from './host-cookies.js';
import { loadStoreKeys } from './keys.js';
import { CONNECT_PATH, createProvider, OAUTH_ROUTES } from './provider.js';
import { hearOtherReplicas, openConnectorStore } from './shared-store.js';
import { GrantUnusableError, RECONNECT_MESSAGE, TenantApps } from './tenant-apps.js';
import { createTenantWebhooks } from './tenant-webhooks.js';
import { connectorVerifier } from './verifier.js';
import { KEY_CHECKS_PER_MINUTE } from './verify-key.js';

const PROVIDER_WELL_KNOWN = '/.well-known/openid-configuration';
const AS_WELL_KNOWN = '/.well-known/oauth-authorization-server';

/** RFC 8414 metadata of the authorization server at `issuer` (what oidc-provider's discovery says). */
export function authorizationServerMetadata(issuer: string): OAuthMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_ROUTES.authorization}`,
    token_endpoint: `${issuer}${OAUTH_ROUTES.token}`,
    registration_endpoint: `${issuer}${OAUTH_ROUTES.registration}`,
    revocation_endpoint: `${issuer}${OAUTH_ROUTES.revocation}`,
    jwks_uri: `${issuer}${OAUTH_ROUTES.jwks}`,
    scopes_supported: [...ALL_CLIENT_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  } as OAuthMetadata;
}

function unusable(message: string): Response {
  return bearerAuthChallengeResponse(new OAuthError(OAuthErrorCode.InvalidToken, message), {});
}

/** A platform that cannot be reached through the tenant's URLs is not the caller's fault: 503. */
function unavailable(message: string): Response {
  return new Response(JSON.stringify({ error: 'upstream_unavailable', message }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '10' },
  });
}

/**
 * oidc-provider writes its redirects (the consent's return to /oauth/authorize/<uid>, the
 * authorization response) from the request's scheme and host, trusting X-Forwarded-* behind a
 * proxy. With --public-url those come from it instead of from whatever the proxy forwarded: a
 * proxy that forwards only Host (no X-Forwarded-Proto) would otherwise send the browser to http://.
 */
function asPublic(req: IncomingMessage, publicUrl: string): void {
  const { protocol, host } = new URL(publicUrl);
  req.headers['x-forwarded-proto'] = protocol.slice(0, -1);
  req.headers['x-forwarded-host'] = host;
  delete req.headers['x-forwarded-port'];
}

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

const stores = new WeakMap<App, Store>();

/** The store behind a connector app (tests and `crew-mcp check` look inside it). */
export function connectorStoreOf(app: App): Store | undefined {
  return stores.get(app);
}

export async function createConnectorApp(config: Config, options: AppOptions): Promise<App> {
  const { auth, publicUrl } = config.security;
  if (auth.mode !== 'connector') throw new ConfigError('createConnectorApp needs --auth connector');
  const { connector } = auth;
  const { logger } = options;
  // (A sandbox handed in, as tests do, is one for every replica: nothing to refuse.)
  const shared = options.sandbox ? null : sharedStoreWithoutPlatform(connector);
  if (shared) throw new ConfigError(shared);
  const keys = await loadStoreKeys(connector);
  const dataDir = connector.storeUrl ? null : await storeDataDir(connector.dataDir);
  const { store, bus } = await openConnectorStore(config, connector, keys, dataDir, logger);
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
  let sandbox: RunningSandbox | null = null;
  let defaults: PlatformDefaults;
  let demoKey: { clientId: string; secret: string } | undefined;
  if (connector.platformDefaults) {
    defaults = connector.platformDefaults;
  } else {
    // No platform named: the connect page offers the embedded sandbox (its demo keys), as every mode does.
    sandbox = options.sandbox ?? (await startEmbeddedSandbox(dataDir, options, logger));
    defaults = { authUrl: sandbox.baseUrl, realm: sandbox.realm, apiUrl: sandbox.baseUrl };
    // Shown on the connect page: the key a person trying the sandbox types (--sandbox-key names it).
    const keyName = config.upstream.kind === 'sandbox' ? config.upstream.sandboxKey : 'demo-admin';
    const key = sandbox.keys.find((entry) => entry.clientId === keyName);
    demoKey = key && { clientId: key.clientId, secret: key.clientSecret };
    logger.info(
      { baseUrl: sandbox.baseUrl },
      'connector: the connect page defaults to the embedded sandbox platform',
    );
  }
  const tools = registeredTools(config);
  const calls = new InFlightCalls();
  const tokenCache = new TokenCache();
  /** Whom a request to our pages or webhooks comes from (behind trusted proxies, the client). */
  const addressOf = clientAddressOf(config.security.trustedProxies);
  /** Word to the other replicas (none without a shared store); never rejects. */
  const tellReplicas = (message: ReplicaMessage) => bus?.publish(store.engine, message) ?? Promise.resolve();
  const tenants: TenantApps = new TenantApps({
    config,
    store,
    tools,
    calls,
    logger,
    maxTenants: connector.maxTenants,
    afterWrite: bus ? (tenantKey) => tellReplicas({ kind: 'write', tenant: tenantKey }) : undefined,
    now: options.now,
    onKeyRefused(tenantKey, grantId) {
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
    },
  });
  const loopbackBind = isLoopbackHost(config.http.host);
  let provider: Provider | null = null;
  let resource = '';
  let publicBase = '';
  const webhooks = createTenantWebhooks({
    store,
    logger,
    publicBase: () => publicBase,
    allowUnsigned: false,
    addressOf,
  });

  const hooks = {
    async onGrantRevoked(grantId: string) {
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
  let connect: ReturnType<typeof createConnectHandler> | null = null;
  let disconnect: ReturnType<typeof createDisconnectHandler> | null = null;
  let callback: ((req: IncomingMessage, res: ServerResponse) => unknown) | null = null;

  const hosted: HostedMode = {
    verifier: connectorVerifier(
      () => provider as Provider,
      () => resource,
    ),
    bind(baseUrl) {
      publicBase = publicBaseOf(config.security, baseUrl);
      resource = `${publicBase}/mcp`;
      const secureCookies = publicBase.startsWith('https:');
      provider = createProvider({
        issuer: publicBase,
        resource,
        records: store.oauth,
        hooks,
        tokenCache,
        cookieSecret: keys.cookieSecret,
        allowLoopbackClientMetadata: connector.allowLoopbackClientMetadata && loopbackBind,
        behindProxy: publicUrl !== null,
        secureCookies,
      });
      const oidcCallback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => unknown;
      callback = secureCookies
        ? (req, res) => {
            arrivedOverHttps(req);
            return oidcCallback(req, res);
          }
        : oidcCallback;
      const csrf = new CsrfTokens(keys.cookieSecret, secureCookies);
      const keyChecks = {
        defaults,
        allowLoopbackPlatform: loopbackBind,
        timeoutMs: config.timeoutMs,
        logger,
        keyChecks: bus
          ? new SharedRateLimiter(store.engine, KEY_CHECKS_PER_MINUTE, logger)
          : new RateLimiter(KEY_CHECKS_PER_MINUTE),
        addressOf,
      };
      connect = createConnectHandler({
        ...keyChecks,
        provider,
        store,
        resource,
        tools,
        csrf,
        demoKey,
        onConnected: (tenant, grantId, secret) => webhooks.onConnected(tenant, grantId, secret),
      });
      const oidc = provider;
      disconnect = createDisconnectHandler({
        ...keyChecks,
        store,
        csrf,
        beforeRevoking: (tenantKey, secret) => webhooks.useSecret(tenantKey, secret),
        async revokeGrant(grantId) {
          // As RFC 7009 revocation does: everything issued under the grant (the adapter drops
          // its cached tokens and calls onGrantRevoked), then the grant itself.
          await oidc.AccessToken.adapter.revokeByGrantId(grantId);
          await (await oidc.Grant.find(grantId))?.destroy();
        },
      });
      return authorizationServerMetadata(publicBase);
    },
    async resolve(caller: AuthInfo) {
      const { tenantKey, grantId } = (caller.extra ?? {}) as { tenantKey?: string; grantId?: string };
      if (!tenantKey || !grantId) return unusable('Token names no connection');
      try {
        const context = await tenants.get(tenantKey, grantId);
        return { ...caller, extra: { ...caller.extra, context } };
      } catch (error) {
        if (error instanceof AuthError) {
          // The platform refused the key while opening; onKeyRefused marked the grant already,
          // marked again here so that the answer goes out only once the mark is stored.
          await store.tenants.markNeedsReconnect(grantId);
          return unusable(RECONNECT_MESSAGE);
        }
        if (error instanceof GrantUnusableError) {
          const grant = await store.tenants.grant(grantId);
          return unusable(
            grant?.status === 'needs_reconnect'
              ? RECONNECT_MESSAGE
              : 'This connection was revoked: connect crew-mcp again',
          );
        }
        logger.warn(
          { tenant: tenantKey, reason: describeError(error) },
          'connector: tenant could not be opened',
        );
        return unavailable("The company's platform could not be reached; try again shortly.");
      }
    },
    scopeOf: (caller) => {
      const tenantKey = caller?.extra?.tenantKey;
      return typeof tenantKey === 'string' ? tenantKey : null;
    },
    async handle(req, res, path) {
      if (!provider || !callback || !connect || !disconnect) return false;
      if (publicUrl) asPublic(req, publicUrl);
      if (path === DISCONNECT_PATH) return disconnect(req, res);
      if (path.startsWith(`${CONNECT_PATH}/`)) return connect(req, res, path);
      if (path.startsWith('/webhooks/')) return webhooks.handle(req, res, path);
      if (path === AS_WELL_KNOWN || path.startsWith(`${AS_WELL_KNOWN}/`)) {
        // RFC 8414's location serves oidc-provider's own discovery document.
        req.url = PROVIDER_WELL_KNOWN;
        await callback(req, res);
        return true;
      }
      if (path === PROVIDER_WELL_KNOWN || path.startsWith('/oauth/')) {
        await callback(req, res);
        return true;
      }
      return false;
    },
  };

  const stops = bus ? [hearOtherReplicas(bus, tenants, tokenCache)] : [];

  const sweep = setInterval(() => {
    store.oauth.sweep().catch(() => undefined);
    const cutoff = Date.now() - config.security.eventsMaxAgeDays * 24 * 3600 * 1000;
    store.events.deleteOlderThan(cutoff).catch(() => undefined);
  }, 10 * 60_000);
  sweep.unref();

  const noTenant = (): never => {
    throw new Error('connector mode serves each call from its tenant context');
  };
  const app: App = {
    config,
    logger,
    transport: 'http',
    calls,
    sandbox,
    schemaPlan: null,
    grantedScopes: null,
    instructions: '',
    events: null,
    // Every tool is offered; each tenant's selection narrows it by its key's scopes.
    selection: { listed: tools, refused: [] },
    get platform() {
      return noTenant();
    },
    get lookups() {
      return noTenant();
    },
    get keptPlans() {
      return noTenant();
    },
    get schema() {
      return noTenant();
    },
    registerSurface: noTenant,
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
      clearInterval(sweep);
      for (const stop of stops.splice(0)) stop();
      tenants.closeAll();
      await store.close();
      await bus?.close();
      if (sandbox && !options.sandbox) await sandbox.close();
    },
  };
  stores.set(app, store);
  return app;
}
