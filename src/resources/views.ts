// The MCP Apps views as ui:// resources (MIME text/html;profile=mcp-app), registered with the
// package's helper so that every transport serves resources/read for them. The HTML is the
// build's single file: no outside domain declared, nothing fetched.
import { registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import type { Toolset } from '../config.js';
import {
  APP_VIEW_MIME_TYPE,
  APP_VIEW_RESOURCE_META,
  APP_VIEWS,
  type AppView,
  appViewHtml,
} from '../mcp/app-views.js';

export function registerViews(server: McpServer, allows: (toolset: Toolset) => boolean): void {
  for (const view of Object.keys(APP_VIEWS) as AppView[]) {
    const spec = APP_VIEWS[view];
    if (!allows(spec.toolset)) continue;
    registerAppResource(
      server,
      spec.title,
      spec.uri,
      { description: spec.description, mimeType: APP_VIEW_MIME_TYPE, _meta: APP_VIEW_RESOURCE_META },
      async () => ({
        contents: [
          {
            uri: spec.uri,
            mimeType: APP_VIEW_MIME_TYPE,
            text: appViewHtml(view),
            _meta: APP_VIEW_RESOURCE_META,
          },
        ],
      }),
    );
  }
}
