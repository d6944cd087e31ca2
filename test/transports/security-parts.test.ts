// The parts of the HTTP security layer that need no server: client scopes per tool, static
// bearer tokens (parsing, constant-time verification, names never tokens in errors), the
// per-client rate limit, and the shutdown bound on calls in flight.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { CLIENT_SCOPES, callerMayUse, callerName, clientScopeFor } from '../../src/mcp/client-scopes.js';
import { isWriteTool } from '../../src/mcp/define-tool.js';
import { InFlightCalls } from '../../src/mcp/in-flight.js';
import { RateLimiter } from '../../src/rate-limit.js';
import { loadTokens, parseTokens, staticTokenVerifier } from '../../src/transports/bearer-tokens.js';
import { allTools } from '../../tools/index.js';

const TOKEN = 'b'.repeat(40);

describe('client scopes', () => {
  it('maps read tools to read, write tools to write, and the webhook tools to a scope of their own', () => {
    for (const tool of allTools) {
      const scope = clientScopeFor(tool);
      if (tool.scopes.includes('webhooks:manage')) expect(scope, tool.name).toBe(CLIENT_SCOPES.webhooks);
      else expect(scope, tool.name).toBe(isWriteTool(tool) ? CLIENT_SCOPES.write : CLIENT_SCOPES.read);
    }
    const byScope = (scope: string) =>
      allTools.filter((tool) => clientScopeFor(tool) === scope).map((t) => t.name);
    expect(byScope(CLIENT_SCOPES.webhooks).sort()).toEqual([
      'create_webhook',
      'delete_webhook',
      'list_webhooks',
    ]);
    expect(byScope(CLIENT_SCOPES.read)).toContain('list_jobs');
    expect(byScope(CLIENT_SCOPES.write)).toContain('create_jobs');
  });

  it('lets an unauthenticated caller (stdio, loopback) use everything, a token only its scopes', () => {
    const createJobs = allTools.find((tool) => tool.name === 'create_jobs')!;
    const reader = { token: 't', clientId: 'reader', scopes: [CLIENT_SCOPES.read] };
    expect(callerMayUse(undefined, createJobs)).toBe(true);
    expect(callerMayUse(reader, createJobs)).toBe(false);
    expect(callerMayUse({ ...reader, scopes: [CLIENT_SCOPES.write] }, createJobs)).toBe(true);
    expect(callerName(undefined)).toBe('local');
    expect(callerName(reader)).toBe('reader');
    expect(callerName({ ...reader, extra: { subject: 'ada@example.com' } })).toBe(
      'ada@example.com (client reader)',
    );
  });
});

describe('static bearer tokens', () => {
  it('parses named entries, read-only ones included, from a list or lines', () => {
    const tokens = parseTokens(
      `# dispatch team\nalice:${TOKEN}\nbot:${'c'.repeat(32)}:read-only, ci:${'d'.repeat(64)}`,
      'x',
    );
    expect(tokens.map((token) => [token.name, token.readOnly])).toEqual([
      ['alice', false],
      ['bot', true],
      ['ci', false],
    ]);
    // Only digests are kept.
    expect(JSON.stringify(tokens)).not.toContain(TOKEN);
  });

  it('refuses weak, malformed or repeated entries, naming the entry but never the token', () => {
    const cases: [string, RegExp][] = [
      ['alice:short', /at least 32 characters/],
      [`alice:${TOKEN}:admin`, /optionally followed by :read-only/],
      [`al ice:${TOKEN}`, /name of letters, digits/],
      [`alice:${TOKEN}\nalice:${'e'.repeat(40)}`, /"alice" is used twice/],
    ];
    for (const [text, expected] of cases) {
      expect(() => parseTokens(text, 'CREW_AUTH_TOKENS')).toThrow(expected);
      try {
        parseTokens(text, 'CREW_AUTH_TOKENS');
      } catch (error) {
        expect((error as Error).message).not.toContain(TOKEN);
        expect((error as Error).message).not.toContain('short');
      }
    }
  });

  it('verifies a token to its name and scopes, and refuses any other as invalid_token', async () => {
    const verifier = staticTokenVerifier(parseTokens(`alice:${TOKEN},bot:${'c'.repeat(32)}:read-only`, 'x'));
    const alice = await verifier.verifyAccessToken(TOKEN);
    expect(alice).toMatchObject({ clientId: 'alice', scopes: Object.values(CLIENT_SCOPES) });
    expect(alice.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect((await verifier.verifyAccessToken('c'.repeat(32))).scopes).toEqual([CLIENT_SCOPES.read]);
    for (const wrong of ['', 'b'.repeat(39), `${TOKEN}x`, 'B'.repeat(40)]) {
      await expect(verifier.verifyAccessToken(wrong)).rejects.toMatchObject({ code: 'invalid_token' });
    }
  });

  it('needs at least one token', async () => {
    await expect(loadTokens(null, null, silentLogger)).rejects.toThrow(/no token is configured/);
    await expect(loadTokens(null, '/nonexistent/tokens', silentLogger)).rejects.toThrow(/cannot read it/);
  });
});

describe('rate limiter', () => {
  it('allows ten seconds worth at once, then refuses with when to retry, per client', () => {
    let now = 0;
    const limiter = new RateLimiter(60, () => now);
    const first = Array.from({ length: 12 }, () => limiter.take('alice'));
    expect(first.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(first.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Another client is not affected.
    expect(limiter.take('bob').allowed).toBe(true);
    now += 1000;
    expect(limiter.take('alice').allowed).toBe(true);
    expect(limiter.take('alice').allowed).toBe(false);
  });

  it('is off at 0', () => {
    const limiter = new RateLimiter(0);
    expect(Array.from({ length: 1000 }, () => limiter.take('x').allowed).every(Boolean)).toBe(true);
  });
});

describe('calls in flight at shutdown', () => {
  it('lets a running call finish within the bound, cuts a slower one, and refuses new ones', async () => {
    const calls = new InFlightCalls();
    const quick = calls.run(
      () => new Promise<string>((resolve) => setTimeout(() => resolve('quick done'), 50)),
      () => 'quick cut',
    );
    let aborted = false;
    const slow = calls.run(
      (signal) =>
        new Promise<string>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
          });
          setTimeout(() => resolve('slow done'), 5000);
        }),
      () => 'slow cut',
    );
    expect(calls.size).toBe(2);
    const outcome = await calls.drain(300);
    expect(outcome).toEqual({ finished: 1, cut: 1 });
    expect(await quick).toBe('quick done');
    expect(await slow).toBe('slow cut');
    expect(aborted).toBe(true);
    expect(calls.closing).toBe(true);
    expect(calls.size).toBe(0);
  });
});
