// The shared platform client against the sandbox over real HTTP: token caching and single
// flight, refresh before expiry and after a 401, distinct auth errors, retries of reads only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/client.js';
import {
  AuthError,
  ForbiddenError,
  OutcomeUnknownError,
  RateLimitError,
  UpstreamServerError,
  UpstreamUnavailableError,
  ValidationError,
} from '../../src/platform/errors.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { startTestSandbox } from '../helpers/sandbox.js';

const QUERY = 'query { companyCrewAll(input: { perPage: 1 }) { pager { totalCount } } }';
const MUTATION =
  'mutation { updateCompanyCrew(input: { crewId: 1, update: { phone: "+44 20 7946 0000" } }) { success } }';

let sandbox: RunningSandbox;

function platformFor(
  sb: RunningSandbox,
  clientId = 'demo-admin',
  overrides: {
    secret?: string;
    tokenUrl?: string;
    fetch?: typeof fetch;
    timeoutMs?: number;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Platform {
  const key = sb.keys.find((candidate) => candidate.clientId === clientId);
  return createPlatform({
    credentials: {
      clientId,
      clientSecret: overrides.secret ?? key?.clientSecret ?? '',
      tokenUrl: overrides.tokenUrl ?? sb.tokenUrl,
    },
    apiUrl: sb.baseUrl,
    timeoutMs: overrides.timeoutMs ?? 5000,
    fetch: overrides.fetch,
    now: overrides.now,
    sleep: overrides.sleep,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
  });
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe('token manager', () => {
  it('shares one token request between concurrent callers and reuses the token', async () => {
    const sb = await startTestSandbox();
    try {
      const platform = platformFor(sb);
      await Promise.all(Array.from({ length: 20 }, () => platform.graphql.query(QUERY, {})));
      await platform.graphql.query(QUERY, {});
      expect(sb.stats.tokenRequests).toBe(1);
      expect(await platform.tokens.getScopes()).toEqual(expect.arrayContaining(['jobs:read', 'crew:write']));
    } finally {
      await sb.close();
    }
  });

  it('fetches a new token shortly before the old one expires', async () => {
    // The sandbox's tokens live 60 s; the client's clock is moved instead of waiting it out.
    const sb = await startTestSandbox({ faults: { tokenLifetimeSeconds: 60 } });
    try {
      let clock = Date.now();
      const platform = platformFor(sb, 'demo-admin', { now: () => clock });
      await platform.graphql.query(QUERY, {});
      await platform.graphql.query(QUERY, {});
      expect(sb.stats.tokenRequests).toBe(1);
      // Well inside the lifetime: the token is kept.
      clock += 30_000;
      await platform.graphql.query(QUERY, {});
      expect(sb.stats.tokenRequests).toBe(1);
      // Past its refresh point, still before it expires: a new one is fetched first.
      clock += 29_000;
      await platform.graphql.query(QUERY, {});
      expect(sb.stats.tokenRequests).toBe(2);
    } finally {
      await sb.close();
    }
  });

  it('answers a 401 with one refresh and one repeat', async () => {
    let first = true;
    // The first token response carries a token the API will refuse (as after a secret reset).
    const fetchWithStaleToken: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith('/token') && first) {
        first = false;
        const body = (await response.json()) as Record<string, unknown>;
        return new Response(JSON.stringify({ ...body, access_token: 'stale.token.value' }), { status: 200 });
      }
      return response;
    };
    sandbox.resetStats();
    const platform = platformFor(sandbox, 'demo-admin', { fetch: fetchWithStaleToken });
    const data = await platform.graphql.query<{ companyCrewAll: { pager: { totalCount: number } } }>(
      QUERY,
      {},
    );
    expect(data.companyCrewAll.pager.totalCount).toBeGreaterThan(0);
    expect(sandbox.stats.tokenRequests).toBe(2);
    expect(sandbox.stats.graphqlRequests).toBe(2);
  });

  it('says the API key was refused for a wrong secret, without the secret', async () => {
    const platform = platformFor(sandbox, 'demo-admin', { secret: 'wrong-secret-value' });
    const error = await platform.graphql.query(QUERY, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toMatch(/invalid_client/);
    expect((error as Error).message).not.toContain('wrong-secret-value');
  });

  it('says the token endpoint could not be reached, distinctly', async () => {
    const platform = platformFor(sandbox, 'demo-admin', {
      tokenUrl: 'http://127.0.0.1:9/realms/x/protocol/openid-connect/token',
    });
    const error = await platform.graphql.query(QUERY, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect((error as Error).message).toMatch(/token endpoint .* could not be reached/);
  });

  it('reports a token endpoint outage as retryable unavailability', async () => {
    const sb = await startTestSandbox({ faults: { tokenEndpointDown: true } });
    try {
      const error = await platformFor(sb)
        .graphql.query(QUERY, {})
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UpstreamUnavailableError);
    } finally {
      await sb.close();
    }
  });
});

describe('the GraphQL body', () => {
  it('is JSON.stringify of { query, variables }, byte for byte, for the document as sent (rewrites too)', async () => {
    const bodies: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/gql')) bodies.push(String(init?.body));
      return fetch(input, init);
    };
    const platform = platformFor(sandbox, 'demo-admin', { fetch: recording });
    // Newlines, quotes, a backslash and a non-ASCII character: what JSON escapes (or keeps).
    const document = 'query Crew($id: Int!) {\n  companyCrewOne(crewId: $id) { id firstName } # "é" \\\n}';
    const variables = { id: 1, note: 'line\nbreak "quoted"', absent: undefined };
    await platform.graphql.query(document, variables);
    await platform.graphql.query(document, { id: 2 });
    const rewritten = document.replace('firstName', 'lastName');
    platform.graphql.useRewrites(new Map([[document, rewritten]]));
    await platform.graphql.query(document, { id: 3 });
    expect(bodies).toEqual([
      JSON.stringify({ query: document, variables }),
      JSON.stringify({ query: document, variables: { id: 2 } }),
      JSON.stringify({ query: rewritten, variables: { id: 3 } }),
    ]);
  });
});

describe('retries', () => {
  it('retries a query through 5xx answers', async () => {
    const sb = await startTestSandbox({ faults: { errorRate: 0.5 } });
    try {
      const platform = platformFor(sb);
      for (let index = 0; index < 5; index++) await platform.graphql.query(QUERY, {});
      expect(sb.stats.graphqlRequests).toBeGreaterThan(5);
    } finally {
      await sb.close();
    }
  });

  it('gives up on a query after the last attempt with a server error', async () => {
    const sb = await startTestSandbox({ faults: { errorRate: 1 } });
    try {
      const error = await platformFor(sb)
        .graphql.query(QUERY, {})
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UpstreamServerError);
      expect(sb.stats.graphqlRequests).toBe(4);
    } finally {
      await sb.close();
    }
  });

  it('retries a query after a dropped connection', async () => {
    const sb = await startTestSandbox({ faults: { dropRate: 0.5 } });
    try {
      const platform = platformFor(sb);
      const answers: unknown[] = [];
      for (let index = 0; index < 4; index++) answers.push(await platform.graphql.query(QUERY, {}));
      // Every query is answered despite the drops (a dropped read is retried, never surfaced).
      expect(answers).toHaveLength(4);
      for (const answer of answers) expect(answer).toHaveProperty('companyCrewAll.pager.totalCount');
    } finally {
      await sb.close();
    }
  });

  it('waits for Retry-After on 429 for a query', async () => {
    // The client's waits move the sandbox's clock (its rate-limit window) instead of passing.
    let ahead = 0;
    const waits: number[] = [];
    const sb = await startTestSandbox({ faults: { rateLimitPerSecond: 2 }, now: () => Date.now() + ahead });
    try {
      const platform = platformFor(sb, 'demo-admin', {
        sleep: async (ms) => {
          waits.push(ms);
          ahead += ms;
        },
      });
      const results = await Promise.all(Array.from({ length: 4 }, () => platform.graphql.query(QUERY, {})));
      expect(results).toHaveLength(4);
      expect(sb.stats.graphqlRequests).toBeGreaterThan(4);
      // Retry-After: 1 was waited for, not the back-off of at most 20 ms.
      expect(Math.max(...waits)).toBeGreaterThanOrEqual(1000);
    } finally {
      await sb.close();
    }
  });

  it('never repeats a mutation: a 5xx means the outcome is unknown', async () => {
    const sb = await startTestSandbox({ faults: { errorRate: 1 } });
    try {
      const error = await platformFor(sb)
        .graphql.mutate(MUTATION, {})
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect((error as Error).message).toMatch(/unknown whether it was applied. It was not repeated/);
      expect(sb.stats.graphqlRequests).toBe(1);
    } finally {
      await sb.close();
    }
  });

  it('never repeats a mutation that timed out', async () => {
    const sb = await startTestSandbox({ faults: { latencyMs: 400 } });
    try {
      const error = await platformFor(sb, 'demo-admin', { timeoutMs: 150 })
        .graphql.mutate(MUTATION, {})
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect((error as Error).message).toMatch(/timed out/);
      expect(sb.stats.graphqlRequests).toBe(1);
    } finally {
      await sb.close();
    }
  });

  it('does not repeat a rate-limited mutation', async () => {
    const sb = await startTestSandbox({ faults: { rateLimitPerSecond: 1 } });
    try {
      const platform = platformFor(sb);
      await platform.graphql.query(QUERY, {});
      const error = await platform.graphql.mutate(MUTATION, {}).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(sb.stats.graphqlRequests).toBe(2);
    } finally {
      await sb.close();
    }
  });
});

describe('errors', () => {
  it('turns errors beside partial data into an error, never a silent partial result', async () => {
    const partial =
      'query { companyCrewAll(input: { perPage: 1 }) { pager { totalCount } } companyJobs(input: { perPage: 500 }) { pager { totalCount } } }';
    const raw = await fetch(`${sandbox.baseUrl}/gql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await platformFor(sandbox).tokens.getToken()}`,
      },
      body: JSON.stringify({ query: partial }),
    }).then(
      (response) => response.json() as Promise<{ data: Record<string, unknown> | null; errors: unknown[] }>,
    );
    expect(raw.data?.companyCrewAll).toBeTruthy();
    expect(raw.errors.length).toBeGreaterThan(0);
    const error = await platformFor(sandbox)
      .graphql.query(partial, {})
      .catch((caught: unknown) => caught);
    // The platform refused it: a ValidationError (nothing written), not a UserInputError, which
    // would claim that nothing was sent.
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/perPage/);
  });

  it('names the missing scope', async () => {
    const error = await platformFor(sandbox, 'demo-readonly')
      .graphql.mutate(MUTATION, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as ForbiddenError).requiredScope).toBe('crew:write');
    expect((error as Error).message).toMatch(/lacks the scope "crew:write"/);
  });
});
