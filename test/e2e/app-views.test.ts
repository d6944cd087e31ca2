// MCP Apps wiring through the product's entry points: the built CLI over stdio and over HTTP (both
// protocol eras) lists the tools with their ui:// views, lists and reads each view resource
// (MIME text/html;profile=mcp-app, one self-contained file within 150 KB, no outside domain), and
// the board schedule resource carries its week as data for the board week view.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VIEWS } from '../../src/mcp/app-views.js';
import { type AnyResult, connectHttp, type SpawnedHttp, spawnHttp, spawnStdio } from '../helpers/mcp.js';

const MAX_VIEW_BYTES = 150 * 1024;
const VIEWS = Object.values(APP_VIEWS);
/** Which tool shows which view. */
const TOOL_VIEWS: Record<string, string> = {
  list_jobs: APP_VIEWS.boardWeek.uri,
  find_matching_crew: APP_VIEWS.roleCandidates.uri,
  plan_staffing: APP_VIEWS.staffingPlan.uri,
};

async function checkSurface(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  for (const [name, uri] of Object.entries(TOOL_VIEWS)) {
    const tool = tools.find((candidate) => candidate.name === name);
    expect(tool?._meta?.ui, name).toEqual({ resourceUri: uri });
    expect(tool?._meta?.['openai/outputTemplate'], name).toBe(uri);
  }
  const { resources } = await client.listResources();
  const listed = resources.filter((resource) => resource.uri.startsWith('ui://'));
  expect(listed.map((resource) => resource.uri).sort()).toEqual(VIEWS.map((view) => view.uri).sort());
  for (const view of VIEWS) {
    const read = await client.readResource({ uri: view.uri });
    const [content] = read.contents as AnyResult[];
    expect(content?.mimeType).toBe('text/html;profile=mcp-app');
    const html = content?.text ?? '';
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_VIEW_BYTES);
    // Self-contained: no script or stylesheet from anywhere, and the CSP names no domain.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import/i);
    expect(content?._meta?.ui?.csp).toEqual({ connectDomains: [], resourceDomains: [] });
  }
}

describe('views over stdio', () => {
  let session: Awaited<ReturnType<typeof spawnStdio>>;
  beforeAll(async () => {
    session = await spawnStdio();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('lists the tools with their views and serves every view resource', async () => {
    await checkSurface(session.client);
  });

  it('a board schedule carries its week as data beside the Markdown', async () => {
    const read = await session.client.readResource({ uri: 'crew://boards/100/schedule' });
    const [content] = read.contents as AnyResult[];
    expect(content?.text).toMatch(/^# London Events/);
    const week = content?._meta?.['crew-mcp/schedule'];
    expect(week.board).toEqual({ id: '100', name: 'London Events', timezone: 'Europe/London' });
    expect(week.jobs.length).toBeGreaterThan(0);
    expect(week.jobs.every((job: AnyResult) => job.date >= week.from && job.date <= week.to)).toBe(true);
  });
});

describe('views over HTTP', () => {
  let server: SpawnedHttp;
  beforeAll(async () => {
    server = await spawnHttp();
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['legacy', 'modern'] as const)(
    '%s era: the tools carry their views and every view is read',
    async (era) => {
      const client = await connectHttp(server.mcpUrl, era);
      try {
        await checkSurface(client);
      } finally {
        await client.close();
      }
    },
  );
});
