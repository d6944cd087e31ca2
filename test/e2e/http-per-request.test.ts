// 2026-07-28 clients are served by a server instance built per request, and that instance holds
// only what the request can reach (src/transports/modern-requests.ts): a tools/call its one tool,
// a tools/list the tools, anything else the whole surface. Through the built CLI and a real
// client, a modern client must see exactly what a 2025-era session sees.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { connectHttp, type SpawnedHttp, spawnHttp, textOf } from '../helpers/mcp.js';
import { liveFlagsFor, requestsDuring, startTestSandbox } from '../helpers/sandbox.js';

let sandbox: RunningSandbox;
let server: SpawnedHttp;
let modern: Client;
let session: Client;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  // --read-only: the write tools are registered but refused, with why.
  server = await spawnHttp(['--read-only', '--rate-limit', '0', ...liveFlagsFor(sandbox)]);
  modern = await connectHttp(server.mcpUrl, 'modern');
  session = await connectHttp(server.mcpUrl, 'legacy');
}, 30_000);

afterAll(async () => {
  await modern?.close();
  await session?.close();
  await server?.close();
  await sandbox?.close();
});

describe('a per-request server instance holds what its request reaches', () => {
  it('tools/list: the same tools, schemas and annotations as a session lists', async () => {
    const [perRequest, sessionList] = await Promise.all([modern.listTools(), session.listTools()]);
    expect(perRequest.tools.length).toBeGreaterThan(5);
    expect(perRequest.tools).toEqual(sessionList.tools);
  });

  it('tools/call: a listed tool answers as in a session, and sends one request upstream', async () => {
    const { result, sent } = await requestsDuring(sandbox, () =>
      modern.callTool({ name: 'get_crew', arguments: { crewId: 1 } }),
    );
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toEqual(
      (await session.callTool({ name: 'get_crew', arguments: { crewId: 1 } })).structuredContent,
    );
    expect(sent.map((request) => request.kind)).toEqual(['graphql']);
  });

  it('tools/call: a refused tool says why, and sends nothing', async () => {
    const { result, sent } = await requestsDuring(sandbox, () =>
      modern.callTool({ name: 'create_jobs', arguments: { jobs: [] } }),
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'create_jobs is not available: the server runs in read-only mode (--read-only).',
    );
    expect(sent).toEqual([]);
  });

  it('tools/call: an unknown tool is an error, as in a session', async () => {
    const perRequest = await modern
      .callTool({ name: 'no_such_tool', arguments: {} })
      .catch((error: Error) => error);
    const inSession = await session
      .callTool({ name: 'no_such_tool', arguments: {} })
      .catch((error: Error) => error);
    const text = (answer: unknown) =>
      answer instanceof Error ? answer.message : textOf(answer as { content?: unknown });
    expect(text(perRequest)).toMatch(/no_such_tool/);
    expect(text(perRequest)).toBe(text(inSession));
  });

  it('other requests get the whole surface: resources and prompts', async () => {
    const [resources, prompts] = await Promise.all([modern.listResourceTemplates(), modern.listPrompts()]);
    expect(resources.resourceTemplates.map((template) => template.uriTemplate)).toContain(
      'crew://crew/{crewId}',
    );
    expect(prompts.prompts.length).toBeGreaterThan(0);
  });
});
