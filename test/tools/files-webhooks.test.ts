import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { connectInProcess } from '../helpers/mcp.js';
import { rest } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read structured results loosely
type Any = any;

const suite = useConnectedSandbox();

const call = suite.call;

describe('create_webhook, list_webhooks, delete_webhook', () => {
  it('creates a subscription, lists it without its secret, and deletes it', async () => {
    const created = await call('create_webhook', {
      url: 'https://hooks.example.com/crew',
      events: ['job.created', 'crew.updated', 'job.created'],
      secret: 'top-secret-value',
    });
    expect(created.isError, created.text).toBe(false);
    expect(created.data.webhook).toMatchObject({
      id: expect.any(String),
      url: 'https://hooks.example.com/crew',
      events: ['job.created', 'crew.updated'],
    });
    expect(JSON.stringify(created)).not.toContain('top-secret-value');
    const id = created.data.webhook.id;

    const listed = await call('list_webhooks');
    expect(listed.data.webhooks.map((hook: Any) => hook.id)).toContain(id);
    expect(JSON.stringify(listed)).not.toContain('top-secret-value');
    // The platform itself holds it.
    expect(
      (await rest(suite.sandbox, 'GET', '/rest/webhooks')).body.webhooks.map((hook: Any) => hook.id),
    ).toContain(id);

    const deleted = await call('delete_webhook', { id });
    expect(deleted).toMatchObject({ isError: false, data: { deleted: id } });
    expect((await call('list_webhooks')).data.webhooks.map((hook: Any) => hook.id)).not.toContain(id);
    const again = await call('delete_webhook', { id });
    expect(again.isError).toBe(true);
    expect(again.text).toMatch(/No webhook subscription .*list_webhooks/s);
  });

  it('refuses an unknown event type or a non-http URL before sending', async () => {
    suite.sandbox.resetStats();
    const badType = await call('create_webhook', { url: 'https://x.example.com', events: ['job.deleted'] });
    expect(badType.isError).toBe(true);
    expect(badType.text).toMatch(/job\.created/);
    const badUrl = await call('create_webhook', { url: 'ftp://x.example.com', events: ['job.created'] });
    expect(badUrl.isError).toBe(true);
    expect(suite.sandbox.stats.restRequests).toBe(0);
  });

  it('needs webhooks:manage: a read-only key is not offered the tools', async () => {
    const readonly = await connectInProcess(suite.sandbox, ['--sandbox-key', 'demo-readonly']);
    try {
      const names = (await readonly.client.listTools()).tools.map((tool) => tool.name);
      for (const name of ['list_webhooks', 'create_webhook', 'delete_webhook'])
        expect(names).not.toContain(name);
      expect(names).toContain('list_events');
    } finally {
      await readonly.close();
    }
  });
});
