// REST client of the platform ({api_url}/rest/...): file upload exists only here, and webhook
// subscriptions. Same HTTP layer (auth, retry policy) and the same error families as GraphQL.
import type { Logger } from '../logger.js';
import {
  ForbiddenError,
  GraphQLResponseError,
  missingScope,
  NotFoundError,
  ValidationError,
} from './errors.js';
import type { PlatformHttp } from './http.js';

export interface RestCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below /rest, e.g. "/crew/12/files". */
  path: string;
  json?: unknown;
  form?: FormData;
  idempotent?: boolean;
  signal?: AbortSignal;
}

export class RestClient {
  readonly base: string;

  constructor(
    private readonly http: PlatformHttp,
    apiUrl: string,
    private readonly logger?: Logger,
  ) {
    this.base = `${apiUrl.replace(/\/+$/, '')}/rest`;
  }

  async call<T>(call: RestCall): Promise<T> {
    const headers: Record<string, string> = {};
    let body: string | FormData | undefined;
    if (call.form) body = call.form;
    else if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    }
    const answer = await this.http.send({
      method: call.method,
      url: `${this.base}${call.path}`,
      headers,
      body,
      idempotent: call.idempotent ?? call.method === 'GET',
      signal: call.signal,
    });
    const payload = (answer.json ?? {}) as { message?: string; requiredScope?: string };
    const message = payload.message ?? `HTTP ${answer.status}`;
    switch (true) {
      case answer.status >= 200 && answer.status < 300:
        return answer.json as T;
      case answer.status === 403:
        throw payload.requiredScope
          ? missingScope(payload.requiredScope)
          : new ForbiddenError(`The platform refused the operation: ${message}`);
      case answer.status === 404:
        throw new NotFoundError(message);
      case answer.status === 413:
        throw new ValidationError(`The platform refused the request as too large: ${message}`, [
          { path: '(input)', message },
        ]);
      case answer.status === 422:
        throw new ValidationError(`The platform rejected the request: ${message}`, [
          { path: '(input)', message },
        ]);
      case answer.status === 400:
        // Reached the platform and refused there: not a UserInputError, which means nothing was sent.
        throw new ValidationError(`The platform rejected the request: ${message}`, [
          { path: '(input)', message },
        ]);
      default:
        this.logger?.debug({ status: answer.status, path: call.path }, 'unexpected REST answer');
        throw new GraphQLResponseError(`The platform's REST API answered HTTP ${answer.status}: ${message}`);
    }
  }
}
