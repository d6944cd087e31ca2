// [contract] webhook delivery: signed POSTs of {id, type, createdAt, data}, at-least-once with
// retries on failure (1 s, 2 s, 4 s ... scaled down here), de-duplicable by event id.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { createStats } from '../../src/sandbox/stats.js';
import type { PlatformEvent } from '../../src/sandbox/types.js';
import { WebhookRegistry } from '../../src/sandbox/webhook-registry.js';
import { signWebhook, WEBHOOK_MAX_ATTEMPTS, WebhookDispatcher } from '../../src/sandbox/webhooks.js';
import { type Receiver, startReceiver as startLocalReceiver } from '../helpers/webhook-receiver.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A test receiver on 127.0.0.1, closed after each test. */
async function startReceiver(statusFor?: (n: number) => number | 'hang'): Promise<Receiver> {
  const receiver = await startLocalReceiver(statusFor);
  cleanups.push(() => receiver.close());
  return receiver;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function setup(options: { retryBaseMs?: number; timeoutMs?: number } = {}) {
  const registry = new WebhookRegistry();
  const stats = createStats();
  const dispatcher = new WebhookDispatcher({
    registry,
    stats,
    logger: silentLogger,
    retryBaseMs: 20,
    ...options,
  });
  cleanups.push(() => dispatcher.close());
  return { registry, stats, dispatcher };
}

const event: PlatformEvent = {
  id: 'evt_000001',
  type: 'crew.updated',
  createdAt: '2026-11-21T10:00:00.000Z',
  data: { id: 7, firstName: 'Ada' },
  companyId: 'company-1',
};

describe('[contract] webhook delivery', () => {
  it('POSTs {id, type, createdAt, data} with X-Webhook-Id, X-Webhook-Timestamp and a verifiable signature', async () => {
    const receiver = await startReceiver();
    const { registry, dispatcher, stats } = setup();
    registry.add('company-1', { url: receiver.url, events: ['crew.updated'], secret: 'whsec' });
    dispatcher.dispatch(event);
    await receiver.waitFor(1);
    const [delivery] = receiver.deliveries;
    const { id, type, createdAt, data } = event;
    expect(JSON.parse(delivery!.rawBody)).toEqual({ id, type, createdAt, data });
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['x-webhook-id']).toBe(event.id);
    const timestamp = delivery!.headers['x-webhook-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(5);
    const expected = createHmac('sha256', 'whsec').update(`${timestamp}.${delivery!.rawBody}`).digest('hex');
    expect(delivery!.headers['x-webhook-signature']).toBe(`v1=${expected}`);
    expect(stats.webhookDeliveries).toBe(1);
  });

  it('sends no signature header when the subscription has no secret', async () => {
    const receiver = await startReceiver();
    const { registry, dispatcher } = setup();
    registry.add('company-1', { url: receiver.url, events: ['crew.updated'], secret: null });
    dispatcher.dispatch(event);
    await receiver.waitFor(1);
    expect(receiver.deliveries[0]!.headers['x-webhook-signature']).toBeUndefined();
  });

  it('delivers only to subscriptions of the event type and of the event company', async () => {
    const wanted = await startReceiver();
    const otherType = await startReceiver();
    const otherCompany = await startReceiver();
    const { registry, dispatcher } = setup();
    registry.add('company-1', { url: wanted.url, events: ['job.created', 'crew.updated'], secret: null });
    registry.add('company-1', { url: otherType.url, events: ['job.created'], secret: null });
    registry.add('company-2', { url: otherCompany.url, events: ['crew.updated'], secret: null });
    dispatcher.dispatch(event);
    await wanted.waitFor(1);
    await sleep(100);
    expect(otherType.deliveries).toHaveLength(0);
    expect(otherCompany.deliveries).toHaveLength(0);
  });

  it('retries after a 500 with the same event id, so the receiver can de-duplicate', async () => {
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
    const { registry, dispatcher, stats } = setup({ retryBaseMs: 50 });
    registry.add('company-1', { url: receiver.url, events: ['crew.updated'], secret: 'whsec' });
    dispatcher.dispatch(event);
    await receiver.waitFor(2);
    await sleep(150);
    expect(receiver.deliveries).toHaveLength(2);
    const [first, second] = receiver.deliveries;
    expect(second!.headers['x-webhook-id']).toBe(first!.headers['x-webhook-id']);
    expect(JSON.parse(second!.rawBody).id).toBe(JSON.parse(first!.rawBody).id);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(45);
    expect(stats.webhookDeliveries).toBe(2);
  });

  it('backs off exponentially and gives up after 8 attempts in all', async () => {
    const receiver = await startReceiver(() => 503);
    const { registry, dispatcher } = setup({ retryBaseMs: 10 });
    registry.add('company-1', { url: receiver.url, events: ['crew.updated'], secret: null });
    dispatcher.dispatch(event);
    // 10 + 20 + 40 + ... + 640 ms = 1.27 s of waiting in all.
    await receiver.waitFor(WEBHOOK_MAX_ATTEMPTS, 10_000);
    await sleep(1500);
    expect(receiver.deliveries).toHaveLength(8);
    const gaps = receiver.deliveries.slice(1).map((d, i) => d.at - receiver.deliveries[i]!.at);
    expect(gaps[6]!).toBeGreaterThanOrEqual(600);
    expect(gaps[6]!).toBeGreaterThan(gaps[0]! * 8);
  });

  it('an answer slower than the timeout counts as failed and is retried', async () => {
    const receiver = await startReceiver((n) => (n === 0 ? 'hang' : 200));
    const { registry, dispatcher } = setup({ retryBaseMs: 10, timeoutMs: 200 });
    registry.add('company-1', { url: receiver.url, events: ['crew.updated'], secret: null });
    // Measured from the dispatch, where the 200 ms timeout starts: the first request's arrival at
    // the receiver may come some ms later on a busy machine, which shortened the gap between the
    // two arrivals below the timeout although the sender had waited for all of it.
    const dispatchedAt = Date.now();
    dispatcher.dispatch(event);
    await receiver.waitFor(2);
    expect(receiver.deliveries[1]!.at - dispatchedAt).toBeGreaterThanOrEqual(200);
  });

  it('an unreachable receiver is retried like a failed one', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    const { registry, dispatcher, stats } = setup({ retryBaseMs: 10 });
    registry.add('company-1', { url: receiver.url, events: ['crew.updated'], secret: null });
    dispatcher.dispatch(event);
    await sleep(200);
    expect(stats.webhookDeliveries).toBeGreaterThanOrEqual(3);
  });

  it('deleting the subscription stops its retries', async () => {
    const receiver = await startReceiver(() => 500);
    const { registry, dispatcher } = setup({ retryBaseMs: 100 });
    const sub = registry.add('company-1', { url: receiver.url, events: ['crew.updated'], secret: null });
    dispatcher.dispatch(event);
    await receiver.waitFor(1);
    registry.remove('company-1', sub.id);
    await sleep(400);
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('close() cancels pending retries', async () => {
    const receiver = await startReceiver(() => 500);
    const { registry, dispatcher } = setup({ retryBaseMs: 100 });
    registry.add('company-1', { url: receiver.url, events: ['crew.updated'], secret: null });
    dispatcher.dispatch(event);
    await receiver.waitFor(1);
    // The failed attempt schedules its retry once the 500 has been read.
    while (dispatcher.pendingRetries === 0) await sleep(5);
    dispatcher.close();
    expect(dispatcher.pendingRetries).toBe(0);
    await sleep(400);
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('signWebhook signs "<timestamp>.<raw body>" with HMAC-SHA256, hex, prefixed v1=', () => {
    const expected = createHmac('sha256', 'k').update('1700000000.{"a":1}').digest('hex');
    expect(signWebhook('k', '1700000000', '{"a":1}')).toBe(`v1=${expected}`);
  });
});
