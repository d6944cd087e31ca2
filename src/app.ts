// Assembles the application from a Config: the upstream (a live platform, or the embedded
// sandbox started in-process on a loopback port), the one shared platform client, the tool
// selection for this API key, the shared services and the extensions (resources, prompts).
import { allTools } from '../tools/index.js';
import type { Config } from './config.js';
import { defaultExtensions, type Extension, type ExtensionFactory, type StartContext } from './extensions.js';
import { instructions } from './instructions.js';
import type { Logger } from './logger.js';
import { type Credentials, tokenUrlFor } from './platform/auth.js';
import { createPlatform, type Platform } from './platform/client.js';
import { fetchLiveSchema, findMismatches } from './platform/introspection.js';
import { startSandbox } from './sandbox/server.js';
import type { RunningSandbox } from './sandbox/types.js';
import type { AppContext, ServerExtension } from './server.js';
import { selectTools } from './server.js';
import type { Services } from './services.js';
import type { ToolDefinition } from './tooling/define-tool.js';
import type { RouteHandler } from './transports/http.js';

export interface App extends AppContext {
  /** The embedded sandbox, when the server runs against it. */
  sandbox: RunningSandbox | null;
  grantedScopes: string[] | null;
  /** HTTP routes the extensions serve beside /mcp. */
  routes: Record<string, RouteHandler>;
  /** Start the extensions once the transport is up. */
  start(context: StartContext): Promise<void>;
  close(): Promise<void>;
}

export interface AppOptions {
  transport: 'stdio' | 'http';
  logger: Logger;
  /** Tools to serve; defaults to the registry. */
  tools?: ToolDefinition[];
  /** Extensions to load; defaults to every extension the product ships. */
  extensions?: ExtensionFactory[];
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

export async function createApp(config: Config, options: AppOptions): Promise<App> {
  const { logger } = options;
  const { credentials, apiUrl, sandbox, ownSandbox } = await resolveUpstream(config, options);
  const platform = createPlatform({ credentials, apiUrl, timeoutMs: config.timeoutMs, logger });
  let grantedScopes: string[] | null = null;
  try {
    grantedScopes = await platform.tokens.getScopes();
    if (!grantedScopes) logger.warn('the access token does not name its scopes: listing every tool');
  } catch (error) {
    // Listing all tools is more useful than refusing to start: each call will report its own error.
    logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'could not read scopes: listing every tool',
    );
  }
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
  const extensions: Extension[] = [];
  for (const factory of options.extensions ?? defaultExtensions) {
    extensions.push(await factory({ config, platform, logger, sandbox, transport: options.transport }));
  }
  const services: Services = Object.assign({}, ...extensions.map((extension) => extension.services ?? {}));
  const routes: Record<string, RouteHandler> = Object.assign(
    {},
    ...extensions.map((extension) => extension.routes ?? {}),
  );
  const registrations: ServerExtension[] = extensions.flatMap((extension) =>
    extension.register ? [extension.register.bind(extension)] : [],
  );
  return {
    config,
    platform,
    services,
    logger,
    selection,
    instructions,
    transport: options.transport,
    extensions: registrations,
    sandbox,
    grantedScopes,
    routes,
    async start(context) {
      for (const extension of extensions) await extension.start?.(context);
    },
    async close() {
      for (const extension of [...extensions].reverse()) {
        await extension
          .close?.()
          .catch((error: unknown) =>
            logger.warn({ extension: extension.name, err: String(error) }, 'close failed'),
          );
      }
      if (sandbox && ownSandbox) await sandbox.close();
    },
  };
}
