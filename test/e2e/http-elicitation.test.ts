// The break-period confirmation over Streamable HTTP, asked of the user by elicitation: a
// 2025-era client in its session (a real server->client request) and a 2026-07-28 client
// through an input_required result. Both answer, the write goes through once.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type RunningHttp, startHttp } from '../../src/transports/http.js';
import { textOf } from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { type Any, findLegacyRole, operations } from '../tools/write-support.js';

let sandbox: RunningSandbox;
let app: App;
let http: RunningHttp;
const used: string[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  app = await createApp(loadConfig(['http', '--port', '0'], {}), {
    transport: 'http',
    logger: silentLogger,
    sandbox,
  });
  http = await startHttp(app);
});
afterAll(async () => {
  await http?.close();
  await app?.close();
  await sandbox?.close();
});

async function elicitingClient(era: 'legacy' | 'modern', asked: string[]): Promise<Client> {
  const client = new Client(
    { name: 'crew-mcp-e2e', version: '1.0.0' },
    {
      capabilities: { elicitation: {} },
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  client.setRequestHandler('elicitation/create', async (request: Any) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { confirm: true } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.mcpUrl)));
  return client;
}

describe.each(['legacy', 'modern'] as const)('break-period confirmation over HTTP (%s client)', (era) => {
  it('asks the user and sends the edit once, on acceptance', async () => {
    const { job, role } = await findLegacyRole(sandbox, used);
    used.push(job.id);
    const asked: string[] = [];
    const client = await elicitingClient(era, asked);
    try {
      sandbox.resetStats();
      const result = await client.callTool({
        name: 'update_jobs',
        arguments: { jobs: [{ id: job.id, roles: [{ id: role.id, quantity: 2 }] }] },
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(`role ${role.id}`);
      expect((result.structuredContent as Any).payChanges[0]).toMatchObject({
        roleId: role.id,
        before: role.total,
      });
      expect(operations(sandbox).updateJobs).toBe(1);
    } finally {
      await client.close();
    }
  });
});
