// HTTP throughput and memory: 16 concurrent clients call a tool in a closed loop for a fixed time
// against one spawned HTTP server per build, while the server's RSS and CPU time are sampled; the
// same 16 clients then send the tool's own GraphQL request straight to the sandbox, so the
// server's throughput is read as a share of what the platform itself serves to those clients.
// Both protocol eras: 2025-11-25 sessions (what an SDK client negotiates by default) and
// 2026-07-28 (a server instance per request). Then a long bounded run (20,000 calls) shows
// whether memory grows.
import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/client';
import { crewAllDocument } from '../../src/contract/documents.js';
import { connectHttp, type SpawnedHttp, spawnHttp } from '../helpers/mcp.js';
import { directGraphql } from './direct.js';
import { type HeapProbe, heapProbe } from './live-heap.js';
import { liveEnv, sampleRss, track } from './processes.js';
import {
  type BenchContext,
  type Build,
  commands,
  ms,
  ratio,
  type Section,
  shownPath,
  table,
} from './report.js';
import { sleep, summarize, timed } from './stats.js';

/**
 * Each load: a warm-up under load (discarded: the server's JIT compiles its hot paths, as a
 * long-lived server's have), then windows that alternate the direct callers and the MCP callers,
 * so that a drift of the shared machine hits both sides of the share alike.
 */
const TIMING = {
  full: { warmupMs: 1000, windows: 3, windowMs: 1000 },
  quick: { warmupMs: 300, windows: 1, windowMs: 1000 },
};
const LONG_RUN_CALLS = 20_000;
const CLIENTS = 16;
const CHEAP = { tool: 'list_crew', args: { perPage: 1 } };
/** The goals of issue 13. */
export const THROUGHPUT_GOALS = { ratio: 0.6, rssMiB: 150 };

type Era = 'legacy' | 'modern' | 'plain';
const ERA_LABEL: Record<Era, string> = {
  legacy: '2025-11-25 sessions',
  modern: '2026-07-28 per request',
  plain: '2026-07-28 per request, plain HTTP clients',
};

interface Load {
  clients: number;
  tool: string;
  args: Record<string, unknown>;
  era: Era;
}

interface LoopResult {
  calls: number;
  failed: number;
  elapsed: number;
  latencies: number[];
}

/** Clock ticks of CPU (user + system) a process used so far (Linux /proc; null elsewhere). */
function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}
/** Linux reports CPU time in ticks of 10 ms (USER_HZ = 100). */
const TICK_MS = 10;

async function closedLoop(callers: (() => Promise<boolean>)[], durationMs: number): Promise<LoopResult> {
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();
  const deadline = start + durationMs;
  await Promise.all(
    callers.map(async (call) => {
      while (performance.now() < deadline) {
        const { ms: took, value: ok } = await timed(call);
        if (!ok) failed++;
        latencies.push(took);
      }
    }),
  );
  return { calls: latencies.length, failed, elapsed: performance.now() - start, latencies };
}

const toolCaller = (client: Client, load: Pick<Load, 'tool' | 'args'>) => async () =>
  !(await client.callTool({ name: load.tool, arguments: load.args })).isError;

/**
 * A 2026-07-28 tools/call as one plain POST, as any HTTP client (an agent platform, curl) sends
 * it: the same fetch, JSON body and JSON answer as the direct GraphQL callers, so that the share
 * compares the server with the platform and not the SDK client's own cost with a bare fetch.
 */
export const plainCaller = (mcpUrl: string, load: Pick<Load, 'tool' | 'args'>) => {
  let id = 0;
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'crew-mcp-bench', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return async () => {
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-method': 'tools/call',
        'mcp-name': load.tool,
        'mcp-protocol-version': '2026-07-28',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: id++,
        method: 'tools/call',
        params: { name: load.tool, arguments: load.args, _meta: meta },
      }),
    });
    const body = (await response.json()) as { result?: { isError?: boolean } };
    return response.status === 200 && body.result !== undefined && !body.result.isError;
  };
};

interface Measured {
  loop: LoopResult;
  rss: ReturnType<typeof summarize>;
  serverCpuMs: number | null;
  benchCpuMs: number;
}

function joined(loops: LoopResult[]): LoopResult {
  return {
    calls: loops.reduce((sum, loop) => sum + loop.calls, 0),
    failed: loops.reduce((sum, loop) => sum + loop.failed, 0),
    elapsed: loops.reduce((sum, loop) => sum + loop.elapsed, 0),
    latencies: loops.flatMap((loop) => loop.latencies),
  };
}

/**
 * `windows` windows of `windowMs`, each the direct callers (when given) then the MCP callers,
 * while the server's RSS and both processes' CPU are read during the MCP windows only.
 */
async function measure(
  server: SpawnedHttp,
  callers: (() => Promise<boolean>)[],
  directCallers: (() => Promise<boolean>)[] | null,
  timing: { windows: number; windowMs: number },
): Promise<{ mcp: Measured; direct: { loop: LoopResult; benchCpuMs: number } | null }> {
  const pid = server.process.pid as number;
  const mcpLoops: LoopResult[] = [];
  const directLoops: LoopResult[] = [];
  const rssSamples: number[] = [];
  let serverTicks: number | null = 0;
  let benchCpuMs = 0;
  let directCpuMs = 0;
  for (let window = 0; window < timing.windows; window++) {
    if (directCallers) {
      const before = process.cpuUsage();
      directLoops.push(await closedLoop(directCallers, timing.windowMs));
      const used = process.cpuUsage(before);
      directCpuMs += (used.user + used.system) / 1000;
    }
    const sampler = sampleRss(pid);
    const serverBefore = cpuTicks(pid);
    const benchBefore = process.cpuUsage();
    mcpLoops.push(await closedLoop(callers, timing.windowMs));
    const bench = process.cpuUsage(benchBefore);
    const serverAfter = cpuTicks(pid);
    rssSamples.push(...sampler.stop());
    benchCpuMs += (bench.user + bench.system) / 1000;
    serverTicks =
      serverTicks === null || serverBefore === null || serverAfter === null
        ? null
        : serverTicks + serverAfter - serverBefore;
  }
  return {
    mcp: {
      loop: joined(mcpLoops),
      rss: summarize(rssSamples),
      serverCpuMs: serverTicks === null ? null : serverTicks * TICK_MS,
      benchCpuMs,
    },
    direct: directCallers ? { loop: joined(directLoops), benchCpuMs: directCpuMs } : null,
  };
}

const perSecond = (loop: LoopResult) => (loop.calls / loop.elapsed) * 1000;
const perCall = (cpuMs: number | null, loop: LoopResult) => (cpuMs === null ? 'n/a' : ms(cpuMs / loop.calls));

export const throughputSection: Section = {
  id: 'throughput',
  title: 'HTTP throughput and memory under concurrent clients',
  async run(ctx: BenchContext) {
    const timing = TIMING[ctx.quick ? 'quick' : 'full'];
    const direct = await directGraphql(ctx.sandbox);
    const crewPage = { input: { filter: {}, page: 1, perPage: 1 } };
    const directCallers = Array.from(
      { length: CLIENTS },
      () => async () => Boolean(await direct.query(crewAllDocument, crewPage)),
    );
    const rows: (string | number)[][] = [];
    const goals: string[] = [];
    const memoryRows: (string | number)[][] = [];

    /** A fresh server of the build for `work`: each load's RSS is its own, not what an earlier load left. */
    const withServer = async <T>(
      build: Build,
      work: (server: SpawnedHttp) => Promise<T>,
      nodeArgs: string[] = [],
    ): Promise<T> => {
      // One address sends everything here: the per-client rate limit would measure itself.
      const server = await spawnHttp(['--rate-limit', '0'], liveEnv(ctx.sandbox), build.cli, nodeArgs);
      track(server.process);
      try {
        return await work(server);
      } finally {
        await server.close();
      }
    };

    const runLoad = async (build: Build, server: SpawnedHttp, load: Load) => {
      ctx.log(`throughput: ${build.label}, ${load.clients} client(s), ${load.tool}, ${load.era}`);
      const plain = load.era === 'plain';
      const clients = plain
        ? []
        : await Promise.all(
            Array.from({ length: load.clients }, () =>
              connectHttp(server.mcpUrl, load.era as 'legacy' | 'modern'),
            ),
          );
      const callers = plain
        ? Array.from({ length: load.clients }, () => plainCaller(server.mcpUrl, load))
        : clients.map((client) => toolCaller(client, load));
      try {
        for (const caller of callers)
          if (!(await caller())) throw new Error(`${load.tool} failed in the warm-up (${load.era})`);
        const warmup = await closedLoop(callers, timing.warmupMs);
        if (warmup.failed > 0) throw new Error(`${load.tool} failed in the warm-up (${load.era})`);
        // The platform's own rate for the same clients, in the windows between: the share's denominator.
        const cheap = load.tool === CHEAP.tool && load.clients === CLIENTS;
        const measured = await measure(server, callers, cheap ? directCallers : null, timing);
        const result = measured.mcp;
        const platform = measured.direct?.loop ?? null;
        const directCpuMs = measured.direct?.benchCpuMs ?? 0;
        const rate = perSecond(result.loop);
        const share = platform ? rate / perSecond(platform) : null;
        const latency = summarize(result.loop.latencies);
        rows.push([
          build.label,
          `${load.clients} × \`${load.tool}\` ${JSON.stringify(load.args)}, ${ERA_LABEL[load.era]}`,
          result.loop.calls,
          result.loop.failed,
          rate.toFixed(0),
          platform
            ? `${perSecond(platform).toFixed(0)} (bench ${perCall(directCpuMs, platform)} ms CPU/call) → **${ratio(share as number)}**`
            : '—',
          ms(latency.median),
          ms(latency.p95),
          perCall(result.serverCpuMs, result.loop),
          perCall(result.benchCpuMs, result.loop),
          result.rss.median.toFixed(1),
          result.rss.max.toFixed(1),
        ]);
        if (platform && build === ctx.builds[0]) {
          // The rate goal compares the same clients on both sides: the plain-HTTP load. The SDK
          // client's loads inform (that client's own cost shares the cores); every load's RSS
          // is held to the memory goal.
          const rate = plain
            ? `${ratio(share as number)} of the direct rate (goal at least ${THROUGHPUT_GOALS.ratio}x: ${(share as number) >= THROUGHPUT_GOALS.ratio ? 'met' : '**not met**'})`
            : `${ratio(share as number)} of the direct rate (informs: the SDK client on one side only)`;
          goals.push(
            `${ERA_LABEL[load.era]}: ${rate}, server RSS at most ${result.rss.max.toFixed(0)} MiB (goal at most ${THROUGHPUT_GOALS.rssMiB}: ${result.rss.max <= THROUGHPUT_GOALS.rssMiB ? 'met' : '**not met**'})`,
          );
        }
      } finally {
        await Promise.all(clients.map((client) => client.close()));
      }
    };

    const runBuild = async (build: Build) => {
      await withServer(build, async (server) => {
        const idleSampler = sampleRss(server.process.pid as number);
        await sleep(500);
        const idle = summarize(idleSampler.stop());
        rows.push([
          build.label,
          'idle after start',
          '—',
          '—',
          '—',
          '—',
          '—',
          '—',
          '—',
          '—',
          idle.median.toFixed(1),
          idle.max.toFixed(1),
        ]);
        if (ctx.quick || build !== ctx.builds[0]) return;
        for (const clients of [1, 4]) await runLoad(build, server, { clients, ...CHEAP, era: 'legacy' });
      });
      const loads: Load[] = [
        { clients: CLIENTS, ...CHEAP, era: 'legacy' },
        { clients: CLIENTS, ...CHEAP, era: 'modern' },
        { clients: CLIENTS, ...CHEAP, era: 'plain' },
        ...(ctx.quick
          ? []
          : [{ clients: CLIENTS, tool: 'list_jobs', args: { perPage: 100 }, era: 'legacy' as const }]),
      ];
      for (const load of loads) await withServer(build, (server) => runLoad(build, server, load));
      if (ctx.quick) return;
      const rss = await withServer(build, (server) => longRun(ctx, build, server));
      // The live heap on a server of its own: a heap snapshot grows RSS, which must not show above.
      const probe = heapProbe();
      try {
        const heap = await withServer(
          build,
          (server) => liveHeapRun(ctx, build, server, probe),
          probe.nodeArgs,
        );
        memoryRows.push([...rss, ...heap]);
      } finally {
        probe.dispose();
      }
    };
    for (const build of ctx.builds) await runBuild(build);

    return [
      `Servers are each build's CLI (\`http --port 0 --rate-limit 0\`) with live credentials to the benchmark ` +
        `sandbox, a fresh one for each ${CLIENTS}-client load and for the long run (the 1- and 4-client loads share ` +
        "the one whose idle RSS is shown), so that each RSS figure is its own load's. For each load, N MCP " +
        `clients (Streamable HTTP, one connection each) connect and call the tool back to back for ` +
        `${timing.warmupMs / 1000} s, discarded (the warm-up: the server's JIT compiles its hot paths, as a long-lived ` +
        `server's have), then for ${timing.windows} measured window(s) of ${timing.windowMs / 1000} s. For the ${CLIENTS}-client ` +
        `\`${CHEAP.tool}\` loads, the same ${CLIENTS} clients send that tool's GraphQL request straight to the ` +
        `sandbox for ${timing.windowMs / 1000} s before each MCP window ("direct calls/s"), so that the two sides alternate ` +
        'and a drift of the shared machine hits both; the arrow gives the MCP rate as a share of it. The ' +
        "server's RSS is read from /proc every 50 ms and its CPU time from /proc/<pid>/stat; the benchmark " +
        "process's CPU per call is the clients' work plus the sandbox's (both live in it), given for the direct " +
        'calls too. Everything shares the same two cores: the MCP path runs the SDK client, the server and the ' +
        'sandbox where the direct path runs a fetch and the sandbox, so when the benchmark process is the busy ' +
        'one, the share cannot exceed its CPU per direct call divided by its CPU per MCP call. The plain-HTTP load ' +
        'sends each tools/call as one 2026-07-28 POST with the very fetch the direct callers use: the same clients ' +
        "on both sides, which is the comparison the goal asks for; the SDK-client rows add that client's own cost.",
      '',
      table(
        [
          'build',
          'load',
          'calls',
          'failed',
          'calls/s',
          'direct calls/s → share',
          'call median ms',
          'call p95 ms',
          'server CPU ms/call',
          'bench process CPU ms/call',
          'server RSS median MiB',
          'server RSS max MiB',
        ],
        rows,
      ),
      '',
      `Goals (this change, ${CLIENTS} clients, \`${CHEAP.tool}\`): ${goals.join('; ')}.`,
      '',
      ...(memoryRows.length > 0
        ? [
            '#### Memory over a long run',
            '',
            `${CLIENTS} clients (2025-11-25 sessions, the SDK default) call \`${CHEAP.tool}\` ${JSON.stringify(CHEAP.args)} ` +
              `${LONG_RUN_CALLS.toLocaleString('en-US')} times, in two halves, on a fresh server started with ` +
              "`--heapsnapshot-signal`. The server's RSS is sampled every 50 ms (medians over the first, the middle " +
              'and the last tenth of the calls): it grows in the first half as V8 sizes the heap to the load. After ' +
              'each half a heap snapshot, which V8 takes after a full collection, gives the live heap: what the ' +
              'server holds. Growth of the live heap over the second half would be a leak.',
            '',
            table(
              [
                'build',
                'calls',
                'failed',
                'calls/s',
                'RSS first tenth MiB',
                'RSS middle tenth MiB',
                'RSS last tenth MiB',
                'RSS max MiB',
                'live heap, middle MiB',
                'live heap, end MiB',
                'live heap growth over the second half MiB',
              ],
              memoryRows,
            ),
            '',
          ]
        : []),
      commands([
        ctx.command,
        ...ctx.builds.map(
          (build) =>
            `node ${shownPath(build.cli)} http --port 0 --rate-limit 0   # ${build.label}, live credentials to the benchmark sandbox`,
        ),
        `N × loop { tools/call <tool> <args> } for ${timing.warmupMs} ms   # warm-up, discarded (SDK client, or one plain POST per call)`,
        `${timing.windows} × [ ${CLIENTS} × loop { POST <sandbox>/gql (the list_crew document) ${JSON.stringify(crewPage)} } for ${timing.windowMs} ms; N × loop { tools/call <tool> <args> } for ${timing.windowMs} ms ]`,
        ...(ctx.quick
          ? []
          : [
              `${CLIENTS} × loop { tools/call ${CHEAP.tool} ${JSON.stringify(CHEAP.args)} } until ${LONG_RUN_CALLS} calls`,
            ]),
      ]),
    ].join('\n');
  },
};

/** Call list_crew from 16 clients until `calls.count` reaches `until`; returns the time taken. */
async function callUntil(
  clients: Client[],
  calls: { count: number; failed: number },
  until: number,
): Promise<number> {
  const start = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (calls.count < until) {
        calls.count++;
        const result = await client.callTool({ name: CHEAP.tool, arguments: CHEAP.args });
        if (result.isError) calls.failed++;
      }
    }),
  );
  return performance.now() - start;
}

/** The long bounded run: the server's RSS over the first, the middle and the last tenth of the calls. */
async function longRun(ctx: BenchContext, build: Build, server: SpawnedHttp): Promise<(string | number)[]> {
  ctx.log(`throughput: ${build.label}, long run of ${LONG_RUN_CALLS} calls`);
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, () => connectHttp(server.mcpUrl, 'legacy')),
  );
  const calls = { count: 0, failed: 0 };
  const sampler = sampleRss(server.process.pid as number);
  let elapsed: number;
  try {
    elapsed = await callUntil(clients, calls, LONG_RUN_CALLS);
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
  const rss = sampler.stop();
  // Samples are evenly spaced in time and the calls came at a steady rate: a tenth of the samples is a tenth of the calls.
  const tenth = Math.max(1, Math.floor(rss.length / 10));
  const window = (from: number) => summarize(rss.slice(from, from + tenth)).median;
  return [
    build.label,
    calls.count,
    calls.failed,
    ((calls.count / elapsed) * 1000).toFixed(0),
    window(0).toFixed(1),
    window(Math.floor(rss.length / 2) - Math.floor(tenth / 2)).toFixed(1),
    window(rss.length - tenth).toFixed(1),
    Math.max(...rss).toFixed(1),
  ];
}

/**
 * The same run on another server, in two halves, with the live heap after each: a heap snapshot,
 * which V8 takes after a full collection, is what the server holds (RSS follows V8's sizing of
 * the heap to the load). Growth from the middle to the end would be a leak.
 */
async function liveHeapRun(
  ctx: BenchContext,
  build: Build,
  server: SpawnedHttp,
  probe: HeapProbe,
): Promise<string[]> {
  ctx.log(`throughput: ${build.label}, live heap over ${LONG_RUN_CALLS} calls`);
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, () => connectHttp(server.mcpUrl, 'legacy')),
  );
  const calls = { count: 0, failed: 0 };
  try {
    await callUntil(clients, calls, LONG_RUN_CALLS / 2);
    const middle = await probe.liveMiB(server.process);
    await callUntil(clients, calls, LONG_RUN_CALLS);
    const end = await probe.liveMiB(server.process);
    if (calls.failed > 0) throw new Error(`${calls.failed} calls failed in the live heap run`);
    return [middle.toFixed(1), end.toFixed(1), `${end - middle >= 0 ? '+' : ''}${(end - middle).toFixed(1)}`];
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}
