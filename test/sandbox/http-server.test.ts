// The sandbox's own endpoints: health, the JSON index, 404s, and one port for everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { readJson, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('sandbox server', () => {
  it('GET /healthz is 200 {status: "ok"} without a token', async () => {
    const response = await fetch(`${sb.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ status: 'ok' });
  });

  it('GET / is a JSON index of endpoints, realm and demo client ids', async () => {
    const index = await readJson(await fetch(`${sb.baseUrl}/`));
    expect(index).toMatchObject({
      realm: 'sandbox',
      endpoints: { token: sb.tokenUrl, graphql: `${sb.baseUrl}/gql`, rest: `${sb.baseUrl}/rest` },
      demoClients: ['demo-admin', 'demo-readonly'],
    });
    expect(JSON.stringify(index)).not.toContain('secret');
  });

  it('an unknown path is 404 JSON', async () => {
    const response = await fetch(`${sb.baseUrl}/nothing/here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await readJson(response)).toEqual({ message: expect.any(String) });
  });

  it('binds loopback by default and serves auth and API on one port', () => {
    expect(sb.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(sb.tokenUrl).origin).toBe(sb.baseUrl);
  });

  it('close() frees the port and can be called twice', async () => {
    const other = await startTestSandbox();
    await fetch(`${other.baseUrl}/healthz`); // leaves a keep-alive connection open
    await other.close();
    await other.close();
    await expect(fetch(`${other.baseUrl}/healthz`)).rejects.toThrow();
  });
});
