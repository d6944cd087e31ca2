// Assembles the application from a Config, explicitly: the upstream (a live platform, or the
// embedded sandbox started in-process on a loopback port), the one shared platform client, the
// lookups that checks share, the tool selection for this API key, the webhook events (the one
// part with a lifecycle) and the context surface (resources and prompts).
import { allTools } from '../tools/index.js';
import type { Config } from './config.js';
import { instructions } from './instructions.js';
import type { Logger } from './logger.js';
import { createLookups, invalidateOnEvent } from './lookups/index.js';
import type { ToolDefinition } from './mcp/define-tool.js';
import { findMismatches } from './mcp/live-schema.js';
import { type Credentials, tokenUrlFor } from './platform/auth.js';
import { createPlatform, type Platform } from './platform/client.js';
import { fetchLiveSchema } from './platform/introspection.js';
import { createContextSurface, type ResourcesOptions } from './resources/index.js';
import { startSandbox } from './sandbox/server.js';
import type { RunningSandbox } from './sandbox/types.js';
import type { AppContext } from './server.js';
import { selectTools } from './server.js';
import type { RouteHandler, StartContext } from './transports/routes.js';
import { createWebhookEvents } from './webhooks/webhook-events.js';

export interface App extends AppContext {
  /** The embedded sandbox, when the server runs against it. */
  sandbox: RunningSandbox | null;
  grantedScopes: string[] | null;
  /** HTTP routes served beside /mcp (the webhook receiver). */
  routes: Record<string, RouteHandler>;
  /** Start what runs beside the transport (the webhook receiver and subscription) once it is up. */
  start(context: StartContext): Promise<void>;
  close(): Promise<void>;
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
}

interface Upstream {
  credentials: Credentials;
  apiUrl: string;
  sandbox: RunningSandbox | null;
  /** The sandbox was started here, so closing the app stops it. */
  ownSandbox: boolean;
}

/** Where the platform is: live credentials, or a sandbox key (starting the sandbox when needed). */
async function resolveUpstream(config: Config, options: AppOptions): Promise<Upstream> {
  if (config.upstream.kind === 'live') {
    const { clientId, clientSecret, authUrl, realm, apiUrl } = config.upstream;
    return {
      credentials: { clientId, clientSecret, tokenUrl: tokenUrlFor(authUrl, realm) },
      apiUrl,
      sandbox: null,
      ownSandbox: false,
    };
  }
  const sandbox = options.sandbox ?? (await startSandbox({ host: '127.0.0.1', port: 0 }));
  const keyName = config.upstream.sandboxKey;
  const key = sandbox.keys.find((candidate) => candidate.clientId === keyName);
  if (!key) {
    if (!options.sandbox) await sandbox.close();
    throw new Error(
      `Unknown sandbox key "${keyName}". Sandbox keys: ${sandbox.keys.map((candidate) => candidate.clientId).join(', ')}.`,
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

/** Against a live platform, tools whose documents do not validate against its schema are not listed. */
async function checkLiveSchema(
  platform: Platform,
  tools: ToolDefinition[],
  logger: Logger,
): Promise<Map<string, string>> {
  const unavailable = new Map<string, string>();
  try {
    const schema = await fetchLiveSchema(platform.graphql);
    for (const mismatch of findMismatches(schema, tools)) {
      unavailable.set(
        mismatch.tool,
        `its GraphQL document does not match the live schema: ${mismatch.problems.join(' ')}`,
      );
    }
  } catch (error) {
    logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'could not introspect the live schema: tools are not checked against it',
    );
  }
  return unavailable;
}

/** The scopes of the API key's token; null (every tool listed) when the token does not say. */
async function readScopes(platform: Platform, logger: Logger): Promise<string[] | null> {
  try {
    const scopes = await platform.tokens.getScopes();
    if (!scopes) logger.warn('the access token does not name its scopes: listing every tool');
    return scopes;
  } catch (error) {
    // Listing all tools is more useful than refusing to start: each call will report its own error.
    logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'could not read scopes: listing every tool',
    );
    return null;
  }
}

export async function createApp(config: Config, options: AppOptions): Promise<App> {
  const { logger, transport } = options;
  const { credentials, apiUrl, sandbox, ownSandbox } = await resolveUpstream(config, options);
  const platform = createPlatform({ credentials, apiUrl, timeoutMs: config.timeoutMs, logger });
  const grantedScopes = await readScopes(platform, logger);
  const candidates = options.tools ?? allTools;
  const unavailable =
    config.upstream.kind === 'live' ? await checkLiveSchema(platform, candidates, logger) : new Map();
  const selection = selectTools(candidates, config, grantedScopes, unavailable);
  logger.info(
    {
      tools: selection.listed.map((tool) => tool.name),
      refused: selection.refused.map(({ tool, reason }) => `${tool.name}: ${reason}`),
    },
    'tools selected',
  );
  const lookups = createLookups(platform, logger);
  const context = createContextSurface(platform, logger, options.resources);
  const events = await createWebhookEvents({ config, platform, logger, sandbox, transport });
  // A change the platform reported (ours or anyone's) makes cached staffing reads stale.
  const stopInvalidating = events.log.onAppend((event) => invalidateOnEvent(lookups, event.type));
  return {
    config,
    platform,
    lookups,
    events: events.log,
    logger,
    selection,
    instructions,
    transport,
    sandbox,
    grantedScopes,
    routes: events.routes,
    registerSurface(server, instance) {
      events.register(server, instance.longLived);
      context.register(server);
    },
    start: (startContext) => events.start(startContext),
    async close() {
      stopInvalidating();
      await events
        .close()
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'closing webhook events failed'));
      if (sandbox && ownSandbox) await sandbox.close();
    },
  };
}
