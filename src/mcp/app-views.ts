// The MCP Apps views (ui/<view>/, built by scripts/build-views.mjs into dist/ui/<view>.html): their
// ui:// resources, the tool _meta that points a host at one, and the built HTML read at run time.
// Hosts with MCP Apps render the view beside the tool's answer; every other host reads the same
// text and structuredContent as before. The _meta keys are not model-visible.
import { readFileSync } from 'node:fs';
import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { Toolset } from '../config.js';
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
