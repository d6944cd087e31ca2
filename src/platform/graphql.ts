// GraphQL client of the platform: POST {api_url}/gql with {query, variables, operationName}.
// Queries are retried by the HTTP layer; mutations never are. GraphQL `errors` (even beside
// partial data) become typed errors; a mutation's `success: false` becomes ValidationError
// with one problem per field path. Raw upstream bodies go to the debug log only.
import { Kind, type OperationDefinitionNode, parse } from 'graphql';
import type { Logger } from '../logger.js';
import {
  type FieldProblem,
  GraphQLResponseError,
  missingScope,
  NotFoundError,
  NotGraphqlError,
  ValidationError,
} from './errors.js';
import type { HttpAnswer, PlatformHttp } from './http.js';
import type { GraphqlErrorShape } from './merge-reads.js';
import { ReadBatcher } from './read-batcher.js';

export interface GraphqlCallOptions {
  signal?: AbortSignal;
  /**
   * A query that may go in one request with other reads issued at the same moment (alias
   * batching, read-batcher.ts): the pages of a list, the first reads of a question.
   */
  batch?: boolean;
}

type GraphqlError = GraphqlErrorShape;

export interface MutationPayload {
  success: boolean;
  errors?: Record<string, string[] | string> | null;
  errorCodes?: Record<string, string> | null;
}

/** Turns an upstream input path ("jobs.0.roles.1.startTime") into the tool's ("jobs[0].roles[1].startTime"). */
export function toInputPath(upstreamPath: string): string {
  return upstreamPath.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** What a non-GraphQL answer means, and the fix: CREW_API_URL is the base URL (we add /gql). */
export function notGraphqlMessage(endpoint: string, status: number): string {
  const base = endpoint.slice(0, -'/gql'.length);
  const fix = base.endsWith('/gql')
    ? `CREW_API_URL ends in /gql, which crew-mcp adds itself: set it to ${base.slice(0, -'/gql'.length)}`
    : "check CREW_API_URL: the base URL of the platform's API, without /gql (crew-mcp adds it)";
  return `The platform's GraphQL API at ${endpoint} answered HTTP ${status} without a GraphQL body: ${fix}.`;
}

/** Serialized documents kept: the product's own are a few dozen. */
const SERIALIZED_KEPT = 256;

export class GraphqlClient {
  readonly endpoint: string;
  private readonly operationKinds = new Map<string, 'query' | 'mutation'>();
  private readonly serializedQueries = new Map<string, string>();
  private rewrites: ReadonlyMap<string, string> = new Map();
  private readonly batcher: ReadBatcher;

  constructor(
    private readonly http: PlatformHttp,
    apiUrl: string,
    private readonly logger?: Logger,
  ) {
    this.endpoint = `${apiUrl.replace(/\/+$/, '')}/gql`;
    this.batcher = new ReadBatcher({
      alone: (text, variables, signal) => this.runText(text, variables, signal, 'query'),
      exchange: (text, variables, signal) => this.exchange(JSON.stringify(text), variables, signal, 'query'),
      settle: (share) => {
        if (share.errors.length === 0) return share.data;
        this.logger?.debug({ errors: share.errors }, 'GraphQL errors');
        throw errorFrom(share.errors, share.data !== null);
      },
      logger,
    });
  }

  /** Reads one request carries at most now (1 once the platform refused reads sent together). */
  get readsPerRequest(): number {
    return this.batcher.readsPerRequest;
  }

  /**
   * Send these texts in place of the originals: the product's documents adapted to a live schema
   * at start (src/mcp/live-schema.ts), so callers keep sending the documents they know.
   */
  useRewrites(rewrites: ReadonlyMap<string, string>): void {
    this.rewrites = rewrites;
  }

  /** Run a query (retried on transient faults) and return `data`; with `batch`, maybe beside others. */
  query<T>(
    document: string,
    variables: Record<string, unknown>,
    options: GraphqlCallOptions = {},
  ): Promise<T> {
    if (!options.batch) return this.run<T>(document, variables, options, 'query');
    if (this.operationKind(document) !== 'query')
      return Promise.reject(new Error('Internal: only a query may be sent together with others.'));
    const text = this.rewrites.get(document) ?? document;
    return this.batcher.read(text, variables, options.signal) as Promise<T>;
  }

  /** Run a mutation once and return `data` (the caller checks `success`, see mutationResult). */
  mutate<T>(
    document: string,
    variables: Record<string, unknown>,
    options: GraphqlCallOptions = {},
  ): Promise<T> {
    return this.run<T>(document, variables, options, 'mutation');
  }

  private async run<T>(
    document: string,
    variables: Record<string, unknown>,
    options: GraphqlCallOptions,
    expected: 'query' | 'mutation',
  ): Promise<T> {
    const kind = this.operationKind(document);
    if (kind !== expected) throw new Error(`Internal: a ${kind} document was sent as a ${expected}.`);
    return this.runText<T>(this.rewrites.get(document) ?? document, variables, options.signal, kind);
  }

  /** Send `text` (the document as it goes out) and return `data`, or throw what its answer means. */
  private async runText<T>(
    text: string,
    variables: Record<string, unknown>,
    signal: AbortSignal | undefined,
    kind: 'query' | 'mutation',
  ): Promise<T> {
    const answer = await this.exchange(this.serializedQuery(text), variables, signal, kind);
    const body = answer.json as { data?: Record<string, unknown> | null; errors?: GraphqlError[] } | null;
    if (answer.status === 403) {
      const required = (answer.json as { requiredScope?: string } | null)?.requiredScope;
      throw missingScope(required);
    }
    if (!body || (answer.status !== 200 && !body.errors)) {
      this.logger?.debug({ status: answer.status }, 'unexpected GraphQL answer');
      throw new NotGraphqlError(notGraphqlMessage(this.endpoint, answer.status), answer.status);
    }
    if (body.errors?.length) {
      this.logger?.debug({ errors: body.errors }, 'GraphQL errors');
      throw errorFrom(body.errors, Boolean(body.data));
    }
    if (!body.data) throw new GraphQLResponseError('The platform answered without data.');
    return body.data as T;
  }

  /** One POST of a serialized document: reads are retried by the HTTP layer, writes never. */
  private exchange(
    serializedQuery: string,
    variables: Record<string, unknown>,
    signal: AbortSignal | undefined,
    kind: 'query' | 'mutation',
  ): Promise<HttpAnswer> {
    return this.http.send({
      method: 'POST',
      url: this.endpoint,
      headers: { 'content-type': 'application/json' },
      body: `{"query":${serializedQuery}${variables === undefined ? '' : `,"variables":${JSON.stringify(variables)}`}}`,
      idempotent: kind === 'query',
      signal,
      operation: kind,
    });
  }

  /**
   * The document as a JSON string, escaped once: the same bytes as JSON.stringify of the whole
   * body, which escaped the whole document (1-2 KB with its newlines) again on every call.
   * Bounded, as a caller may send documents of its own (a query written by the user).
   */
  private serializedQuery(text: string): string {
    let serialized = this.serializedQueries.get(text);
    if (serialized === undefined) {
      serialized = JSON.stringify(text);
      if (this.serializedQueries.size < SERIALIZED_KEPT) this.serializedQueries.set(text, serialized);
    }
    return serialized;
  }

  private operationKind(document: string): 'query' | 'mutation' {
    let kind = this.operationKinds.get(document);
    if (!kind) {
      const operation = parse(document).definitions.find(
        (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
      );
      if (!operation || operation.operation === 'subscription')
        throw new Error('Internal: no query or mutation.');
      kind = operation.operation;
      this.operationKinds.set(document, kind);
    }
    return kind;
  }
}

function errorFrom(errors: GraphqlError[], partial: boolean): Error {
  const first = errors[0] as GraphqlError;
  const code = first.extensions?.code;
  if (code === 'FORBIDDEN') return missingScope(first.extensions?.requiredScope);
  if (code === 'NOT_FOUND') return new NotFoundError(first.message ?? 'Not found.');
  if (code === 'BAD_USER_INPUT') {
    // The request reached the platform, which refused it before running it: nothing was written.
    const message = errors.map((error) => error.message).join(' ');
    return new ValidationError(`The platform rejected the input; nothing was written: ${message}`, [
      { path: '(input)', message },
    ]);
  }
  const messages = errors.map((error) => error.message ?? 'unknown error').join(' ');
  if (code === 'GRAPHQL_VALIDATION_FAILED') {
    return new GraphQLResponseError(
      `The platform did not accept crew-mcp's GraphQL document (its schema differs from ours): ${messages} Run "crew-mcp check" to compare schemas.`,
      [code],
    );
  }
  const codes = errors
    .map((error) => error.extensions?.code)
    .filter((value): value is string => Boolean(value));
  return new GraphQLResponseError(
    `${partial ? 'The platform returned partial data with errors' : 'The platform returned errors'}: ${messages}`,
    codes,
  );
}

/**
 * Check a mutation payload: `success: false` becomes ValidationError listing each field path
 * with its message (nothing was written: the platform's mutations are all or nothing).
 */
export function mutationResult<P extends MutationPayload>(payload: P): P {
  if (payload.success) return payload;
  const fields: FieldProblem[] = [];
  for (const [upstreamPath, messages] of Object.entries(payload.errors ?? {})) {
    const path = toInputPath(upstreamPath);
    const code = payload.errorCodes?.[upstreamPath];
    for (const message of Array.isArray(messages) ? messages : [messages])
      fields.push({ path, message, code });
  }
  if (fields.length === 0)
    fields.push({ path: '(input)', message: 'The platform rejected the input without details.' });
  throw new ValidationError(
    `The platform rejected the change; nothing was written (${fields.length} problem(s)).`,
    fields,
  );
}
