// The error families of crew-mcp. Handlers throw these; the one boundary in server.ts turns them
// into `isError` tool results. Messages are written for a model: what went wrong, which field,
// and what to do next. They never carry a secret, a token or a raw upstream body.

export interface FieldProblem {
  /** Input path as the caller wrote it, e.g. "jobs[0].roles[1].startTime". */
  path: string;
  message: string;
  /** What to change, or which tool finds a valid value. */
  fix?: string;
  code?: string;
  /** The platform document's rule it rests on (`§4.4 rule 7`): structured data, never the text a model relays. */
  rule?: string;
}

export abstract class CrewError extends Error {
  abstract readonly kind: string;
  /** True when repeating the same call later may succeed. */
  readonly retryable: boolean = false;
}

/** Credentials are wrong or the token was refused even after a refresh. */
export class AuthError extends CrewError {
  readonly kind = 'auth';
  constructor(
    message: string,
    /** The setting to change, when one is to blame (e.g. CREW_REALM). */
    readonly setting?: string,
  ) {
    super(message);
  }
}

/** The token endpoint or the API could not be reached at all. */
export class UpstreamUnavailableError extends CrewError {
  readonly kind = 'unavailable';
  override readonly retryable = true;
  constructor(
    message: string,
    /** The setting to check, when one may be to blame (e.g. CREW_AUTH_URL). */
    readonly setting?: string,
  ) {
    super(message);
  }
}

/** The API key lacks the scope an operation needs. */
export class ForbiddenError extends CrewError {
  readonly kind = 'forbidden';
  constructor(
    message: string,
    readonly requiredScope?: string,
  ) {
    super(message);
  }
}

/** The same words for a missing scope whether GraphQL or REST reported it. */
export function missingScope(requiredScope: string | undefined): ForbiddenError {
  return new ForbiddenError(
    requiredScope
      ? `The API key lacks the scope "${requiredScope}" that this operation needs. Enable it for the API key in the platform's admin app (Platform Settings > App settings > API Keys), or use a key that has it.`
      : 'The API key is not allowed to run this operation. Check its scopes in the platform admin app.',
    requiredScope,
  );
}

export class NotFoundError extends CrewError {
  readonly kind = 'not_found';
}

export class RateLimitError extends CrewError {
  readonly kind = 'rate_limited';
  override readonly retryable = true;
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A mutation answered `success: false`: nothing was written. */
export class ValidationError extends CrewError {
  readonly kind = 'validation';
  constructor(
    message: string,
    readonly fields: FieldProblem[],
  ) {
    super(message);
  }
}

export class UpstreamServerError extends CrewError {
  readonly kind = 'upstream_server';
  override readonly retryable = true;
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** GraphQL `errors` (possibly beside partial data) that are not one of the families above. */
export class GraphQLResponseError extends CrewError {
  readonly kind = 'graphql';
  constructor(
    message: string,
    readonly codes: string[] = [],
  ) {
    super(message);
  }
}

/**
 * The GraphQL endpoint answered, but not with GraphQL (a 404 page, a proxy's error page): the API
 * URL is likely wrong, which no retry mends. The setting to change travels with it for the doctor.
 */
export class NotGraphqlError extends GraphQLResponseError {
  readonly setting = 'CREW_API_URL';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A mutation whose request may have reached the platform but whose answer never came back:
 * repeating it could write twice, so we say so instead of retrying. The error boundary adds
 * which read tool shows whether it happened.
 */
export class OutcomeUnknownError extends CrewError {
  readonly kind = 'outcome_unknown';
}
