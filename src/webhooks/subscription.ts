// The server's own webhook subscription at the platform (REST /webhooks, scope webhooks:manage).
// Against the embedded sandbox it lives as long as the process: created at start, deleted at
// close. Against a live platform it points at a public URL that outlives the process (the
// platform retries deliveries while we restart), so it is kept at close; at start a fresh one
// replaces older ones to the same URL, so the secret in force is the configured one.

import { EVENT_TYPES } from '../contract/events.js';
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import { describeError } from '../platform/network-cause.js';

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
}

export async function createSubscription(
  platform: Platform,
  url: string,
  secret: string | null,
): Promise<WebhookView> {
  return platform.rest.call<WebhookView>({
    method: 'POST',
    path: '/webhooks',
    json: { url, events: [...EVENT_TYPES], ...(secret ? { secret } : {}) },
  });
}

export async function deleteSubscription(platform: Platform, id: string): Promise<void> {
  await platform.rest.call({ method: 'DELETE', path: `/webhooks/${encodeURIComponent(id)}` });
}

/** Subscribe `url`; with `replace`, then drop older subscriptions to the same URL. Null when refused. */
export async function subscribeSelf(
  platform: Platform,
  url: string,
  secret: string | null,
  logger: Logger,
  replace: boolean,
): Promise<WebhookView | null> {
  try {
    const created = await createSubscription(platform, url, secret);
    if (replace) {
      const { webhooks } = await platform.rest.call<{ webhooks: WebhookView[] }>({
        method: 'GET',
        path: '/webhooks',
      });
      for (const old of webhooks.filter((hook) => hook.url === url && hook.id !== created.id)) {
        await deleteSubscription(platform, old.id);
      }
    }
    logger.info({ url, subscriptionId: created.id }, 'subscribed to platform webhooks');
    return created;
  } catch (error) {
    // Events are an extra: a key without webhooks:manage still serves every tool.
    logger.warn(
      { url, reason: describeError(error) },
      'could not subscribe to platform webhooks: no events will arrive',
    );
    return null;
  }
}
