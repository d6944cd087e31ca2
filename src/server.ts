// Builds the MCP server: registers tools (after policy filtering), resources and prompts, and is
// the one error boundary where thrown errors become `isError` results. Besides transports/, the
// only file that imports the MCP SDK's server classes.

import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import {
  type AuthInfo,
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type InputRequiredResult,
  isInputRequiredResult,
  McpServer,
  type McpServerFactory,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { GraphQLSchema } from 'graphql';
import { type Config, checkNames } from './config.js';
import type { EventLog } from './contract/event-log.js';
import type { KeptPlans } from './contract/kept-plans.js';
import type { Logger } from './logger.js';
import { invalidateAfterWrite, type Lookups } from './lookups/index.js';
import { appViewToolMeta } from './mcp/app-views.js';
import {
  callerMayRead,
  callerMayUse,
  callerName,
  clientScopeFor,
  securitySchemesOf,
} from './mcp/client-scopes.js';
import { isWriteTool, resolveHint, type ToolContext, type ToolDefinition } from './mcp/define-tool.js';
import { PolicyError } from './mcp/errors.js';
import { type ErrorHints, type FormattedError, formatError } from './mcp/format-error.js';
import type { InFlightCalls } from './mcp/in-flight.js';
import { renderCompact } from './mcp/render.js';
import { storedRequestHandler } from './mcp/sdk-handler.js';
import { wireSchema } from './mcp/wire-schema.js';
import { NO_OBSERVER, type Observer } from './observer.js';
import type { KeptPlan } from './planner/kept-plan.js';
import type { Platform } from './platform/client.js';
import { VERSION } from './version.js';

export interface ToolSelection {
  /** Listed and callable, in a deterministic order. */
  listed: ToolDefinition[];
  /** Registered but disabled (not listed; a call is refused), with the reason. */
  refused: { tool: ToolDefinition; reason: string }[];
}

/** What kind of server instance is being built. */
export interface InstanceInfo {
  /**
   * True for an instance that lives as long as its client's connection (a stdio connection, a
   * 2025-era HTTP session); false for a per-request instance (2026-07-28 HTTP), which must not
   * hold listeners that outlive its request.
   */
  longLived: boolean;
  /** The authenticated HTTP caller this instance serves (--auth bearer|oauth); its scopes pick the tools. */
  authInfo?: AuthInfo;
  /**
   * The instance serves one tools/list (`all`) or tools/call (the tool's name), a 2026-07-28 HTTP
   * request: it registers those tools only, as nothing else can be reached through it.
   */
  reach?: { tools: 'all' | string };
}

/** What a server instance is built from (the app, src/app.ts, provides it). */
export interface AppContext {
  config: Config;
  platform: Platform;
  lookups: Lookups;
  events: EventLog | null;
  /** The tenant's kept plans: with a store, shared by replicas (a follow-up may reach any of them). */
  keptPlans: KeptPlans<KeptPlan>;
  logger: Logger;
  selection: ToolSelection;
  instructions: string;
  transport: 'stdio' | 'http';
  /** The platform's schema: introspected from a live platform, else our model. */
  schema: GraphQLSchema;
  /** Scopes of the API key's token; null when unknown (every tool listed). */
  grantedScopes: string[] | null;
  /** Tool calls in flight, drained at shutdown. */
  calls: InFlightCalls;
  /**
   * The context's clock (AppOptions.now, pinned by tests to the sandbox's day): "now" and "today"
   * in tools' defaults, and the "now" a plan is made at (which roles have started).
   */
  now: () => number;
  /**
   * After a write tool ran: tell other replicas sharing the store, before the answer goes out, so
   * that the client's next call, on any replica, reads past their caches. Never rejects.
   */
  afterWrite?: () => Promise<void>;
  /** Told of each tool call (the metrics, --metrics-port): in connector mode, one per company. */
  observer?: Observer;
  /** Registers the rest of the surface on an instance: resources, prompts, crew://events. */
  registerSurface(server: McpServer, instance: InstanceInfo): void;
}

/** Tool names of --tools and --exclude-tools must exist: a misspelling is a configuration error. */
export function checkToolNames(all: readonly ToolDefinition[], config: Config): void {
  const known = all.map((tool) => tool.name).sort();
  checkNames(config.tools, known, '--tools', 'tool');
  checkNames(config.excludeTools, known, '--exclude-tools', 'tool');
}

/** The tool passes the operator's choice: --toolsets, --tools, --exclude-tools. */
export function chosenByConfig(tool: ToolDefinition, config: Config): boolean {
  if (config.toolsets && !config.toolsets.includes(tool.toolset)) return false;
  if (config.tools && !config.tools.includes(tool.name)) return false;
  return !config.excludeTools.includes(tool.name);
}

/**
 * Tool policy in one place. A tool is listed when its toolset and name pass the filters, the
 * API key holds every scope it needs (when the scopes are known), and, in read-only mode, it
 * is read-only. Write tools excluded by read-only mode or scopes stay registered but disabled,
 * so that a call is refused rather than unknown.
 */
export function selectTools(
  all: ToolDefinition[],
  config: Config,
  grantedScopes: string[] | null,
  /** Tools that cannot work against this platform (e.g. their document does not validate), with why. */
  unavailable: ReadonlyMap<string, string> = new Map(),
): ToolSelection {
  const listed: ToolDefinition[] = [];
  const refused: ToolSelection['refused'] = [];
  // By code unit, as the names are snake_case ASCII: localeCompare's first call builds an ICU
  // collator (~9 ms of every start).
  const byName = [...all].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const tool of byName) {
    if (!chosenByConfig(tool, config)) continue;
    const missing = grantedScopes ? tool.scopes.filter((scope) => !grantedScopes.includes(scope)) : [];
    const unavailableReason = unavailable.get(tool.name);
    if (unavailableReason) {
      refused.push({ tool, reason: unavailableReason });
    } else if (missing.length > 0) {
      refused.push({ tool, reason: `the API key lacks the scope ${missing.join(', ')}` });
    } else if (config.readOnly && isWriteTool(tool)) {
      refused.push({ tool, reason: 'the server runs in read-only mode (--read-only)' });
    } else {
      listed.push(tool);
    }
  }
  return { listed, refused };
}

function clientCanElicit(server: McpServer, mcp: ServerContext): boolean {
  const fromEnvelope = (mcp.mcpReq.envelope as Record<string, unknown> | undefined)?.[
    CLIENT_CAPABILITIES_META_KEY
  ] as { elicitation?: unknown } | undefined;
  const capabilities = fromEnvelope ?? server.server.getClientCapabilities();
  return Boolean(capabilities?.elicitation);
}

function toolContext(
  app: AppContext,
  server: McpServer,
  mcp: ServerContext,
  signal: AbortSignal,
): ToolContext {
  const progressToken = mcp.mcpReq._meta?.progressToken;
  return {
    platform: app.platform,
    lookups: app.lookups,
    events: app.events,
    keptPlans: app.keptPlans,
    logger: app.logger,
    // Aborted by the client's cancellation or by shutdown (InFlightCalls links the two).
    signal,
    mcp,
    canElicit: clientCanElicit(server, mcp),
    transport: app.transport,
    // Read when a tool asks (building our schema model is not free): a getter, not a copy.
    get schema() {
      return app.schema;
    },
    grantedScopes: app.grantedScopes,
    filesRoots: app.config.security.filesRoots,
    now: app.now,
    observer: app.observer ?? NO_OBSERVER,
    async progress(progress, total, message) {
      if (progressToken === undefined) return;
      await mcp.mcpReq
        .notify({
          method: 'notifications/progress',
          params: {
            progressToken,
            progress,
            ...(total !== undefined ? { total } : {}),
            ...(message ? { message } : {}),
          },
        })
        .catch(() => undefined);
    },
  };
}

/** The tool's own hints for this input; a hint that cannot be computed is left out. */
function hintsFor(tool: ToolDefinition, input: unknown): ErrorHints {
  try {
    return {
      checkWith: resolveHint(tool.checkWith, input as never),
      lookupTool: resolveHint(tool.lookupTool, input as never),
    };
  } catch {
    return {};
  }
}

/** One pino line per write tool call: who, which tool, how it ended; never the arguments. */
function audit(app: AppContext, tool: ToolDefinition, mcp: ServerContext, outcome: string): void {
  if (!isWriteTool(tool)) return;
  app.logger.info(
    { audit: true, who: callerName(mcp.http?.authInfo), tool: tool.name, outcome },
    'write tool call',
  );
}

/**
 * An error result. The rules a refusal rests on travel as structured data (`_meta`), never in the
 * text: a model relays that text to people who never read the platform's document.
 */
function errorResult(text: string, rules?: FormattedError['rules']): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text }],
    ...(rules ? { _meta: { 'crew-mcp/rules': rules } } : {}),
  };
}

/** The answer of a call that shutdown cut short: a write's outcome is unknown, and we say how to check. */
function cutResult(tool: ToolDefinition, input: unknown): CallToolResult {
  const checkWith = hintsFor(tool, input).checkWith ?? 'a read tool';
  return errorResult(
    isWriteTool(tool)
      ? `crew-mcp shut down before ${tool.name} finished: whether the change reached the platform is unknown. Check with ${checkWith} before trying again.`
      : `crew-mcp shut down before ${tool.name} finished; nothing was changed. Call it again once the server is back.`,
  );
}

async function runTool(
  app: AppContext,
  server: McpServer,
  tool: ToolDefinition,
  input: unknown,
  mcp: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  if (app.calls.closing) {
    audit(app, tool, mcp, 'refused: shutting down');
    return errorResult(
      `crew-mcp is shutting down and takes no new calls; nothing was sent to the platform. Call ${tool.name} again once the server is back.`,
    );
  }
  const started = performance.now();
  const outcome = await app.calls.run(
    (signal) => execute(app, server, tool, input, mcp, signal),
    () => {
      (app.observer ?? NO_OBSERVER).toolCall(tool.name, 'cut', (performance.now() - started) / 1000);
      return { result: cutResult(tool, input), outcome: 'cut by shutdown' };
    },
    mcp.mcpReq.signal,
  );
  audit(app, tool, mcp, outcome.outcome);
  return outcome.result;
}

async function execute(
  app: AppContext,
  server: McpServer,
  tool: ToolDefinition,
  input: unknown,
  mcp: ServerContext,
  signal: AbortSignal,
): Promise<{ result: CallToolResult | InputRequiredResult; outcome: string }> {
  const started = Date.now();
  const timer = performance.now();
  const observer = app.observer ?? NO_OBSERVER;
  const seconds = () => (performance.now() - timer) / 1000;
  try {
    if (app.config.readOnly && isWriteTool(tool)) {
      throw new PolicyError(
        `${tool.name} changes data and this server runs in read-only mode (--read-only).`,
      );
    }
    if (!callerMayUse(mcp.http?.authInfo, tool)) {
      throw new PolicyError(
        `${tool.name} needs the scope ${clientScopeFor(tool)}, which this caller's token lacks.`,
      );
    }
    const outcome = await tool.handler(input as never, toolContext(app, server, mcp, signal));
    if (isInputRequiredResult(outcome)) {
      observer.toolCall(tool.name, 'input_required', seconds());
      return { result: outcome, outcome: 'input required' };
    }
    observer.toolCall(tool.name, 'ok', seconds());
    app.logger.info({ tool: tool.name, ms: Date.now() - started }, 'tool call');
    return {
      result: {
        content: [{ type: 'text', text: outcome.text ?? renderCompact(outcome.data) }],
        structuredContent: outcome.data as Record<string, unknown>,
      },
      outcome: 'ok',
    };
  } catch (error) {
    const formatted = formatError(error, hintsFor(tool, input));
    observer.toolCall(tool.name, 'error', seconds(), formatted.kind);
    app.logger[formatted.internal ? 'error' : 'info'](
      {
        tool: tool.name,
        ms: Date.now() - started,
        kind: formatted.kind,
        ...(formatted.internal ? { err: error } : {}),
      },
      'tool call failed',
    );
    return { result: errorResult(formatted.text, formatted.rules), outcome: `error: ${formatted.kind}` };
  } finally {
    // A write (even one that failed or whose outcome is unknown) may have changed what the
    // lookups cached: the next read must see the platform as it is now.
    if (isWriteTool(tool)) {
      invalidateAfterWrite(app.lookups);
      await app.afterWrite?.();
    }
  }
}

export function buildServer(app: AppContext, instance: InstanceInfo = { longLived: true }): McpServer {
  const server = new McpServer(
    { name: 'crew-mcp', title: 'Crew staffing', version: VERSION },
    {
      instructions: app.instructions,
      capabilities: { tools: { listChanged: false }, logging: {} },
    },
  );
  const register = (tool: ToolDefinition) => {
    const config = {
      title: tool.title,
      // The scopes go to _meta, not into the description a model pays for in every conversation:
      // a listed tool is one the key may use, and a refused call names the scope it lacks.
      description: tool.description,
      inputSchema: wireSchema(tool.inputSchema, 'input'),
      outputSchema: wireSchema(tool.outputSchema, 'output'),
      annotations: { title: tool.title, ...tool.annotations },
      _meta: {
        'crew-mcp/scopes': tool.scopes,
        'crew-mcp/toolset': tool.toolset,
        securitySchemes: securitySchemesOf(tool, app.config.security.auth.mode),
        ...(tool.appOnly ? { ui: { visibility: ['app'] } } : {}),
      },
    };
    const handler = (input: unknown, mcp: ServerContext) => runTool(app, server, tool, input, mcp);
    if (!tool.view) return server.registerTool(tool.name, config, handler);
    // A tool with a view: the package's helper adds the legacy ui/resourceUri key beside _meta.ui.
    return registerAppTool(
      server,
      tool.name,
      { ...config, _meta: { ...config._meta, ...appViewToolMeta(tool.view) } },
      handler,
    );
  };
  // A caller's token scopes narrow the selection: what it may not use is not listed, and a call
  // is refused (over HTTP the transport answers it with 403 insufficient_scope first).
  const caller = instance.authInfo;
  const reached = instance.reach?.tools ?? 'all';
  const registers = (tool: ToolDefinition) => reached === 'all' || tool.name === reached;
  const refused = app.selection.refused.filter(({ tool }) => registers(tool));
  for (const tool of app.selection.listed) {
    if (!registers(tool)) continue;
    const registered = register(tool);
    if (callerMayUse(caller, tool)) continue;
    registered.disable();
    refused.push({ tool, reason: `this caller's token lacks the scope ${clientScopeFor(tool)}` });
  }
  for (const { tool } of app.selection.refused) if (registers(tool)) register(tool).disable();
  explainRefusedCalls(server, { listed: app.selection.listed, refused });
  if (callerMayRead(caller) && !instance.reach) app.registerSurface(server, instance);
  return server;
}

/**
 * A call to a registered but unlisted tool is answered with why it is not available (read-only
 * mode, a missing scope, the live schema) instead of the SDK's bare "Tool x disabled".
 */
function explainRefusedCalls(server: McpServer, selection: ToolSelection): void {
  if (selection.refused.length === 0) return;
  const reasons = new Map(selection.refused.map(({ tool, reason }) => [tool.name, reason]));
  // The SDK offers no public hook for this (src/mcp/sdk-handler.ts). Without its stored handler,
  // the SDK's own answer stands.
  const original = storedRequestHandler(server, 'tools/call');
  if (!original) return;
  server.server.removeRequestHandler('tools/call');
  server.server.setRequestHandler('tools/call', (request, context) => {
    const reason = reasons.get(request.params.name);
    if (reason === undefined) return original(request, context) as never;
    return errorResult(`${request.params.name} is not available: ${reason}.`);
  });
}

/** A factory for the SDK's serving entries: one instance per connection (stdio) or request (HTTP). */
export function serverFactory(app: AppContext, instance: InstanceInfo): McpServerFactory {
  return (context) => buildServer(app, { ...instance, authInfo: context?.authInfo });
}
