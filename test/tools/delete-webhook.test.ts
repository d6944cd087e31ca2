// delete_webhook: one REST DELETE of the id (URL-encoded); a second delete says where to find
// valid ids.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { requestsDuring, rest } from '../helpers/sandbox.js';

const suite = useConnectedSandbox();

describe('delete_webhook', () => {
  it('deletes a subscription with one DELETE; deleting it again says it is gone', async () => {
    const created = await rest(suite.sandbox, 'POST', '/rest/webhooks', {
      json: { url: 'http://127.0.0.1:9/to-delete', events: ['job.created'] },
    });
    const id = String(created.body.id);
    const { result, sent } = await requestsDuring(suite.sandbox, () => suite.call('delete_webhook', { id }));
    expect(result).toMatchObject({ isError: false, data: { deleted: id } });
    expect(sent).toEqual([
      { kind: 'rest', method: 'DELETE', path: `/rest/webhooks/${encodeURIComponent(id)}` },
    ]);
    const held = (await rest(suite.sandbox, 'GET', '/rest/webhooks')).body.webhooks;
    expect(held.map((hook: { id: string }) => String(hook.id))).not.toContain(id);
    const again = await suite.call('delete_webhook', { id });
    expect(again.isError).toBe(true);
    expect(again.text).toMatch(/No webhook subscription .*list_webhooks/s);
  });

  it('refuses an empty id before sending', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('delete_webhook', { id: '' }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/id/);
    expect(sent).toEqual([]);
  });
});
