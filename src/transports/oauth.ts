// --auth oauth: crew-mcp as an OAuth 2.1 resource server for an external authorization server
// (the company's identity provider). An access token is a JWT signed by a key of the issuer's
// JWKS, issued by the configured issuer, for this server (audience = its resource URL, RFC 8707)
// and not expired; its `scope` (or `scp`) claim carries the crew-mcp client scopes. Verification
// is jose's; the 401/403 challenges and the Protected Resource Metadata are the SDK's.
import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { ConfigError } from '../config.js';
import type { Logger } from '../logger.js';

/** Asymmetric algorithms only: a shared-secret (HS*) token could be forged by anyone holding the secret. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const DISCOVERY_TIMEOUT_MS = 10_000;

export interface Issuer {
  /** The authorization server's metadata (RFC 8414 / OpenID discovery), when it publishes one. */
  metadata: OAuthMetadata;
  jwksUrl: string;
  /** Whether `metadata` was read from the issuer (true) or is only its issuer name (false). */
  discovered: boolean;
}

async function fetchJson(url: string): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
    return response.ok ? ((await response.json()) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The issuer's discovery document: OpenID Connect's, else RFC 8414's (path inserted after the host). */
export async function discoverIssuer(
  issuer: string,
  jwksUrl: string | null,
  logger: Logger,
): Promise<Issuer> {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const candidates = [
    `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
  ];
  for (const candidate of candidates) {
    const document = await fetchJson(candidate);
    if (!document) continue;
    if (document.issuer !== issuer) {
      throw new ConfigError(
        `The discovery document at ${candidate} names the issuer "${String(document.issuer)}", not "${issuer}": check --oauth-issuer.`,
      );
    }
    const found = typeof document.jwks_uri === 'string' ? document.jwks_uri : null;
    if (!jwksUrl && !found) throw new ConfigError(`${candidate} names no jwks_uri: set --oauth-jwks-url.`);
    return { metadata: document as OAuthMetadata, jwksUrl: jwksUrl ?? (found as string), discovered: true };
  }
  if (!jwksUrl) {
    throw new ConfigError(
      `Could not read the discovery document of ${issuer} (${candidates.join(', ')}): set --oauth-jwks-url, or check --oauth-issuer.`,
    );
  }
  logger.warn({ issuer }, 'the issuer publishes no discovery document: serving its name only');
  // Only `issuer` is read from it (the PRM's authorization_servers); the rest is the AS's to publish.
  const metadata = { issuer, response_types_supported: ['code'] } as unknown as OAuthMetadata;
  return { metadata, jwksUrl, discovered: false };
}

function scopesOf(payload: JWTPayload): string[] {
  const { scope, scp } = payload as { scope?: unknown; scp?: unknown };
  if (typeof scope === 'string') return scope.split(' ').filter(Boolean);
  if (Array.isArray(scp)) return scp.filter((item): item is string => typeof item === 'string');
  if (typeof scp === 'string') return scp.split(' ').filter(Boolean);
  return [];
}

/** What a refused token is told (RFC 6750 error_description): the reason, never the token. */
function reason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'Token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'Token was not issued for this resource';
    if (error.claim === 'iss') return 'Token was not issued by the expected issuer';
    return `Token claim ${error.claim} is invalid`;
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) {
    return 'Token signature is not valid';
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return 'The issuer keys could not be read';
  }
  return 'Token is not a valid JWT';
}

/** Verifies JWTs of `issuer` for `resource()` (known once the server listens). */
export function jwtVerifier(issuer: Issuer, resource: () => string, logger: Logger): OAuthTokenVerifier {
  const keys = createRemoteJWKSet(new URL(issuer.jwksUrl), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
  });
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const expected = resource();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: issuer.metadata.issuer,
          audience: [expected, `${expected}/`],
          algorithms: ALGORITHMS,
          requiredClaims: ['exp', 'sub'],
          clockTolerance: 30,
        }));
      } catch (error) {
        const why = reason(error);
        logger.debug({ reason: why }, 'access token refused');
        throw new OAuthError(OAuthErrorCode.InvalidToken, why);
      }
      const subject = payload.sub as string;
      const { azp, client_id: clientId } = payload as { azp?: unknown; client_id?: unknown };
      return {
        token,
        clientId: typeof azp === 'string' ? azp : typeof clientId === 'string' ? clientId : subject,
        scopes: scopesOf(payload),
        expiresAt: payload.exp,
        resource: new URL(expected),
        extra: { subject },
      };
    },
  };
}
