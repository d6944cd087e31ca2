import { z } from 'zod';
import { defineTool } from '../src/mcp/define-tool.js';
import { renderCompact } from '../src/mcp/render.js';

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  createdAt: z.string(),
});

/** Only the fields we describe (a secret is never among them). */
export function toWebhook(hook: z.output<typeof webhookSchema>): z.output<typeof webhookSchema> {
  return { id: String(hook.id), url: hook.url, events: [...hook.events], createdAt: hook.createdAt };
}

export const listWebhooks = defineTool({
  name: 'list_webhooks',
  title: 'List webhook subscriptions',
  description: 'Webhook subscriptions: id, URL, event types.',
  inputSchema: z.object({}),
  outputSchema: z.object({ webhooks: z.array(webhookSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['webhooks:manage'],
  toolset: 'events',
  async handler(_input, ctx) {
    const answer = await ctx.platform.rest.call<{ webhooks: z.output<typeof webhookSchema>[] }>({
      method: 'GET',
      path: '/webhooks',
      signal: ctx.signal,
    });
    const webhooks = answer.webhooks.map(toWebhook);
    return {
      data: { webhooks },
      text: webhooks.length ? renderCompact({ webhooks }) : 'No webhook subscriptions.',
    };
  },
});
