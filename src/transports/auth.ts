// Who may call /mcp over HTTP (--auth): nobody but this machine (none, loopback only, checked in
// config.ts), holders of static named tokens (bearer), or holders of an external authorization
// server's JWTs (oauth). Both token modes answer through the SDK's resource-server helpers: 401
// with a `WWW-Authenticate: Bearer` challenge for a missing, unknown, expired or foreign token
// (pointing at the Protected Resource Metadata in oauth mode), and 403 insufficient_scope for a
// tool call the token's scopes do not allow (src/mcp/client-scopes.ts). The client's token stops
// here: the platform is always called with the server's own API key.
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
  type OAuthTokenVerifier,
  oauthMetadataResponse,
  requireBearerAuth,
  requireScopes,
} from '@modelcontextprotocol/server';
import { type AuthMode, type Config, publicBaseOf } from '../config.js';
import type { Logger } from '../logger.js';
import { ALL_CLIENT_SCOPES, type ClientScope } from '../mcp/client-scopes.js';
import { loadTokens, staticTokenVerifier } from './bearer-tokens.js';
import { discoverIssuer, type Issuer, jwtVerifier } from './oauth.js';
import type { HostedMode } from './routes.js';

export const PRM_PATH = '/.well-known/oauth-protected-resource';

export interface AuthGate {
  readonly mode: AuthMode;
  /** Called once listening: this server's base URL as clients reach it. */
  bind(baseUrl: string): void;
  /** The verified caller; a Response (401) to send instead; null when the mode authenticates nobody. */
  authenticate(authorization: string | undefined): Promise<AuthInfo | Response | null>;
  /** The discovery documents (oauth mode), for a GET under /.well-known/; undefined for other paths. */
  wellKnown(request: Request): Response | undefined;
  /** A 403 insufficient_scope answer when a tool call in `body` needs a scope the caller lacks. */
  scopeChallenge(body: unknown, caller: AuthInfo | null): Promise<Response | undefined>;
}

/** The client scope each callable tool needs, by tool name. */
export type ToolScopes = ReadonlyMap<string, ClientScope>;

interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: string | number;
  method: string;
  params?: Record<string, unknown>;
}

function requestsOf(body: unknown): JsonRpcRequest[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter(
    (message): message is JsonRpcRequest =>
      typeof message === 'object' &&
      message !== null &&
      'id' in message &&
      typeof message.method === 'string',
  );
}

export async function createAuthGate(
  config: Config,
  toolScopes: ToolScopes,
  logger: Logger,
  /** --auth connector: the server's own authorization server. */
  hosted?: HostedMode,
): Promise<AuthGate> {
  const { auth, publicUrl } = config.security;
  let base = publicUrl;
  const resource = () => `${base ?? 'http://127.0.0.1'}/mcp`;
  const metadataUrl = () => getOAuthProtectedResourceMetadataUrl(new URL(resource()));

  if (auth.mode === 'none') {
    return {
      mode: 'none',
      bind(baseUrl) {
        base = publicBaseOf(config.security, baseUrl);
      },
      authenticate: async () => null,
      wellKnown: () => undefined,
      scopeChallenge: async () => undefined,
    };
  }

  let verifier: OAuthTokenVerifier;
  let issuer: Issuer | null = null;
  if (auth.mode === 'bearer') {
    verifier = staticTokenVerifier(await loadTokens(auth.tokens, auth.tokensFile, logger));
  } else if (auth.mode === 'connector') {
    if (!hosted) throw new Error('--auth connector needs its authorization server');
    verifier = hosted.verifier;
    // The issuer is this server: its metadata is known once it listens (bind).
    issuer = { metadata: { issuer: 'http://127.0.0.1' } as OAuthMetadata, jwksUrl: '', discovered: true };
  } else {
    issuer = await discoverIssuer(auth.issuer, auth.jwksUrl, logger);
    verifier = jwtVerifier(issuer, resource, logger);
  }
  const challengeOptions = () => (issuer ? { resourceMetadataUrl: metadataUrl() } : {});
  /** Built on the first request: the resource URL is known once the server listens. */
  let gate: ((request: Request) => Promise<AuthInfo | Response>) | undefined;

  return {
    mode: auth.mode,
    bind(baseUrl) {
      base = publicBaseOf(config.security, baseUrl);
      if (hosted && issuer) issuer = { ...issuer, metadata: hosted.bind(base) };
    },
    authenticate(authorization) {
      // The SDK's gate: the Bearer scheme, the verifier, the audience, the expiry; 401 otherwise.
      gate ??= requireBearerAuth({
        verifier,
        ...challengeOptions(),
        ...(issuer ? { expectedResource: new URL(resource()) } : {}),
      });
      return gate(new Request(resource(), { headers: authorization ? { authorization } : {} }));
    },
    wellKnown(request) {
      if (!issuer) return undefined;
      const options = {
        oauthMetadata: issuer.metadata,
        resourceServerUrl: new URL(resource()),
        scopesSupported: ALL_CLIENT_SCOPES,
        resourceName: 'crew-mcp (crew staffing)',
        dangerouslyAllowInsecureIssuerUrl: !issuer.metadata.issuer.startsWith('https:'),
      };
      const path = new URL(request.url).pathname.replace(/\/$/, '');
      // RFC 9728's path-aware location (…/oauth-protected-resource/mcp) and the bare one clients also probe.
      if (path === PRM_PATH) {
        const aliased = new Request(metadataUrl(), { method: request.method, headers: request.headers });
        return oauthMetadataResponse(aliased, options);
      }
      if (path === '/.well-known/oauth-authorization-server' && !issuer.discovered) return undefined;
      return oauthMetadataResponse(request, options);
    },
    async scopeChallenge(body, caller) {
      if (!caller) return undefined;
      for (const request of requestsOf(body)) {
        const name = request.method === 'tools/call' ? request.params?.name : undefined;
        const needed = typeof name === 'string' ? toolScopes.get(name) : undefined;
        if (!needed) continue;
        const challenge = await requireScopes(needed)({ request, authInfo: caller });
        if (challenge) {
          return bearerAuthChallengeResponse(
            new OAuthError(
              OAuthErrorCode.InsufficientScope,
              `${name} needs the scope ${needed}, which this token does not carry`,
            ),
            { requiredScopes: [...challenge.scopes], ...challengeOptions() },
          );
        }
      }
      return undefined;
    },
  };
}
