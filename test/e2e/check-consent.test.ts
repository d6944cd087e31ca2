// `crew-mcp check --auth connector --public-url URL` follows the connect flow through the public
// URL as a client's browser does (issue 34 item 3), behind a TLS proxy that forwards only Host
// (the README's nginx block without X-Forwarded-Proto): a connector started without --public-url
// writes its consent's return as http://, which the check names with the setting to fix and exits
// 1; the same connector started with --public-url passes, its redirects on the public URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI, runCli } from '../helpers/mcp.js';
import { selfSignedCertificate, startTlsProxy, type TlsProxy } from '../helpers/tls.js';

let dir: string;
let certFile: string;
let proxy: TlsProxy;
let child: ChildProcess | undefined;
const storeKey = randomBytes(32).toString('base64');

/** The connector behind the proxy (with `args`); resolves once it serves. */
async function startConnector(args: string[]): Promise<void> {
  let out = '';
  let stderr = '';
  child = spawn(
    process.execPath,
    [CLI, 'http', '--auth', 'connector', '--port', '0', '--data-dir', dir, ...args],
    {
      env: { PATH: process.env.PATH, HOME: dir, CREW_STORE_KEY: storeKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    child?.stdout?.on('data', (chunk) => {
      out += String(chunk);
      const bound = /serving MCP at http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(out);
      if (bound && out.includes('Press Ctrl+C')) {
        proxy.target = `http://127.0.0.1:${bound[1]}`;
        resolve();
      }
    });
    child?.once('exit', (code) => reject(new Error(`crew-mcp exited ${code}: ${stderr}`)));
  });
}

async function stopConnector(): Promise<void> {
  const running = child;
  child = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

/** The doctor as an operator runs it, trusting the proxy's certificate as a client would. */
const check = () =>
  runCli(
    ['check', '--auth', 'connector', '--data-dir', dir, '--public-url', proxy.url],
    { CREW_STORE_KEY: storeKey, HOME: dir, NODE_EXTRA_CA_CERTS: certFile },
    120_000,
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crew-check-consent-'));
  const certificate = selfSignedCertificate(dir);
  certFile = certificate.certFile;
  // TLS ends here; the request goes on as plain HTTP with the client's Host and nothing else added.
  proxy = await startTlsProxy(
    await readFile(certificate.keyFile),
    await readFile(certificate.certFile),
    false,
  );
}, 60_000);

afterAll(async () => {
  await stopConnector();
  await proxy?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('fails, naming --public-url, when the consent redirect leaves the public URL', async () => {
  await startConnector([]);
  try {
    const run = await check();
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const line = run.stdout.split('\n').find((text) => text.includes('consent redirect')) ?? '';
    expect(line).toMatch(/^ {2}FAIL consent redirect: /);
    expect(line).toContain(`off the public URL ${proxy.url}`);
    expect(line).toMatch(/redirects to http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\//);
    expect(line).toContain('--public-url (CREW_PUBLIC_URL)');
  } finally {
    await stopConnector();
  }
}, 240_000);

it('passes when the connector writes every redirect from --public-url', async () => {
  await startConnector(['--public-url', proxy.url]);
  try {
    const run = await check();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `  ok  consent redirect: followed through ${proxy.url}: authorization, connect page, consent's return (/oauth/authorize/<uid>), back to the client`,
    );
  } finally {
    await stopConnector();
  }
}, 240_000);
