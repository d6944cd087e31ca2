// HTTP throughput and memory: concurrent MCP clients call a tool in a closed loop for a fixed
// time against one spawned HTTP server; the server's RSS is sampled meanwhile.
import type { Client } from '@modelcontextprotocol/client';
import { connectHttp, spawnHttp } from '../helpers/mcp.js';
import { liveEnv, sampleRss, track } from './processes.js';
import { type BenchContext, commands, ms, type Section, table } from './report.js';
import { sleep, summarize, timed } from './stats.js';

const DURATION_MS = 3000;
const WARMUP_CALLS = 3;

interface Load {
  clients: number;
  tool: string;
  args: Record<string, unknown>;
}

const CHEAP = { tool: 'list_crew', args: { perPage: 1 } };
const LOADS: Load[] = [
  { clients: 1, ...CHEAP },
  { clients: 4, ...CHEAP },
  { clients: 16, ...CHEAP },
  { clients: 16, tool: 'list_jobs', args: { perPage: 100 } },
];

async function closedLoop(
  clients: Client[],
  load: Load,
): Promise<{ latencies: number[]; failed: number; elapsed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();
  const deadline = start + DURATION_MS;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const { ms: took, value } = await timed(() =>
          client.callTool({ name: load.tool, arguments: load.args }),
        );
        if (value.isError) failed++;
        latencies.push(took);
      }
    }),
  );
  return { latencies, failed, elapsed: performance.now() - start };
}

export const throughputSection: Section = {
  id: 'throughput',
  title: 'HTTP throughput and memory under concurrent clients',
  async run(ctx: BenchContext) {
    // One address sends everything here: the per-client rate limit would measure itself.
    const http = await spawnHttp(['--rate-limit', '0'], liveEnv(ctx.sandbox));
    track(http.process);
    const pid = http.process.pid as number;
    const rows: (string | number)[][] = [];
    try {
      const idleSampler = sampleRss(pid);
      await sleep(500);
      const idle = summarize(idleSampler.stop());
      rows.push(['idle after start', '—', '—', '—', '—', '—', idle.median.toFixed(1), idle.max.toFixed(1)]);
      for (const load of LOADS) {
        ctx.log(`throughput: ${load.clients} clients, ${load.tool}`);
        const clients = await Promise.all(
          Array.from({ length: load.clients }, () => connectHttp(http.mcpUrl)),
        );
        try {
          for (const client of clients)
            for (let call = 0; call < WARMUP_CALLS; call++)
              await client.callTool({ name: load.tool, arguments: load.args });
          const sampler = sampleRss(pid);
          const { latencies, failed, elapsed } = await closedLoop(clients, load);
          const rss = summarize(sampler.stop());
          const latency = summarize(latencies);
          rows.push([
            `${load.clients} client(s), \`${load.tool}\` ${JSON.stringify(load.args)}`,
            latencies.length,
            failed,
            ((latencies.length / elapsed) * 1000).toFixed(0),
            ms(latency.median),
            ms(latency.p95),
            rss.median.toFixed(1),
            rss.max.toFixed(1),
          ]);
        } finally {
          await Promise.all(clients.map((client) => client.close()));
        }
      }
    } finally {
      await http.close();
    }
    return [
      `One server: \`node dist/src/cli.js http --port 0\` with live credentials to the benchmark sandbox. ` +
        `For each load, N MCP clients (Streamable HTTP, 2025 protocol, one session each) connect, warm up with ` +
        `${WARMUP_CALLS} calls each, then call the tool back to back for ${DURATION_MS / 1000} s. ` +
        'RSS of the server process is read from /proc every 50 ms. The clients and the sandbox run in the ' +
        'benchmark process on the same two cores, so this is a floor, not a capacity figure.',
      '',
      table(
        [
          'load',
          'calls',
          'failed',
          'calls/s',
          'call median ms',
          'call p95 ms',
          'server RSS median MiB',
          'server RSS max MiB',
        ],
        rows,
      ),
      '',
      commands([
        ctx.command,
        'node dist/src/cli.js http --port 0   # live credentials env to the benchmark sandbox',
        ...LOADS.map(
          (load) =>
            `${load.clients} × loop { tools/call ${load.tool} ${JSON.stringify(load.args)} } for ${DURATION_MS} ms`,
        ),
      ]),
    ].join('\n');
  },
};
