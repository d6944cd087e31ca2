// `crew-mcp check [--json]`: the doctor. Before a client is pointed at a configuration it proves,
// step by step, what a listed tool needs: a token (its expiry and scopes; ONE token request),
// GraphQL reachable, the live schema against our model (differences, fields the tools do
// without, tools that cannot work), which tools would be listed and why others not, and
// webhook reachability when configured. Each failure names the setting to change. Human text by
// default, JSON with --json; logs only when a log level is asked for. Exit 0 when everything a
// listed tool needs works, 1 otherwise.

import { type AppOptions, registeredTools, resolveUpstream } from '../app.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { APP_VIEWS, type AppView, appViewHtml } from '../mcp/app-views.js';
import type { ToolDefinition } from '../mcp/define-tool.js';
import { formatError } from '../mcp/format-error.js';
import { type LiveSchemaReport, readLiveSchema } from '../mcp/live-schema.js';
import { createPlatform, type Platform } from '../platform/client.js';
import {
  AuthError,
  GraphQLResponseError,
  NotGraphqlError,
  UpstreamUnavailableError,
} from '../platform/errors.js';
import { assignmentMutations } from '../platform/schema-diff.js';
import { checkToolNames, selectTools } from '../server.js';
import { type CheckReport, type Problem, renderReport } from './check-report.js';
import { checkStore } from './check-store.js';
import { checkWebhooks } from './check-webhooks.js';

export interface CheckOptions extends Pick<AppOptions, 'sandbox' | 'tools'> {
  /** Where the report goes; default stdout. */
  write?: (text: string) => void;
}

/** The setting a failure points at, when the error does not name one itself. */
function settingOf(error: unknown, fallback: string): string {
  if ((error instanceof AuthError || error instanceof UpstreamUnavailableError) && error.setting) {
    return error.setting;
  }
  return fallback;
}

function message(error: unknown): string {
  return formatError(error).text;
}

async function checkToken(platform: Platform, report: CheckReport, sandboxKey: boolean): Promise<boolean> {
  try {
    await platform.tokens.getToken();
    const info = platform.tokens.tokenInfo;
    report.token = { ok: true, expiresAt: info?.expiresAt.toISOString(), scopes: info?.scopes ?? null };
    return true;
  } catch (error) {
    const setting = sandboxKey ? 'CREW_SANDBOX_KEY' : settingOf(error, 'CREW_AUTH_URL');
    report.token = { ok: false, error: message(error) };
    report.problems.push({ check: 'token', message: message(error), setting });
    return false;
  }
}

/** GraphQL reachability and the live schema, read by one introspection query. */
async function checkGraphql(
  platform: Platform,
  tools: ToolDefinition[],
  report: CheckReport,
): Promise<LiveSchemaReport | null> {
  try {
    const live = await readLiveSchema(platform, tools);
    report.graphql = { ok: true, endpoint: platform.graphql.endpoint, introspection: true };
    return live;
  } catch (error) {
    if (error instanceof GraphQLResponseError && !(error instanceof NotGraphqlError)) {
      // GraphQL answers, but not to introspection: the tools cannot be checked against it.
      report.graphql = { ok: true, endpoint: platform.graphql.endpoint, introspection: false };
      report.schema = { compared: false, error: message(error) };
      return null;
    }
    // A 404 page where GraphQL should be, or no answer at all: the API URL (see notGraphqlMessage).
    const setting = error instanceof AuthError ? 'CREW_AUTH_URL / CREW_REALM' : 'CREW_API_URL';
    report.graphql = { ok: false, endpoint: platform.graphql.endpoint, error: message(error) };
    report.problems.push({ check: 'graphql', message: message(error), setting });
    return null;
  }
}

export async function runCheck(config: Config, logger: Logger, options: CheckOptions = {}): Promise<number> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const tools = options.tools ?? registeredTools(config);
  checkToolNames(tools, config);
  const upstream = await resolveUpstream(config, { ...options, logger });
  const platform = createPlatform({
    credentials: upstream.credentials,
    apiUrl: upstream.apiUrl,
    timeoutMs: config.timeoutMs,
    logger,
  });
  const report: CheckReport = {
    ok: false,
    upstream: {
      kind: upstream.sandbox ? 'sandbox' : 'live',
      apiUrl: upstream.apiUrl,
      tokenUrl: upstream.credentials.tokenUrl,
      clientId: upstream.credentials.clientId,
    },
    token: { ok: false },
    graphql: { ok: false, endpoint: platform.graphql.endpoint },
    schema: { compared: false },
    tools: { listed: [], notListed: [] },
    webhooks: { configured: false },
    problems: [],
  };
  try {
    if (await checkToken(platform, report, upstream.sandbox !== null)) {
      const live = await checkGraphql(platform, tools, report);
      if (live) {
        report.schema = {
          compared: true,
          differences: live.differences,
          dropped: Object.fromEntries(live.plan.dropped),
          assignmentMutations: assignmentMutations(live.schema),
        };
      }
      const selection = selectTools(
        live?.plan.tools ?? tools,
        config,
        report.token.scopes ?? null,
        live?.plan.unavailable,
      );
      report.tools = {
        listed: selection.listed.map((tool) => tool.name),
        notListed: selection.refused.map(({ tool, reason }) => ({ name: tool.name, reason })),
      };
      report.views = selection.listed.flatMap((tool) => (tool.view ? [viewOf(tool.name, tool.view)] : []));
      if (report.graphql.ok && selection.listed.length === 0) {
        report.problems.push(noToolProblem(config));
      }
      report.webhooks = await checkWebhooks(config, report.token.scopes ?? null, report.problems);
    }
    if (config.store) report.store = await checkStore(config.store, report.problems);
    report.ok = report.problems.length === 0;
    write(config.json ? `${JSON.stringify(report, null, 2)}\n` : renderReport(report));
    return report.ok ? 0 : 1;
  } finally {
    if (upstream.sandbox && upstream.ownSandbox) await upstream.sandbox.close();
  }
}

/** A listed tool's view, and whether its built HTML is there to serve. */
function viewOf(tool: string, view: AppView): { tool: string; uri: string; built: boolean } {
  try {
    appViewHtml(view);
    return { tool, uri: APP_VIEWS[view].uri, built: true };
  } catch {
    return { tool, uri: APP_VIEWS[view].uri, built: false };
  }
}

function noToolProblem(config: Config): Problem {
  return {
    check: 'tools',
    message: 'No tool would be listed with this configuration.',
    setting: config.tools || config.toolsets ? 'CREW_TOOLS / CREW_TOOLSETS' : 'the API key scopes',
  };
}
