// The one authorized HTTP path to the platform, shared by the GraphQL and REST clients.
// It owns the retry policy, which is where a write could be lost or doubled:
//   - a 401 means the request was refused before it ran: refresh the token once and repeat
//     (safe for writes too);
//   - reads (idempotent) are retried on network errors, 5xx and 429 with backoff and jitter,
//     honouring Retry-After;
//   - writes are never repeated once they may have reached the platform. A write that timed
//     out or lost its connection raises OutcomeUnknownError, saying how to check.
import type { Logger } from '../logger.js';
import { NO_OBSERVER, type Observer, type UpstreamOperation } from '../observer.js';
import type { TokenManager } from './auth.js';
import {
  AuthError,
  OutcomeUnknownError,
  RateLimitError,
  UpstreamServerError,
  UpstreamUnavailableError,
} from './errors.js';
import { networkCause, networkCode } from './network-cause.js';
import { fetchWire, nodeWire, type Wire, type WireResponse } from './wire.js';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  /** Safe to repeat (a read, or a delete of a known id). */
  idempotent: boolean;
  signal?: AbortSignal;
  /** What kind of request this is, for the metrics (default: `rest_` and the method). */
  operation?: UpstreamOperation;
}

export interface HttpAnswer {
  status: number;
  /** Parsed JSON body, or null when the body was empty or not JSON. */
  json: unknown;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface HttpClientOptions {
  tokens: TokenManager;
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  logger?: Logger;
  /** Told of every exchange with the platform (the metrics); default: nobody. */
  observer?: Observer;
  /** Injected for tests; defaults to setTimeout-based sleep. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 200, maxDelayMs: 10_000 };
/** A Retry-After longer than this is not waited for: the caller gets RateLimitError instead. */
const MAX_RETRY_AFTER_MS = 30_000;

type Attempt =
  | { kind: 'answer'; answer: HttpAnswer }
  | { kind: 'retry'; error: Error; delayMs?: number }
  | { kind: 'fail'; error: Error };

export class PlatformHttp {
  private readonly retry: RetryPolicy;
  private readonly wire: Wire;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: HttpClientOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.wire = options.fetch ? fetchWire(options.fetch) : nodeWire;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  async send(request: HttpRequest): Promise<HttpAnswer> {
    let refreshedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      const token = await this.options.tokens.getToken();
      const outcome = await this.attempt(request, token);
      if (outcome.kind === 'answer') {
        if (outcome.answer.status !== 401) return outcome.answer;
        // Refused before it ran: one refresh and one repeat, for reads and writes alike.
        this.options.tokens.invalidate(token);
        if (refreshedAfter401) {
          throw new AuthError(
            'The platform refused a freshly issued access token (HTTP 401). The API key may have been revoked or the platform plan may lack API access.',
          );
        }
        refreshedAfter401 = true;
        attempt--;
        continue;
      }
      if (outcome.kind === 'fail' || attempt >= this.retry.maxAttempts) throw outcome.error;
      const delay = outcome.delayMs ?? this.backoff(attempt);
      this.options.logger?.debug(
        { url: request.url, attempt, delay, reason: outcome.error.message },
        'retrying read',
      );
      await this.sleep(delay, request.signal);
    }
  }

  private async attempt(request: HttpRequest, token: string): Promise<Attempt> {
    // One controller for the caller's signal and the timeout (AbortSignal.any and .timeout cost
    // more per request than the rest of this method).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
    const cancel = () => controller.abort();
    if (request.signal?.aborted) cancel();
    else request.signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await this.exchange(request, token, controller.signal, () => timedOut);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
    }
  }

  private async exchange(
    request: HttpRequest,
    token: string,
    signal: AbortSignal,
    timedOut: () => boolean,
  ): Promise<Attempt> {
    let response: WireResponse;
    try {
      response = await this.wire({
        method: request.method,
        url: request.url,
        headers: { accept: 'application/json', ...request.headers, authorization: `Bearer ${token}` },
        body: request.body,
        signal,
      });
    } catch (error) {
      this.observe(request, timedOut() ? 'timeout' : 'network');
      return this.networkFailure(request, error, timedOut());
    }
    const status = response.status;
    this.observe(request, status);
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(response.header('retry-after'));
      await response.discard();
      const error = new RateLimitError(
        `The platform is rate limiting this API key (HTTP 429)${retryAfterMs !== undefined ? `; retry after ${Math.ceil(retryAfterMs / 1000)} s` : ''}.`,
        retryAfterMs !== undefined ? Math.ceil(retryAfterMs / 1000) : undefined,
      );
      if (!request.idempotent || (retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) return { kind: 'fail', error };
      return { kind: 'retry', error, delayMs: retryAfterMs };
    }
    if (status >= 500) {
      await response.discard();
      const error = new UpstreamServerError(`The platform answered HTTP ${status} (a server fault).`, status);
      if (!request.idempotent) {
        return {
          kind: 'fail',
          error: new OutcomeUnknownError(
            `The platform answered HTTP ${status} to this write, so it is unknown whether it was applied. It was not repeated automatically.`,
          ),
        };
      }
      return { kind: 'retry', error };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The answer was cut off: a write may have been applied.
      return this.networkFailure(request, error, timedOut());
    }
    return { kind: 'answer', answer: { status, json: parseJson(text) } };
  }

  private observe(request: HttpRequest, status: number | 'network' | 'timeout'): void {
    const operation = request.operation ?? `rest_${request.method.toLowerCase() as Lowercase<string>}`;
    (this.options.observer ?? NO_OBSERVER).upstreamRequest(operation, status);
  }

  private networkFailure(request: HttpRequest, error: unknown, timedOut: boolean): Attempt {
    if (request.signal?.aborted) return { kind: 'fail', error: new Error('The request was cancelled.') };
    const code = networkCode(error);
    // These codes mean no connection was made: nothing reached the platform.
    const notSent = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
    const what = timedOut ? `timed out after ${this.options.timeoutMs} ms` : `failed: ${networkCause(error)}`;
    if (!request.idempotent && !notSent) {
      return {
        kind: 'fail',
        error: new OutcomeUnknownError(
          `The write request ${what}; it may or may not have been applied, so it was not repeated.`,
        ),
      };
    }
    const failure = new UpstreamUnavailableError(
      `The platform API at ${new URL(request.url).origin} ${what}.${notSent ? ' Nothing was sent.' : ''} Check CREW_API_URL and the network; the call can be retried.`,
    );
    return request.idempotent ? { kind: 'retry', error: failure } : { kind: 'fail', error: failure };
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    // Full jitter: spreads retries of concurrent callers apart.
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('The request was cancelled.'));
      },
      { once: true },
    );
  });
}
