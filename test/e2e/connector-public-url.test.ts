// The hosted connector behind a TLS-terminating proxy that forwards only Host (the README's nginx
// block without X-Forwarded-Proto), with --public-url (issue 34): every URL the connector writes
// comes from the public URL, so the consent's return goes to https, a client connects end to
// end, and the startup banner gives clients the public URL and names it as the issuer. Restarted,
// the connector's embedded sandbox keeps its port (kept in the data dir), so the client's grant,
// which names the sandbox by URL, goes on working.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/chromium.js';
import { CLI } from '../helpers/mcp.js';
import { connectThroughOAuth, TestOAuthClient } from '../helpers/oauth-client.js';
import { selfSignedCertificate, startTlsProxy, type TlsProxy } from '../helpers/tls.js';

let dir: string;
let proxy: TlsProxy;
let publicUrl: string;
let browser: Browser;
let child: ReturnType<typeof spawn>;
let banner = '';
let stderr = '';
const tlsCheck = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
const storeKey = randomBytes(32).toString('base64');

/** The connector on a port of its own, behind the proxy; resolves once its banner is out. */
async function startConnector(): Promise<void> {
  banner = '';
  child = spawn(
    process.execPath,
    [CLI, 'http', '--auth', 'connector', '--port', '0', '--data-dir', dir, '--public-url', publicUrl],
    {
      env: { PATH: process.env.PATH, HOME: dir, CREW_STORE_KEY: storeKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      banner += String(chunk);
      const bound = /serving MCP at http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(banner);
      if (bound && banner.includes('Press Ctrl+C')) {
        proxy.target = `http://127.0.0.1:${bound[1]}`;
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`crew-mcp exited ${code}: ${stderr}`)));
  });
}

async function stopConnector(): Promise<void> {
  const exited = new Promise((resolve) =>
    child?.exitCode !== null ? resolve(null) : child.once('exit', resolve),
  );
  child?.kill('SIGTERM');
  await exited;
}

const sandboxUrlOf = (text: string) => /default: the embedded sandbox at (\S+),/.exec(text)?.[1];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crew-public-url-'));
  const { keyFile, certFile } = selfSignedCertificate(dir);
  // TLS ends here; the request goes on as plain HTTP with the client's Host and nothing else added.
  proxy = await startTlsProxy(await readFile(keyFile), await readFile(certFile), false);
  publicUrl = proxy.url;
  // The test's own client (the SDK's fetch) and the browser trust the proxy's certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    headless: true,
  });
  await startConnector();
}, 240_000);

afterAll(async () => {
  if (tlsCheck === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsCheck;
  await stopConnector();
  await browser?.close();
  await proxy?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('the banner gives clients the public URL and names it as the issuer', () => {
  expect(banner).toContain(`(public URL ${publicUrl}/mcp)`);
  expect(banner).toContain(`claude mcp add --transport http crew ${publicUrl}/mcp`);
  expect(banner).toContain(`"url": "${publicUrl}/mcp"`);
  expect(banner).toContain(`authorization server (issuer ${publicUrl})`);
});

it('a client connects end to end through a proxy that forwards only Host, and stays connected across a restart', async () => {
  const provider = new TestOAuthClient();
  const { client } = await connectThroughOAuth(`${publicUrl}/mcp`, provider, browser, {
    clientId: 'demo-admin',
    secret: 'demo-admin-secret',
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}; crew-mcp said: ${stderr.slice(-2000)}`);
  });
  try {
    const result = await client.callTool({ name: 'list_crew', arguments: {} });
    expect(result.isError).toBeFalsy();
  } finally {
    await client.close();
  }
  // Restarted on another port of its own, the connector's embedded sandbox keeps its address
  // (the grant names it), so the same client's token is served, with no new connection.
  const sandboxBefore = sandboxUrlOf(banner);
  expect(sandboxBefore).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await stopConnector();
  await startConnector();
  expect(sandboxUrlOf(banner)).toBe(sandboxBefore);
  const again = new Client({ name: 'crew-mcp-test', version: '1.0.0' });
  await again.connect(
    new StreamableHTTPClientTransport(new URL(`${publicUrl}/mcp`), { authProvider: provider }),
  );
  try {
    const result = await again.callTool({ name: 'list_crew', arguments: {} });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  } finally {
    await again.close();
  }
}, 240_000);
