// Webhook delivery [contract]: every committed change goes to each subscription listening to its
// type, as POST JSON `{id, type, createdAt, data}`, signed when the subscription has a secret.
// At-least-once: no 2xx within the timeout means a retry after 1 s, 2 s, 4 s ... (8 attempts in
// all), so receivers de-duplicate by the event id (X-Webhook-Id).
import { createHmac } from 'node:crypto';
import type { PlatformEvent, SandboxLogger, SandboxStats } from './types.js';
import type { WebhookRegistry, WebhookSubscription } from './webhook-registry.js';

export const WEBHOOK_MAX_ATTEMPTS = 8;

export interface WebhookDispatcherOptions {
  registry: WebhookRegistry;
  stats: SandboxStats;
  logger: SandboxLogger;
  /** First retry delay; doubles each attempt. Default 1000 ms. */
  retryBaseMs?: number;
  /** How long one attempt waits for a 2xx. Default 10 000 ms. */
  timeoutMs?: number;
}

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`: the X-Webhook-Signature header. */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export class WebhookDispatcher {
  private readonly retryBaseMs: number;
  private readonly timeoutMs: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  dispatch(event: PlatformEvent): void {
    if (this.closed) return;
    const rawBody = JSON.stringify({
      id: event.id,
      type: event.type,
      createdAt: event.createdAt,
      data: event.data,
    });
    for (const sub of this.options.registry.listeners(event.type, event.companyId)) {
      void this.attempt(sub, event.id, rawBody, 1);
    }
  }

  /** Retries waiting for their timer. */
  get pendingRetries(): number {
    return this.timers.size;
  }

  /** Cancel pending retries and abort deliveries in flight. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    this.inFlight.clear();
  }

  private async attempt(
    sub: WebhookSubscription,
    eventId: string,
    rawBody: string,
    attempt: number,
  ): Promise<void> {
    if (this.closed || !this.options.registry.has(sub.id)) return;
    this.options.stats.webhookDeliveries += 1;
    const delivered = await this.post(sub, eventId, rawBody);
    if (delivered || this.closed) return;
    if (attempt >= WEBHOOK_MAX_ATTEMPTS) {
      this.options.logger.warn(
        { subscriptionId: sub.id, eventId, attempts: attempt },
        'webhook delivery gave up',
      );
      return;
    }
    const delay = this.retryBaseMs * 2 ** (attempt - 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(sub, eventId, rawBody, attempt + 1);
    }, delay);
    this.timers.add(timer);
  }

  /** True on a 2xx answer within the timeout. */
  private async post(sub: WebhookSubscription, eventId: string, rawBody: string): Promise<boolean> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-webhook-id': eventId,
      'x-webhook-timestamp': timestamp,
    };
    if (sub.secret) headers['x-webhook-signature'] = signWebhook(sub.secret, timestamp, rawBody);
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), this.timeoutMs);
    this.inFlight.add(controller);
    try {
      const response = await fetch(sub.url, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: controller.signal,
      });
      // Drain so the connection can be reused; the receiver's answer body means nothing here.
      await response.arrayBuffer().catch(() => undefined);
      return response.status >= 200 && response.status < 300;
    } catch (error) {
      this.options.logger.debug(
        { subscriptionId: sub.id, eventId, err: String(error) },
        'webhook attempt failed',
      );
      return false;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}
