// list_webhooks: the company's subscriptions as one REST GET, never with their secrets; offered
// only to a key with webhooks:manage.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { connectInProcess } from '../helpers/mcp.js';
import { requestsDuring, rest } from '../helpers/sandbox.js';

const suite = useConnectedSandbox();

describe('list_webhooks', () => {
  it('lists subscriptions without their secrets, with one GET', async () => {
    const created = await rest(suite.sandbox, 'POST', '/rest/webhooks', {
      json: { url: 'http://127.0.0.1:9/listed', events: ['job.created'], secret: 'listed-secret-value' },
    });
    const { result, sent } = await requestsDuring(suite.sandbox, () => suite.call('list_webhooks'));
    expect(result.isError, result.text).toBe(false);
    expect(sent).toEqual([{ kind: 'rest', method: 'GET', path: '/rest/webhooks' }]);
    expect(result.data.webhooks).toContainEqual(
      expect.objectContaining({
        id: String(created.body.id),
        url: 'http://127.0.0.1:9/listed',
        events: ['job.created'],
      }),
    );
    expect(JSON.stringify(result)).not.toContain('listed-secret-value');
  });

  it('refuses unknown input without sending anything', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('list_webhooks', { all: true }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/Unknown field "all"/);
    expect(sent).toEqual([]);
  });

  it('is not offered to a key without webhooks:manage', async () => {
    const readonly = await connectInProcess(suite.sandbox, ['--sandbox-key', 'demo-readonly']);
    try {
      const names = (await readonly.client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain('list_webhooks');
      expect(names).toContain('list_events');
    } finally {
      await readonly.close();
    }
  });
});
