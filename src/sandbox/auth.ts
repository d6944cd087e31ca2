// Access tokens of the sandbox: one RS256 key pair per sandbox instance signs every token, and
// the same key verifies the Bearer token of every GraphQL and REST request (§5, §7).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type CryptoKey, exportJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import { generateSigningKeys, type SigningKeyPair } from './signing-keys.js';
import type { ApiKey, Caller } from './types.js';

export const REALM = 'sandbox';
const ALGORITHM = 'RS256';

export interface TokenIssuer {
  /** `${authUrl}/realms/sandbox`: the `iss` of every token. */
  readonly issuer: string;
  /** Sign an access token for an API key with the granted scopes. */
  issue(key: ApiKey, scopes: readonly string[], lifetimeSeconds: number): Promise<string>;
  /** The caller named by a valid token, or null when the token is malformed, badly signed, expired or foreign. */
  verify(token: string): Promise<Caller | null>;
  /** The public key as a JWKS document (GET .../certs). */
  jwks(): { keys: JWK[] };
}

/**
 * An issuer for `${authUrl}/realms/sandbox`; a fresh key pair unless one is given (tests share
 * one; the CLI passes the one it started generating early, still pending). Tokens are issued and
 * checked for expiry by `now` (ms since the epoch).
 */
export async function createTokenIssuer(
  authUrl: string,
  keyPair?: SigningKeyPair | Promise<SigningKeyPair>,
  now: () => number = Date.now,
): Promise<TokenIssuer> {
  const { privateKey, publicKey } = await (keyPair ?? generateSigningKeys());
  const kid = `sandbox-${randomUUID()}`;
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' };
  const issuer = `${authUrl}/realms/${REALM}`;
  return {
    issuer,
    issue: (key, scopes, lifetimeSeconds) =>
      sign(privateKey, kid, issuer, key, scopes, lifetimeSeconds, Math.floor(now() / 1000)),
    verify: (token) => verifyToken(publicKey, issuer, token, new Date(now())),
    jwks: () => ({ keys: [{ ...publicJwk }] }),
  };
}

function sign(
  privateKey: CryptoKey,
  kid: string,
  issuer: string,
  key: ApiKey,
  scopes: readonly string[],
  lifetimeSeconds: number,
  now: number,
): Promise<string> {
  return new SignJWT({ azp: key.clientId, scope: scopes.join(' '), company_id: key.companyId })
    .setProtectedHeader({ alg: ALGORITHM, kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(key.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .setJti(randomUUID())
    .sign(privateKey);
}

async function verifyToken(
  publicKey: CryptoKey,
  issuer: string,
  token: string,
  currentDate: Date,
): Promise<Caller | null> {
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      issuer,
      currentDate,
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'sub', 'scope', 'company_id'],
    });
    const { sub, scope, company_id: companyId } = payload;
    if (typeof sub !== 'string' || typeof scope !== 'string' || typeof companyId !== 'string') return null;
    return { clientId: sub, companyId, scopes: new Set(scope.split(' ').filter(Boolean)) };
  } catch {
    // Every failure (signature, expiry, issuer, shape) is the same 401 to the caller.
    return null;
  }
}

/** The outcome of reading the Bearer token of a request. */
export type Authentication = { kind: 'caller'; caller: Caller } | { kind: 'missing' } | { kind: 'invalid' };

/** Read `Authorization: Bearer <token>`; any other scheme counts as no token (RFC 6750 §3). */
export async function authenticate(req: IncomingMessage, issuer: TokenIssuer): Promise<Authentication> {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) return { kind: 'missing' };
  const caller = await issuer.verify(match[1]!);
  return caller ? { kind: 'caller', caller } : { kind: 'invalid' };
}

/** The 401 answers of §7: header and body differ between "missing" and "invalid". */
export const UNAUTHORIZED = {
  missing: { header: 'Bearer', message: 'JWT is missing' },
  invalid: { header: 'Bearer error="invalid_token"', message: 'JWT is invalid or expired' },
} as const;
