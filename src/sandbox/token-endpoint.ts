// The realm's OpenID Connect endpoints: the token endpoint (§4.2, §5: client_credentials with the
// client id and secret of an API key), the JWKS and the discovery document. Error answers follow
// OAuth 2.0 (RFC 6749 §5.2): `{error, error_description}`.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REALM, type TokenIssuer } from './auth.js';
import type { FaultInjector } from './faults.js';
import { HttpError, JSON_BODY_LIMIT, mediaTypeOf, readBody, sendJson } from './http-util.js';
import type { ApiKey, SandboxStats } from './types.js';

export interface RealmContext {
  issuer: TokenIssuer;
  keys: readonly ApiKey[];
  faults: FaultInjector;
  stats: SandboxStats;
}

export const REALM_PREFIX = `/realms/${REALM}`;
export const TOKEN_PATH = `${REALM_PREFIX}/protocol/openid-connect/token`;
export const CERTS_PATH = `${REALM_PREFIX}/protocol/openid-connect/certs`;
export const DISCOVERY_PATH = `${REALM_PREFIX}/.well-known/openid-configuration`;

/** Answers a request under /realms/...; false when the path is not one of ours (caller sends 404). */
export async function handleRealmRequest(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: RealmContext,
): Promise<boolean> {
  if (path === TOKEN_PATH) {
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST.', {}, { allow: 'POST' });
    await handleTokenRequest(req, res, ctx);
    return true;
  }
  if (path === CERTS_PATH || path === DISCOVERY_PATH) {
    if (req.method !== 'GET') throw new HttpError(405, 'Use GET.', {}, { allow: 'GET' });
    const body = path === CERTS_PATH ? ctx.issuer.jwks() : discoveryDocument(ctx.issuer.issuer);
    sendJson(res, 200, body);
    return true;
  }
  return false;
}

function discoveryDocument(issuer: string): Record<string, unknown> {
  return {
    issuer,
    token_endpoint: `${issuer}/protocol/openid-connect/token`,
    jwks_uri: `${issuer}/protocol/openid-connect/certs`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    id_token_signing_alg_values_supported: ['RS256'],
  };
}

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

async function handleTokenRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RealmContext,
): Promise<void> {
  ctx.stats.tokenRequests += 1;
  // RFC 6749 §5.1: token answers must not be cached.
  const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };
  if (ctx.faults.settings.tokenEndpointDown) {
    sendJson(res, 503, { message: 'The token endpoint is unavailable (sandbox fault).' }, noStore);
    return;
  }
  try {
    const form = await readForm(req);
    const key = authenticateClient(req, form, ctx.keys);
    const scopes = grantedScopes(key, form.get('scope'));
    const lifetime = ctx.faults.settings.tokenLifetimeSeconds;
    const accessToken = await ctx.issuer.issue(key, scopes, lifetime);
    sendJson(
      res,
      200,
      { access_token: accessToken, expires_in: lifetime, token_type: 'Bearer', scope: scopes.join(' ') },
      noStore,
    );
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const headers: Record<string, string> = { ...noStore };
    // RFC 6749 §5.2: a failed HTTP Basic client authentication names the scheme to use.
    if (error.status === 401 && req.headers.authorization)
      headers['www-authenticate'] = 'Basic realm="sandbox"';
    sendJson(res, error.status, { error: error.code, error_description: error.message }, headers);
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  if (mediaTypeOf(req) !== 'application/x-www-form-urlencoded') {
    throw new OAuthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  let body: Buffer;
  try {
    body = await readBody(req, JSON_BODY_LIMIT);
  } catch (error) {
    if (error instanceof HttpError) throw new OAuthError(400, 'invalid_request', error.message);
    throw error;
  }
  const form = new URLSearchParams(body.toString('utf8'));
  const grantType = form.get('grant_type');
  if (!grantType) throw new OAuthError(400, 'invalid_request', 'Missing form parameter: grant_type.');
  if (grantType !== 'client_credentials') {
    throw new OAuthError(400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
  }
  return form;
}

/** Client authentication by form fields (client_secret_post) or HTTP Basic (client_secret_basic). */
function authenticateClient(req: IncomingMessage, form: URLSearchParams, keys: readonly ApiKey[]): ApiKey {
  const basic = readBasicCredentials(req.headers.authorization);
  let clientId = form.get('client_id');
  let clientSecret = form.get('client_secret');
  if (basic) {
    // RFC 6749 §2.3: a client uses one authentication method per request.
    if (clientSecret !== null || (clientId !== null && clientId !== basic.clientId)) {
      throw new OAuthError(400, 'invalid_request', 'Use either HTTP Basic or form credentials, not both.');
    }
    ({ clientId, clientSecret } = basic);
  }
  if (!clientId) throw new OAuthError(400, 'invalid_request', 'Missing form parameter: client_id.');
  if (!clientSecret) throw new OAuthError(400, 'invalid_request', 'Missing form parameter: client_secret.');
  const key = keys.find((candidate) => candidate.clientId === clientId);
  if (!key || !secretsEqual(key.clientSecret, clientSecret)) {
    throw new OAuthError(401, 'invalid_client', 'Invalid client or client credentials.');
  }
  return key;
}

function readBasicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | null {
  const match = /^Basic[ ]+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError(400, 'invalid_request', 'Malformed HTTP Basic credentials.');
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw new OAuthError(400, 'invalid_request', 'Malformed HTTP Basic credentials.');
  }
}

function secretsEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** All the key's scopes, or the requested subset (RFC 6749 §3.3); asking for more is invalid_scope. */
function grantedScopes(key: ApiKey, requested: string | null): string[] {
  if (requested === null || requested.trim() === '') return [...key.scopes];
  const wanted = [...new Set(requested.split(' ').filter(Boolean))];
  const unknown = wanted.filter((scope) => !key.scopes.includes(scope));
  if (unknown.length > 0) {
    throw new OAuthError(400, 'invalid_scope', `Scopes not granted to this client: ${unknown.join(' ')}.`);
  }
  return wanted;
}
