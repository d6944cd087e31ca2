// The authenticated HTTP endpoint end to end, through the built CLI and real MCP clients: a
// non-loopback bind without auth refused; bearer and oauth modes accept a valid token and refuse
// a missing, wrong, expired, foreign or wrong-audience one with 401 and the right challenge; the
// Protected Resource Metadata document; a read-scope token sees no write tool and gets 403
// insufficient_scope for one; the audit line of a write; the client's token never reaching the
// platform; and no secret in any output.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWriteTool } from '../../src/mcp/define-tool.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { allTools } from '../../tools/index.js';
import { forward } from '../helpers/forward.js';
import { startIssuer, type TestIssuer } from '../helpers/issuer.js';
import {
  CLI,
  connectHttp,
  postJsonRpc,
  type SpawnedHttp,
  secretsIn,
  spawnHttp,
  textOf,
} from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';

const ALICE = `alice-${'a1'.repeat(20)}`;
const READER = `reader-${'r2'.repeat(20)}`;
const WRITE_TOOLS = allTools.filter(isWriteTool).map((tool) => tool.name);

const post = postJsonRpc;

const callCreateJobs = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'create_jobs', arguments: {} },
};
const toolNames = async (client: Awaited<ReturnType<typeof connectHttp>>) =>
  (await client.listTools()).tools.map((tool) => tool.name);

/** Every output of a spawned server must be free of these. */
function expectNoSecrets(server: SpawnedHttp, secrets: string[]): void {
  expect(secretsIn(server.stdout() + server.stderr(), secrets)).toEqual([]);
}

describe('--auth none', () => {
  it('refuses a non-loopback bind with exit 2, saying how to enable auth', () => {
    const run = spawnSync(process.execPath, [CLI, 'http', '--host', '0.0.0.0'], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /--host 0\.0\.0\.0 would serve \/mcp to other machines without authentication/,
    );
    expect(run.stderr).toMatch(/--auth bearer .*--auth oauth/);
    expect(run.stdout).toBe('');
  });
});

describe('--auth bearer', () => {
  it('refuses a weak or unreadable token configuration with exit 2, never printing a token', () => {
    const weak = spawnSync(process.execPath, [CLI, 'http', '--auth', 'bearer', '--port', '0'], {
      env: {
        PATH: process.env.PATH ?? '',
        CREW_LOG_LEVEL: 'silent',
        CREW_AUTH_TOKENS: 'ci:guessable-secret',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(weak.status).toBe(2);
    expect(weak.stderr).toMatch(
      /CREW_AUTH_TOKENS, entry 1 \("ci"\): the token must be at least 32 characters/,
    );
    expect(weak.stderr + weak.stdout).not.toContain('guessable-secret');
    const missing = spawnSync(
      process.execPath,
      [CLI, 'http', '--auth', 'bearer', '--auth-tokens-file', '/nonexistent/tokens', '--port', '0'],
      { env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 20_000 },
    );
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--auth-tokens-file \/nonexistent\/tokens: cannot read it/);
  });

  let server: SpawnedHttp;
  beforeAll(async () => {
    server = await spawnHttp(['--auth', 'bearer'], {
      CREW_AUTH_TOKENS: `alice:${ALICE},reader:${READER}:read-only`,
      CREW_LOG_LEVEL: 'info',
    });
  });
  afterAll(async () => {
    await server?.close();
    expectNoSecrets(server, [ALICE, READER, 'demo-admin-secret']);
  });

  it('refuses a missing or wrong token with 401 and a Bearer challenge', async () => {
    const missing = await post(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const wrong = await post(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'ping' }, `${ALICE}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_token' });
    const basic = await fetch(server.mcpUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${ALICE}` },
    });
    expect(basic.status).toBe(401);
  });

  it('serves a valid token in both eras, with every tool', async () => {
    for (const era of ['legacy', 'modern'] as const) {
      const client = await connectHttp(server.mcpUrl, era, ALICE);
      try {
        const names = await toolNames(client);
        for (const name of WRITE_TOOLS) expect(names, era).toContain(name);
        const jobs = await client.callTool({ name: 'list_jobs', arguments: { perPage: 1 } });
        expect(jobs.isError, textOf(jobs)).toBeFalsy();
      } finally {
        await client.close();
      }
    }
  });

  it('a read-only token lists no write tool and gets 403 insufficient_scope for one', async () => {
    for (const era of ['legacy', 'modern'] as const) {
      const client = await connectHttp(server.mcpUrl, era, READER);
      try {
        const names = await toolNames(client);
        expect(names).toContain('list_jobs');
        for (const name of [...WRITE_TOOLS, 'list_webhooks']) expect(names, era).not.toContain(name);
      } finally {
        await client.close();
      }
    }
    const denied = await post(server.mcpUrl, callCreateJobs, READER);
    expect(denied.status).toBe(403);
    expect(denied.headers.get('www-authenticate')).toMatch(
      /^Bearer error="insufficient_scope", error_description="create_jobs needs the scope crew-mcp:write.*", scope="crew-mcp:write"$/,
    );
  });

  it('logs one audit line per write call, with who, the tool and the outcome, and no arguments', async () => {
    const client = await connectHttp(server.mcpUrl, 'modern', ALICE);
    try {
      const result = await client.callTool({
        name: 'create_webhook',
        arguments: {
          url: 'http://127.0.0.1:9/audit',
          events: ['job.created'],
          secret: 'audited-webhook-secret',
        },
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      await client.callTool({ name: 'delete_webhook', arguments: { id: 'no-such-hook' } });
    } finally {
      await client.close();
    }
    const audit = server
      .stderr()
      .split('\n')
      .filter((line) => line.includes('"audit":true'))
      .map((line) => JSON.parse(line));
    expect(audit).toContainEqual(
      expect.objectContaining({
        who: 'alice',
        tool: 'create_webhook',
        outcome: 'ok',
        msg: 'write tool call',
      }),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({ who: 'alice', tool: 'delete_webhook', outcome: 'error: not_found' }),
    );
    expect(server.stderr()).not.toContain('audited-webhook-secret');
    expect(server.stderr()).not.toContain('127.0.0.1:9/audit');
  });
});

/** A recording reverse proxy in front of the sandbox: what the server sent to "the platform". */
async function startRecordingProxy(
  target: string,
): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push(`${req.headers.authorization ?? ''} ${body.toString('utf8')}`);
      const upstream = new URL(req.url ?? '/', target);
      forward(upstream, req, res, { ...req.headers, host: upstream.host }).end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  };
}

describe('--auth oauth', () => {
  let issuer: TestIssuer;
  let sandbox: RunningSandbox;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let server: SpawnedHttp;
  const everything = 'crew-mcp:read crew-mcp:write crew-mcp:webhooks';

  beforeAll(async () => {
    issuer = await startIssuer();
    sandbox = await startTestSandbox();
    proxy = await startRecordingProxy(sandbox.baseUrl);
    // A "live" platform reached through the recording proxy.
    server = await spawnHttp(['--auth', 'oauth', '--oauth-issuer', issuer.issuer], {
      CREW_CLIENT_ID: 'demo-admin',
      CREW_CLIENT_SECRET: 'demo-admin-secret',
      CREW_AUTH_URL: proxy.url,
      CREW_REALM: 'sandbox',
      CREW_API_URL: proxy.url,
      CREW_LOG_LEVEL: 'info',
    });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await sandbox?.close();
    await issuer?.close();
  });

  it('with --public-url, the banner and the metadata name the public URL as the resource and the audience', async () => {
    const behindProxy = await spawnHttp(
      ['--auth', 'oauth', '--oauth-issuer', issuer.issuer, '--public-url', 'https://crew.example.com'],
      {
        CREW_CLIENT_ID: 'demo-admin',
        CREW_CLIENT_SECRET: 'demo-admin-secret',
        CREW_AUTH_URL: proxy.url,
        CREW_REALM: 'sandbox',
        CREW_API_URL: proxy.url,
      },
    );
    try {
      const banner = behindProxy.stdout();
      expect(banner).toContain(
        `oauth: JWTs of ${issuer.issuer} with the audience https://crew.example.com/mcp`,
      );
      expect(banner).toContain('claude mcp add --transport http crew https://crew.example.com/mcp --header');
      expect(banner).not.toMatch(/Inspector.*127\.0\.0\.1/);
      const metadata = await fetch(`${behindProxy.baseUrl}/.well-known/oauth-protected-resource/mcp`);
      const resource = (await metadata.json()) as { resource: string };
      expect(resource.resource).toBe('https://crew.example.com/mcp');
    } finally {
      await behindProxy.close();
    }
  });

  it('serves the Protected Resource Metadata (RFC 9728), at the bare and the path-aware location', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toEqual({
        resource: server.mcpUrl,
        authorization_servers: [issuer.issuer],
        scopes_supported: ['crew-mcp:read', 'crew-mcp:write', 'crew-mcp:webhooks'],
        resource_name: 'crew-mcp (crew staffing)',
      });
    }
    const metadata = await (await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({ issuer: issuer.issuer, jwks_uri: issuer.jwksUrl });
  });

  it('answers 401 with a challenge pointing at the metadata for a missing, expired, foreign or wrong-audience token', async () => {
    const challenge = `resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/mcp"`;
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const cases: [string | undefined, RegExp][] = [
      [undefined, /Missing Authorization header/],
      [await issuer.sign(server.mcpUrl, { scope: everything, expiresIn: -120 }), /Token has expired/],
      [
        await issuer.sign('https://other.example.com/mcp', { scope: everything }),
        /not issued for this resource/,
      ],
      [
        await issuer.sign(server.mcpUrl, { scope: everything }, { foreignKey: true }),
        /signature is not valid/,
      ],
      [
        await issuer.sign(server.mcpUrl, { scope: everything, iss: 'https://evil.example.com' }),
        /expected issuer/,
      ],
      ['not-a-jwt', /not a valid JWT/],
    ];
    for (const [token, reason] of cases) {
      const response = await post(server.mcpUrl, ping, token);
      expect(response.status, String(reason)).toBe(401);
      const header = response.headers.get('www-authenticate') ?? '';
      expect(header).toMatch(/^Bearer error="invalid_token"/);
      expect(header).toContain(challenge);
      expect(header).toMatch(reason);
    }
    // A real token of the platform's own issuer (the sandbox's RS256 JWKS) is foreign here too.
    const platformToken = (await (
      await fetch(sandbox.tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: 'demo-admin',
          client_secret: 'demo-admin-secret',
        }),
      })
    ).json()) as { access_token: string };
    expect((await post(server.mcpUrl, ping, platformToken.access_token)).status).toBe(401);
  });

  it('accepts a valid token in both eras and never sends it to the platform', async () => {
    const token = await issuer.sign(server.mcpUrl, { scope: everything });
    for (const era of ['legacy', 'modern'] as const) {
      const client = await connectHttp(server.mcpUrl, era, token);
      try {
        expect(await toolNames(client)).toContain('create_jobs');
        const crew = await client.callTool({ name: 'list_crew', arguments: { perPage: 2 } });
        expect(crew.isError, textOf(crew)).toBeFalsy();
      } finally {
        await client.close();
      }
    }
    expect(proxy.seen.length).toBeGreaterThan(0);
    for (const request of proxy.seen) expect(request).not.toContain(token);
    expectNoSecrets(server, [token, 'demo-admin-secret']);
  });

  it('a read-scope token lists only read tools, and a write call is 403 insufficient_scope', async () => {
    const token = await issuer.sign(server.mcpUrl, { scope: 'crew-mcp:read', sub: 'viewer@example.com' });
    const client = await connectHttp(server.mcpUrl, 'modern', token);
    try {
      const tools = (await client.listTools()).tools;
      expect(tools.length).toBeGreaterThan(3);
      for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tools.map((tool) => tool.name)).not.toContain('list_webhooks');
    } finally {
      await client.close();
    }
    const denied = await post(server.mcpUrl, callCreateJobs, token);
    expect(denied.status).toBe(403);
    const header = denied.headers.get('www-authenticate') ?? '';
    expect(header).toMatch(/^Bearer error="insufficient_scope"/);
    expect(header).toContain('scope="crew-mcp:write"');
    expect(header).toContain(
      `resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    // A token without even the read scope sees nothing it could read.
    const webhooksOnly = await issuer.sign(server.mcpUrl, { scope: 'crew-mcp:webhooks' });
    const admin = await connectHttp(server.mcpUrl, 'legacy', webhooksOnly);
    try {
      expect((await toolNames(admin)).sort()).toEqual(['create_webhook', 'delete_webhook', 'list_webhooks']);
    } finally {
      await admin.close();
    }
  });
});
