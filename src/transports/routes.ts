// What a transport serves, and what it offers the parts of the app that serve HTTP beside /mcp or
// start once it is up: a route handler's shape, and what a part learns when the transport starts.
// The transports know the app only through ServedApp: no arrow runs from a transport back up to
// the composition root. A transport never holds a context of its own: it asks contextFor(caller).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  AuthInfo,
  OAuthMetadata,
  OAuthTokenVerifier,
  ServerNotifier,
} from '@modelcontextprotocol/server';
import type { Config } from '../config.js';
import type { SessionRecords } from '../contract/session-records.js';
import type { Logger } from '../logger.js';
import type { InFlightCalls } from '../mcp/in-flight.js';
import type { RateCounter } from '../rate-limit.js';
import type { AppContext, ToolSelection } from '../server.js';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export interface StartContext {
  /** Base URL of the HTTP transport (http mode), e.g. http://127.0.0.1:8765; null in stdio mode. */
  httpUrl: string | null;
  /** Publishes change notifications to 2026-07-28 clients' subscription streams (http mode). */
  notify: ServerNotifier | null;
  /** A resource update for the streams of one scope's callers only (HostedMode.scopeOf; http mode). */
  notifyScope?: (scope: string, uri: string) => void;
}

/** The app as a transport sees it: where each call's context comes from, and its lifecycle. */
export interface ServedApp {
  config: Config;
  logger: Logger;
  /** Tool calls in flight (every context's), drained at shutdown. */
  calls: InFlightCalls;
  /** The tools any caller may reach (their client scopes answer a call the token cannot make). */
  offered: ToolSelection['listed'];
  /**
   * What a call of this caller is served from: the one-key modes' one context, or (--auth
   * connector) the context of the company the caller was admitted for by HostedMode.resolve.
   */
  contextFor(caller: AuthInfo | undefined): AppContext;
  /** HTTP routes served beside /mcp (the webhook receiver). */
  routes: Record<string, RouteHandler>;
  /** Start what runs beside the transport (the webhook receiver and subscription) once it is up. */
  start(context: StartContext): Promise<void>;
  close(): Promise<void>;
  /** --auth connector: the authorization server, the connect page and the tenants. */
  hosted?: HostedMode;
  /** With --store: the rate limit shared by replicas (else the transport keeps its own). */
  rateLimiter?: RateCounter | null;
  /** With a store: 2025-era sessions any replica resumes (else a session lives in its process). */
  sessionRecords?: SessionRecords | null;
}

/**
 * A server that is its own authorization server and serves many tenants (--auth connector): the
 * transport asks it to verify tokens, to resolve each verified caller to the caller's tenant (or
 * answer instead, e.g. a grant needing reconnection), and to serve its own pages.
 */
export interface HostedMode {
  verifier: OAuthTokenVerifier;
  /** Called once listening, with the base URL clients reach: the authorization server's metadata. */
  bind(baseUrl: string): OAuthMetadata;
  /** The caller admitted for its tenant (contextFor then serves it), or a Response to send instead. */
  resolve(caller: AuthInfo): Promise<AuthInfo | Response>;
  /** Whose data a caller sees (its tenant): its subscription streams hear that scope's updates only. */
  scopeOf(caller: AuthInfo | undefined): string | null;
  /** Serve a request of the authorization server or connect page; false when the path is not its own. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}
