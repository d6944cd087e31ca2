// A live platform over https, as a real one is: the platform client loads node:https on its first
// https:// request, not at start (src/platform/wire.ts). Through the built CLI over stdio, a test
// sandbox behind a TLS proxy (its certificate trusted as an operator's CA would be) answers the
// token request, the introspection that checks every tool, and a tool call.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { callTool, spawnStdio } from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { selfSignedCertificate, startTlsProxy, type TlsProxy } from '../helpers/tls.js';

let dir: string;
let sandbox: RunningSandbox;
let proxy: TlsProxy;
let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crew-https-platform-'));
  const { keyFile, certFile } = selfSignedCertificate(dir);
  sandbox = await startTestSandbox();
  proxy = await startTlsProxy(await readFile(keyFile), await readFile(certFile));
  proxy.target = sandbox.baseUrl;
  ({ client, close } = await spawnStdio([], {
    CREW_CLIENT_ID: 'demo-admin',
    CREW_CLIENT_SECRET: 'demo-admin-secret',
    CREW_AUTH_URL: proxy.url,
    CREW_REALM: sandbox.realm,
    CREW_API_URL: proxy.url,
    NODE_EXTRA_CA_CERTS: certFile,
  }));
}, 60_000);

afterAll(async () => {
  await close?.();
  await proxy?.close();
  await sandbox?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('gets its token, checks its tools against the introspected schema and calls one, all over https', async () => {
  sandbox.resetStats();
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain('get_crew');
  const listed = await callTool(client, 'list_crew', {});
  expect(listed.isError, listed.text).toBe(false);
  const crewId = listed.data.crew[0].id as string;
  const one = await callTool(client, 'get_crew', { crewId });
  expect(one.isError, one.text).toBe(false);
  expect(one.data.crew.id).toBe(crewId);
  expect(sandbox.stats.graphqlRequests).toBe(2);
});
