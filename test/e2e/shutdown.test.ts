// Graceful shutdown through the built CLI, with the platform slowed down (a sandbox in this
// process, reached as a live platform): SIGTERM stops new calls, lets the ones in flight finish
// within --shutdown-timeout-ms, answers those it must cut (a write says its outcome is unknown and
// how to check), and exits 0; over HTTP and over stdio.
import { once } from 'node:events';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { connectHttp, secretsIn, spawnHttp, spawnStdio, textOf } from '../helpers/mcp.js';
import { gql, startTestSandbox } from '../helpers/sandbox.js';

let sandbox: RunningSandbox;
let live: Record<string, string>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  live = {
    CREW_CLIENT_ID: 'demo-admin',
    CREW_CLIENT_SECRET: 'demo-admin-secret',
    CREW_AUTH_URL: sandbox.authUrl,
    CREW_REALM: 'sandbox',
    CREW_API_URL: sandbox.baseUrl,
    CREW_LOG_LEVEL: 'info',
  };
});

afterAll(() => sandbox?.close());

const job = (title: string) => ({
  jobs: [
    {
      boardId: '100',
      title,
      date: '2027-01-15',
      timezone: 'Europe/London',
      roles: [{ title: 'Steward', startTime: '2027-01-15T10:00', endTime: '2027-01-15T14:00', payRate: 15 }],
    },
  ],
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The titles of these jobs as the platform holds them (read directly, not through the server). */
async function titlesOf(jobIds: string[]): Promise<string[]> {
  sandbox.setFaults({ latencyMs: 0 });
  const answer = await gql(
    sandbox,
    'query($ids: [ID!]) { companyJobs(input: { filter: { jobIds: $ids } }) { paginatedList { title } } }',
    { ids: jobIds },
  );
  return answer.body.data.companyJobs.paginatedList.map((found: { title: string }) => found.title);
}

const createdIds = (result: { structuredContent?: unknown }) =>
  (result.structuredContent as { jobs: { id: string }[] }).jobs.map((created) => created.id);

describe('SIGTERM over HTTP', () => {
  it('finishes a slow write in flight, refuses new requests meanwhile, and exits 0', async () => {
    const server = await spawnHttp([], live);
    const client = await connectHttp(server.mcpUrl, 'modern');
    sandbox.setFaults({ latencyMs: 700 });
    const call = client.callTool({ name: 'create_jobs', arguments: job('Finished at shutdown') });
    await sleep(300);
    const exited = once(server.process, 'exit');
    server.process.kill('SIGTERM');
    await sleep(100);
    const late = await fetch(server.mcpUrl, { method: 'POST', body: '{}' }).then(
      (response) => response.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    const result = await call;
    expect(result.isError, textOf(result)).toBeFalsy();
    const [code] = await exited;
    expect(code).toBe(0);
    expect(await titlesOf(createdIds(result))).toEqual(['Finished at shutdown']);
    expect(server.stderr()).toMatch(/"finished":1,"cut":0/);
    expect(secretsIn(server.stdout() + server.stderr(), ['demo-admin-secret'])).toEqual([]);
    await client.close().catch(() => undefined);
  }, 30_000);

  it('cuts a write that outlasts the bound, saying its outcome is unknown and how to check', async () => {
    const server = await spawnHttp(['--shutdown-timeout-ms', '500'], live);
    const client = await connectHttp(server.mcpUrl, 'legacy');
    sandbox.setFaults({ latencyMs: 5000 });
    const write = client.callTool({ name: 'create_jobs', arguments: job('Cut at shutdown') });
    const read = client.callTool({ name: 'list_crew', arguments: { perPage: 1 } });
    await sleep(300);
    const exited = once(server.process, 'exit');
    server.process.kill('SIGTERM');
    const [cutWrite, cutRead] = await Promise.all([write, read]);
    expect(cutWrite.isError).toBe(true);
    expect(textOf(cutWrite)).toMatch(
      /crew-mcp shut down before create_jobs finished: whether the change reached the platform is unknown\. Check with list_jobs/,
    );
    expect(cutRead.isError).toBe(true);
    expect(textOf(cutRead)).toMatch(/shut down before list_crew finished; nothing was changed/);
    const [code] = await exited;
    expect(code).toBe(0);
    expect(server.stderr()).toMatch(/"audit":true.*"tool":"create_jobs","outcome":"cut by shutdown"/);
    expect(secretsIn(server.stdout() + server.stderr(), ['demo-admin-secret'])).toEqual([]);
    sandbox.setFaults({ latencyMs: 0 });
    await client.close().catch(() => undefined);
  }, 30_000);
});

describe('SIGTERM over stdio', () => {
  it('finishes a slow call in flight, answers it on stdout, and exits 0', async () => {
    const { client, close } = await spawnStdio([], live);
    // biome-ignore lint/suspicious/noExplicitAny: the transport's child process
    const transport = (client as any)._transport;
    const child = transport._process as import('node:child_process').ChildProcess;
    let stderr = '';
    (transport.stderr as NodeJS.ReadableStream).on('data', (chunk) => {
      stderr += chunk;
    });
    sandbox.setFaults({ latencyMs: 700 });
    const call = (client as Client).callTool({ name: 'create_jobs', arguments: job('Finished over stdio') });
    await sleep(300);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const result = await call;
    expect(result.isError, textOf(result)).toBeFalsy();
    const [code] = await exited;
    expect(code).toBe(0);
    expect(await titlesOf(createdIds(result))).toEqual(['Finished over stdio']);
    expect(stderr).toMatch(/"reason":"SIGTERM","finished":1,"cut":0/);
    expect(secretsIn(stderr, ['demo-admin-secret'])).toEqual([]);
    await close().catch(() => undefined);
  }, 30_000);
});
