// openContext: the one place that defines what a call is served from. One upstream (a platform
// client with its key) gets one context: the key's granted scopes, the tools as this platform's
// schema and those scopes allow them, the lookups that checks share, the resource surface, the
// event log, the kept plans and the clock. The one-key modes (src/app.ts) open one; the connector
// opens one per company (src/connector/tenant-apps.ts). Transports never build one: they ask the
// app's contextFor(caller).
import type { McpServer } from '@modelcontextprotocol/server';
import type { GraphQLSchema } from 'graphql';
import type { Config } from './config.js';
import type { EventLog } from './contract/event-log.js';
import type { KeptPlans } from './contract/kept-plans.js';
import { schemaModel } from './contract/schema-model.js';
import { instructions } from './instructions.js';
import type { Logger } from './logger.js';
import { createLookups, invalidateAfterWrite, invalidateOnEvent } from './lookups/index.js';
import { viewDomainsOf } from './mcp/app-views.js';
import type { ToolDefinition } from './mcp/define-tool.js';
import type { InFlightCalls } from './mcp/in-flight.js';
import { adaptToLiveSchema, type LiveSchemaPlan } from './mcp/live-schema.js';
import type { Observer } from './observer.js';
import type { Platform } from './platform/client.js';
import { describeError } from './platform/network-cause.js';
import { createContextSurface, type ResourcesOptions } from './resources/index.js';
import { type AppContext, chosenByConfig, selectTools } from './server.js';
import type { KeptPlan } from './staffing/kept-plans.js';

/** A context as its opener holds it: what a call is served from, plus what ends it. */
export interface ServedContext extends AppContext {
  /** Against a live platform: how the tools work with its schema (null: not checked). */
  readonly schemaPlan: LiveSchemaPlan | null;
  /** Another replica wrote, or its notices were missed: the cached reads are stale. */
  dropStaleReads(): void;
  /** Stop listening to the event log (the context's own; the log itself belongs to its opener). */
  close(): void;
}

/** Where the context's events come from, and how they are offered as the crew://events resource. */
export interface ContextEvents {
  log: EventLog | null;
  register(server: McpServer, longLived: boolean): void;
}

export interface ContextOptions {
  config: Config;
  logger: Logger;
  transport: 'stdio' | 'http';
  /** The upstream: one platform client, holding one key. */
  platform: Platform;
  /**
   * When the key's scopes cannot be read: false lists every tool (each call reports its own error);
   * true fails the opening (a company's refused key must say "reconnect", not list tools).
   */
  scopesRequired: boolean;
  /**
   * Check the tools against the platform's own schema (a live platform): documents adapted, tools
   * its schema lacks not listed, its enum values offered; with the introspection begun early, if any.
   */
  liveSchema: false | { prefetched?: Promise<GraphQLSchema> };
  /** The tools offered, before this key's scopes and this platform's schema narrow them. */
  tools: ToolDefinition[];
  events: ContextEvents;
  /** Kept plans of this upstream's data: with a store, shared by replicas. */
  keptPlans: KeptPlans<KeptPlan>;
  calls: InFlightCalls;
  /** The context's clock: "now" and "today" in tools, resources, lookups and plans. */
  now: () => number;
  resources?: ResourcesOptions;
  /** After a write tool ran: tell the other replicas (never rejects). */
  afterWrite?: () => Promise<void>;
  /** Told of each tool call and the planner's stages (the metrics, --metrics-port); absent: nobody. */
  observer?: Observer;
}

/** The scopes of the key's token; null (every tool listed) when the token does not say. */
async function readScopes(options: ContextOptions): Promise<string[] | null> {
  const { platform, logger } = options;
  try {
    const scopes = await platform.tokens.getScopes();
    if (!scopes) logger.warn('the access token does not name its scopes: listing every tool');
    return scopes;
  } catch (error) {
    if (options.scopesRequired) throw error;
    // Listing all tools is more useful than refusing to start: each call will report its own error.
    logger.warn({ reason: describeError(error) }, 'could not read scopes: listing every tool');
    return null;
  }
}

export async function openContext(options: ContextOptions): Promise<ServedContext> {
  const { config, logger, platform, tools, events, now } = options;
  // The token first: a refused key fails here, before anything else is built.
  const grantedScopes = await readScopes(options);
  const schemaPlan = options.liveSchema
    ? await adaptToLiveSchema(platform, tools, logger, options.liveSchema.prefetched)
    : null;
  const selection = selectTools(schemaPlan?.tools ?? tools, config, grantedScopes, schemaPlan?.unavailable);
  logger.info(
    {
      tools: selection.listed.map((tool) => tool.name),
      refused: selection.refused.map(({ tool, reason }) => `${tool.name}: ${reason}`),
    },
    'tools selected',
  );
  const lookups = createLookups(platform, logger, now);
  const surface = createContextSurface(
    platform,
    logger,
    // The resources read the same job index (and its cache) as the tools.
    { now: () => new Date(now()), ...options.resources, lookups },
    {
      // A resource goes with its toolset: served when the operator chose a tool of that toolset.
      allows: (toolset) => tools.some((tool) => tool.toolset === toolset && chosenByConfig(tool, config)),
      listedTools: selection.listed.map((tool) => tool.name),
      knownTools: tools.map((tool) => tool.name),
      viewDomains: viewDomainsOf(config),
    },
  );
  // A change the platform reported (ours or anyone's, received by any replica) makes cached
  // staffing reads stale.
  const stopInvalidating = events.log?.onAppend((event) => invalidateOnEvent(lookups, event.type));
  return {
    config,
    platform,
    lookups,
    events: events.log,
    keptPlans: options.keptPlans,
    logger,
    selection,
    instructions,
    transport: options.transport,
    calls: options.calls,
    now,
    grantedScopes,
    schemaPlan,
    afterWrite: options.afterWrite,
    observer: options.observer,
    // Our model is built when a tool first needs it (describe_schema, graphql_query).
    get schema() {
      return schemaPlan?.schema ?? schemaModel();
    },
    registerSurface(server, instance) {
      if (selection.listed.some((tool) => tool.toolset === 'events'))
        events.register(server, instance.longLived);
      surface.register(server);
    },
    dropStaleReads: () => invalidateAfterWrite(lookups),
    close: () => stopInvalidating?.(),
  };
}
