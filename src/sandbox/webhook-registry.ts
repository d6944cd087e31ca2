// Webhook subscriptions, per company. Secrets stay here: listings never return them.
import { randomUUID } from 'node:crypto';
import { HttpError, isPlainObject } from './http-util.js';
import { EVENT_TYPES, type EventType } from './types.js';

export interface WebhookSubscription {
  id: string;
  companyId: string;
  url: string;
  events: EventType[];
  secret: string | null;
  createdAt: string;
}

export interface SubscriptionInput {
  url: string;
  events: EventType[];
  secret: string | null;
}

/** The public view of a subscription (no secret, no company). */
export function describeSubscription(sub: WebhookSubscription): Record<string, unknown> {
  return { id: sub.id, url: sub.url, events: [...sub.events], createdAt: sub.createdAt };
}

export class WebhookRegistry {
  private readonly subscriptions = new Map<string, WebhookSubscription>();

  add(companyId: string, input: SubscriptionInput): WebhookSubscription {
    const sub: WebhookSubscription = {
      id: `wh_${randomUUID()}`,
      companyId,
      ...input,
      events: [...input.events],
      createdAt: new Date().toISOString(),
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  list(companyId: string): WebhookSubscription[] {
    return [...this.subscriptions.values()].filter((sub) => sub.companyId === companyId);
  }

  /** True when the subscription existed in that company. */
  remove(companyId: string, id: string): boolean {
    const sub = this.subscriptions.get(id);
    if (sub?.companyId !== companyId) return false;
    return this.subscriptions.delete(id);
  }

  /** Still subscribed (a retry stops once its subscription is deleted). */
  has(id: string): boolean {
    return this.subscriptions.has(id);
  }

  /** Subscriptions to deliver an event to; companyId undefined matches every company. */
  listeners(type: EventType, companyId: string | undefined): WebhookSubscription[] {
    return [...this.subscriptions.values()].filter(
      (sub) => sub.events.includes(type) && (companyId === undefined || sub.companyId === companyId),
    );
  }
}

/** Validate the body of POST /rest/webhooks; 400 `{message}` naming the problem. */
export function parseSubscriptionInput(body: unknown): SubscriptionInput {
  if (!isPlainObject(body)) throw new HttpError(400, 'Body must be a JSON object {url, events, secret?}.');
  const { url, events, secret } = body;
  if (typeof url !== 'string' || !isHttpUrl(url)) {
    throw new HttpError(400, '"url" must be an absolute http(s) URL.');
  }
  if (!Array.isArray(events) || events.length === 0) {
    throw new HttpError(400, `"events" must be a non-empty array of: ${EVENT_TYPES.join(', ')}.`);
  }
  const unknown = events.filter((event) => !(EVENT_TYPES as readonly unknown[]).includes(event));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      `Unknown event types: ${unknown.map(String).join(', ')}. Known: ${EVENT_TYPES.join(', ')}.`,
    );
  }
  if (secret !== undefined && secret !== null && (typeof secret !== 'string' || secret === '')) {
    throw new HttpError(400, '"secret" must be a non-empty string when given.');
  }
  return { url, events: [...new Set(events as EventType[])], secret: (secret as string | undefined) ?? null };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
