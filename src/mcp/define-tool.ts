// The shape of one tool. Every tool file in tools/ exports `defineTool({...})`; tools/index.ts is
// the registry. Policy (read-only mode, scope filtering, confirmation) is derived from the
// annotations and scopes declared here, in one place: src/server.ts.
import type { InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import type { GraphQLSchema } from 'graphql';
import type { z } from 'zod';
import type { Toolset } from '../config.js';
import type { EventLog } from '../contract/event-log.js';
import type { KeptPlans } from '../contract/kept-plans.js';
import type { Scope } from '../contract/scopes.js';
import type { Logger } from '../logger.js';
import type { Lookups } from '../lookups/index.js';
import type { Observer } from '../observer.js';
import type { KeptPlan } from '../planner/kept-plan.js';
import type { Platform } from '../platform/client.js';
import type { AppView } from './app-views.js';

export interface ToolAnnotationsStrict {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a tool handler works with: the one context type of tools. */
export interface ToolContext {
  platform: Platform;
  /** The reads that checks need, cached per app (job index, board zones, data types). */
  lookups: Lookups;
  /** The webhook event log; null when the server does not run one. */
  events: EventLog | null;
  /** This tenant's kept plans (plan_staffing's planId): in the store replicas share, else in memory. */
  keptPlans: KeptPlans<KeptPlan>;
  logger: Logger;
  signal: AbortSignal;
  /** Report progress when the client asked for it (a progress token); a no-op otherwise. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** The MCP request context: multi-round-trip input responses, client capabilities. */
  mcp: ServerContext;
  /** The client can answer elicitation (form mode) requests. */
  canElicit: boolean;
  /** The server runs in stdio mode, where reading local files is the user's own machine. */
  transport: 'stdio' | 'http';
  /** The platform's schema: introspected from a live platform, else our model of it. */
  schema: GraphQLSchema;
  /** Scopes of the API key's token; null when the token does not say. */
  grantedScopes: readonly string[] | null;
  /** Directories local files may be read from (--files-root, stdio mode); empty: none. */
  filesRoots: readonly string[];
  /** The app's clock (ms since the epoch): what "now" and "today" are in an input's defaults. */
  now(): number;
  /** Told of what the metrics count beyond the call itself (the planner's stages); absent: nobody. */
  observer?: Observer;
}

export interface ToolSuccess<O> {
  /** structuredContent; must match the outputSchema. */
  data: O;
  /** Compact text rendering for the model; derived from `data` when omitted. */
  text?: string;
}

export type ToolOutcome<O> = ToolSuccess<O> | InputRequiredResult;

// biome-ignore lint/suspicious/noExplicitAny: a registry holds tools of many schema types
export type AnyZodObject = z.ZodObject<any>;

/** A hint that may depend on the call's input. */
export type Hint<I> = string | ((input: I) => string);

export interface ToolDefinition<
  I extends AnyZodObject = AnyZodObject,
  O extends AnyZodObject = AnyZodObject,
> {
  /** snake_case, verb first. */
  name: string;
  title: string;
  /** What a model reads to choose the tool; the needed scope is appended by the server. */
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: ToolAnnotationsStrict;
  /** Platform scopes the tool needs (all of them). */
  scopes: Scope[];
  toolset: Toolset;
  /** The GraphQL documents the tool sends, checked against a live platform's schema at start. */
  documents?: readonly string[];
  /** Write tools: the read tool that shows whether a write whose outcome is unknown happened. */
  checkWith?: Hint<z.output<I>>;
  /** The read tool that finds a valid id when the platform answers "not found". */
  lookupTool?: Hint<z.output<I>>;
  /** The MCP Apps view that hosts supporting it show beside the answer (src/mcp/app-views.ts). */
  view?: AppView;
  /**
   * Only a view calls it (MCP Apps `_meta.ui.visibility: ["app"]`): hosts keep it out of the
   * model's tool list, so it costs no context; a view pages what an answer could not hold.
   */
  appOnly?: true;
  handler(input: z.output<I>, ctx: ToolContext): Promise<ToolOutcome<z.output<O>>>;
}

export function defineTool<I extends AnyZodObject, O extends AnyZodObject>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}

/** Write tools change platform data; read-only mode and read-only keys never list them. */
export function isWriteTool(tool: Pick<ToolDefinition, 'annotations'>): boolean {
  return !tool.annotations.readOnlyHint;
}

/** A hint for this input, when the tool has one. */
export function resolveHint<I>(hint: Hint<I> | undefined, input: I): string | undefined {
  return typeof hint === 'function' ? hint(input) : hint;
}
