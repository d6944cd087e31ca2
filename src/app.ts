// Assembles the application from a Config, explicitly: the upstream (a live platform, or the
// embedded sandbox started in-process on a loopback port), the one shared platform client, the
// lookups that checks share, the tool selection for this API key, the webhook events (the one
// part with a lifecycle) and the context surface (resources and prompts).
import { graphqlQueryWithMutations } from '../tools/graphql-query.js';
import { allTools } from '../tools/index.js';
import { type Config, ConfigError } from './config.js';
import { openContext, type ServedContext } from './context.js';
import type { Logger } from './logger.js';
import type { ToolDefinition } from './mcp/define-tool.js';
import { InFlightCalls } from './mcp/in-flight.js';
import type { LiveSchemaPlan } from './mcp/live-schema.js';
import { primeWireSchemas } from './mcp/wire-schema.js';
import type { Observers } from './observer.js';
import { type Credentials, tokenUrlFor } from './platform/auth.js';
import { createPlatform } from './platform/client.js';
import type { Prefetched } from './prefetch.js';
import type { ResourcesOptions } from './resources/index.js';
import type { SigningKeyPair } from './sandbox/signing-keys.js';
import type { RunningSandbox } from './sandbox/types.js';
import { checkToolNames } from './server.js';
import { MemoryKeptPlans } from './staffing/kept-plans.js';
import type { ServedApp } from './transports/routes.js';
import { createWebhookEvents } from './webhooks/webhook-events.js';

/** The app: what the transports serve (ServedApp), and what tests and commands read besides. */
export interface App extends ServedApp {
  /** What every call is served from: the one upstream's context (openContext). */
  context: ServedContext;
  /** The embedded sandbox, when the server runs against it. */
  sandbox: RunningSandbox | null;
  /** Against a live platform: how the tools work with its schema (null: not checked). */
  schemaPlan: LiveSchemaPlan | null;
}

export interface AppOptions {
  transport: 'stdio' | 'http';
  logger: Logger;
  /** Tools to serve; defaults to the registry. */
  tools?: ToolDefinition[];
  /** Options of the resources and prompts (a pinned clock, a prompts directory). */
  resources?: ResourcesOptions;
  /** Use this running sandbox instead of starting one (tests, benchmarks). */
  sandbox?: RunningSandbox;
  /** Signing keys for the sandbox this app starts, generation begun early by the CLI (startSandbox). */
  sandboxSigningKeys?: Promise<SigningKeyPair>;
  /** Against a live platform: the client and the schema requests the CLI began early (prefetch.ts). */
  prefetched?: Prefetched | null;
  /**
   * The app's clock, ms since the epoch: the "now" and "today" that tools and resources default
   * to (list_jobs from today, find_open_roles from now, the schedule's days) and the clock the
   * platform client ages its tokens by (PlatformOptions.now); default Date.now. Tests pin it to
   * the test sandbox's fixed today, so that what they read never moves with the calendar.
   */
  now?: () => number;
  /** Told of tool calls, platform requests and store round trips (the metrics, --metrics-port). */
  observers?: Observers;
}

/** The registry's tools as this configuration offers them (app.ts is the one place besides the registry that knows them). */
export function registeredTools(config: Config): ToolDefinition[] {
  return offeredTools(config, allTools);
}

export interface Upstream {
  credentials: Credentials;
  apiUrl: string;
  sandbox: RunningSandbox | null;
  /** The sandbox was started here, so closing the app stops it. */
  ownSandbox: boolean;
}

/** Where the platform is: live credentials, or a sandbox key (starting the sandbox when needed). */
export async function resolveUpstream(
  config: Config,
  options: Pick<AppOptions, 'sandbox' | 'logger' | 'sandboxSigningKeys'>,
): Promise<Upstream> {
  if (config.upstream.kind === 'live') {
    const { clientId, clientSecret, authUrl, realm, apiUrl } = config.upstream;
    return {
      credentials: { clientId, clientSecret, tokenUrl: tokenUrlFor(authUrl, realm) },
      apiUrl,
      sandbox: null,
      ownSandbox: false,
    };
  }
  // Loaded only here: a server against a live platform never evaluates the sandbox.
  const sandbox =
    options.sandbox ??
    (await (
      await import('./sandbox/server.js')
    ).startSandbox({
      host: '127.0.0.1',
      port: 0,
      signingKeys: options.sandboxSigningKeys,
    }));
  const keyName = config.upstream.sandboxKey;
  const key = sandbox.keys.find((candidate) => candidate.clientId === keyName);
  if (!key) {
    if (!options.sandbox) await sandbox.close();
    throw new ConfigError(
      `Unknown sandbox key "${keyName}" (--sandbox-key, CREW_SANDBOX_KEY). Sandbox keys: ${sandbox.keys.map((candidate) => candidate.clientId).join(', ')}.`,
    );
  }
  options.logger.info({ baseUrl: sandbox.baseUrl, key: key.clientId }, 'using the embedded sandbox platform');
  return {
    credentials: { clientId: key.clientId, clientSecret: key.clientSecret, tokenUrl: sandbox.tokenUrl },
    apiUrl: sandbox.baseUrl,
    sandbox,
    ownSandbox: !options.sandbox,
  };
}

/** The tools this configuration offers: graphql_query may send mutations when the operator allows it. */
function offeredTools(config: Config, tools: ToolDefinition[]): ToolDefinition[] {
  if (!config.allowGraphqlMutations || config.readOnly) return tools;
  return tools.map((tool) =>
    tool.name === graphqlQueryWithMutations.name ? graphqlQueryWithMutations : tool,
  );
}

/** The state replicas share (--store): loaded only then. */
async function openShared(
  url: string,
  config: Config,
  apiUrl: string,
  credentials: Credentials,
  logger: Logger,
  now: () => number,
  observers?: Observers,
) {
  const { openReplicaState, singleKeyTenant } = await import('./store/replicas.js');
  return openReplicaState({
    url,
    tenant: singleKeyTenant(apiUrl, credentials.clientId),
    logger,
    ratePerMinute: config.security.ratePerMinute,
    eventsMaxAgeMs: config.security.eventsMaxAgeDays * 24 * 60 * 60 * 1000,
    eventsMaxBytes: config.security.eventsMaxBytes,
    now,
    observer: observers?.service,
  });
}

export async function createApp(config: Config, options: AppOptions): Promise<App> {
  primeWireSchemas(allTools);
  const candidates = offeredTools(config, options.tools ?? allTools);
  // Configuration errors first, before anything is started that would need stopping.
  checkToolNames(candidates, config);
  const upstream = await resolveUpstream(config, options);
  try {
    return await assemble(config, options, candidates, upstream);
  } catch (error) {
    if (upstream.sandbox && upstream.ownSandbox) await upstream.sandbox.close();
    throw error;
  }
}

async function assemble(
  config: Config,
  options: AppOptions,
  candidates: ToolDefinition[],
  { credentials, apiUrl, sandbox, ownSandbox }: Upstream,
): Promise<App> {
  const { logger, transport } = options;
  const now = options.now ?? Date.now;
  const platform =
    options.prefetched?.platform ??
    createPlatform({
      credentials,
      apiUrl,
      timeoutMs: config.timeoutMs,
      logger,
      now,
      observer: options.observers?.service,
    });
  // Replicas (--store): loaded only then, so that a lone server's start never pays for it.
  const shared = config.store
    ? await openShared(config.store, config, platform.apiUrl, credentials, logger, now, options.observers)
    : null;
  const events = await createWebhookEvents({
    config,
    platform,
    logger,
    embeddedSandbox: sandbox !== null,
    transport,
    sharedLog: shared?.events,
    exclusive: shared?.exclusive,
  }).catch(async (error: unknown) => {
    await shared?.close();
    throw error;
  });
  const calls = new InFlightCalls();
  const context = await openContext({
    config,
    logger,
    transport,
    platform,
    scopesRequired: false,
    liveSchema: config.upstream.kind === 'live' && { prefetched: options.prefetched?.liveSchema },
    tools: candidates,
    events,
    // A follow-up reaches whichever replica the balancer picks: with a store, they share the plans.
    keptPlans: shared?.keptPlans() ?? new MemoryKeptPlans(now),
    calls,
    now,
    resources: options.resources,
    observer: options.observers?.service,
    afterWrite: shared ? () => shared.publishWrite() : undefined,
  }).catch(async (error: unknown) => {
    await events.close().catch(() => undefined);
    await shared?.close();
    throw error;
  });
  // Another replica's write, or notifications missed meanwhile, make cached staffing reads stale.
  const stops = shared
    ? [shared.onRemoteWrite(context.dropStaleReads), shared.onResync(context.dropStaleReads)]
    : [];
  return {
    config,
    logger,
    calls,
    context,
    offered: context.selection.listed,
    contextFor: () => context,
    sandbox,
    schemaPlan: context.schemaPlan,
    routes: events.routes,
    rateLimiter: shared?.rateLimiter ?? null,
    sessionRecords: shared?.sessionRecords ?? null,
    start: (startContext) => events.start(startContext),
    async close() {
      for (const stop of stops) stop();
      context.close();
      await events
        .close()
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'closing webhook events failed'));
      await shared
        ?.close()
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'closing the store failed'));
      if (sandbox && ownSandbox) await sandbox.close();
    },
  };
}
