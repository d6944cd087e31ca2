// Webhook events and file upload through the BUILT CLI (run `npm run build` first), out of the
// box with its embedded sandbox: in stdio mode the receiver listens on a loopback port of its
// own; a job created with the server's own create_jobs tool comes back as job.created. Then the
// crash test: an acknowledged delivery survives a SIGKILL right after the 2xx, and after a
// restart the same event is recognised as a duplicate.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/sandbox/webhooks.js';
import { EVENTS_FILE } from '../../src/webhooks/event-log.js';
import { CLI, connectHttp, spawnHttp, spawnStdio, textOf } from '../helpers/mcp.js';
import { until } from '../helpers/until.js';

// biome-ignore lint/suspicious/noExplicitAny: e2e tests read structured results loosely
type Any = any;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crew-mcp-events-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The built CLI answers more slowly than an in-process server: wait longer, poll less. */
const untilCli = <T>(probe: () => Promise<T | undefined> | T | undefined) => until(probe, 15_000, 50);

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Any> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
  return result.structuredContent;
}

async function createJobWithTool(client: Client, title: string): Promise<string> {
  const { jobs } = await call(client, 'list_jobs', { perPage: 1 });
  const created = await call(client, 'create_jobs', {
    jobs: [
      {
        boardId: jobs[0].board.id,
        title,
        date: '2027-03-10',
        roles: [
          { title: 'Steward', startTime: '2027-03-10T10:00', endTime: '2027-03-10T14:00', payRate: 15 },
        ],
      },
    ],
  });
  return created.jobs[0].id;
}

/** A crew member with a FILE data type, found through the server's own read tools. */
async function fileDataTypeOf(client: Client): Promise<{ crewId: number; dataTypeId: string }> {
  const { crew } = await call(client, 'list_crew', { perPage: 20 });
  for (const member of crew) {
    const profile = await call(client, 'get_crew', { crewId: member.id });
    for (const p of profile.crew.profiles) {
      const file = p.dataTypes.find((dataType: Any) => dataType.type === 'FILE');
      if (file) return { crewId: member.id, dataTypeId: file.id };
    }
  }
  throw new Error('no crew member with a FILE data type among the first 20');
}

describe('built CLI over stdio with the embedded sandbox', () => {
  it('a job created with create_jobs arrives as job.created: list_events and a resource update', async () => {
    const { client, close } = await spawnStdio();
    try {
      const updates: string[] = [];
      client.setNotificationHandler('notifications/resources/updated', (notification) => {
        updates.push(notification.params.uri);
      });
      await client.subscribeResource({ uri: 'crew://events' });
      const jobId = await createJobWithTool(client, 'CLI events gala');
      await untilCli(() => (updates.includes('crew://events') ? true : undefined));
      const { events } = await call(client, 'list_events', { entityId: jobId });
      expect(events[0]).toMatchObject({ type: 'job.created', data: { id: jobId, title: 'CLI events gala' } });
    } finally {
      await close();
    }
  });

  it('a 2026-07-28 stdio client is notified on its subscriptions/listen stream', async () => {
    const client = new Client(
      { name: 'crew-mcp-e2e', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'stdio'],
        env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn' },
        stderr: 'pipe',
      }),
    );
    try {
      const updates: string[] = [];
      client.setNotificationHandler('notifications/resources/updated', (notification) => {
        updates.push(notification.params.uri);
      });
      const subscription = await client.listen({ resourceSubscriptions: ['crew://events'] });
      const jobId = await createJobWithTool(client, 'Modern stdio gala');
      await untilCli(() => (updates.includes('crew://events') ? true : undefined));
      expect(updates).not.toContain(`crew://jobs/${jobId}`);
      await subscription.close();
    } finally {
      await client.close();
    }
  });

  it('uploads a local file by path as a FILE answer, lists it, and sees the crew.updated event', async () => {
    const path = join(dir, 'id-card.png');
    await writeFile(path, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // Local files are read only under a directory the user allows.
    const { client, close } = await spawnStdio(['--files-root', dir]);
    try {
      const target = await fileDataTypeOf(client);
      const { file } = await call(client, 'upload_crew_file', {
        crewId: target.crewId,
        path,
        dataTypeId: target.dataTypeId,
      });
      expect(file).toMatchObject({
        name: 'id-card.png',
        mimeType: 'image/png',
        size: 4,
        dataTypeId: target.dataTypeId,
      });
      const { files } = await call(client, 'list_crew_files', { crewId: target.crewId });
      expect(files.map((listed: Any) => listed.id)).toContain(file.id);
      const event = await untilCli(async () => {
        const { events } = await call(client, 'list_events', {
          types: ['crew.updated'],
          entityId: target.crewId,
        });
        return events[0];
      });
      expect(event.data.id).toBe(String(target.crewId));
    } finally {
      await close();
    }
  });
});

/** The CLI's HTTP mode on a free port (started by hand: the crash test needs the raw process). */
async function startHttpCli(eventsDir: string) {
  return spawnHttp(['--events-dir', eventsDir, '--webhook-secret', 's']);
}

function signedDelivery(id: string): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id,
    type: 'crew.created',
    createdAt: new Date().toISOString(),
    data: { id: 424242, firstName: 'Crash' },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-id': id,
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook('s', timestamp, body),
    },
  };
}

describe('built CLI over HTTP: crash safety of acknowledged events', () => {
  it('keeps an event acknowledged just before a SIGKILL, and knows it after a restart', async () => {
    const eventsDir = join(dir, 'crash');
    const first = await startHttpCli(eventsDir);
    const delivery = signedDelivery('evt_crash_1');
    const answer = await fetch(`${first.baseUrl}/webhooks`, { method: 'POST', ...delivery });
    const exited = new Promise((resolve) => first.process.once('exit', resolve));
    // Kill the moment the 2xx is in: no graceful shutdown, no chance to flush anything later.
    first.process.kill('SIGKILL');
    expect(answer.status).toBe(200);
    await exited;

    const lines = (await readFile(join(eventsDir, EVENTS_FILE), 'utf8')).split('\n').filter(Boolean);
    expect(lines.map((line) => JSON.parse(line).id)).toEqual(['evt_crash_1']);

    const second = await startHttpCli(eventsDir);
    try {
      const replay = await fetch(`${second.baseUrl}/webhooks`, {
        method: 'POST',
        ...signedDelivery('evt_crash_1'),
      });
      expect(await replay.json()).toEqual({ status: 'duplicate', id: 'evt_crash_1' });
      const forged = signedDelivery('evt_forged');
      forged.headers['x-webhook-signature'] = signWebhook(
        'not-s',
        forged.headers['x-webhook-timestamp']!,
        forged.body,
      );
      expect((await fetch(`${second.baseUrl}/webhooks`, { method: 'POST', ...forged })).status).toBe(401);

      // A 2026-07-28 client listening on the restarted server sees old and new events.
      const client = await connectHttp(second.mcpUrl, 'modern');
      try {
        const updates: string[] = [];
        client.setNotificationHandler('notifications/resources/updated', (notification) => {
          updates.push(notification.params.uri);
        });
        const subscription = await client.listen({ resourceSubscriptions: ['crew://events'] });
        const { events } = await call(client, 'list_events', { entityId: 424242 });
        expect(events.map((event: Any) => event.id)).toEqual(['evt_crash_1']);
        const jobId = await createJobWithTool(client, 'HTTP events gala');
        await untilCli(() => (updates.includes('crew://events') ? true : undefined));
        expect((await call(client, 'list_events', { entityId: jobId })).events[0].type).toBe('job.created');
        await subscription.close();
      } finally {
        await client.close();
      }
    } finally {
      await second.close();
    }
  });

  it('refuses to read a local path over HTTP', async () => {
    const server = await startHttpCli(join(dir, 'http-path'));
    try {
      const client = await connectHttp(server.mcpUrl);
      const result = await client.callTool({
        name: 'upload_crew_file',
        arguments: { crewId: 1, path: join(dir, 'id-card.png') },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/only be read when crew-mcp runs over stdio/);
      await client.close();
    } finally {
      await server.close();
    }
  });
});
