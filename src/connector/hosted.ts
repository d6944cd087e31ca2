// The connector as the HTTP transport sees it (HostedMode): its token verifier, its pages (the
// authorization server, the connect and disconnect pages, the tenants' webhooks), bound once the
// public URL is known, and the admission of each verified caller to its company's context.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
} from '@modelcontextprotocol/server';
import type Provider from 'oidc-provider';
import type { AddressOf } from '../client-address.js';
import { type Config, isLoopbackHost, publicBaseOf } from '../config.js';
import type { Logger } from '../logger.js';
import { ALL_CLIENT_SCOPES } from '../mcp/client-scopes.js';
import type { ToolDefinition } from '../mcp/define-tool.js';
import { AuthError } from '../platform/errors.js';
import { describeError } from '../platform/network-cause.js';
import { RateLimiter } from '../rate-limit.js';
import type { Store } from '../store/index.js';
import { SharedRateLimiter } from '../store/rate.js';
import type { HostedMode } from '../transports/routes.js';
import type { AdapterHooks, TokenCache } from './adapter.js';
import { createConnectHandler, type PlatformDefaults } from './connect.js';
import { createDisconnectHandler, DISCONNECT_PATH } from './disconnect.js';
import { CsrfTokens } from './form.js';
import { arrivedOverHttps } from './host-cookies.js';
import type { StoreKeys } from './keys.js';
import { CONNECT_PATH, createProvider, OAUTH_ROUTES } from './provider.js';
import {
  admit,
  admittedContext,
  GrantUnusableError,
  RECONNECT_MESSAGE,
  type TenantApps,
} from './tenant-apps.js';
import type { TenantWebhooks } from './tenant-webhooks.js';
import { connectorVerifier } from './verifier.js';
import { KEY_CHECKS_PER_MINUTE } from './verify-key.js';

const PROVIDER_WELL_KNOWN = '/.well-known/openid-configuration';
const AS_WELL_KNOWN = '/.well-known/oauth-authorization-server';

/** What the hosted mode is made of: the connector's parts, built before the transport listens. */
export interface HostedParts {
  config: Config;
  logger: Logger;
  store: Store;
  /** Replicas share the store's engine (PostgreSQL): key checks are counted across them. */
  replicated: boolean;
  keys: StoreKeys;
  tenants: TenantApps;
  webhooks: TenantWebhooks;
  tokenCache: TokenCache;
  /** What a grant's revocation does (adapter.ts calls it). */
  hooks: AdapterHooks;
  tools: readonly ToolDefinition[];
  defaults: PlatformDefaults;
  demoKey?: { clientId: string; secret: string };
  addressOf: AddressOf;
  /** Told the public base URL once the transport listens (the webhook URLs name it). */
  onBind(publicBase: string): void;
}

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

type PageHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The pages served once the public URL is known: each needs the issuer and resource it names. */
interface BoundPages {
  provider: Provider;
  resource: string;
  /** oidc-provider's own routes (discovery, /oauth/...). */
  oidc: PageHandler;
  connect: ReturnType<typeof createConnectHandler>;
  disconnect: ReturnType<typeof createDisconnectHandler>;
}

/** The authorization server and the connect and disconnect pages, for the public base URL. */
function bindPages(parts: HostedParts, publicBase: string): BoundPages {
  const { config, store, keys, webhooks, logger } = parts;
  const { connector } = config.security.auth as Extract<Config['security']['auth'], { mode: 'connector' }>;
  const loopbackBind = isLoopbackHost(config.http.host);
  const resource = `${publicBase}/mcp`;
  const secureCookies = publicBase.startsWith('https:');
  const provider = createProvider({
    issuer: publicBase,
    resource,
    records: store.oauth,
    hooks: parts.hooks,
    tokenCache: parts.tokenCache,
    cookieSecret: keys.cookieSecret,
    cookieSecrets: keys.cookieSecrets,
    allowLoopbackClientMetadata: connector.allowLoopbackClientMetadata && loopbackBind,
    behindProxy: config.security.publicUrl !== null,
    secureCookies,
  });
  const callback = provider.callback() as PageHandler;
  const csrf = new CsrfTokens(keys.cookieSecret, secureCookies, keys.cookieSecrets.slice(1));
  const keyChecks = {
    defaults: parts.defaults,
    allowLoopbackPlatform: loopbackBind,
    timeoutMs: config.timeoutMs,
    logger,
    keyChecks: parts.replicated
      ? new SharedRateLimiter(store.engine, KEY_CHECKS_PER_MINUTE, logger)
      : new RateLimiter(KEY_CHECKS_PER_MINUTE),
    addressOf: parts.addressOf,
  };
  return {
    provider,
    resource,
    oidc: secureCookies
      ? (req, res) => {
          arrivedOverHttps(req);
          return callback(req, res);
        }
      : callback,
    connect: createConnectHandler({
      ...keyChecks,
      provider,
      store,
      resource,
      tools: parts.tools,
      csrf,
      demoKey: parts.demoKey,
      links: {
        privacy: config.settings.privacyUrl,
        terms: config.settings.termsUrl,
        support: config.settings.supportUrl,
      },
      onConnected: (tenant, grantId, secret) => webhooks.onConnected(tenant, grantId, secret),
    }),
    disconnect: createDisconnectHandler({
      ...keyChecks,
      store,
      csrf,
      beforeRevoking: (tenantKey, secret) => webhooks.useSecret(tenantKey, secret),
      async revokeGrant(grantId) {
        // As RFC 7009 revocation does: everything issued under the grant (the adapter drops
        // its cached tokens and calls onGrantRevoked), then the grant itself.
        await provider.AccessToken.adapter.revokeByGrantId(grantId);
        await (await provider.Grant.find(grantId))?.destroy();
      },
    }),
  };
}

/** A verified caller admitted to its company's context, or the answer that says why not. */
async function resolveCaller(parts: HostedParts, caller: AuthInfo): Promise<AuthInfo | Response> {
  const { tenants, store, logger } = parts;
  const { tenantKey, grantId } = caller.extra ?? {};
  if (typeof tenantKey !== 'string' || typeof grantId !== 'string')
    return unusable('Token names no connection');
  try {
    return admit(caller, await tenants.get(tenantKey, grantId));
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
    logger.warn({ tenant: tenantKey, reason: describeError(error) }, 'connector: tenant could not be opened');
    return unavailable("The company's platform could not be reached; try again shortly.");
  }
}

/** Serve a request of the bound pages; false when the path is none of theirs. */
async function servePage(
  pages: BoundPages,
  parts: HostedParts,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const { publicUrl } = parts.config.security;
  if (publicUrl) asPublic(req, publicUrl);
  if (path === DISCONNECT_PATH) return pages.disconnect(req, res);
  if (path.startsWith(`${CONNECT_PATH}/`)) return pages.connect(req, res, path);
  if (path.startsWith('/webhooks/')) return parts.webhooks.handle(req, res, path);
  if (path === AS_WELL_KNOWN || path.startsWith(`${AS_WELL_KNOWN}/`)) {
    // RFC 8414's location serves oidc-provider's own discovery document.
    req.url = PROVIDER_WELL_KNOWN;
    await pages.oidc(req, res);
    return true;
  }
  if (path === PROVIDER_WELL_KNOWN || path.startsWith('/oauth/')) {
    await pages.oidc(req, res);
    return true;
  }
  return false;
}

export function createHostedMode(parts: HostedParts): HostedMode {
  let pages: BoundPages | null = null;
  return {
    verifier: connectorVerifier(
      () => {
        if (!pages) throw new Error('connector: a token arrived before the server listened');
        return pages.provider;
      },
      () => pages?.resource ?? '',
    ),
    bind(baseUrl) {
      const publicBase = publicBaseOf(parts.config.security, baseUrl);
      parts.onBind(publicBase);
      pages = bindPages(parts, publicBase);
      return authorizationServerMetadata(publicBase);
    },
    resolve: (caller) => resolveCaller(parts, caller),
    // Whose updates a caller's streams hear: the company whose context serves it.
    scopeOf: (caller) => admittedContext(caller)?.tenantKey ?? null,
    handle: async (req, res, path) => (pages ? servePage(pages, parts, req, res, path) : false),
  };
}
