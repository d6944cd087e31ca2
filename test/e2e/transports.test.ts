// End to end through the built CLI and a real MCP client: stdio and Streamable HTTP (both
// protocol eras), tool policy by API key and read-only mode, HTTP origin checks, config errors,
// and secrets kept out of the logs.
import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWriteTool } from '../../src/mcp/define-tool.js';
import { allTools } from '../../tools/index.js';
import { CLI, connectHttp, type SpawnedHttp, spawnHttp, spawnStdio, textOf } from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: e2e tests read structured results loosely
type Any = any;

const READ_TOOLS = ['get_crew', 'list_crew', 'list_crew_jobs', 'list_jobs', 'list_leavers'];
const writeTools = allTools.filter(isWriteTool).map((tool) => tool.name);

async function exerciseReadTools(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  for (const name of READ_TOOLS) expect(names).toContain(name);
  expect(names).toEqual([...names].sort());

  const first = await client.callTool({ name: 'list_jobs', arguments: { perPage: 3 } });
  const second = await client.callTool({ name: 'list_jobs', arguments: { perPage: 3, page: 2 } });
  const firstJobs = (first.structuredContent as Any).jobs.map((job: Any) => job.id);
  const secondJobs = (second.structuredContent as Any).jobs.map((job: Any) => job.id);
  expect(firstJobs).toHaveLength(3);
  expect(secondJobs).toHaveLength(3);
  expect(firstJobs.filter((id: string) => secondJobs.includes(id))).toEqual([]);
  expect((second.structuredContent as Any).page.page).toBe(2);

  const crew = await client.callTool({ name: 'list_crew', arguments: { perPage: 2 } });
  const crewId = (crew.structuredContent as Any).crew[0].id;
  const profile = await client.callTool({ name: 'get_crew', arguments: { crewId } });
  expect((profile.structuredContent as Any).crew.profiles.length).toBeGreaterThan(0);
  for (const name of ['list_crew_jobs', 'list_leavers']) {
    const result = await client.callTool({ name, arguments: { perPage: 2 } });
    expect(result.isError, textOf(result)).toBeFalsy();
  }
}

describe('stdio', () => {
  it('lists tools and calls each read tool through the built CLI', async () => {
    const { client, close } = await spawnStdio();
    try {
      expect(client.getServerVersion()?.name).toBe('crew-mcp');
      expect(client.getInstructions()).toMatch(/time ?zone/i);
      await exerciseReadTools(client);
    } finally {
      await close();
    }
  });

  it('with --sandbox-key demo-readonly lists no write tool', async () => {
    expect(writeTools.length).toBeGreaterThan(0);
    const { client, close } = await spawnStdio(['--sandbox-key', 'demo-readonly']);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
      for (const name of writeTools) expect(tools.map((tool) => tool.name)).not.toContain(name);
    } finally {
      await close();
    }
  });

  it('with --read-only lists no write tool and refuses a write call', async () => {
    const { client, close } = await spawnStdio(['--read-only']);
    try {
      const { tools } = await client.listTools();
      for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
      const refused = await client
        .callTool({ name: writeTools[0] as string, arguments: {} })
        .then((result) => textOf(result))
        .catch((error: Error) => error.message);
      expect(refused).toMatch(/disabled|read-only/);
    } finally {
      await close();
    }
  });

  it('keeps the client secret and tokens out of the logs', async () => {
    const sandbox = await startTestSandbox();
    const { client, close } = await spawnStdio([], {
      CREW_CLIENT_ID: 'demo-admin',
      CREW_CLIENT_SECRET: 'demo-admin-secret',
      CREW_AUTH_URL: sandbox.authUrl,
      CREW_REALM: 'sandbox',
      CREW_API_URL: sandbox.baseUrl,
      CREW_LOG_LEVEL: 'trace',
    });
    const stderr: string[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: the transport's stderr stream
    ((client as any)._transport?.stderr as NodeJS.ReadableStream | undefined)?.on('data', (chunk) =>
      stderr.push(String(chunk)),
    );
    try {
      await client.callTool({ name: 'list_jobs', arguments: { perPage: 1 } });
      await client.callTool({ name: 'get_crew', arguments: { crewId: 999999 } });
      expect(sandbox.stats.tokenRequests).toBe(1);
    } finally {
      await close();
      await sandbox.close();
    }
    const log = stderr.join('');
    expect(log).toContain('tool call');
    expect(log).not.toContain('demo-admin-secret');
    expect(log).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  });
});

describe('streamable HTTP', () => {
  let http: SpawnedHttp;
  beforeAll(async () => {
    http = await spawnHttp();
  });
  afterAll(async () => {
    await http?.close();
  });

  it('prints the MCP URL and how to connect', () => {
    expect(http.mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(http.stdout()).toMatch(/claude mcp add --transport http/);
  });

  it('serves a 2025-11-25 client', async () => {
    const client = await connectHttp(http.mcpUrl, 'legacy');
    try {
      await exerciseReadTools(client);
    } finally {
      await client.close();
    }
  });

  it('serves a 2026-07-28 client', async () => {
    const client = await connectHttp(http.mcpUrl, 'modern');
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      await exerciseReadTools(client);
    } finally {
      await client.close();
    }
  });

  it('answers an expired or unknown 2025-era session with 404, so the client initializes again', async () => {
    const response = await fetch(http.mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': 'no-such-session',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).toMatch(/Initialize again/);
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${http.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', upstream: 'sandbox' });
  });

  it('refuses a foreign Origin with 403', async () => {
    const response = await fetch(http.mcpUrl, {
      method: 'POST',
      headers: {
        origin: 'http://evil.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding) with 403', async () => {
    const url = new URL(http.mcpUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: '/healthz', headers: { host: 'evil.example' } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('accepts a Host named with --allowed-hosts (a reverse proxy in front)', async () => {
    const proxied = await spawnHttp(['--allowed-hosts', 'crew.example.com']);
    try {
      const url = new URL(proxied.mcpUrl);
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(
            { host: url.hostname, port: url.port, path: '/healthz', headers: { host } },
            (res) => resolve(res.statusCode ?? 0),
          );
          req.on('error', reject);
          req.end();
        });
      expect(await status('crew.example.com')).toBe(200);
      expect(await status('evil.example')).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('accepts a local Origin', async () => {
    const response = await fetch(`${http.baseUrl}/healthz`, { headers: { origin: 'http://localhost:6274' } });
    expect(response.status).toBe(200);
  });
});

describe('configuration errors', () => {
  it('exits with 2 naming what is missing when only some credentials are set', () => {
    const run = spawnSync(process.execPath, [CLI, 'stdio'], {
      env: { PATH: process.env.PATH ?? '', CREW_CLIENT_ID: 'x', CREW_CLIENT_SECRET: 'super-secret-value' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/missing CREW_AUTH_URL .*CREW_REALM .*CREW_API_URL/);
    expect(run.stderr).not.toContain('super-secret-value');
    expect(run.stdout).toBe('');
  });

  it('exits with 2 on an unknown flag', () => {
    const run = spawnSync(process.execPath, [CLI, '--frobnicate'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Unknown option "--frobnicate"/);
  });

  it('check reports a wrong secret clearly, without the secret', async () => {
    const sandbox = await startTestSandbox();
    try {
      const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'check'], {
          env: {
            PATH: process.env.PATH ?? '',
            CREW_CLIENT_ID: 'demo-admin',
            CREW_CLIENT_SECRET: 'not-the-secret',
            CREW_AUTH_URL: sandbox.authUrl,
            CREW_REALM: 'sandbox',
            CREW_API_URL: sandbox.baseUrl,
            CREW_LOG_LEVEL: 'silent',
          },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
        });
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
        });
        child.on('exit', (status) => resolve({ status, stdout, stderr }));
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/FAIL token: .*invalid_client/);
      expect(run.stderr + run.stdout).not.toContain('not-the-secret');
    } finally {
      await sandbox.close();
    }
  });

  it('check lists the tools the key may use', () => {
    const run = spawnSync(process.execPath, [CLI, 'check', '--sandbox-key', 'demo-readonly'], {
      env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/ok {2}token: obtained, .*scopes jobs:read crew:read\n/);
    expect(run.stdout).toMatch(/not listed: \w+ \(the API key lacks the scope/);
  });
});
