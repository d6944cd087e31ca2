// §5.1, §5.9 and §7: every GraphQL and REST request needs a valid Bearer token; a missing one and
// an invalid one are told apart by header and message.
import { decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { fetchToken, readJson, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
/** How far the sandbox's clock runs ahead of the real one: a token ages without a wait. */
let ahead = 0;
beforeAll(async () => {
  sb = await startTestSandbox({ now: () => Date.now() + ahead });
});
afterAll(() => sb.close());

const QUERY = JSON.stringify({ query: '{ __typename }' });

/** One GraphQL and one REST request with the given Authorization header (or none). */
async function callBoth(authorization?: string): Promise<Response[]> {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  return Promise.all([
    fetch(`${sb.baseUrl}/gql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: QUERY,
    }),
    fetch(`${sb.baseUrl}/rest/webhooks`, { headers }),
  ]);
}

async function expectInvalidToken(authorization: string): Promise<void> {
  for (const response of await callBoth(authorization)) {
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await readJson(response)).toEqual({ message: 'JWT is invalid or expired' });
  }
}

describe('§7: missing token', () => {
  it('§7: request without a token gets 401 with WWW-Authenticate: Bearer and "JWT is missing"', async () => {
    for (const response of await callBoth()) {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await readJson(response)).toEqual({ message: 'JWT is missing' });
    }
  });

  it('§7: another scheme or an empty Bearer counts as no token', async () => {
    for (const authorization of ['Basic ZGVtby1hZG1pbjpkZW1vLWFkbWluLXNlY3JldA==', 'Bearer ']) {
      for (const response of await callBoth(authorization)) {
        expect(response.status).toBe(401);
        expect(await readJson(response)).toEqual({ message: 'JWT is missing' });
      }
    }
  });
});

describe('§7: invalid tokens', () => {
  it('§7: a malformed token is 401 invalid_token', async () => {
    await expectInvalidToken('Bearer not.a.jwt');
  });

  it('§7: a token signed with another key (same kid and claims) is 401 invalid_token', async () => {
    const real = await fetchToken(sb);
    const claims = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString());
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(real).kid! })
      .sign(privateKey);
    await expectInvalidToken(`Bearer ${forged}`);
  });

  it('§7: a token with an altered payload is 401 invalid_token', async () => {
    const [header, payload, signature] = (await fetchToken(sb, 'demo-readonly')).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const widened = Buffer.from(JSON.stringify({ ...claims, scope: `${claims.scope} jobs:write` })).toString(
      'base64url',
    );
    await expectInvalidToken(`Bearer ${header}.${widened}.${signature}`);
  });

  it('§7: a token of another sandbox instance (other key, other issuer) is 401 invalid_token', async () => {
    const other = await startTestSandbox({ ownKeys: true });
    try {
      await expectInvalidToken(`Bearer ${await fetchToken(other)}`);
    } finally {
      await other.close();
    }
  });

  it('§5.6, §7: an expired token is 401 invalid_token', async () => {
    sb.setFaults({ tokenLifetimeSeconds: 1 });
    const token = await fetchToken(sb);
    sb.setFaults({ tokenLifetimeSeconds: 43200 });
    // exp = iat + 1 s in whole seconds: 2 s later by the sandbox's clock it has certainly passed.
    ahead += 2100;
    await expectInvalidToken(`Bearer ${token}`);
  });

  it('§5.1: a valid token passes the gate', async () => {
    const token = await fetchToken(sb);
    const response = await fetch(`${sb.baseUrl}/rest/webhooks`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  });
});
