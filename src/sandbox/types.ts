// The seams of the embedded sandbox platform. The HTTP layer (server.ts, auth, rest, webhooks,
// faults) and the data layer (store, seed, graphql resolvers) meet only through these types, so
// each can be read and tested on its own.
import { EVENT_TYPES, type EventType } from '../contract/events.js';
import { SCOPES, type Scope } from '../contract/scopes.js';
import type { SchemaVariant } from './graphql/schema-variant.js';
import type { SigningKeyPair } from './signing-keys.js';

export { EVENT_TYPES, type EventType, SCOPES, type SchemaVariant, type Scope };

/** What the sandbox logs through: pino's Logger fits, and so does the silent default. */
export interface SandboxLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const ignore = () => undefined;
/** The default: the sandbox says nothing unless given a logger. */
export const silentSandboxLogger: SandboxLogger = {
  debug: ignore,
  info: ignore,
  warn: ignore,
  error: ignore,
};

/** Who is calling, as read from a verified access token. */
export interface Caller {
  clientId: string;
  companyId: string;
  scopes: ReadonlySet<string>;
}

/** An API key of the sandbox (client credentials). */
export interface ApiKey {
  clientId: string;
  clientSecret: string;
  scopes: string[];
  companyId: string;
}

/** What the GraphQL endpoint answers: an HTTP status and a JSON body. */
export interface GraphqlHttpAnswer {
  status: number;
  body: unknown;
}

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** The data layer's GraphQL executor: validates, enforces scopes per root field, runs resolvers. */
export interface SandboxGraphql {
  execute(request: GraphqlRequest, caller: Caller): Promise<GraphqlHttpAnswer>;
}

/** A change in the store, published after a successful (committed) mutation. */
export interface PlatformEvent {
  /** Unique event id, e.g. "evt_000123". */
  id: string;
  type: EventType;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** The changed entity as the GraphQL API would return it (ids and the fields that changed). */
  data: Record<string, unknown>;
  /**
   * The company whose data changed. Webhooks go only to that company's subscriptions; when the
   * data layer leaves it out, every subscription to the event type receives the event.
   */
  companyId?: string;
}

export type EventListener = (event: PlatformEvent) => void;

/** A stored file (REST upload). */
export interface StoredFile {
  id: string;
  crewId: number;
  name: string;
  mimeType: string;
  size: number;
  dataTypeId: string | null;
  createdAt: string;
  content: Buffer;
}

/** A data type of a crew member's profile as the REST upload needs to see it. */
export interface CrewDataTypeRef {
  id: string;
  uniqueId: string | null;
  type: string;
  profileId: string;
}

/**
 * What the HTTP layer needs from the data layer for REST (files) and webhooks.
 * Implemented by the store (src/sandbox/store.ts).
 */
export interface SandboxData {
  readonly graphql: SandboxGraphql;
  /** Subscribe to committed changes; returns an unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  /** The crew member exists (and is not deleted) in the company. */
  hasCrew(companyId: string, crewId: number): boolean;
  /**
   * Resolve a data type of this crew member's profiles (own or inherited global) by id or
   * uniqueId; null when the crew member has no such data type.
   */
  findCrewDataType(
    companyId: string,
    crewId: number,
    ref: { id?: string; uniqueId?: string },
  ): CrewDataTypeRef | null;
  /** Store a file; when dataTypeId is set (a FILE data type), the file becomes that answer. Emits crew.updated. */
  addFile(companyId: string, file: Omit<StoredFile, 'id' | 'createdAt'>): StoredFile;
  listFiles(companyId: string, crewId: number): StoredFile[];
  getFile(companyId: string, fileId: string): StoredFile | null;
  /**
   * Sandbox only: change one crew job as the platform's own apps do (a crew member applies, is
   * booked, checks in); no API operation does this. Validates the values, sets updatedAt and
   * emits crew_job.updated. Optional so that other SandboxData implementations stay valid.
   */
  updateCrewJob?(companyId: string, crewJobId: string, change: CrewJobChange): CrewJobUpdateResult;
}

/**
 * A change to one crew job: a CrewJobStatus and/or an Attendance value (schema.graphql). Values
 * are checked at run time, whatever their type, because they come straight from HTTP bodies.
 */
export interface CrewJobChange {
  status?: string;
  attendance?: string;
}

/** A crew job as the GraphQL API returns it, with the job it belongs to. */
export interface SandboxCrewJob {
  id: string;
  status: string;
  attendance: string;
  crewId: number;
  roleId: string;
  jobId: string;
  updatedAt: string;
}

export type CrewJobUpdateResult =
  | { ok: true; crewJob: SandboxCrewJob }
  | { ok: false; reason: 'not_found'; message: string }
  | {
      ok: false;
      reason: 'invalid';
      message: string;
      /** The offending field; null when the change names no field at all. */
      field: 'status' | 'attendance' | null;
      allowed: readonly string[];
    };

/** Counters a test reads to prove how many requests reached the platform. */
export interface SandboxStats {
  tokenRequests: number;
  graphqlRequests: number;
  /** GraphQL requests by operation (root field names joined by ","), e.g. { companyJobs: 3 }. */
  graphqlByOperation: Record<string, number>;
  restRequests: number;
  webhookDeliveries: number;
  /** The latest GraphQL and REST requests, oldest first (at most REQUEST_LOG_LIMIT): what a client sent. */
  requests: LoggedRequest[];
}

/** One request as the platform received it, for tests that assert what a client sends. */
export type LoggedRequest =
  | {
      kind: 'graphql';
      operation: string;
      variables: Record<string, unknown> | null;
      /** Only for a document of more than one root field (aliased reads sent together): each one. */
      fields?: LoggedRootField[];
    }
  | { kind: 'rest'; method: string; path: string };

/** One root field of a logged GraphQL request: its response key, its name, its arguments' values. */
export interface LoggedRootField {
  alias: string;
  field: string;
  /** Each argument with the request's variables put in (what this field was asked, whatever the names). */
  arguments: Record<string, unknown>;
}

/** Fault injection, settable at start (options) and at run time (RunningSandbox.faults). */
export interface FaultSettings {
  /** Milliseconds added before answering every GraphQL and REST request. */
  latencyMs: number;
  /** Share (0..1) of GraphQL/REST requests answered with HTTP 503 (decided before any work). */
  errorRate: number;
  /** Requests per second per client id before 429 with Retry-After; 0 disables. */
  rateLimitPerSecond: number;
  /** The token endpoint answers 503. */
  tokenEndpointDown: boolean;
  /** Lifetime (seconds) of newly issued tokens; expires_in reports it. Default 43200. */
  tokenLifetimeSeconds: number;
  /** Share (0..1) of GraphQL/REST requests whose connection is destroyed without an answer. */
  dropRate: number;
}

export interface SandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  faults?: Partial<FaultSettings>;
  /** Extra API keys besides demo-admin and demo-readonly. */
  keys?: ApiKey[];
  /** "Today" for the seed (jobs over the 60 days around it); defaults to the current date. */
  today?: string;
  /** Seed for the deterministic data; default 42. Also seeds the fault generator unless `random` is given. */
  seed?: number;
  /**
   * Crew in the company: at least the seed's 260 (the default). Crew beyond it are generated after
   * the default seed, which stays identical; they have profiles and answers but no crew jobs.
   */
  crewCount?: number;
  /**
   * Open places of a generated three-day multi-day job two weeks from today (27 to 3,000; default
   * none): generated after the default seed and any extra crew, which stay identical.
   */
  eventPlaces?: number;
  /**
   * Weeks of a generated busy season from the first Monday after today (1 to 12; default none):
   * four boards, day and night roles, at least 3,000 crew of whom half are BOOKED each week,
   * 400-600 open places a week; generated after everything else, which stays identical.
   */
  season?: number;
  /** Random source in [0, 1) for errorRate/dropRate decisions; default a generator seeded with `seed`. */
  random?: () => number;
  /**
   * The sandbox's clock, ms since the epoch: when its tokens are issued and expire, and the
   * rate-limit window. Default Date.now; a test moves it to age a token or pass the window
   * without waiting.
   */
  now?: () => number;
  /** First webhook retry delay in ms, doubled per attempt (1 s, 2 s, 4 s ...); default 1000. */
  webhookRetryBaseMs?: number;
  /** How long one webhook attempt waits for a 2xx, in ms; default 10 000. */
  webhookTimeoutMs?: number;
  /** Logger for the sandbox's own diagnostics; default silent. */
  logger?: SandboxLogger;
  /** Serve a schema that differs from the contract, as a live platform's may; default none. */
  schemaVariant?: SchemaVariant;
  /** The token signing keys, possibly still being generated (see signing-keys.ts); default fresh ones. */
  signingKeys?: Promise<SigningKeyPair>;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4000 — GraphQL at `${baseUrl}/gql`, REST at `${baseUrl}/rest/...`. */
  baseUrl: string;
  /** Equals baseUrl: one port serves everything. */
  authUrl: string;
  /** Always "sandbox". */
  realm: string;
  /** `${authUrl}/realms/sandbox/protocol/openid-connect/token` */
  tokenUrl: string;
  keys: ApiKey[];
  data: SandboxData;
  stats: SandboxStats;
  resetStats(): void;
  /** Change faults at run time; returns the settings in force. */
  setFaults(faults: Partial<FaultSettings>): FaultSettings;
  close(): Promise<void>;
}
