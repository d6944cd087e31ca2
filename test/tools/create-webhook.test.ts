// create_webhook: one REST POST with the URL, the distinct event types and the secret; the
// answer never echoes the secret; bad input is refused before sending.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { connectInProcess } from '../helpers/mcp.js';
import { requestsDuring, rest } from '../helpers/sandbox.js';

const suite = useConnectedSandbox();

describe('create_webhook', () => {
  it('subscribes a URL with one POST, and the platform holds it', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('create_webhook', {
        url: 'http://127.0.0.1:9/crew',
        events: ['job.created', 'crew.updated', 'job.created'],
        secret: 'top-secret-value',
      }),
    );
    expect(result.isError, result.text).toBe(false);
    expect(sent).toEqual([{ kind: 'rest', method: 'POST', path: '/rest/webhooks' }]);
    expect(result.data.webhook).toMatchObject({
      id: expect.any(String),
      url: 'http://127.0.0.1:9/crew',
      events: ['job.created', 'crew.updated'],
    });
    expect(JSON.stringify(result)).not.toContain('top-secret-value');
    const held = (await rest(suite.sandbox, 'GET', '/rest/webhooks')).body.webhooks;
    expect(held.map((hook: { id: string }) => String(hook.id))).toContain(result.data.webhook.id);
  });

  it('refuses an unknown event type or a non-http URL before sending', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, async () => ({
      badType: await suite.call('create_webhook', { url: 'https://x.example.com', events: ['job.deleted'] }),
      badUrl: await suite.call('create_webhook', { url: 'ftp://x.example.com', events: ['job.created'] }),
      noEvents: await suite.call('create_webhook', { url: 'https://x.example.com', events: [] }),
    }));
    expect(result.badType.isError).toBe(true);
    expect(result.badType.text).toMatch(/events\.0.*job\.created/s);
    expect(result.badUrl.isError).toBe(true);
    expect(result.badUrl.text).toMatch(/url/);
    expect(result.noEvents.isError).toBe(true);
    expect(sent).toEqual([]);
  });

  it('is refused, not just unlisted, with a read-only key', async () => {
    const readonly = await connectInProcess(suite.sandbox, ['--sandbox-key', 'demo-readonly']);
    try {
      const names = (await readonly.client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain('create_webhook');
      const { result, sent } = await requestsDuring(suite.sandbox, () =>
        readonly.client
          .callTool({
            name: 'create_webhook',
            arguments: { url: 'https://x.example.com', events: ['job.created'] },
          })
          .then((answer) => JSON.stringify(answer))
          .catch((error: Error) => error.message),
      );
      expect(result).toMatch(/create_webhook is not available: the API key lacks the scope webhooks:manage/);
      expect(sent).toEqual([]);
    } finally {
      await readonly.close();
    }
  });
});
