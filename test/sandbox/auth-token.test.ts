// §4.2 and §5: the token endpoint (client_credentials), the JWT it issues, and the realm's JWKS
// and discovery documents.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { readJson, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({
    keys: [
      { clientId: 'other-co', clientSecret: 'other-secret', scopes: ['jobs:read'], companyId: 'company-2' },
    ],
  });
});
afterAll(() => sb.close());

function postForm(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(sb.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

const adminForm = {
  grant_type: 'client_credentials',
  client_id: 'demo-admin',
  client_secret: 'demo-admin-secret',
};

describe('§4.2: token endpoint', () => {
  it('§4.2: token response has access_token, expires_in 43200, token_type Bearer and the scopes', async () => {
    const response = await postForm(adminForm);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await readJson(response);
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 43200,
      token_type: 'Bearer',
      scope: 'jobs:read jobs:write crew:read crew:write webhooks:manage',
    });
  });

  it('§5: the access token is an RS256 JWT with the documented claims, verifiable via the JWKS', async () => {
    const { access_token: token } = await readJson(await postForm(adminForm));
    const jwks = createRemoteJWKSet(new URL(`${sb.authUrl}/realms/sandbox/protocol/openid-connect/certs`));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: `${sb.authUrl}/realms/sandbox`,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({
      sub: 'demo-admin',
      azp: 'demo-admin',
      company_id: 'company-1',
      scope: 'jobs:read jobs:write crew:read crew:write webhooks:manage',
      jti: expect.any(String),
    });
    expect(payload.exp! - payload.iat!).toBe(43200);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(5);
  });

  it('§5: every token gets its own jti', async () => {
    const [a, b] = await Promise.all([postForm(adminForm), postForm(adminForm)]);
    const tokens = [(await readJson(a)).access_token, (await readJson(b)).access_token];
    const ids = tokens.map(
      (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).jti,
    );
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('§5: demo-readonly gets only its read scopes; extra keys carry their company', async () => {
    const readonly = await readJson(
      await postForm({ ...adminForm, client_id: 'demo-readonly', client_secret: 'demo-readonly-secret' }),
    );
    expect(readonly.scope).toBe('jobs:read crew:read');
    const other = await readJson(
      await postForm({ ...adminForm, client_id: 'other-co', client_secret: 'other-secret' }),
    );
    const claims = JSON.parse(Buffer.from(other.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'other-co', company_id: 'company-2', scope: 'jobs:read' });
  });

  it('§4.2: HTTP Basic client authentication is accepted too', async () => {
    const basic = Buffer.from('demo-readonly:demo-readonly-secret').toString('base64');
    const response = await postForm(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    expect(response.status).toBe(200);
    expect((await readJson(response)).scope).toBe('jobs:read crew:read');
  });

  it('§4.2: a requested scope narrows the token; a scope the key lacks is invalid_scope', async () => {
    const narrowed = await readJson(await postForm({ ...adminForm, scope: 'jobs:read' }));
    expect(narrowed.scope).toBe('jobs:read');
    const refused = await postForm({
      ...adminForm,
      client_id: 'demo-readonly',
      client_secret: 'demo-readonly-secret',
      scope: 'jobs:write',
    });
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).error).toBe('invalid_scope');
  });

  it('§4.2: a wrong secret or an unknown client is 401 invalid_client', async () => {
    for (const fields of [
      { ...adminForm, client_secret: 'wrong' },
      { ...adminForm, client_id: 'nobody' },
    ]) {
      const response = await postForm(fields);
      expect(response.status).toBe(401);
      const body = await readJson(response);
      expect(body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      expect(JSON.stringify(body)).not.toContain('demo-admin-secret');
    }
    const basic = Buffer.from('demo-admin:wrong').toString('base64');
    const viaBasic = await postForm(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('§4.2: a grant type other than client_credentials is 400 unsupported_grant_type', async () => {
    const response = await postForm({ ...adminForm, grant_type: 'password' });
    expect(response.status).toBe(400);
    expect((await readJson(response)).error).toBe('unsupported_grant_type');
  });

  it('§4.2: missing fields and non-form bodies are 400 invalid_request', async () => {
    const { client_secret: _omitted, ...withoutSecret } = adminForm;
    const { grant_type: _grant, ...withoutGrant } = adminForm;
    for (const fields of [withoutSecret, withoutGrant]) {
      const response = await postForm(fields);
      expect(response.status).toBe(400);
      expect((await readJson(response)).error).toBe('invalid_request');
    }
    const asJson = await fetch(sb.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(adminForm),
    });
    expect(asJson.status).toBe(400);
    expect((await readJson(asJson)).error).toBe('invalid_request');
  });

  it('§4.2: the token endpoint takes POST only', async () => {
    const response = await fetch(sb.tokenUrl);
    expect(response.status).toBe(405);
  });

  it('§4.1: another realm or an unknown realm path is 404', async () => {
    const otherRealm = await fetch(`${sb.authUrl}/realms/liveforce/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(adminForm),
    });
    expect(otherRealm.status).toBe(404);
    expect((await fetch(`${sb.authUrl}/realms/sandbox/nothing`)).status).toBe(404);
  });
});

describe('§5: realm documents', () => {
  it('§5: authUrl equals baseUrl and tokenUrl follows the Keycloak layout', () => {
    expect(sb.authUrl).toBe(sb.baseUrl);
    expect(sb.realm).toBe('sandbox');
    expect(sb.tokenUrl).toBe(`${sb.baseUrl}/realms/sandbox/protocol/openid-connect/token`);
  });

  it('§5: the discovery document names issuer, token endpoint and JWKS', async () => {
    const response = await fetch(`${sb.authUrl}/realms/sandbox/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({
      issuer: `${sb.authUrl}/realms/sandbox`,
      token_endpoint: sb.tokenUrl,
      jwks_uri: `${sb.authUrl}/realms/sandbox/protocol/openid-connect/certs`,
    });
  });

  it('§5: the JWKS holds the public key (no private parts) whose kid signs the tokens', async () => {
    const jwks = await readJson(await fetch(`${sb.authUrl}/realms/sandbox/protocol/openid-connect/certs`));
    expect(jwks.keys).toHaveLength(1);
    const [key] = jwks.keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(key.d).toBeUndefined();
    const { access_token: token } = await readJson(await postForm(adminForm));
    expect(decodeProtectedHeader(token).kid).toBe(key.kid);
  });

  it('§5: each sandbox instance signs with its own key', async () => {
    const other = await startTestSandbox({ ownKeys: true });
    try {
      const mine = await readJson(await fetch(`${sb.authUrl}/realms/sandbox/protocol/openid-connect/certs`));
      const theirs = await readJson(
        await fetch(`${other.authUrl}/realms/sandbox/protocol/openid-connect/certs`),
      );
      expect(theirs.keys[0].kid).not.toBe(mine.keys[0].kid);
      expect(theirs.keys[0].n).not.toBe(mine.keys[0].n);
    } finally {
      await other.close();
    }
  });
});
