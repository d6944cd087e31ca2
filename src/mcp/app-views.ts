// The MCP Apps views (ui/<view>/, built by scripts/build-views.mjs into dist/ui/<view>.html): their
// ui:// resources, the tool _meta that points a host at one, and the built HTML read at run time.
// Hosts with MCP Apps render the view beside the tool's answer; every other host reads the same
// text and structuredContent as before. The _meta keys are not model-visible.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { Config, Toolset } from '../config.js';
import { packagePath } from '../paths.js';

export interface AppViewSpec {
  uri: string;
  /** The built file: dist/ui/<file>.html. */
  file: string;
  title: string;
  description: string;
  /** The view is served when the operator chose this toolset (the tools it shows are in it). */
  toolset: Toolset;
}

export const APP_VIEWS = {
  boardWeek: {
    uri: 'ui://crew/board-week.html',
    file: 'board-week',
    title: 'Board week',
    description:
      "Days across, jobs and roles down, each role's booked, pending and open places (list_jobs, board schedules).",
    toolset: 'jobs',
  },
  roleCandidates: {
    uri: 'ui://crew/role-candidates.html',
    file: 'role-candidates',
    title: 'Role candidates',
    description:
      'Ranked crew for a role with reasons and flags, clashes, near misses and what a person must check.',
    toolset: 'crew',
  },
  staffingPlan: {
    uri: 'ui://crew/staffing-plan.html',
    file: 'staffing-plan',
    title: 'Staffing plan',
    description:
      'A plan by day and role with alternates and unfilled places; swap or exclude crew and plan again.',
    toolset: 'crew',
  },
} as const satisfies Record<string, AppViewSpec>;

export type AppView = keyof typeof APP_VIEWS;

export { RESOURCE_MIME_TYPE as APP_VIEW_MIME_TYPE };

/**
 * What a view's resource declares to the host: no outside domain at all (everything is inline),
 * and a border around the frame.
 */
export const APP_VIEW_RESOURCE_META: { ui: McpUiResourceMeta } = {
  ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true },
};

/** The tool _meta that shows `view` beside the tool's answer: MCP Apps, and ChatGPT's own key. */
export function appViewToolMeta(view: AppView): Record<string, unknown> {
  const { uri } = APP_VIEWS[view];
  return { ui: { resourceUri: uri }, 'openai/outputTemplate': uri };
}

/**
 * The sandbox domain a host serves the views from (`_meta.ui.domain`), per host: Claude's is
 * derived from the server's URL (below), ChatGPT's given by the operator (--ui-domain, a `{view}`
 * in it replaced by the view's name for a domain per view) until its format is documented. Null:
 * left unset, the host's default (a wrong domain breaks the view in Claude).
 */
export interface ViewDomains {
  claude: string | null;
  chatgpt: string | null;
}

/** Claude's documented format: SHA-256 of the MCP server's URL, 32 hex digits, `.claudemcpcontent.com`. */
export function claudeViewDomain(serverUrl: string): string {
  return `${createHash('sha256').update(serverUrl).digest('hex').slice(0, 32)}.claudemcpcontent.com`;
}

/** Claude's only when the public URL is known (the URL people add is `{public URL}/mcp`). */
export function viewDomainsOf(config: Pick<Config, 'security' | 'settings'>): ViewDomains {
  const { publicUrl } = config.security;
  return {
    claude: publicUrl ? claudeViewDomain(`${publicUrl}/mcp`) : null,
    chatgpt: config.settings.uiDomain,
  };
}

/** The domain for `view` when the host is `clientName` (its clientInfo name); undefined: none. */
export function viewDomainFor(
  view: AppView,
  clientName: string | undefined,
  domains: ViewDomains | undefined,
): string | undefined {
  if (!domains || !clientName) return undefined;
  if (/claude/i.test(clientName)) return domains.claude ?? undefined;
  if (/openai|chatgpt/i.test(clientName)) return domains.chatgpt?.replaceAll('{view}', APP_VIEWS[view].file);
  return undefined;
}

const built = new Map<AppView, string>();

/** The view's built HTML (read once per process). */
export function appViewHtml(view: AppView): string {
  let html = built.get(view);
  if (html === undefined) {
    const path = packagePath('dist', 'ui', `${APP_VIEWS[view].file}.html`);
    try {
      html = readFileSync(path, 'utf8');
    } catch {
      throw new Error(`The ${APP_VIEWS[view].title} view is not built (${path}): run npm run build.`);
    }
    built.set(view, html);
  }
  return html;
}
