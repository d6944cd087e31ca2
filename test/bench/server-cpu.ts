// The server's CPU time per tool call, a figure the machine's load barely moves (unlike latency):
// each build's CLI over stdio with a bare JSON-RPC client, against a sandbox in a process of its
// own, warmed up, then batches of calls alternating between the builds (ABAB...), each batch read
// as the server process's utime+stime from /proc/<pid>/stat before and after (every thread's:
// V8's compiler threads included). Linux only.
// With --fresh, every round starts new servers and reads calls warmup+1..warmup+batch of each:
// the latency benchmark's warm phase is calls 296-495 of a server (--warmup=295 --batch=200),
// when V8 is still compiling the call's path.
//   node dist/test/bench/server-cpu.js [--baseline=<other worktree>] [--tool=get_crew]
//     [--args='{"crewId":1}'] [--warmup=600] [--batch=400] [--rounds=5] [--fresh]
//     [--node-flags="<V8 flags for the servers>"]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from '../helpers/mcp.js';
import { liveEnv } from './processes.js';
import { type RawStdio, spawnRawStdio } from './raw-stdio.js';
import { spawnSandboxProcess } from './sandbox-process.js';
import { summarize } from './stats.js';

const TICKS_PER_SECOND = 100;

function option(name: string, fallback: string): string {
  const flag = process.argv.find((argument) => argument.startsWith(`--${name}=`));
  return flag ? flag.slice(name.length + 3) : fallback;
}

/** utime+stime of a process in ms (fields 14 and 15 of /proc/<pid>/stat, after the command's parenthesis). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

interface Build {
  name: string;
  cli: string;
  server?: RawStdio;
  perCall: number[];
  pingPerCall: number[];
}

/** CPU ms per call of `count` calls, one after another. */
async function batch(server: RawStdio, count: number, call: () => Promise<unknown>): Promise<number> {
  const before = cpuMs(server.pid);
  for (let index = 0; index < count; index++) await call();
  return (cpuMs(server.pid) - before) / count;
}

const tool = option('tool', 'get_crew');
const args = JSON.parse(option('args', '{"crewId":1}')) as Record<string, unknown>;
const warmup = Number(option('warmup', '600'));
const size = Number(option('batch', '400'));
const rounds = Number(option('rounds', '5'));
const baseline = option('baseline', '');
const fresh = process.argv.includes('--fresh');
const nodeFlags = option('node-flags', '').split(' ').filter(Boolean);

const sandbox = await spawnSandboxProcess();
const env = liveEnv(sandbox);
const builds: Build[] = [{ name: 'this build', cli: CLI, perCall: [], pingPerCall: [] }];
if (baseline)
  builds.push({
    name: 'baseline',
    cli: join(baseline, 'dist', 'bin', 'crew-mcp.js'),
    perCall: [],
    pingPerCall: [],
  });

async function started(build: Build): Promise<RawStdio> {
  const server = await spawnRawStdio(env, build.cli, nodeFlags);
  build.server = server;
  for (let index = 0; index < warmup; index++) await server.callTool(tool, args);
  return server;
}

/** The report goes to stdout, the one thing this script writes there. */
const print = (line: string) => process.stdout.write(`${line}\n`);
const fixed = (value: number) => value.toFixed(3);
function summary(values: number[]): string {
  const { median, min, max } = summarize(values);
  return `median ${fixed(median)} ms (min ${fixed(min)}, max ${fixed(max)})`;
}

try {
  if (!fresh) for (const build of builds) await started(build);
  for (let round = 0; round < rounds; round++) {
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
      const server = fresh || !build.server ? await started(build) : build.server;
      build.perCall.push(await batch(server, size, () => server.callTool(tool, args)));
      build.pingPerCall.push(await batch(server, size, () => server.request('ping', {})));
      if (fresh) await server.close();
    }
  }
  print(
    `${tool} ${JSON.stringify(args)}: server CPU per call, ${rounds} batches of ${size} after ${warmup} calls` +
      `${fresh ? ', each on a new server' : ''}${nodeFlags.length ? ` (node ${nodeFlags.join(' ')})` : ''}`,
  );
  for (const build of builds) {
    print(`  ${build.name}: ${tool} ${summary(build.perCall)}; ping ${summary(build.pingPerCall)}`);
    print(`    ${tool} batches: ${build.perCall.map(fixed).join(' ')}`);
  }
} finally {
  for (const build of builds) await build.server?.close();
  await sandbox.close();
}
