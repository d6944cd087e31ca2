import { z } from 'zod';
import { defineTool } from '../src/mcp/define-tool.js';
import { opaqueIdInput } from '../src/mcp/ids.js';

export const deleteWebhook = defineTool({
  name: 'delete_webhook',
  title: 'Delete a webhook subscription',
  description: 'Stop deliveries to a webhook subscription.',
  inputSchema: z.object({ id: opaqueIdInput.describe('From list_webhooks') }),
  outputSchema: z.object({ deleted: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  scopes: ['webhooks:manage'],
  toolset: 'events',
  checkWith: 'list_webhooks',
  lookupTool: 'list_webhooks',
  async handler(input, ctx) {
    await ctx.platform.rest.call({
      method: 'DELETE',
      path: `/webhooks/${encodeURIComponent(input.id)}`,
      signal: ctx.signal,
    });
    return { data: { deleted: input.id }, text: `Deleted webhook ${input.id}.` };
  },
});
