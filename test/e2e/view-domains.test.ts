// The views' `_meta.ui.domain` as each host reads it (issue 33 item 5), through a real MCP client
// named as the host names itself: Claude gets SHA-256 of the public MCP URL (its documented format),
// ChatGPT the operator's --ui-domain, any other host none; without --public-url Claude gets none.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { APP_VIEWS, claudeViewDomain } from '../../src/mcp/app-views.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { buildServer } from '../../src/server.js';
import { startTestSandbox, testClock } from '../helpers/sandbox.js';

const PUBLIC = 'https://crew.example.com';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

/** The board week view's resource _meta.ui as a client named `host` reads it. */
async function viewUi(host: string, args: string[]): Promise<Record<string, unknown>> {
  const app = await createApp(loadConfig(args, {}), {
    transport: 'stdio',
    logger: silentLogger,
    sandbox,
    now: testClock,
  });
  const server = buildServer(app.context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: host, version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const read = await client.readResource({ uri: APP_VIEWS.boardWeek.uri });
    const meta = read.contents[0]?._meta as { ui: Record<string, unknown> } | undefined;
    if (!meta) throw new Error('the view was read without _meta');
    return meta.ui;
  } finally {
    await client.close();
    await server.close();
    await app.close();
  }
}

describe("the views' domain per host", () => {
  const listed = ['--public-url', PUBLIC, '--ui-domain', '{view}.apps.crew.example.com'];

  it("is Claude's from the public URL, ChatGPT's as given, and none for another host", async () => {
    expect((await viewUi('claude-ai', listed)).domain).toBe(claudeViewDomain(`${PUBLIC}/mcp`));
    expect((await viewUi('openai-mcp', listed)).domain).toBe('board-week.apps.crew.example.com');
    const other = await viewUi('Visual Studio Code', listed);
    expect(other.domain).toBeUndefined();
    expect(other.prefersBorder).toBe(true);
  });

  it('is left unset for Claude without a public URL', async () => {
    expect((await viewUi('claude-ai', [])).domain).toBeUndefined();
  });
});
