// The hosted connector through the built CLI (the bundle, with PGlite's files and oidc-provider)
// and a client registered by client ID metadata document: the document is served over https from
// 127.0.0.1 with a certificate made here, which the CLI trusts through NODE_EXTRA_CA_CERTS, and
// fetched only because the CLI binds loopback and was given --connector-allow-loopback-client-metadata.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { CLI } from '../helpers/mcp.js';
import { connectThroughOAuth, REDIRECT_URL, TestOAuthClient } from '../helpers/oauth-client.js';
import { selfSignedCertificate } from '../helpers/tls.js';

let dir: string;
let documents: Server;
let documentUrl: string;
let browser: Browser;
let child: ReturnType<typeof spawn>;
let mcpUrl: string;
let stderr = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crew-connector-cli-'));
  const { keyFile, certFile } = selfSignedCertificate(dir);
  documents = createServer({ key: await readFile(keyFile), cert: await readFile(certFile) }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        client_id: documentUrl,
        client_name: 'Metadata document client',
        redirect_uris: [REDIRECT_URL],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentUrl = `https://127.0.0.1:${(documents.address() as AddressInfo).port}/client.json`;
  browser = await launchChromium();
  child = spawn(
    process.execPath,
    [
      CLI,
      'http',
      '--auth',
      'connector',
      '--port',
      '0',
      '--data-dir',
      dir,
      '--connector-allow-loopback-client-metadata',
    ],
    {
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        CREW_STORE_KEY: randomBytes(32).toString('base64'),
        NODE_EXTRA_CA_CERTS: certFile,
        CREW_LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  mcpUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += String(chunk);
      const found = /serving MCP at (\S+)/.exec(out);
      if (found) resolve(found[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`crew-mcp exited ${code}: ${stderr}`)));
  });
}, 240_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((resolve) => (child?.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  await browser?.close();
  documents?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

// Through the bundle on purpose: bundled with syntax minifying, oidc-provider's model classes lost
// their names, by which it looks up each token's lifetime, and its access tokens had no expiry,
// which the SDK's bearer check refuses (401 on the first /mcp call); scripts/bundle-cli.mjs keeps them.
it('registers a client by its metadata document and serves the sandbox tenant through the built CLI', async () => {
  const provider = new TestOAuthClient(documentUrl);
  const shown: Record<string, string> = {};
  const { client } = await connectThroughOAuth(mcpUrl, provider, browser, {
    clientId: 'demo-admin',
    secret: 'demo-admin-secret',
    async inspect(page, step) {
      shown[step] = await page.locator('main').innerText();
    },
  }).catch((error: unknown) => {
    throw new Error(
      `${String(error)}; authorized: ${Boolean(provider.authorizationUrl)}, tokens: ${Boolean(provider.saved)}, client: ${provider.info?.client_id}; crew-mcp said: ${stderr.slice(-3000)}`,
    );
  });
  // No registration happened: the client id is the document's URL.
  expect(provider.info?.client_id).toBe(documentUrl);
  // Both pages name the domain that vouches for the client and where its code goes; no warning.
  for (const step of ['connect', 'consent']) {
    expect(shown[step]).toContain('Metadata document client (verified by 127.0.0.1:');
    expect(shown[step]).toContain(`publishes this application's name and return addresses at ${documentUrl}`);
    expect(shown[step]).toContain(
      `After you allow, you go back to an application on this computer, at ${REDIRECT_URL}.`,
    );
    expect(shown[step]).not.toContain('Warning');
  }
  // The sandbox's demo key, for a person trying it (no platform was named).
  expect(shown.connect).toContain('Its demo key: client id demo-admin, secret demo-admin-secret.');
  const result = await client.callTool({ name: 'list_crew', arguments: {} });
  expect(result.isError).toBeFalsy();
  await client.close();
  expect(stderr).not.toContain('demo-admin-secret');
}, 180_000);
