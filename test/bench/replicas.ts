// Replicas behind HAProxy on one PostgreSQL (issue 24): the same 16-client load through the load
// balancer against one replica and against three (the test harness's set-up: the built CLI,
// deploy/haproxy.cfg, `crew-mcp sandbox`, --store on a database of the run's own). On a 2-core
// machine three replicas cannot serve three times the calls, so the figures that carry over to a
// bigger machine are per call: CPU of the replicas, of HAProxy, of the sandbox and of PostgreSQL's
// backends for the run's database (from /proc), and the store's transactions per call and per
// webhook event (pg_stat_database). The capacity model in the README is computed from these.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { signWebhook } from '../../src/sandbox/webhooks.js';
import { type ReplicaSet, startReplicaSet } from '../helpers/replicas.js';
import { commands, type Section, table } from './report.js';
import { sleep } from './stats.js';
import { plainCaller } from './throughput.js';

const CLIENTS = 16;
const TIMING = { warmupMs: 1500, windowMs: 4000 };
const EVENTS = 200;
/** PostgreSQL 15 publishes a busy backend's counters at least once a second, an idle one's within 10 s. */
const STATS_SETTLE_MS = 11_000;
const TICK_MS = 10;

function ticksOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** PostgreSQL backends serving `database` (their process title names it). */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** HAProxy's worker (the master, started with -W, only supervises). */
function haproxyWorker(masterPid: number): number {
  const children = readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0] ?? masterPid);
}

interface CpuSample {
  replicas: number;
  haproxy: number;
  sandbox: number;
  postgres: Map<number, number>;
}

function sample(set: ReplicaSet, haproxyPid: number): CpuSample {
  return {
    replicas: set.replicas.reduce((sum, replica) => sum + ticksOf(replica.process.pid ?? 0), 0),
    haproxy: ticksOf(haproxyPid),
    sandbox: ticksOf(set.sandbox.process.pid ?? 0),
    postgres: new Map(backendsOf(set.database.url.split('/').pop() ?? '').map((pid) => [pid, ticksOf(pid)])),
  };
}

function cpuMs(before: CpuSample, after: CpuSample) {
  let postgres = 0;
  for (const [pid, ticks] of after.postgres) postgres += ticks - (before.postgres.get(pid) ?? 0);
  return {
    replicas: (after.replicas - before.replicas) * TICK_MS,
    haproxy: (after.haproxy - before.haproxy) * TICK_MS,
    sandbox: (after.sandbox - before.sandbox) * TICK_MS,
    postgres: postgres * TICK_MS,
  };
}

async function storeCounters(url: string): Promise<{ transactions: number; inserted: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ xacts: string; inserted: string }>(
      'select xact_commit + xact_rollback as xacts, tup_inserted as inserted from pg_stat_database where datname = current_database()',
    );
    // This session's own transaction counts once per read: taken off below.
    return { transactions: Number(rows[0]?.xacts ?? 0), inserted: Number(rows[0]?.inserted ?? 0) };
  } finally {
    await client.end();
  }
}

async function closedLoop(
  call: () => Promise<boolean>,
  ms: number,
): Promise<{ calls: number; failed: number }> {
  let calls = 0;
  let failed = 0;
  const deadline = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const ok = await call().catch(() => false);
        calls++;
        if (!ok) failed++;
      }
    }),
  );
  return { calls, failed };
}

async function deliverEvents(set: ReplicaSet, count: number): Promise<number> {
  let acknowledged = 0;
  for (let n = 0; n < count; n++) {
    const body = JSON.stringify({
      id: `bench-evt-${process.pid}-${n}`,
      type: 'crew.updated',
      createdAt: new Date().toISOString(),
      data: { id: n },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(`${set.haproxy.url}/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-id': `bench-evt-${process.pid}-${n}`,
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(set.webhookSecret, timestamp, body),
      },
      body,
    });
    await response.arrayBuffer();
    if (response.status === 200) acknowledged++;
  }
  return acknowledged;
}

interface Row {
  replicas: number;
  callsPerSecond: number;
  failed: number;
  cpu: ReturnType<typeof cpuMs>;
  calls: number;
  transactionsPerCall: number;
  transactionsPerEvent: number;
  insertsPerEvent: number;
}

async function measure(replicas: number, log: (message: string) => void): Promise<Row> {
  log(`replicas: starting ${replicas} behind HAProxy`);
  // Unauthenticated callers all come from the balancer's address: a limit that never bites, still counted.
  const set = await startReplicaSet({ replicas, args: ['--rate-limit', '1000000'] });
  try {
    const haproxyPid = haproxyWorker(set.haproxy.process.pid ?? 0);
    const call = plainCaller(set.mcpUrl, { tool: 'list_crew', args: { perPage: 1 } });
    await closedLoop(call, TIMING.warmupMs);
    await sleep(STATS_SETTLE_MS);
    const storeBefore = await storeCounters(set.database.url);
    const before = sample(set, haproxyPid);
    const started = performance.now();
    const loop = await closedLoop(call, TIMING.windowMs);
    const elapsed = performance.now() - started;
    const after = sample(set, haproxyPid);
    await sleep(STATS_SETTLE_MS);
    const storeAfter = await storeCounters(set.database.url);
    log(`replicas: ${replicas}: ${loop.calls} calls; now ${EVENTS} webhook events`);
    const acknowledged = await deliverEvents(set, EVENTS);
    await sleep(STATS_SETTLE_MS);
    const storeEvents = await storeCounters(set.database.url);
    return {
      replicas,
      calls: loop.calls,
      failed: loop.failed,
      callsPerSecond: loop.calls / (elapsed / 1000),
      cpu: cpuMs(before, after),
      transactionsPerCall: (storeAfter.transactions - storeBefore.transactions - 1) / loop.calls,
      transactionsPerEvent:
        (storeEvents.transactions - storeAfter.transactions - 1) / Math.max(1, acknowledged),
      insertsPerEvent: (storeEvents.inserted - storeAfter.inserted) / Math.max(1, acknowledged),
    };
  } finally {
    await set.close();
  }
}

const per = (value: number, calls: number) => (calls > 0 ? (value / calls).toFixed(3) : 'n/a');

export const replicasSection: Section = {
  id: 'replicas',
  title: 'Replicas behind HAProxy on one PostgreSQL',
  async run(ctx) {
    const rows: Row[] = [];
    for (const count of [1, 3]) rows.push(await measure(count, ctx.log));
    const body = rows.map((row) => {
      const total = row.cpu.replicas + row.cpu.haproxy + row.cpu.postgres;
      return [
        String(row.replicas),
        row.callsPerSecond.toFixed(0),
        String(row.failed),
        per(row.cpu.replicas, row.calls),
        per(row.cpu.haproxy, row.calls),
        `${((row.cpu.haproxy / Math.max(1, total)) * 100).toFixed(1)} %`,
        per(row.cpu.postgres, row.calls),
        per(row.cpu.sandbox, row.calls),
        row.transactionsPerCall.toFixed(2),
        row.transactionsPerEvent.toFixed(2),
        row.insertsPerEvent.toFixed(2),
      ];
    });
    return [
      `${CLIENTS} clients call \`list_crew\` (perPage 1) as plain 2026-07-28 POSTs through HAProxy ` +
        `(deploy/haproxy.cfg) in a closed loop: ${TIMING.warmupMs / 1000} s of warm-up, then ${TIMING.windowMs / 1000} s ` +
        'measured. CPU from /proc/<pid>/stat (10 ms ticks) of the replicas (summed), the HAProxy worker, ' +
        "PostgreSQL's backends for the run's database and the sandbox platform; the LB's share is its part " +
        `of replicas + HAProxy + PostgreSQL. Store transactions from pg_stat_database (read after ${STATS_SETTLE_MS / 1000} s, ` +
        `when every backend has published its counters), per call and per webhook event (${EVENTS} signed deliveries ` +
        'through the balancer, one at a time). Every call and event shares the machine with the sandbox and the clients: ' +
        'on 2 cores, three replicas serve no more calls per second than one; CPU per call is what scales.',
      '',
      table(
        [
          'replicas',
          'calls/s',
          'failed',
          'replica CPU ms/call',
          'HAProxy CPU ms/call',
          'LB share',
          'PostgreSQL CPU ms/call',
          'sandbox CPU ms/call',
          'store transactions/call',
          'store transactions/event',
          'rows inserted/event',
        ],
        body,
      ),
      '',
      commands([ctx.command]),
    ].join('\n');
  },
};
