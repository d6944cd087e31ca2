import { z } from 'zod';
import { EVENT_TYPES } from '../src/contract/events.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { toWebhook, webhookSchema } from './list-webhooks.js';

export const createWebhook = defineTool({
  name: 'create_webhook',
  title: 'Create a webhook subscription',
  description: 'Platform POSTs events of these types to url, signed with secret if given.',
  inputSchema: z.object({
    url: z.url({ protocol: /^https?$/ }),
    events: z.array(z.enum(EVENT_TYPES)).min(1),
    secret: z.string().min(1).optional(),
  }),
  outputSchema: z.object({ webhook: webhookSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['webhooks:manage'],
  toolset: 'events',
  checkWith: 'list_webhooks',
  async handler(input, ctx) {
    const answer = await ctx.platform.rest.call<z.output<typeof webhookSchema>>({
      method: 'POST',
      path: '/webhooks',
      json: {
        url: input.url,
        events: [...new Set(input.events)],
        ...(input.secret ? { secret: input.secret } : {}),
      },
      signal: ctx.signal,
    });
    const webhook = toWebhook(answer);
    return {
      data: { webhook },
      text: `Created webhook ${webhook.id}: ${webhook.events.join(', ')} -> ${webhook.url}.`,
    };
  },
});
