// [contract] webhooks end to end: a subscription made over REST receives the event of a change
// committed through the sandbox (a file upload that answers a FILE data type emits crew.updated).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { findUploadTarget, rest, startTestSandbox } from '../helpers/sandbox.js';

interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startReceiver(
  status: (n: number) => number,
): Promise<{ url: string; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const n = deliveries.length;
      deliveries.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status(n)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries };
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
    const receiver = await startReceiver(() => 204);
    const sb = await startWithSubscription(receiver.url);
    const crewId = await uploadAnswer(sb);
    await until(() => receiver.deliveries.length === 1);
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
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
    const sb = await startWithSubscription(receiver.url);
    await uploadAnswer(sb);
    await until(() => receiver.deliveries.length === 2);
    const ids = receiver.deliveries.map((d) => JSON.parse(d.rawBody).id);
    expect(ids[1]).toBe(ids[0]);
    expect(sb.stats.webhookDeliveries).toBe(2);
  });

  it('close() cancels pending retries', async () => {
    const receiver = await startReceiver(() => 500);
    const sb = await startWithSubscription(receiver.url);
    await uploadAnswer(sb);
    await until(() => receiver.deliveries.length === 1);
    await sb.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.deliveries).toHaveLength(1);
  });
});
