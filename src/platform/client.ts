// The one shared, authenticated platform client. Every tool, resource and prompt reaches the
// platform through this object; none of them ever sees a token.
import type { Logger } from '../logger.js';
import type { Observer } from '../observer.js';
import { type Credentials, TokenManager } from './auth.js';
import type { AuthError } from './errors.js';
import { GraphqlClient } from './graphql.js';
import { PlatformHttp, type RetryPolicy } from './http.js';
import { RestClient } from './rest.js';

export interface PlatformOptions {
  credentials: Credentials;
  apiUrl: string;
  timeoutMs: number;
  logger?: Logger;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** The clock tokens are aged by; injected by tests (a token's lifetime without waiting it out). */
  now?: () => number;
  /** How a retry waits (back-off, Retry-After); injected by tests that move a clock instead. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told of token requests and of every exchange with the platform (the metrics). */
  observer?: Observer;
  /** See TokenManagerOptions.onKeyRefused. */
  onKeyRefused?: (refusal: AuthError) => AuthError;
}

export interface Platform {
  readonly apiUrl: string;
  readonly tokens: TokenManager;
  readonly graphql: GraphqlClient;
  readonly rest: RestClient;
}

export function createPlatform(options: PlatformOptions): Platform {
  const tokens = new TokenManager(options.credentials, {
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    now: options.now,
    onKeyRefused: options.onKeyRefused,
    observer: options.observer,
  });
  const http = new PlatformHttp({
    tokens,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    logger: options.logger,
    retry: options.retry,
    sleep: options.sleep,
    observer: options.observer,
  });
  return {
    apiUrl: options.apiUrl,
    tokens,
    graphql: new GraphqlClient(http, options.apiUrl, options.logger),
    rest: new RestClient(http, options.apiUrl, options.logger),
  };
}
