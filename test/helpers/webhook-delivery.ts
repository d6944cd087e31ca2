// Webhook deliveries as the platform makes them, for the replica tests: a test event of a unique
// id, signed with the replicas' webhook secret and posted to a replica's (or the balancer's)
// /webhooks.
import { randomBytes } from 'node:crypto';
import { signWebhook } from '../../src/sandbox/webhooks.js';

export interface TestEvent {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

let eventCount = 0;

/** An event of an id no other test run makes (`tag`, this process, a counter and a random part). */
export function testEvent(tag: string, type = 'job.updated'): TestEvent {
  eventCount += 1;
  return {
    id: `evt-${tag}-${process.pid}-${eventCount}-${randomBytes(3).toString('hex')}`,
    type,
    createdAt: new Date().toISOString(),
    data: { id: `job-${eventCount}`, title: `Replica test ${eventCount}` },
  };
}

/** A signed delivery of `event` to `baseUrl`/webhooks (given up after 10 s). */
export async function deliverEvent(
  baseUrl: string,
  secret: string,
  event: object & { id: string },
): Promise<Response> {
  const body = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return fetch(`${baseUrl}/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-id': event.id,
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(secret, timestamp, body),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
}
