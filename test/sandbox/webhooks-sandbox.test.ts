// [contract] webhooks end to end: a subscription made over REST receives the event of a change
// committed through the sandbox (a file upload that answers a FILE data type emits crew.updated).
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { findUploadTarget, rest, startTestSandbox } from '../helpers/sandbox.js';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A test receiver closed after each test. */
async function receiverFor(statusFor?: (n: number) => number | 'hang'): Promise<Receiver> {
  const receiver = await startReceiver(statusFor);
  cleanups.push(() => receiver.close());
  return receiver;
}

async function startWithSubscription(receiverUrl: string): Promise<RunningSandbox> {
  const sb = await startTestSandbox({ webhookRetryBaseMs: 50 });
  cleanups.push(() => sb.close());
  const created = await rest(sb, 'POST', '/rest/webhooks', {
    json: { url: receiverUrl, events: ['crew.updated'], secret: 'e2e-secret' },
  });
  expect(created.status).toBe(201);
  return sb;
}

async function uploadAnswer(sb: RunningSandbox): Promise<number> {
  const { crewId, fileDataType } = await findUploadTarget(sb);
  const form = new FormData();
  form.append('dataTypeId', fileDataType.id);
  form.append('file', new Blob(['pdf']), 'answer.pdf');
  expect((await rest(sb, 'POST', `/rest/crew/${crewId}/files`, { form })).status).toBe(201);
  return crewId;
}

describe('[contract] webhooks through the sandbox', () => {
  it('a committed change reaches the subscriber, signed, and counts in stats', async () => {
    const receiver = await receiverFor(() => 204);
    const sb = await startWithSubscription(receiver.url);
    const crewId = await uploadAnswer(sb);
    await receiver.waitFor(1);
    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    const body = JSON.parse(delivery!.rawBody);
    expect(body).toMatchObject({
      id: expect.any(String),
      type: 'crew.updated',
      createdAt: expect.any(String),
    });
    expect(body.data.id).toBe(crewId);
    expect(delivery!.headers['x-webhook-id']).toBe(body.id);
    const timestamp = delivery!.headers['x-webhook-timestamp'];
    const signature = createHmac('sha256', 'e2e-secret')
      .update(`${timestamp}.${delivery!.rawBody}`)
      .digest('hex');
    expect(delivery!.headers['x-webhook-signature']).toBe(`v1=${signature}`);
    expect(sb.stats.webhookDeliveries).toBe(1);
  });

  it('a failed delivery is retried with the same event id (webhookRetryBaseMs)', async () => {
    const receiver = await receiverFor((n) => (n === 0 ? 500 : 200));
    const sb = await startWithSubscription(receiver.url);
    await uploadAnswer(sb);
    await receiver.waitFor(2);
    expect(receiver.deliveries).toHaveLength(2);
    const ids = receiver.deliveries.map((d) => JSON.parse(d.rawBody).id);
    expect(ids[1]).toBe(ids[0]);
    expect(sb.stats.webhookDeliveries).toBe(2);
  });

  it('close() cancels pending retries', async () => {
    const receiver = await receiverFor(() => 500);
    const sb = await startWithSubscription(receiver.url);
    await uploadAnswer(sb);
    await receiver.waitFor(1);
    expect(receiver.deliveries).toHaveLength(1);
    await sb.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.deliveries).toHaveLength(1);
  });
});
