// Three crew-mcp replicas behind HAProxy on one PostgreSQL (issue 24), as the README's "Running
// more than one replica" runs them: the built CLI, deploy/haproxy.cfg, `crew-mcp sandbox` once,
// `--store postgres://...`. What one replica learns, the others know: an event it received, a
// write it made, a client's request count; and a replica killed under load loses nothing that
// was acknowledged, duplicates no write, and leaves no client call hanging.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, callTool, connectHttp } from '../helpers/mcp.js';
import { expectOneBucketAcrossReplicas, expectWriteSeenByOtherReplica } from '../helpers/replica-checks.js';
import { type ReplicaSet, startReplicaSet } from '../helpers/replicas.js';
import { until } from '../helpers/until.js';
import { deliverEvent, testEvent as newTestEvent } from '../helpers/webhook-delivery.js';

/** Per minute per client: bursts of 100 (ten seconds' worth), 10 more a second. */
const RATE_PER_MINUTE = 600;
const tokens = new Map(
  ['alice', 'bob', 'flood', ...Array.from({ length: 16 }, (_, i) => `load${i}`)].map((name) => [
    name,
    randomBytes(24).toString('hex'),
  ]),
);
const token = (name: string) => tokens.get(name) as string;

let set: ReplicaSet;
const clients: Client[] = [];

beforeAll(async () => {
  set = await startReplicaSet({
    args: ['--auth', 'bearer', '--rate-limit', String(RATE_PER_MINUTE)],
    env: { CREW_AUTH_TOKENS: [...tokens].map(([name, value]) => `${name}:${value}`).join(',') },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await set?.close();
}, 30_000);

async function connect(url: string, era: 'legacy' | 'modern', name: string): Promise<Client> {
  const client = await connectHttp(url, era, token(name));
  clients.push(client);
  return client;
}

const testEvent = (type?: string) => newTestEvent('replicas', type);

/** A signed delivery, as the platform makes it, to `baseUrl`/webhooks. */
const deliver = (baseUrl: string, event: object & { id: string }) =>
  deliverEvent(baseUrl, set.webhookSecret, event);

describe('three replicas behind HAProxy, one PostgreSQL', () => {
  it('an event delivered to replica 1 is stored once, listed and announced on replica 3', async () => {
    const [one, two, three] = set.replicas;
    const legacy = await connect(three!.mcpUrl, 'legacy', 'alice');
    const modern = await connect(three!.mcpUrl, 'modern', 'bob');
    const legacyUpdates: string[] = [];
    const modernUpdates: string[] = [];
    legacy.setNotificationHandler('notifications/resources/updated', (notification) => {
      legacyUpdates.push(notification.params.uri);
    });
    modern.setNotificationHandler('notifications/resources/updated', (notification) => {
      modernUpdates.push(notification.params.uri);
    });
    await legacy.subscribeResource({ uri: 'crew://events' });
    const listening = await modern.listen({ resourceSubscriptions: ['crew://events'] });

    const event = testEvent();
    const first = await deliver(one!.baseUrl, event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'stored', id: event.id });
    // The platform delivers at least once: the same event at another replica is not stored again.
    const again = await deliver(two!.baseUrl, event);
    expect(await again.json()).toEqual({ status: 'duplicate', id: event.id });

    await until(() => (legacyUpdates.includes('crew://events') ? true : undefined), 5000);
    await until(() => (modernUpdates.includes('crew://events') ? true : undefined), 5000);
    const listed = await callTool(legacy, 'list_events', { entityId: event.data.id });
    expect(listed.isError, listed.text).toBe(false);
    expect(listed.data.events.map((stored: { id: string }) => stored.id)).toEqual([event.id]);
    expect(listed.data.events[0]).toMatchObject({ type: 'job.updated', data: event.data });
    await listening.close();
  });

  it("a write on replica 2 makes replica 1's next find_matching_crew see it", async () => {
    const [one, two] = set.replicas;
    await expectWriteSeenByOtherReplica(
      await connect(one!.mcpUrl, 'modern', 'alice'),
      await connect(two!.mcpUrl, 'modern', 'alice'),
    );
  });

  it('the rate limit holds across replicas: one bucket per client, not one per replica', async () => {
    await expectOneBucketAcrossReplicas(set.replicas, RATE_PER_MINUTE, async (replica) => {
      const response = await fetch(replica.mcpUrl, {
        headers: { authorization: `Bearer ${token('flood')}`, accept: 'text/event-stream' },
      });
      await response.arrayBuffer();
      return response.status;
    });
  });

  it("crew-mcp check checks the replicas' store: schema, LISTEN/NOTIFY, replicas listening", async () => {
    const check = (store: string) =>
      promisify(execFile)(process.execPath, [CLI, 'check', '--store', store], {
        env: { PATH: process.env.PATH ?? '', ...set.sandbox.env() },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const good = await check(set.database.url);
    expect(good.stdout).toMatch(
      /ok {2}store: .*: schema version \d+ \(this build knows \d+\), LISTEN\/NOTIFY goes round, 3 replica\(s\) listening/,
    );
    expect(good.code, good.stdout).toBe(0);
    const bad = await check('postgres://crew:hunter2-secret@127.0.0.1:1/crew');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAIL store: postgres:\/\/crew:\*\*\*@127\.0\.0\.1:1\/crew cannot be reached/);
    expect(bad.stdout).toMatch(/change CREW_STORE: cannot reach/);
    expect(bad.stdout).not.toContain('hunter2');
  });

  it('one replica SIGKILLed under 16 clients: nothing acknowledged lost, no write twice, no call hangs', async () => {
    const outcome = await killUnderLoad(set);
    expect(outcome.unexpected, `${outcome.unexpected.join('\n')}\n${set.haproxy.output()}`).toEqual([]);
    expect(outcome.callsAfterKill).toBeGreaterThan(0);
    expect(outcome.clientsAnsweredAfterKill).toBe(16);
    // Every acknowledged event is in the store, exactly once.
    expect(outcome.acknowledged.length).toBeGreaterThan(0);
    const db = new pg.Client({ connectionString: set.database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ event_id: string; n: string }>(
        'select event_id, count(*) as n from crew_webhook_events where event_id = any($1) group by event_id',
        [outcome.acknowledged],
      );
      expect(rows.length).toBe(outcome.acknowledged.length);
      expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
    } finally {
      await db.end();
    }
    // Every write made at most once, every answered one exactly once, as the platform has them.
    const survivor = await connect(set.mcpUrl, 'modern', 'alice');
    for (const email of outcome.writes) {
      const found = await callTool(survivor, 'list_crew', { search: email, perPage: 5 });
      expect(found.isError, found.text).toBe(false);
      const count = found.data.crew.filter((member: { email?: string }) => member.email === email).length;
      expect(count, email).toBeLessThanOrEqual(1);
      if (outcome.answeredWrites.includes(email)) expect(count, email).toBe(1);
    }
    // The survivors carry on: each answers directly, and the killed one is out of the balancer.
    for (const replica of set.replicas.filter((candidate) => candidate !== outcome.killed)) {
      const direct = await connect(replica.mcpUrl, 'modern', 'bob');
      expect((await callTool(direct, 'list_crew', { perPage: 1 })).isError).toBe(false);
    }
  }, 120_000);
});

interface LoadOutcome {
  killed: ReplicaSet['replicas'][number];
  /** Calls that failed in a way a client cannot act on (not a 502/503/404-session answer, or a hang). */
  unexpected: string[];
  callsAfterKill: number;
  clientsAnsweredAfterKill: number;
  acknowledged: string[];
  /** Emails of every create_crew sent, and of those answered with success. */
  writes: string[];
  answeredWrites: string[];
  /** Calls answered with a retryable error (the client made a new session, or moved on). */
  retried: string[];
}

/**
 * An answer the client may act on at once: HAProxy's 502 or 503, 404 for a session whose replica is
 * gone (initialize again), or the balancer closing a kept-alive connection without an answer (what
 * HAProxy does, in place of a 502, when a replica dies before answering a connection's second or
 * later request: the client's HTTP stack reports it at once, as for a 502). A read may be sent
 * again; a write's outcome is unknown, so it is not.
 */
function retryable(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  const status = (error as { data?: { status?: number } })?.data?.status;
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  return (
    status === 502 ||
    status === 503 ||
    status === 404 ||
    cause === 'UND_ERR_SOCKET' ||
    /Session not found|Bad Gateway|Service Unavailable/.test(text)
  );
}

const CALL_TIMEOUT_MS = 10_000;

async function killUnderLoad(set: ReplicaSet): Promise<LoadOutcome> {
  const killed = set.replicas[1]!;
  const CLIENTS = 16;
  /** The kill comes once every client has this many answers (the load is on), */
  const BEFORE_KILL = 4;
  /** and each client then runs until it has this many more (the survivors carry on). */
  const AFTER_KILL = 3;
  const MAX_MS = 60_000;
  const started = Date.now();
  let killedAt = Number.POSITIVE_INFINITY;
  const unexpected: string[] = [];
  const writes: string[] = [];
  const answeredWrites: string[] = [];
  const acknowledged: string[] = [];
  const retried: string[] = [];
  const answers = { before: new Array<number>(CLIENTS).fill(0), after: new Array<number>(CLIENTS).fill(0) };
  const loadIsOn = () => answers.before.every((count) => count >= BEFORE_KILL);
  const finished = () => answers.after.every((count) => count >= AFTER_KILL);
  const inTime = () => Date.now() - started < MAX_MS;

  /** Connecting is a request too: one the balancer answered 502 is made again. */
  const reconnect = async (era: 'legacy' | 'modern', name: string): Promise<Client> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await connect(set.mcpUrl, era, name);
      } catch (error) {
        if (!retryable(error) || attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };

  const runClient = async (index: number) => {
    const era = index % 2 === 0 ? 'legacy' : 'modern';
    const name = `load${index}`;
    let client = await reconnect(era, name);
    for (let call = 0; inTime() && answers.after[index]! < AFTER_KILL && call < 400; call++) {
      // Every third call a write: a new crew member whose email says which call made it.
      const write = call % 3 === 1;
      const email = `replica-load-${process.pid}-${index}-${call}@example.com`;
      if (write) writes.push(email);
      const afterKill = Date.now() > killedAt;
      try {
        const result = await client.callTool(
          write
            ? {
                name: 'create_crew',
                arguments: { crew: [{ firstName: 'Load', lastName: `C${index}`, email }] },
              }
            : { name: 'list_crew', arguments: { perPage: 1 } },
          { timeout: CALL_TIMEOUT_MS },
        );
        if (write && !result.isError) answeredWrites.push(email);
        if (afterKill) answers.after[index]! += 1;
        else answers.before[index]! += 1;
      } catch (error) {
        const cause = (error as { cause?: { message?: string; code?: string } })?.cause;
        const text = `${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`;
        if (!retryable(error)) {
          unexpected.push(`${name} ${era} ${write ? 'write' : 'read'}: ${text}`);
          continue;
        }
        retried.push(`${era} ${write ? 'write' : 'read'}: ${text.slice(0, 100)}`);
        // A write whose answer was lost is not sent again (its outcome is unknown); a lost session
        // is opened anew, as the 404 says.
        if (era === 'legacy') {
          await client.close().catch(() => undefined);
          client = await reconnect(era, name);
        }
      }
    }
  };

  // The platform's part: deliveries through the balancer, each retried until acknowledged.
  const deliverAll = async () => {
    for (let n = 0; inTime() && !finished() && n < 1000; n++) {
      const event = testEvent('crew.updated');
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await deliver(set.haproxy.url, event).catch(() => null);
        await response?.arrayBuffer();
        if (response?.status === 200) {
          acknowledged.push(event.id);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };

  const kill = (async () => {
    while (!loadIsOn() && inTime()) await new Promise((resolve) => setTimeout(resolve, 10));
    killedAt = Date.now();
    await killed.kill('SIGKILL');
  })();
  await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => runClient(i)), deliverAll(), kill]);
  return {
    killed,
    unexpected,
    callsAfterKill: answers.after.reduce((sum, count) => sum + count, 0),
    clientsAnsweredAfterKill: answers.after.filter((count) => count >= AFTER_KILL).length,
    acknowledged,
    writes,
    answeredWrites,
    retried,
  };
}
