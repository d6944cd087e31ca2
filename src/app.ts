// Assembles the application from a Config, explicitly: the upstream (a live platform, or the
// embedded sandbox started in-process on a loopback port), the one shared platform client, the
// lookups that checks share, the tool selection for this API key, the webhook events (the one
// part with a lifecycle) and the context surface (resources and prompts).
import { graphqlQueryWithMutations } from '../tools/graphql-query.js';
import { allTools } from '../tools/index.js';
import { type Config, ConfigError } from './config.js';
import { schemaModel } from './contract/schema-model.js';
import { instructions } from './instructions.js';
import type { Logger } from './logger.js';
import { createLookups, invalidateAfterWrite, invalidateOnEvent } from './lookups/index.js';
import type { ToolDefinition } from './mcp/define-tool.js';
import { InFlightCalls } from './mcp/in-flight.js';
import { adaptToLiveSchema, type LiveSchemaPlan } from './mcp/live-schema.js';
import { primeWireSchemas } from './mcp/wire-schema.js';
import { MemoryKeptPlans } from './planner/kept-plans.js';
import { type Credentials, tokenUrlFor } from './platform/auth.js';
import { createPlatform, type Platform } from './platform/client.js';
import { describeError } from './platform/network-cause.js';
import type { Prefetched } from './prefetch.js';
import { createContextSurface, type ResourcesOptions } from './resources/index.js';
import type { SigningKeyPair } from './sandbox/signing-keys.js';
import type { RunningSandbox } from './sandbox/types.js';
import { checkToolNames, chosenByConfig, selectTools } from './server.js';
import type { ServedApp } from './transports/routes.js';
import { createWebhookEvents } from './webhooks/webhook-events.js';

/** The app: what the transports serve (ServedApp), and what tests and commands read besides. */
export interface App extends ServedApp {
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

/** The scopes of the API key's token; null (every tool listed) when the token does not say. */
async function readScopes(platform: Platform, logger: Logger): Promise<string[] | null> {
  try {
    const scopes = await platform.tokens.getScopes();
    if (!scopes) logger.warn('the access token does not name its scopes: listing every tool');
    return scopes;
  } catch (error) {
    // Listing all tools is more useful than refusing to start: each call will report its own error.
    logger.warn({ reason: describeError(error) }, 'could not read scopes: listing every tool');
    return null;
  }
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
    createPlatform({ credentials, apiUrl, timeoutMs: config.timeoutMs, logger, now });
  const grantedScopes = await readScopes(platform, logger);
  const schemaPlan =
    config.upstream.kind === 'live'
      ? await adaptToLiveSchema(platform, candidates, logger, options.prefetched?.liveSchema)
      : null;
  const selection = selectTools(
    schemaPlan?.tools ?? candidates,
    config,
    grantedScopes,
    schemaPlan?.unavailable,
  );
  logger.info(
    {
      tools: selection.listed.map((tool) => tool.name),
      refused: selection.refused.map(({ tool, reason }) => `${tool.name}: ${reason}`),
    },
    'tools selected',
  );
  const lookups = createLookups(platform, logger, now);
  const resources = { now: () => new Date(now()), ...options.resources };
  const context = createContextSurface(platform, logger, resources, {
    // A resource goes with its toolset: served when the operator chose a tool of that toolset.
    allows: (toolset) => candidates.some((tool) => tool.toolset === toolset && chosenByConfig(tool, config)),
    listedTools: selection.listed.map((tool) => tool.name),
    knownTools: candidates.map((tool) => tool.name),
  });
  // Replicas (--store): loaded only then, so that a lone server's start never pays for it.
  const shared = config.store
    ? await openShared(config.store, config, platform.apiUrl, credentials, logger, now)
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
  // A change the platform reported (ours or anyone's, received by any replica) makes cached
  // staffing reads stale; so does another replica's write, or notifications missed meanwhile.
  const stops = [
    events.log.onAppend((event) => invalidateOnEvent(lookups, event.type)),
    ...(shared
      ? [
          shared.onRemoteWrite(() => invalidateAfterWrite(lookups)),
          shared.onResync(() => invalidateAfterWrite(lookups)),
        ]
      : []),
  ];
  return {
    config,
    platform,
    lookups,
    events: events.log,
    // A follow-up reaches whichever replica the balancer picks: with a store, they share the plans.
    keptPlans: shared?.keptPlans() ?? new MemoryKeptPlans(now),
    logger,
    selection,
    instructions,
    transport,
    calls: new InFlightCalls(),
    now,
    sandbox,
    grantedScopes,
    // Our model is built when a tool first needs it (describe_schema, graphql_query).
    get schema() {
      return schemaPlan?.schema ?? schemaModel();
    },
    schemaPlan,
    routes: events.routes,
    rateLimiter: shared?.rateLimiter ?? null,
    sessionRecords: shared?.sessionRecords ?? null,
    afterWrite: shared ? () => shared.publishWrite() : undefined,
    registerSurface(server, instance) {
      if (selection.listed.some((tool) => tool.toolset === 'events'))
        events.register(server, instance.longLived);
      context.register(server);
    },
    start: (startContext) => events.start(startContext),
    async close() {
      for (const stop of stops) stop();
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
