// Token manager: OAuth 2.0 client credentials. Owns the only copy of the client secret and of
// the access token. A token is reused until shortly before it expires; concurrent callers share
// one token request (single flight); a 401 from the API invalidates the token so that the next
// call fetches a fresh one. Nothing here ever puts a secret or a token into an error or a log.
import type { Logger } from '../logger.js';
import { NO_OBSERVER, type Observer } from '../observer.js';
import { AuthError, UpstreamUnavailableError } from './errors.js';
import { networkCause } from './network-cause.js';
import { fetchWire, nodeWire, type Wire } from './wire.js';

export interface Credentials {
  clientId: string;
  clientSecret: string;
  /** Full token endpoint URL: {auth_url}/realms/{realm}/protocol/openid-connect/token */
  tokenUrl: string;
}

interface CachedToken {
  value: string;
  /** Epoch ms at which the platform says the token expires. */
  expiresAt: number;
  /** Epoch ms after which we no longer hand it out. */
  refreshAt: number;
  scopes: string[] | null;
}

export interface TokenManagerOptions {
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  logger?: Logger;
  /** Told how each token request ended (the metrics); default: nobody. */
  observer?: Observer;
  /**
   * The token endpoint refused the key itself (wrong or reset secret). Answers the error to throw:
   * where the key is not a setting (a hosted connector's per-company key), the fix is not
   * CREW_CLIENT_SECRET but connecting again, and the owner of the key must learn it was refused.
   */
  onKeyRefused?: (refusal: AuthError) => AuthError;
}

/** Refresh this long before expiry (or at 90% of the lifetime for short-lived tokens). */
const REFRESH_MARGIN_MS = 5 * 60_000;

export function tokenUrlFor(authUrl: string, realm: string): string {
  return `${authUrl.replace(/\/+$/, '')}/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`;
}

export class TokenManager {
  private cached: CachedToken | null = null;
  private inFlight: Promise<CachedToken> | null = null;
  private readonly wire: Wire;
  private readonly now: () => number;
  private readonly timeoutMs: number;

  constructor(
    private readonly credentials: Credentials,
    private readonly options: TokenManagerOptions = {},
  ) {
    this.wire = options.fetch ? fetchWire(options.fetch) : nodeWire;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  get clientId(): string {
    return this.credentials.clientId;
  }

  /** A valid access token, from cache when it has life left. */
  async getToken(): Promise<string> {
    const cached = this.cached;
    if (cached && this.now() < cached.refreshAt) return cached.value;
    return (await this.refresh()).value;
  }

  /** Scopes granted to the token (JWT `scope` claim), or null when they cannot be read. */
  async getScopes(): Promise<string[] | null> {
    await this.getToken();
    return this.cached?.scopes ?? null;
  }

  /** When the current token expires and what it may do; null before the first token. */
  get tokenInfo(): { expiresAt: Date; scopes: string[] | null } | null {
    return this.cached ? { expiresAt: new Date(this.cached.expiresAt), scopes: this.cached.scopes } : null;
  }

  /** Forget a token the API refused, unless a newer one already replaced it. */
  invalidate(token: string): void {
    if (this.cached?.value === token) this.cached = null;
  }

  private refresh(): Promise<CachedToken> {
    // Single flight: every caller that finds no valid token waits on the same request.
    if (!this.inFlight) {
      this.inFlight = this.requestToken().finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  private async requestToken(): Promise<CachedToken> {
    const observer = this.options.observer ?? NO_OBSERVER;
    try {
      const token = await this.exchangeKey();
      observer.tokenRequest('issued');
      return token;
    } catch (error) {
      observer.tokenRequest(
        error instanceof AuthError
          ? 'refused'
          : error instanceof UpstreamUnavailableError
            ? 'unreachable'
            : 'failed',
      );
      throw error;
    }
  }

  private async exchangeKey(): Promise<CachedToken> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
    });
    let status: number;
    let payload: Record<string, unknown> | null;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.timeoutMs);
    try {
      const response = await this.wire({
        method: 'POST',
        url: this.credentials.tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: timeout.signal,
      });
      status = response.status;
      payload = parseObject(await response.text());
    } catch (error) {
      const reason = timeout.signal.aborted ? 'timed out' : `could not be reached (${networkCause(error)})`;
      this.options.logger?.warn(
        { tokenUrl: this.credentials.tokenUrl, reason },
        'token endpoint unreachable',
      );
      throw new UpstreamUnavailableError(
        `The platform's token endpoint ${this.credentials.tokenUrl} ${reason}. Check CREW_AUTH_URL and the network; the call can be retried.`,
        'CREW_AUTH_URL',
      );
    } finally {
      clearTimeout(timer);
    }
    if (status === 404) {
      // Keycloak answers 404 for a realm it does not have; so does a wrong path.
      const realm = /\/realms\/([^/]+)\//.exec(this.credentials.tokenUrl)?.[1];
      this.options.logger?.warn({ tokenUrl: this.credentials.tokenUrl }, 'token endpoint not found');
      throw new AuthError(
        `The platform has no token endpoint at ${this.credentials.tokenUrl} (HTTP 404): the realm "${decodeURIComponent(realm ?? '')}" does not exist there. Check CREW_REALM, then CREW_AUTH_URL.`,
        'CREW_REALM',
      );
    }
    if (status === 401 || status === 400 || payload?.error === 'invalid_client') {
      const code = typeof payload?.error === 'string' ? payload.error : `HTTP ${status}`;
      this.options.logger?.warn({ status, code }, 'token request refused');
      const refusal = new AuthError(
        code === 'invalid_client'
          ? `The platform refused the API key "${this.credentials.clientId}" (invalid_client): the client id or secret is wrong, or the secret was reset. Update CREW_CLIENT_ID / CREW_CLIENT_SECRET.`
          : `The platform refused the token request (${code}). Check the API key (CREW_CLIENT_ID / CREW_CLIENT_SECRET).`,
        'CREW_CLIENT_ID / CREW_CLIENT_SECRET',
      );
      throw this.options.onKeyRefused?.(refusal) ?? refusal;
    }
    if (status < 200 || status > 299 || typeof payload?.access_token !== 'string') {
      throw new UpstreamUnavailableError(
        `The platform's token endpoint answered HTTP ${status} without a token; the call can be retried.`,
      );
    }
    const value = payload.access_token;
    const expiresIn =
      typeof payload.expires_in === 'number' && payload.expires_in > 0 ? payload.expires_in : 43_200;
    const lifetimeMs = expiresIn * 1000;
    const margin = Math.min(REFRESH_MARGIN_MS, lifetimeMs * 0.1);
    const token: CachedToken = {
      value,
      expiresAt: this.now() + lifetimeMs,
      refreshAt: this.now() + lifetimeMs - margin,
      scopes: readScopes(value, payload.scope),
    };
    this.cached = token;
    this.options.logger?.debug({ expiresIn, scopes: token.scopes }, 'access token obtained');
    return token;
  }
}

/** The body as a JSON object; null when it is not one (an HTML error page, say). */
function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a JWS compact token (header.payload.signature), unverified: they are read, not
 * trusted (the platform checks its own token). Null when the token is not one. Read here rather
 * than with jose's decodeJwt, which would load jose (70 KB) at every start for these lines.
 */
function unverifiedClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[\w-]+$/.test(parts[1] ?? '')) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Scopes from the JWT `scope` claim, else the token response's `scope` field. */
function readScopes(token: string, responseScope: unknown): string[] | null {
  // Not a JWT (the platform does not promise one): the response's field.
  const scope = unverifiedClaims(token)?.scope;
  if (typeof scope === 'string') return scope.split(/\s+/).filter(Boolean);
  if (typeof responseScope === 'string') return responseScope.split(/\s+/).filter(Boolean);
  return null;
}
