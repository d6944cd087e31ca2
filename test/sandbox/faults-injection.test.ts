// Fault injection [contract: rate limits; sandbox faults]: latency, 503s, dropped connections,
// the per-client rate limit with Retry-After, a down token endpoint, short-lived tokens.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FAULTS, FaultInjector, seededRandom } from '../../src/sandbox/faults.js';
import type { RunningSandbox, SandboxOptions } from '../../src/sandbox/types.js';
import { fetchToken, readJson, rest, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  sb = await startTestSandbox(options);
  return sb;
}

const listWebhooks = (s: RunningSandbox, clientId = 'demo-admin') =>
  rest(s, 'GET', '/rest/webhooks', { clientId });

describe('faults: latency', () => {
  it('latencyMs delays GraphQL and REST answers', async () => {
    const s = await start({ faults: { latencyMs: 300 } });
    await fetchToken(s);
    const started = Date.now();
    await listWebhooks(s);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    s.setFaults({ latencyMs: 0 });
    const again = Date.now();
    await listWebhooks(s);
    expect(Date.now() - again).toBeLessThan(250);
  });
});

describe('faults: errorRate', () => {
  it('errorRate 1 answers every API request with 503 JSON; 0 stops it', async () => {
    const s = await start({ faults: { errorRate: 1 } });
    const failed = await listWebhooks(s);
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: expect.any(String) });
    s.setFaults({ errorRate: 0 });
    expect((await listWebhooks(s)).status).toBe(200);
  });

  it('errorRate decisions come from the injected random source', async () => {
    const draws = [0.1, 0.9, 0.4, 0.6];
    let i = 0;
    const s = await start({ faults: { errorRate: 0.5 }, random: () => draws[i++ % draws.length]! });
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) statuses.push((await listWebhooks(s)).status);
    expect(statuses).toEqual([503, 200, 503, 200]);
  });

  it('errorRate decisions are deterministic for a seed', async () => {
    const sequence = async (): Promise<number[]> => {
      const s = await startTestSandbox({ faults: { errorRate: 0.5 }, seed: 7 });
      try {
        const statuses: number[] = [];
        for (let n = 0; n < 8; n++) statuses.push((await listWebhooks(s)).status);
        return statuses;
      } finally {
        await s.close();
      }
    };
    const first = await sequence();
    expect(first).toContain(503);
    expect(first).toContain(200);
    expect(await sequence()).toEqual(first);
  });
});

describe('faults: dropRate', () => {
  it('dropRate 1 destroys the connection without an answer', async () => {
    const s = await start({ faults: { dropRate: 1 } });
    const token = await fetchToken(s);
    await expect(
      fetch(`${s.baseUrl}/rest/webhooks`, { headers: { authorization: `Bearer ${token}` } }),
    ).rejects.toThrow();
    s.setFaults({ dropRate: 0 });
    expect((await listWebhooks(s)).status).toBe(200);
  });
});

describe('faults: rate limit', () => {
  it('past rateLimitPerSecond a client gets 429 with Retry-After; other clients are not affected', async () => {
    const s = await start({ faults: { rateLimitPerSecond: 2 } });
    await fetchToken(s);
    const statuses = [];
    for (let n = 0; n < 3; n++) statuses.push(await listWebhooks(s));
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 429]);
    const limited = statuses[2]!;
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toEqual({ message: expect.any(String) });
    // demo-readonly has its own window (its 403 proves the request passed the limiter).
    expect((await listWebhooks(s, 'demo-readonly')).status).toBe(403);
  });

  it('the window slides: after a second the client may call again', async () => {
    let ahead = 0;
    const s = await start({ faults: { rateLimitPerSecond: 1 }, now: () => Date.now() + ahead });
    expect((await listWebhooks(s)).status).toBe(200);
    expect((await listWebhooks(s)).status).toBe(429);
    ahead += 1050; // a second and a bit later by the sandbox's clock
    expect((await listWebhooks(s)).status).toBe(200);
  });

  it('sliding window arithmetic: Retry-After counts until the oldest request leaves the window', () => {
    let now = 10_000;
    const faults = new FaultInjector(
      { rateLimitPerSecond: 2 },
      () => 0,
      () => now,
    );
    expect(faults.admit('a').allowed).toBe(true);
    now += 400;
    expect(faults.admit('a').allowed).toBe(true);
    now += 100;
    expect(faults.admit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 501; // the first request is now 1001 ms old
    expect(faults.admit('a').allowed).toBe(true);
    expect(faults.admit('a').allowed).toBe(false);
  });
});

describe('faults: token endpoint', () => {
  it('tokenEndpointDown answers the token endpoint with 503 until turned off', async () => {
    const s = await start({ faults: { tokenEndpointDown: true } });
    await expect(fetchToken(s)).rejects.toThrow(/503/);
    s.setFaults({ tokenEndpointDown: false });
    await expect(fetchToken(s)).resolves.toEqual(expect.any(String));
  });

  it('tokenLifetimeSeconds sets expires_in and the exp claim of new tokens', async () => {
    const s = await start({ faults: { tokenLifetimeSeconds: 60 } });
    const response = await fetch(s.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-admin&client_secret=demo-admin-secret',
    });
    const body = await readJson(response);
    expect(body.expires_in).toBe(60);
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(60);
  });
});

describe('faults: settings', () => {
  it('setFaults merges changes and returns the settings in force', async () => {
    const s = await start({ faults: { latencyMs: 5 } });
    expect(s.setFaults({ errorRate: 0.25 })).toEqual({ ...DEFAULT_FAULTS, latencyMs: 5, errorRate: 0.25 });
  });

  it('invalid settings are refused with a RangeError naming the field', async () => {
    const s = await start();
    expect(() => s.setFaults({ errorRate: 2 })).toThrow(/errorRate/);
    expect(() => s.setFaults({ tokenLifetimeSeconds: 0 })).toThrow(RangeError);
    await expect(startTestSandbox({ faults: { dropRate: -1 } })).rejects.toThrow(/dropRate/);
  });

  it('seededRandom repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(3);
    const b = seededRandom(3);
    const values = Array.from({ length: 100 }, () => a());
    expect(Array.from({ length: 100 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});
