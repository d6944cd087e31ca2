// Limits of the HTTP endpoint under bounded floods, through the built CLI: the per-client rate
// limit (429 with Retry-After, other clients unaffected, failed logins counted too), and the cap
// on 2025-era sessions per client (one client's initialize flood closes only its own sessions;
// nobody can use another client's session id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJsonRpc, type SpawnedHttp, secretsIn, spawnHttp } from '../helpers/mcp.js';

const ALICE = `alice-${'a1'.repeat(20)}`;
const BOB = `bob-${'b2'.repeat(20)}`;
const MALLORY = `mallory-${'m3'.repeat(20)}`;

const post = postJsonRpc;

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
};

/** Open a 2025-era session (initialize + initialized); returns its id. */
async function openSession(url: string, token: string): Promise<string> {
  const response = await post(url, initialize, token);
  expect(response.status).toBe(200);
  const id = response.headers.get('mcp-session-id') as string;
  await response.text();
  await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, token, id)).text();
  return id;
}

async function listToolsStatus(url: string, token: string, sessionId: string): Promise<number> {
  const response = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, token, sessionId);
  await response.text();
  return response.status;
}

describe('per-client rate limit', () => {
  let server: SpawnedHttp;
  beforeAll(async () => {
    server = await spawnHttp(['--auth', 'bearer', '--rate-limit', '60'], {
      CREW_AUTH_TOKENS: `alice:${ALICE},bob:${BOB}`,
    });
  });
  afterAll(async () => {
    await server?.close();
    expect(secretsIn(server.stdout() + server.stderr(), [ALICE, BOB])).toEqual([]);
  });

  it('answers 429 with Retry-After past a burst of ten seconds worth, per client', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const flood = await Promise.all(Array.from({ length: 30 }, () => post(server.mcpUrl, ping, ALICE)));
    const limited = flood.filter((response) => response.status === 429);
    // 60 a minute holds 10 at once; one more refills each second the flood takes on a busy machine.
    expect(limited.length).toBeGreaterThanOrEqual(15);
    expect(limited.length).toBeLessThanOrEqual(20);
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited[0]?.json()).toMatchObject({ error: 'rate_limited' });
    await Promise.all(flood.map((response) => response.text().catch(() => '')));
    // Bob is another client: his requests still go through.
    expect((await post(server.mcpUrl, ping, BOB)).status).not.toBe(429);
  });

  it('counts failed attempts by address, so guessing tokens is limited too', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'ping' }, `guess-${i}`),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(15);
    expect(statuses).toContain(429);
  });
});

describe('behind a trusted load balancer (--trusted-proxies)', () => {
  let server: SpawnedHttp;
  beforeAll(async () => {
    server = await spawnHttp(['--auth', 'bearer', '--rate-limit', '60', '--trusted-proxies', '127.0.0.1'], {
      CREW_AUTH_TOKENS: `alice:${ALICE}`,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A request as the balancer forwards it for `client`, with `token`. */
  const forwarded = (client: string, token: string) =>
    fetch(server.mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': client,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });

  it("limits one client's guesses by its own address: others behind the balancer still get their 401", async () => {
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => forwarded('203.0.113.5', `guess-${i}`)),
    );
    const statuses = guesses.map((response) => response.status);
    await Promise.all(guesses.map((response) => response.text()));
    expect(statuses).toContain(429);
    // Another address, through the same balancer: its discovery request is answered, not refused.
    const other = await forwarded('203.0.113.6', 'not-a-token');
    expect(other.status).toBe(401);
    expect(other.headers.get('www-authenticate')).toMatch(/^Bearer /);
    // The guesser cannot escape by writing another address on the left of the header.
    const spoofed = await forwarded('198.51.100.9, 203.0.113.5', 'guess-again');
    expect(spoofed.status).toBe(429);
  });
});

describe('2025-era sessions per client', () => {
  let server: SpawnedHttp;
  beforeAll(async () => {
    server = await spawnHttp(['--auth', 'bearer', '--max-sessions-per-client', '3', '--rate-limit', '0'], {
      CREW_AUTH_TOKENS: `alice:${ALICE},mallory:${MALLORY}`,
    });
  });
  afterAll(async () => {
    await server?.close();
    expect(secretsIn(server.stdout() + server.stderr(), [ALICE, MALLORY])).toEqual([]);
  });

  it("a flood of initialize from one client closes only that client's own oldest sessions", async () => {
    const alices = [await openSession(server.mcpUrl, ALICE), await openSession(server.mcpUrl, ALICE)];
    const mallorys: string[] = [];
    for (let i = 0; i < 12; i++) mallorys.push(await openSession(server.mcpUrl, MALLORY));
    for (const id of alices) expect(await listToolsStatus(server.mcpUrl, ALICE, id)).toBe(200);
    const alive = [];
    for (const id of mallorys) alive.push(await listToolsStatus(server.mcpUrl, MALLORY, id));
    expect(alive.slice(-3)).toEqual([200, 200, 200]);
    expect(alive.slice(0, -3).every((status) => status === 404)).toBe(true);
  });

  it("a client cannot use another client's session id", async () => {
    const alices = await openSession(server.mcpUrl, ALICE);
    const stolen = await post(
      server.mcpUrl,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      MALLORY,
      alices,
    );
    expect(stolen.status).toBe(404);
    expect(await stolen.text()).toMatch(/Session not found/);
    expect(await listToolsStatus(server.mcpUrl, ALICE, alices)).toBe(200);
  });

  it('keeps the body limit: over 4 MiB is 413', async () => {
    const big = { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4 * 1024 * 1024) } };
    const response = await post(server.mcpUrl, big, ALICE);
    expect(response.status).toBe(413);
  });
});
