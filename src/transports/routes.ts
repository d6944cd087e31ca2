// What a transport offers the parts of the app that serve HTTP beside /mcp or start once it is
// up: a route handler's shape, and what a part learns when the transport starts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerNotifier } from '@modelcontextprotocol/server';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export interface StartContext {
  /** Base URL of the HTTP transport (http mode), e.g. http://127.0.0.1:8765; null in stdio mode. */
  httpUrl: string | null;
  /** Publishes change notifications to 2026-07-28 clients' subscription streams (http mode). */
  notify: ServerNotifier | null;
}
