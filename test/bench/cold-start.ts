// Cold start: from spawning a built CLI (stdio) to the first tools/list answer, in the two ways it
// is run: with no credentials (it starts its embedded sandbox) and against a platform (here the
// benchmark's sandbox through the live credentials variables). Each build (this change, the
// baseline) is run in turns with a bare `node -e 0`, the floor every figure is divided by.
// Measured as a host measures it: the MCP clients deployed today are the v1 SDK's (Claude
// Desktop, Claude Code, most IDEs), so a v1 Client over its StdioClientTransport spawns the CLI;
// the floor is `node -e 0` spawned the same way (asynchronously, until its exit), not spawnSync,
// which blocks this process and hides the event loop's share that every spawned server pays.
// The v1 Client compiles a validator (Ajv) for every listed tool's output schema before listTools
// resolves (Client.cacheToolMetadata), so the first tools/list includes that client's share; the
// v2 client defers it, which is most of why a v2-client bench read 3.9x where hosts saw 5.6-6.0x.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { liveEnv } from './processes.js';
import {
  type BenchContext,
  type Build,
  commands,
  ratio,
  type Section,
  shownPath,
  TIMING_HEADERS,
  table,
  timingCells,
} from './report.js';
import { elapsedMs, type Summary, summarize } from './stats.js';

const RUNS = { full: 10, quick: 2 };

/** The goals of issue 13: spawn to the first tools/list, as a multiple of `node -e 0`. */
export const COLD_START_GOALS = { sandbox: 6, live: 4 };

/** Linux's USER_HZ: /proc counts a process's CPU time in ticks of 1/100 s on every Linux port. */
const TICK_MS = 10;

/** The CPU time (user + system) a running process has used so far, in ms; null without /proc. */
function cpuMsOf(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

interface ColdSample {
  initialized: number;
  listed: number;
  /** The server's own CPU time when its tools/list answer arrived (null without /proc). */
  cpu: number | null;
}

async function coldStart(build: Build, env: Record<string, string>): Promise<ColdSample> {
  const start = performance.now();
  const client = new Client({ name: 'crew-mcp-bench', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [build.cli, 'stdio'],
    env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn', ...env },
    stderr: 'pipe',
  });
  await client.connect(transport);
  const initialized = elapsedMs(start);
  const { tools } = await client.listTools();
  const listed = elapsedMs(start);
  const cpu = cpuMsOf(transport.pid);
  await client.close();
  if (tools.length === 0) throw new Error(`tools/list of ${build.label} answered no tools`);
  return { initialized, listed, cpu };
}

/**
 * `node -e 0` spawned as the CLI is (asynchronously, pipes on), from spawn to its exit; and its
 * CPU time, which it reports itself as it exits (a reaped process has no /proc entry left).
 */
function bareNode(): Promise<{ wall: number; cpu: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '-e',
        "0; process.on('exit', () => { const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000)); })",
      ],
      { stdio: 'pipe' },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', () => resolve({ wall: elapsedMs(start), cpu: Number(out) }));
  });
}

export const coldStartSection: Section = {
  id: 'cold-start',
  title: 'Cold start (stdio)',
  async run(ctx: BenchContext) {
    const runs = RUNS[ctx.quick ? 'quick' : 'full'];
    const modes = [
      { key: 'sandbox' as const, label: 'embedded sandbox (no credentials)', env: {} },
      { key: 'live' as const, label: 'live credentials (benchmark sandbox)', env: liveEnv(ctx.sandbox) },
    ];
    const bare: number[] = [];
    const bareCpu: number[] = [];
    const samples = new Map<string, { initialized: number[]; listed: number[]; cpu: number[] }>();
    for (const mode of modes) {
      ctx.log(`cold start: ${mode.label}`);
      for (let run = 0; run < runs; run++) {
        // In turns, the order rotating, so that a slow moment of the machine hits every build.
        const order = run % 2 === 0 ? ctx.builds : [...ctx.builds].reverse();
        for (const build of order) {
          const sample = await coldStart(build, mode.env);
          const key = `${mode.key} ${build.label}`;
          const entry = samples.get(key) ?? { initialized: [], listed: [], cpu: [] };
          entry.initialized.push(sample.initialized);
          entry.listed.push(sample.listed);
          if (sample.cpu !== null) entry.cpu.push(sample.cpu);
          samples.set(key, entry);
        }
        const floorRun = await bareNode();
        bare.push(floorRun.wall);
        bareCpu.push(floorRun.cpu);
      }
    }
    const floor = summarize(bare);
    const floorCpu = summarize(bareCpu);
    const rows: string[][] = [];
    const cpuRows: string[][] = [];
    const goals: string[] = [];
    for (const mode of modes) {
      for (const build of ctx.builds) {
        const entry = samples.get(`${mode.key} ${build.label}`) as {
          initialized: number[];
          listed: number[];
          cpu: number[];
        };
        if (entry.cpu.length > 0) {
          const cpu = summarize(entry.cpu);
          cpuRows.push([
            mode.label,
            build.label,
            "server's CPU at its first tools/list answer",
            ...timingCells(cpu),
            ratio(cpu.median / floorCpu.median),
          ]);
        }
        const listed: Summary = summarize(entry.listed);
        rows.push([
          mode.label,
          build.label,
          'spawn → initialize answered',
          ...timingCells(summarize(entry.initialized)),
          '',
        ]);
        rows.push([
          mode.label,
          build.label,
          '**spawn → first tools/list answer**',
          ...timingCells(listed),
          `**${ratio(listed.median / floor.median)}**`,
        ]);
        if (build === ctx.builds[0]) {
          const goal = COLD_START_GOALS[mode.key];
          const met = listed.median / floor.median <= goal;
          goals.push(
            `${mode.label}: ${ratio(listed.median / floor.median)} of \`node -e 0\` (goal at most ${goal}x: ${met ? 'met' : '**not met**'})`,
          );
        }
      }
    }
    rows.push(['floor', '', '`node -e 0` spawn → exit', ...timingCells(floor), '1.00x']);
    if (cpuRows.length > 0)
      cpuRows.push(['floor', '', '`node -e 0` CPU to its exit', ...timingCells(floorCpu), '1.00x']);
    return [
      `${runs} runs per mode and build, in turns (order alternating), each followed by a bare \`node -e 0\`. ` +
        "Each run spawns the build's CLI with `stdio` through the v1 SDK's Client and StdioClientTransport (what hosts run), waits for the " +
        'initialize answer, then times the first tools/list. Without credentials the figure includes starting ' +
        "the embedded sandbox; with live credentials, the token request and the introspection of the platform's " +
        'schema that checks every tool. The first tools/list includes the v1 client compiling a validator for ' +
        "every tool's output schema, as hosts built on it do. The last column divides the median by the median of `node -e 0`.",
      '',
      table(['mode', 'build', 'interval', ...TIMING_HEADERS, '÷ `node -e 0`'], rows),
      '',
      `Goals: ${goals.join('; ')}.`,
      '',
      ...(cpuRows.length > 0
        ? [
            "The same runs in CPU time (user + system, Linux's /proc, 10 ms ticks): the server's own work to its " +
              "first tools/list answer beside all of `node -e 0`. Not a goal, and without the client's share; it " +
              'moves far less than the wall clock when other work shares the cores.',
            '',
            table(['mode', 'build', 'measure', ...TIMING_HEADERS, '÷ `node -e 0`'], cpuRows),
            '',
          ]
        : []),
      commands([
        ctx.command,
        ...ctx.builds.map((build) => `node ${shownPath(build.cli)} stdio   # ${build.label}`),
        'env: CREW_LOG_LEVEL=warn; live mode adds CREW_CLIENT_ID=demo-admin CREW_CLIENT_SECRET=… CREW_AUTH_URL=<sandbox> CREW_REALM=sandbox CREW_API_URL=<sandbox>',
        'initialize; tools/list',
        'node -e 0   # spawned asynchronously, until its exit',
      ]),
    ].join('\n');
  },
};
