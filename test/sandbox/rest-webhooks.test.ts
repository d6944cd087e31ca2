// [contract] REST webhook subscriptions: POST/GET /rest/webhooks and DELETE /rest/webhooks/{id},
// scope webhooks:manage, secrets never returned, per-company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { fetchToken, rest, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({
    keys: [
      {
        clientId: 'co2-admin',
        clientSecret: 'co2-secret',
        scopes: ['webhooks:manage'],
        companyId: 'company-2',
      },
    ],
  });
});
afterAll(() => sb.close());

const subscription = {
  url: 'http://127.0.0.1:9/hook',
  events: ['job.created', 'crew.updated'],
  secret: 's3cret',
};

describe('[contract] webhook subscriptions', () => {
  it('POST /rest/webhooks answers 201 {id, url, events, createdAt} without the secret', async () => {
    const created = await rest(sb, 'POST', '/rest/webhooks', { json: subscription });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: subscription.url,
      events: subscription.events,
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(created.body.createdAt))).toBe(false);
  });

  it('GET /rest/webhooks lists the subscriptions and never their secrets', async () => {
    const created = await rest(sb, 'POST', '/rest/webhooks', { json: subscription });
    const listed = await rest(sb, 'GET', '/rest/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toContainEqual(created.body);
    expect(JSON.stringify(listed.body)).not.toContain('s3cret');
  });

  it('DELETE /rest/webhooks/{id} answers 204, then 404', async () => {
    const created = await rest(sb, 'POST', '/rest/webhooks', {
      json: { url: 'https://example.test/h', events: ['job.updated'] },
    });
    const deleted = await rest(sb, 'DELETE', `/rest/webhooks/${created.body.id}`);
    expect(deleted.status).toBe(204);
    const listed = await rest(sb, 'GET', '/rest/webhooks');
    expect(listed.body.webhooks.map((w: { id: string }) => w.id)).not.toContain(created.body.id);
    const again = await rest(sb, 'DELETE', `/rest/webhooks/${created.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: expect.any(String) });
  });

  it('invalid subscriptions are 400 with a message', async () => {
    const invalid = [
      { ...subscription, url: 'ftp://127.0.0.1/hook' },
      { ...subscription, url: 'not a url' },
      { ...subscription, events: [] },
      { ...subscription, events: ['job.deleted'] },
      { ...subscription, events: 'job.created' },
      { ...subscription, secret: 42 },
      { events: ['job.created'] },
    ];
    for (const json of invalid) {
      const answer = await rest(sb, 'POST', '/rest/webhooks', { json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    const notJson = await fetch(`${sb.baseUrl}/rest/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await fetchToken(sb)}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });

  it('a key without webhooks:manage gets 403 {message, requiredScope}', async () => {
    for (const [method, path] of [
      ['GET', '/rest/webhooks'],
      ['POST', '/rest/webhooks'],
      ['DELETE', '/rest/webhooks/wh_x'],
    ] as const) {
      const answer = await rest(sb, method, path, {
        clientId: 'demo-readonly',
        json: method === 'POST' ? subscription : undefined,
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: expect.any(String), requiredScope: 'webhooks:manage' });
    }
  });

  it('subscriptions belong to one company: another company neither sees nor deletes them', async () => {
    const created = await rest(sb, 'POST', '/rest/webhooks', { json: subscription });
    const theirs = await rest(sb, 'GET', '/rest/webhooks', { clientId: 'co2-admin' });
    expect(theirs.body.webhooks).toEqual([]);
    const deleted = await rest(sb, 'DELETE', `/rest/webhooks/${created.body.id}`, { clientId: 'co2-admin' });
    expect(deleted.status).toBe(404);
  });

  it('an unknown REST path is 404 JSON and a wrong method is 405', async () => {
    const unknown = await rest(sb, 'GET', '/rest/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: expect.any(String) });
    const wrongMethod = await rest(sb, 'PUT', '/rest/webhooks');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST, GET');
  });
});
