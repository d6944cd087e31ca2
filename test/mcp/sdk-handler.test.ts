// The one private SDK accessor crew-mcp uses (src/mcp/sdk-handler.ts): McpServer's stored
// tools/call handler, which src/server.ts wraps so that a call to an unlisted tool says why. If an
// SDK upgrade removes `_getRequestHandler` or changes what it returns, this fails, loudly, before a
// user sees the SDK's bare "Tool x disabled" instead of the reason.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storedRequestHandler } from '../../src/mcp/sdk-handler.js';
import { wireSchema } from '../../src/mcp/wire-schema.js';
import { textOf } from '../helpers/mcp.js';

function serverWithTools(): McpServer {
  const server = new McpServer({ name: 'sdk-handler-test', version: '1.0.0' });
  const input = wireSchema(z.object({ text: z.string() }), 'input');
  server.registerTool('echo', { inputSchema: input }, (args: unknown) => ({
    content: [{ type: 'text', text: (args as { text: string }).text }],
  }));
  server.registerTool('hidden', { inputSchema: input }, () => ({ content: [] })).disable();
  return server;
}

async function connect(server: McpServer): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'sdk-handler-test', version: '1.0.0' });
  await client.connect(clientTransport);
  return client;
}

describe("the SDK's stored tools/call handler", () => {
  it('is reachable: the accessor exists on the SDK this build uses', () => {
    const handler = storedRequestHandler(serverWithTools(), 'tools/call');
    expect(
      handler,
      "@modelcontextprotocol/server no longer keeps Protocol._getRequestHandler: find the SDK's new way to wrap McpServer's tools/call handler (src/mcp/sdk-handler.ts, server.ts explainRefusedCalls)",
    ).toBeTypeOf('function');
    expect(storedRequestHandler(serverWithTools(), 'no/such-method')).toBeUndefined();
  });

  it('is the handler that runs tools: a wrapper can answer some calls and pass the others on', async () => {
    const server = serverWithTools();
    const original = storedRequestHandler(server, 'tools/call');
    if (!original) throw new Error('no stored tools/call handler');
    server.server.removeRequestHandler('tools/call');
    server.server.setRequestHandler('tools/call', (request, context) =>
      request.params.name === 'hidden'
        ? { isError: true, content: [{ type: 'text', text: 'hidden is not available: a reason.' }] }
        : (original(request, context) as never),
    );
    const client = await connect(server);
    try {
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'passed on' } }))).toBe(
        'passed on',
      );
      expect(textOf(await client.callTool({ name: 'hidden', arguments: { text: 'x' } }))).toBe(
        'hidden is not available: a reason.',
      );
    } finally {
      await client.close();
    }
  });

  it("without the wrapper, the SDK's own answer is the bare one the wrapper exists to replace", async () => {
    const client = await connect(serverWithTools());
    try {
      const answer = await client
        .callTool({ name: 'hidden', arguments: { text: 'x' } })
        .then(textOf, (error: Error) => error.message);
      expect(answer).toMatch(/Tool hidden disabled/);
    } finally {
      await client.close();
    }
  });
});
