// What the service's parts report for its metrics (--metrics-port, README "Metrics"): a port on the
// ground floor, so that the platform client, the store and the server call it without knowing
// Prometheus; the prom-client implementation is wired at the top (src/commands/metrics.ts). Every
// label value passed here is from a closed set (a tool's name, an operation kind, an HTTP status,
// an outcome word): never a person's name, an id the platform gave, a token or a secret.

/** How a tool call ended. */
export type ToolCallOutcome = 'ok' | 'error' | 'input_required' | 'cut';

/** Kinds of request to the platform: a GraphQL query or mutation, REST by method (`rest_post`). */
export type UpstreamOperation = 'query' | 'mutation' | `rest_${Lowercase<string>}`;

/** How a request for a platform access token ended. */
export type TokenOutcome = 'issued' | 'refused' | 'unreachable' | 'failed';

export interface Observer {
  /** A tool call ended; `errorKind` is the boundary's kind of error (format-error.ts) when it failed. */
  toolCall(tool: string, outcome: ToolCallOutcome, seconds: number, errorKind?: string): void;
  /** One HTTP exchange with the platform (each attempt): its HTTP status, or `network` / `timeout`. */
  upstreamRequest(operation: UpstreamOperation, status: number | 'network' | 'timeout'): void;
  tokenRequest(outcome: TokenOutcome): void;
  /** A stage of the staffing planner (reading the facts, each objective of the solve) took this long. */
  plannerStage(stage: string, seconds: number): void;
  /** One statement or transaction sent to the store. */
  storeRoundTrip(engine: 'pglite' | 'postgres', ok: boolean, seconds: number): void;
  /** The replicas' LISTEN connection came back after it dropped. */
  listenReconnect(): void;
}

/** Reports nothing: what every part uses when no metrics are served. */
export const NO_OBSERVER: Observer = {
  toolCall() {},
  upstreamRequest() {},
  tokenRequest() {},
  plannerStage() {},
  storeRoundTrip() {},
  listenReconnect() {},
};

/**
 * Where the parts get their observer: the service's own (one platform key, the store), or one per
 * company in connector mode, whose series carry that company's label (a hash of its tenant key,
 * unless the operator turned the label off).
 */
export interface Observers {
  service: Observer;
  forCompany(tenantKey: string): Observer;
}
