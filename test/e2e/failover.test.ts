// Failover and deploys behind the shipped deploy/haproxy.cfg (issue 33 item 1, issue 34 item 4):
// three replicas of the built CLI on one PostgreSQL, `crew-mcp sandbox` as the platform (slowed a
// little, so that a kill finds calls in flight). Eight 2026-07-28 clients (the v2 SDK, which names
// each call's tool in Mcp-Name) loop reads and writes while one replica is SIGKILLed: no read
// fails (HAProxy sends a read cut in flight to another replica), no write is made twice (a write
// is never sent again). Then every replica in turn is stopped (SIGTERM) and started again under
// the same load: no call of any kind fails. A 2025-era session (the v1 SDK client) whose replica
// is SIGKILLed answers its next call on another replica, resumed from the store.
// (A PostgreSQL restart under the same load: postgres-restart.test.ts, on a server of its own.)
import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallTally, loopCalls, newCallTally, sum } from '../helpers/call-load.js';
import { connectHttp } from '../helpers/mcp.js';
import { type Replica, type ReplicaSet, startReplicaSet } from '../helpers/replicas.js';
import { until } from '../helpers/until.js';

const CLIENTS = 8;
const tokens = Array.from({ length: CLIENTS + 1 }, () => randomBytes(24).toString('hex'));
const CALL_TIMEOUT_MS = 10_000;

let set: ReplicaSet;
const clients: Client[] = [];
/** Jobs of this run are made on this day (ninety days on, whatever the date): their titles are counted. */
const jobDay = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
let crewId = '';
/** The killed replica, started again and UP in the balancer. */
let victimBack: Promise<void> = Promise.resolve();

beforeAll(async () => {
  set = await startReplicaSet({
    args: ['--auth', 'bearer', '--rate-limit', '6000', '--drain-wait-ms', '5000'],
    env: { CREW_AUTH_TOKENS: tokens.map((token, i) => `client${i}:${token}`).join(',') },
    sandboxArgs: ['--latency-ms', '25'],
  });
  for (const token of tokens.slice(0, CLIENTS)) clients.push(await connectHttp(set.mcpUrl, 'modern', token));
  const crew = await clients[0]!.callTool({ name: 'list_crew', arguments: { perPage: 1 } });
  crewId = (crew.structuredContent as { crew: { id: string }[] }).crew[0]?.id ?? '';
}, 90_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await set?.close();
}, 30_000);

function writeCall(title: string) {
  return {
    name: 'create_jobs',
    arguments: {
      jobs: [
        {
          boardId: '100',
          title,
          date: jobDay,
          timezone: 'Europe/London',
          roles: [
            { title: 'Steward', startTime: `${jobDay}T10:00`, endTime: `${jobDay}T14:00`, payRate: 15 },
          ],
        },
      ],
    },
  };
}

/** Every client loops calls (three reads, then a write) until `done()`, or 200 calls, or `maxMs`. */
function load(tally: CallTally, done: () => boolean, maxMs: number, tag: string): Promise<void> {
  return loopCalls(clients, tally, {
    reads: [
      { name: 'list_jobs', arguments: {} },
      { name: 'get_crew', arguments: { crewId } },
      { name: 'find_open_roles', arguments: {} },
    ],
    write: { every: 4, call: writeCall },
    tag: `failover-${tag}`,
    done,
    maxMs,
    timeoutMs: CALL_TIMEOUT_MS,
  });
}

/** How many jobs of each title the platform holds on the run's day, read from the sandbox itself. */
async function jobsByTitle(): Promise<Map<string, number>> {
  const platform = set.sandbox.env();
  const tokenAnswer = await fetch(
    `${platform.CREW_AUTH_URL}/realms/${platform.CREW_REALM}/protocol/openid-connect/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: platform.CREW_CLIENT_ID ?? '',
        client_secret: platform.CREW_CLIENT_SECRET ?? '',
      }),
    },
  );
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const counts = new Map<string, number>();
  for (let page = 1; page <= 50; page++) {
    const answer = await fetch(`${platform.CREW_API_URL}/gql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: `query($from: Time, $to: Time, $page: Int) { companyJobs(input: { filter: { fromRange: $from, toRange: $to },
          page: $page, perPage: 100 }) { pager { pageCount } paginatedList { title } } }`,
        variables: { from: `${jobDay}T00:00:00Z`, to: `${jobDay}T23:59:59Z`, page },
      }),
    });
    const body = (await answer.json()) as {
      data: { companyJobs: { pager: { pageCount: number }; paginatedList: { title: string }[] } };
    };
    for (const job of body.data.companyJobs.paginatedList)
      counts.set(job.title, (counts.get(job.title) ?? 0) + 1);
    if (page >= body.data.companyJobs.pager.pageCount) break;
  }
  return counts;
}

/** Wait until HAProxy has seen `replica` (started again) answer its health checks: it is UP. */
async function upInBalancer(replica: Replica, upsBefore: number): Promise<void> {
  const ups = () => set.haproxy.output().split(`crew_mcp/${replica.name} is UP`).length - 1;
  await until(() => (ups() > upsBefore ? true : undefined), 15_000);
}

const upsOf = (replica: Replica) => set.haproxy.output().split(`crew_mcp/${replica.name} is UP`).length - 1;

describe('failover behind the shipped HAProxy config', () => {
  it('a replica SIGKILLed under 8 looping clients: no read fails, no write is made twice', async () => {
    const tally = newCallTally(CLIENTS);
    const victim = set.replicas[1]!;
    let killedAt = 0;
    let after: number[] = [];
    const enoughAfter = () => killedAt > 0 && tally.answers.every((count, i) => count - (after[i] ?? 0) >= 4);
    const running = load(tally, enoughAfter, 25_000, 'kill');
    await until(() => (tally.answers.every((count) => count >= 3) ? true : undefined), 20_000);
    after = [...tally.answers];
    killedAt = Date.now();
    await victim.kill('SIGKILL');
    await running;
    expect(tally.failedReads, set.haproxy.output()).toEqual([]);
    expect(tally.answers.every((count, i) => count - (after[i] ?? 0) >= 4)).toBe(true);
    // A write cut in flight may fail (its outcome is unknown to the client); none is made twice,
    // and every one answered is made exactly once.
    const counts = await jobsByTitle();
    for (const title of tally.sentWrites) expect(counts.get(title) ?? 0, title).toBeLessThanOrEqual(1);
    for (const title of tally.answeredWrites) expect(counts.get(title), title).toBe(1);
    expect(tally.answeredWrites.length).toBeGreaterThan(0);
    process.stdout.write(
      `failover: ${sum(tally.answers)} calls answered, ${tally.failedWrites.length} of ${tally.sentWrites.length} writes cut by the kill, 0 reads failed\n`,
    );
    // Started again meanwhile: the rolling restart takes it last.
    const ups = upsOf(victim);
    victimBack = set.respawn(victim).then((fresh) => upInBalancer(fresh, ups));
  }, 60_000);

  it('a rolling restart of all three replicas under the same load fails no call of any kind', async () => {
    const tally = newCallTally(CLIENTS);
    let rolled = false;
    const running = load(tally, () => rolled, 45_000, 'roll');
    const steps: string[] = [];
    // The one killed before is rolled last, once it is back.
    for (const name of ['replica1', 'replica3', 'replica2']) {
      if (name === 'replica2') await victimBack;
      const replica = set.replicas.find((candidate) => candidate.name === name) as Replica;
      const stepStart = Date.now();
      const ups = upsOf(replica);
      await replica.kill('SIGTERM');
      // It drained: /healthz said 503 first, and it served what it had before it exited.
      expect(replica.process.exitCode).toBe(0);
      const stopped = Date.now();
      await upInBalancer(await set.respawn(replica), ups);
      steps.push(
        `${replica.name}: stopped in ${stopped - stepStart} ms, up again in ${Date.now() - stopped} ms`,
      );
    }
    rolled = true;
    await running;
    expect([...tally.failedReads, ...tally.failedWrites], set.haproxy.output()).toEqual([]);
    expect(tally.answeredWrites.length).toBe(tally.sentWrites.length);
    const counts = await jobsByTitle();
    for (const title of tally.sentWrites) expect(counts.get(title), title).toBe(1);
    process.stdout.write(
      `rolling restart: ${sum(tally.answers)} calls answered, 0 failed; ${steps.join('; ')}\n`,
    );
    // Each restart's start-up dominates: about 20 s per replica at a load average of 24 on 2 cores.
  }, 120_000);

  it('a write whose Mcp-Name names a read-only tool is refused before it runs, so it never reaches the retrying backend as a read', async () => {
    const title = `failover-lie-${process.pid}`;
    const call = writeCall(title);
    const answer = await fetch(set.mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens[0]}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'get_crew',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          ...call,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'liar', version: '1' },
          },
        },
      }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/headers and body disagree/);
    expect((await jobsByTitle()).get(title)).toBeUndefined();
  });

  it("a 2025-era session (v1 SDK client) answers its next call on another replica after its replica's SIGKILL", async () => {
    const servedBy: string[] = [];
    const transport = new V1Transport(new URL(set.mcpUrl), {
      requestInit: { headers: { authorization: `Bearer ${tokens[CLIENTS]}` } },
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if ((init?.method ?? 'GET') === 'POST') servedBy.push(response.headers.get('x-served-by') ?? '');
        return response;
      },
    });
    const client = new V1Client({ name: 'failover-v1', version: '1.0.0' });
    await client.connect(transport);
    try {
      await client.subscribeResource({ uri: 'crew://events' });
      const first = await client.callTool({ name: 'get_crew', arguments: { crewId } });
      expect(first.isError).toBeFalsy();
      const home = servedBy.at(-1) ?? '';
      const sessionId = transport.sessionId ?? '';
      // The store knows the session: its version, the client, its subscription.
      const db = new pg.Client({ connectionString: set.database.url });
      await db.connect();
      const { rows } = await db
        .query(
          'select protocol_version, client_info, subscriptions from crew_legacy_sessions where session_id = $1',
          [sessionId],
        )
        .finally(() => db.end());
      expect(rows).toEqual([
        {
          protocol_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          client_info: { name: 'failover-v1', version: '1.0.0' },
          subscriptions: ['crew://events'],
        },
      ]);
      const victim = set.replicas.find((replica) => replica.name === home) as Replica;
      expect(victim, `served by "${home}"`).toBeDefined();
      await victim.kill('SIGKILL');
      const next = await client.callTool({ name: 'get_crew', arguments: { crewId } });
      expect(next.isError, JSON.stringify(next).slice(0, 300)).toBeFalsy();
      expect(servedBy.at(-1)).not.toBe(home);
      expect(transport.sessionId).toBe(sessionId);
      await client.callTool({ name: 'list_jobs', arguments: {} });
    } finally {
      await client.close().catch(() => undefined);
    }
  }, 30_000);
});
