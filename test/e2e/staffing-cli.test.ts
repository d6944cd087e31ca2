// Staffing through the product's entry points: `crew-mcp sandbox --crew N` as a user starts it,
// and the built CLI over stdio (live credentials pointing at that sandbox) answering "what is
// still open?" and "who can work it?" through a real MCP client.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, callTool, spawnStdio } from '../helpers/mcp.js';

const CREW = 300;
let sandboxProcess: ChildProcess;
let baseUrl: string;
let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  sandboxProcess = spawn(process.execPath, [CLI, 'sandbox', '--port', '0', '--crew', String(CREW)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start: ${stdout}`)), 20_000);
    sandboxProcess.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /base URL:\s+(\S+)/.exec(stdout);
      if (match && stdout.includes('Press Ctrl+C')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    sandboxProcess.on('exit', () => reject(new Error(`sandbox exited early: ${stdout}`)));
  });
  ({ client, close } = await spawnStdio([], {
    CREW_CLIENT_ID: 'demo-admin',
    CREW_CLIENT_SECRET: 'demo-admin-secret',
    CREW_AUTH_URL: baseUrl,
    CREW_REALM: 'sandbox',
    CREW_API_URL: baseUrl,
  }));
});

afterAll(async () => {
  await close?.();
  if (sandboxProcess && sandboxProcess.exitCode === null) {
    const exited = new Promise((resolve) => sandboxProcess.once('exit', resolve));
    sandboxProcess.kill('SIGTERM');
    await exited;
  }
});

describe('staffing over stdio against `crew-mcp sandbox --crew 300`', () => {
  it('lists open roles for the coming week, then finds crew for the first one among all 300', async () => {
    const open = await callTool(client, 'find_open_roles', {});
    expect(open.isError, open.text).toBe(false);
    expect(open.data.roles.length).toBeGreaterThan(0);
    const role = open.data.roles[0];

    const found = await callTool(client, 'find_matching_crew', { jobId: role.jobId, roleId: role.roleId });
    expect(found.isError, found.text).toBe(false);
    expect(found.data.role).toMatchObject({ jobId: role.jobId, roleId: role.roleId, open: role.open });
    // Every ACTIVE or APPROVED member of the 300 was considered, the generated ones too.
    const listed = await callTool(client, 'list_crew', { status: ['ACTIVE', 'APPROVED'], perPage: 1 });
    expect(found.data.considered).toBe(listed.data.page.totalCount);
    const all = await callTool(client, 'list_crew', { perPage: 1 });
    expect(all.data.page.totalCount).toBe(CREW);
    expect(found.text).toMatch(new RegExp(`^Role ${role.roleId} `));
  });
});
