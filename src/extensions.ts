// The seam where the rest of the product plugs into the core: shared services (caches, the
// event log), HTTP routes beside /mcp (the webhook receiver), surface registered on every
// server instance (resources, prompts) and lifecycle (start once the transport is up, close).
// Each concern is an ExtensionFactory in its own room; `defaultExtensions` lists them.
import type { McpServer, ServerNotifier } from '@modelcontextprotocol/server';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { Platform } from './platform/client.js';
import { resourcesExtension } from './resources/index.js';
import type { RunningSandbox } from './sandbox/types.js';
import type { AppContext, InstanceInfo } from './server.js';
import type { Services } from './services.js';
import type { RouteHandler } from './transports/http.js';
import { webhooksExtension } from './webhooks/extension.js';
import { writeExtension } from './write/extension.js';

export interface ExtensionContext {
  config: Config;
  platform: Platform;
  logger: Logger;
  sandbox: RunningSandbox | null;
  transport: 'stdio' | 'http';
}

export interface StartContext {
  /** Base URL of the HTTP transport (http mode), e.g. http://127.0.0.1:8765; null in stdio mode. */
  httpUrl: string | null;
  /** Publishes change notifications to 2026-07-28 clients' subscription streams (http mode). */
  notify: ServerNotifier | null;
}

export interface Extension {
  name: string;
  services?: Partial<Services>;
  routes?: Record<string, RouteHandler>;
  /** Called on every server instance (one per stdio connection or per HTTP request). */
  register?(server: McpServer, app: AppContext, instance: InstanceInfo): void;
  start?(context: StartContext): Promise<void>;
  close?(): Promise<void>;
}

export type ExtensionFactory = (context: ExtensionContext) => Extension | Promise<Extension>;

/** Every extension the product ships, in registration order. */
export const defaultExtensions: ExtensionFactory[] = [writeExtension, webhooksExtension, resourcesExtension];
