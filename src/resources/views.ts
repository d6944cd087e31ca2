// The MCP Apps views as ui:// resources (MIME text/html;profile=mcp-app), registered with the
// package's helper so that every transport serves resources/read for them. The HTML is the
// build's single file: no outside domain declared, nothing fetched.
import { registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import { CLIENT_INFO_META_KEY, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { Toolset } from '../config.js';
import {
  APP_VIEW_MIME_TYPE,
  APP_VIEW_RESOURCE_META,
  APP_VIEWS,
  type AppView,
  appViewHtml,
  type ViewDomains,
  viewDomainFor,
} from '../mcp/app-views.js';

/** The host's name: from a 2026-07-28 request's envelope, else the session's initialize. */
function clientNameOf(server: McpServer, ctx: ServerContext | undefined): string | undefined {
  const envelope = ctx?.mcpReq.envelope as Record<string, unknown> | undefined;
  const info = envelope?.[CLIENT_INFO_META_KEY] as { name?: unknown } | undefined;
  if (typeof info?.name === 'string') return info.name;
  return server.server.getClientVersion()?.name;
}

/** A view's resource _meta for this host: its sandbox domain when the host has one (ViewDomains). */
function viewMeta(view: AppView, clientName: string | undefined, domains: ViewDomains | undefined) {
  const domain = viewDomainFor(view, clientName, domains);
  if (!domain) return APP_VIEW_RESOURCE_META;
  return { ui: { ...APP_VIEW_RESOURCE_META.ui, domain } };
}

export function registerViews(
  server: McpServer,
  allows: (toolset: Toolset) => boolean,
  domains?: ViewDomains,
): void {
  for (const view of Object.keys(APP_VIEWS) as AppView[]) {
    const spec = APP_VIEWS[view];
    if (!allows(spec.toolset)) continue;
    registerAppResource(
      server,
      spec.title,
      spec.uri,
      { description: spec.description, mimeType: APP_VIEW_MIME_TYPE, _meta: APP_VIEW_RESOURCE_META },
      async (_uri, ctx) => ({
        contents: [
          {
            uri: spec.uri,
            mimeType: APP_VIEW_MIME_TYPE,
            text: appViewHtml(view),
            _meta: viewMeta(view, clientNameOf(server, ctx), domains),
          },
        ],
      }),
    );
  }
}
