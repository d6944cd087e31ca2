// Webhook events end to end against a shared test sandbox: the server subscribes itself at
// start, a job created on the platform arrives as job.created through the real receiver, shows in
// list_events and crew://events, and subscribed clients are notified: a 2025-era client via
// resources/subscribe (one instance per connection), a 2026-07-28 HTTP client via
// subscriptions/listen (one instance per request, notified through the handler's notifier).
import { existsSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { startHttp } from '../../src/transports/http.js';
import type { FileEventLog } from '../../src/webhooks/event-log.js';
import { connectHttp, connectInProcess, textOf } from '../helpers/mcp.js';
import { gql, type Json, rest, startTestSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

let sandbox: RunningSandbox;
let boardId: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const jobs = await gql(
    sandbox,
    '{ companyJobs(input: { perPage: 1 }) { paginatedList { board { id } } } }',
  );
  boardId = jobs.body.data.companyJobs.paginatedList[0].board.id;
});

afterAll(() => sandbox?.close());

/** A job created on the platform as demo-admin, outside the server under test. */
async function createJob(title: string): Promise<string> {
  const answer = await gql(
    sandbox,
    'mutation($input: CreateJobsInput!) { createJobs(input: $input) { success jobs { id } } }',
    {
      input: {
        jobs: [
          {
            boardId,
            title,
            date: '2026-12-14',
            roles: [
              { title: 'Steward', startTime: '2026-12-14T10:00', endTime: '2026-12-14T14:00', payRate: 15 },
            ],
          },
        ],
      },
    },
  );
  expect(answer.body.data.createJobs.success).toBe(true);
  return answer.body.data.createJobs.jobs[0].id;
}

async function subscriptionUrls(): Promise<string[]> {
  return (await rest(sandbox, 'GET', '/rest/webhooks')).body.webhooks.map((hook: Json) => hook.url);
}

async function eventsFor(client: Client, entityId: string): Promise<Json[]> {
  const result = await client.callTool({ name: 'list_events', arguments: { entityId } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return (result.structuredContent as Json).events;
}

describe('events over a connection (2025 era, resources/subscribe)', () => {
  it('receives job.created, lists it, shows it in crew://events, notifies subscribers only', async () => {
    const connected = await connectInProcess(sandbox);
    const { client, app } = connected;
    const log = app.context.events as FileEventLog;
    try {
      await app.start({ httpUrl: null, notify: null });
      const urls = await subscriptionUrls();
      expect(urls).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/)]);

      expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
      const updates: string[] = [];
      client.setNotificationHandler('notifications/resources/updated', (notification) => {
        updates.push(notification.params.uri);
      });
      await client.subscribeResource({ uri: 'crew://events' });

      const jobId = await createJob('Events e2e gala');
      await until(() => (updates.includes('crew://events') ? true : undefined));
      // Not subscribed to the job's own resource: no notification for it.
      expect(updates).not.toContain(`crew://jobs/${jobId}`);

      const [event] = await eventsFor(client, jobId);
      expect(event).toMatchObject({ type: 'job.created', data: { id: jobId, title: 'Events e2e gala' } });
      const byType = await client.callTool({
        name: 'list_events',
        arguments: { types: ['job.created'], limit: 5 },
      });
      expect((byType.structuredContent as Json).events[0].id).toBe(event.id);
      const none = await client.callTool({
        name: 'list_events',
        arguments: { types: ['crew'], since: '2026-01-01' },
      });
      expect(textOf(none)).toMatch(/No events match/);

      const resource = await client.readResource({ uri: 'crew://events' });
      const text = (resource.contents[0] as { text: string }).text;
      expect(text).toMatch(
        new RegExp(`job\\.created \\(${event.id}\\) id: ${jobId}, title: Events e2e gala`),
      );

      // After unsubscribing, a new event is stored but not announced.
      await client.unsubscribeResource({ uri: 'crew://events' });
      await client.subscribeResource({ uri: `crew://jobs/${jobId}` });
      const count = updates.length;
      const second = await createJob('Events e2e after');
      await until(async () => ((await eventsFor(client, second)).length === 1 ? true : undefined));
      expect(updates.slice(count)).toEqual([]);
      await gql(
        sandbox,
        `mutation { updateJobs(input: { jobs: [{ id: "${jobId}", title: "Renamed" }] }) { success } }`,
      );
      await until(() => (updates.includes(`crew://jobs/${jobId}`) ? true : undefined));
      expect(updates.slice(count)).not.toContain('crew://events');
      // The connection's listener, and the app's own (staffing reads are dropped on any event).
      expect(log.listenerCount).toBe(2);
    } finally {
      await connected.close();
    }
    // Closed: the listener is gone, the subscription deleted, the sandbox's temporary log removed.
    expect(log.listenerCount).toBe(0);
    expect(await subscriptionUrls()).toEqual([]);
    expect(existsSync(log.file)).toBe(false);
  });
});

describe('events over HTTP (2026-07-28 listen per request; 2025 sessions)', () => {
  it('notifies listening and subscribed clients of both eras, with no per-request listener', async () => {
    const app = await createApp(loadConfig(['http', '--port', '0'], {}), {
      transport: 'http',
      logger: silentLogger,
      sandbox,
    });
    const http = await startHttp(app);
    const log = app.context.events as FileEventLog;
    const modern = await connectHttp(http.mcpUrl, 'modern');
    const legacy = await connectHttp(http.mcpUrl, 'legacy');
    try {
      expect(await subscriptionUrls()).toEqual([`${http.url}/webhooks`]);
      const updates: string[] = [];
      modern.setNotificationHandler('notifications/resources/updated', (notification) => {
        updates.push(notification.params.uri);
      });
      const subscription = await modern.listen({ resourceSubscriptions: ['crew://events'] });
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual(['crew://events']);
      // A 2025-era client has a session: it subscribes and is notified on its GET stream.
      const legacyUpdates: string[] = [];
      legacy.setNotificationHandler('notifications/resources/updated', (notification) => {
        legacyUpdates.push(notification.params.uri);
      });
      await legacy.subscribeResource({ uri: 'crew://events' });

      const jobId = await createJob('Events over HTTP');
      await until(() => (updates.includes('crew://events') ? true : undefined));
      await until(() => (legacyUpdates.includes('crew://events') ? true : undefined));
      for (const client of [modern, legacy]) {
        expect((await eventsFor(client, jobId))[0]).toMatchObject({ type: 'job.created' });
      }
      // Many requests: the notifier's listener and one for the 2025-era session, not one per request
      // (plus the app's own, which drops cached staffing reads on any event).
      for (let i = 0; i < 5; i++) await legacy.readResource({ uri: 'crew://events' });
      for (let i = 0; i < 5; i++) await modern.readResource({ uri: 'crew://events' });
      expect(log.listenerCount).toBe(3);
      await subscription.close();
    } finally {
      await modern.close();
      await legacy.close();
      await http.close();
      await app.close();
    }
    expect(log.listenerCount).toBe(0);
    expect(await subscriptionUrls()).toEqual([]);
  });
});

describe('events with a read-only key', () => {
  it('serves every tool although the key may not subscribe (webhooks:manage)', async () => {
    const connected = await connectInProcess(sandbox, ['--sandbox-key', 'demo-readonly']);
    try {
      await connected.app.start({ httpUrl: null, notify: null });
      expect(await subscriptionUrls()).toEqual([]);
      const result = await connected.client.callTool({ name: 'list_events', arguments: {} });
      expect(textOf(result)).toMatch(/No events match/);
    } finally {
      await connected.close();
    }
  });
});
