// What a transport serves, and what it offers the parts of the app that serve HTTP beside /mcp or
// start once it is up: a route handler's shape, and what a part learns when the transport starts.
// The transports know the app only through ServedApp (src/app.ts's App is one): no arrow runs
// from a transport back up to the composition root.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerNotifier } from '@modelcontextprotocol/server';
import type { AppContext } from '../server.js';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export interface StartContext {
  /** Base URL of the HTTP transport (http mode), e.g. http://127.0.0.1:8765; null in stdio mode. */
  httpUrl: string | null;
  /** Publishes change notifications to 2026-07-28 clients' subscription streams (http mode). */
  notify: ServerNotifier | null;
}

/** The app as a transport sees it: what server instances are built from, and its lifecycle. */
export interface ServedApp extends AppContext {
  /** HTTP routes served beside /mcp (the webhook receiver). */
  routes: Record<string, RouteHandler>;
  /** Start what runs beside the transport (the webhook receiver and subscription) once it is up. */
  start(context: StartContext): Promise<void>;
  close(): Promise<void>;
}
