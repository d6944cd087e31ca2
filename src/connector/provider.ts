// The authorization server: oidc-provider (OpenID certified) configured for MCP clients. Clients
// register by client ID metadata document (the URL is the client id; fetched over https, never from
// special-use addresses) or by dynamic registration; authorization code with PKCE S256 only; the
// one resource is this server's /mcp (RFC 8707), whose opaque access tokens live at most an hour;
// refresh tokens rotate, and a reused one revokes its grant (oidc-provider revokes the family);
// revocation (RFC 7009); `iss` in every authorization response (RFC 9207). The interaction (who
// is connecting, with which platform key, and consent) is the connect page's. Under https its
// cookies are `__Host-` ones (host-cookies.ts).
import { createHmac, createPrivateKey, type JsonWebKey } from 'node:crypto';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { ALL_CLIENT_SCOPES } from '../mcp/client-scopes.js';
import type { OAuthRecords } from '../store/oauth-records.js';
import { type AdapterHooks, adapterFactory, type TokenCache } from './adapter.js';
import { loopbackAwareFetch } from './client-metadata-fetch.js';
import { HOST_COOKIES, hostCookiesOnRootPath } from './host-cookies.js';
import { renderErrorPage } from './pages.js';

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/logout',
  introspection: '/oauth/introspect',
  userinfo: '/oauth/userinfo',
} as const;

/** The interaction (connect page) of an authorization request. */
export const CONNECT_PATH = '/connect';

export const ACCESS_TOKEN_TTL = 3600;
const REFRESH_TOKEN_TTL = 30 * 24 * 3600;

export interface ProviderOptions {
  /** The issuer: this server's public base URL. */
  issuer: string;
  /** The protected resource: `${issuer}/mcp`. */
  resource: string;
  records: OAuthRecords;
  hooks: AdapterHooks;
  /** The adapter's memory of access tokens (replicas drop a revoked grant's from it). */
  tokenCache: TokenCache;
  /** Signs the provider's cookies; derived from the store key, so replicas agree. */
  cookieSecret: Buffer;
  /** The store key ring's cookie secrets (the current one first): cookies of any of them are accepted. */
  cookieSecrets?: Buffer[];
  /** Client metadata documents may come from loopback (tests only). */
  allowLoopbackClientMetadata: boolean;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-Proto. */
  behindProxy: boolean;
  /** The public URL is https: `__Host-` cookies (Secure, Path=/, no Domain). */
  secureCookies: boolean;
}

/** DER header of a PKCS #8 Ed25519 private key, followed by its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** An Ed25519 JWK whose seed is derived from `secret`: the same in every replica. */
function signingKeyOf(secret: Buffer): JsonWebKey & { alg: string; use: string } {
  const seed = createHmac('sha256', secret).update('crew-mcp signing key').digest();
  const jwk = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  }).export({ format: 'jwk' });
  // oidc-provider names it by its public key's thumbprint.
  return { ...jwk, alg: 'EdDSA', use: 'sig' };
}

export function createProvider(options: ProviderOptions): Provider {
  const { resource } = options;
  const scope = ALL_CLIENT_SCOPES.join(' ');
  // Keygrip's order: the first key signs, every key verifies.
  const cookieKeys = (options.cookieSecrets ?? [options.cookieSecret]).map((secret) =>
    createHmac('sha256', secret).update('crew-mcp cookies').digest('base64url'),
  );
  const configuration: Configuration = {
    adapter: adapterFactory(options.records, options.hooks, options.tokenCache),
    clients: [],
    // The account is the tenant the connect page proved (its key): a grant connects a client to it.
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    scopes: [...ALL_CLIENT_SCOPES],
    claims: {},
    responseTypes: ['code'],
    pkce: { required: () => true },
    // No ID token is issued (no openid scope), but oidc-provider wants signing keys: ours, derived
    // from the store key so that replicas agree, not its development keys (published, and warned
    // about on every start).
    jwks: { keys: [signingKeyOf(options.cookieSecret)] },
    clientDefaults: {
      id_token_signed_response_alg: 'EdDSA',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        // oidc-provider itself refuses non-https ids and special-use addresses at connect time.
        allowFetch: async () => true,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, requested) => {
          if (requested !== resource && requested !== `${resource}/`) {
            throw new errors.InvalidTarget(`this server grants tokens for ${resource} only`);
          }
          return { scope, audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL, accessTokenFormat: 'opaque' };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      Interaction: 600,
      Grant: 365 * 24 * 3600,
      Session: 14 * 24 * 3600,
      RefreshToken: REFRESH_TOKEN_TTL,
    },
    rotateRefreshToken: true,
    // A connector's tokens live by their grant (revocation, refresh reuse), not by the browser
    // session that consented once: the assistant calls long after that tab is gone.
    expiresWithSession: async () => false,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `${CONNECT_PATH}/${interaction.uid}` },
    cookies: { keys: cookieKeys, ...(options.secureCookies ? HOST_COOKIES : {}) },
    routes: OAUTH_ROUTES,
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(out.error_description ?? out.error ?? 'The request was refused.');
    },
    ...(options.allowLoopbackClientMetadata ? { fetch: loopbackAwareFetch } : {}),
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.behindProxy;
  if (options.secureCookies) provider.use(hostCookiesOnRootPath);
  allowLoopbackPortVariation(provider);
  return provider;
}

/**
 * RFC 8252 7.3: a loopback redirect URI matches whatever its port, for any client (desktop apps
 * register without one fixed port); every other redirect URI must match exactly.
 */
function allowLoopbackPortVariation(provider: Provider): void {
  const prototype = provider.Client.prototype as unknown as {
    redirectUriAllowed(this: { redirectUris: string[] }, value: string): boolean;
  };
  const exact = prototype.redirectUriAllowed;
  prototype.redirectUriAllowed = function (value: string) {
    if (exact.call(this, value)) return true;
    const bare = withoutLoopbackPort(value);
    return bare !== null && this.redirectUris.some((allowed) => withoutLoopbackPort(allowed) === bare);
  };
}

function withoutLoopbackPort(value: string): string | null {
  const url = URL.parse(value);
  if (url?.protocol !== 'http:' || !['127.0.0.1', '[::1]'].includes(url.hostname)) return null;
  url.port = '';
  return url.href;
}
