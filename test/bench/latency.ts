// Latency a tool call adds: the same read through the MCP server (each build's CLI over stdio and
// over Streamable HTTP) and as a direct GraphQL call, against the same sandbox, which runs in a
// process of its own (sandbox-process.ts): as a real platform is remote, both paths cross to it
// from another process. Each path
// alternates with the direct call in rounds of its own, so that machine noise hits both alike and
// no other path's calls sit between a server's calls. The direct call is the very request the tool
// sent (its document, and the variables the sandbox logged during a warm-up call: the same fields
// and filter), so the difference is what MCP adds. The SDK clients list the tools first and so
// validate every structuredContent against its outputSchema, as official clients do; a bare
// JSON-RPC client over stdio (raw-stdio.ts) beside them gives the server's share of that.
import type { Client } from '@modelcontextprotocol/client';
import { companyJobsDocument, crewOneDocument } from '../../src/contract/documents.js';
import { connectHttp, spawnHttp, spawnStdio } from '../helpers/mcp.js';
import { directGraphql } from './direct.js';
import { liveEnv, track } from './processes.js';
import { type RawStdio, spawnRawStdio } from './raw-stdio.js';
import {
  type BenchContext,
  commands,
  ms,
  ratio,
  type Section,
  TIMING_HEADERS,
  table,
  timingCells,
} from './report.js';
import { type SandboxProcess, spawnSandboxProcess } from './sandbox-process.js';
import { emptyNursery, sleep, summarize, timed } from './stats.js';
import { spawnV1Stdio, type V1Stdio } from './v1-stdio.js';

/**
 * Rounds of two calls (the path's and the direct one, in alternating order), measured in phases
 * that follow one another: a tool's first calls on its server (the JIT still compiling the tool's
 * paths; the servers are shared by the cases and answered the floor's pings first, which keeps
 * their warm phase settled: a server fresh for each case measured a wider spread there), warm
 * and back to back, when the per-call cost has settled, and warm after a pause
 * before every call (direct ones too), as an assistant's calls come seconds apart. The pause
 * matters on this kind of machine: a process that has slept runs its next work slower (cold
 * caches, an idle virtual CPU), and a server sleeps between calls while the direct path's process
 * does not. The goals of issue 13 are a per-call overhead and are read from the warm phase.
 */
interface Phase {
  name: string;
  /** Rounds run and discarded before this phase's measured ones. */
  warmup: number;
  measured: number;
  /** Idle time before each call of the phase, in ms. */
  pauseMs?: number;
}

const PHASES: Record<'full' | 'quick', Phase[]> = {
  full: [
    { name: 'first calls', warmup: 15, measured: 80 },
    { name: 'warm', warmup: 200, measured: 200 },
    { name: 'after a pause', warmup: 5, measured: 80, pauseMs: 20 },
  ],
  quick: [{ name: 'first calls', warmup: 5, measured: 15 }],
};

/** The goals read this phase. */
const GOAL_PHASE = 'warm';

/** The calls of each path a phase measures, counted from the first: "16–95". */
function callRange(phases: Phase[], index: number): string {
  const before = phases.slice(0, index).reduce((sum, phase) => sum + phase.warmup + phase.measured, 0);
  const first = before + phases[index]!.warmup + 1;
  return `${first}–${first + phases[index]!.measured - 1}`;
}

interface Case {
  tool: string;
  args: Record<string, unknown>;
  /** The tool's read document (src/contract/graphql/). */
  document: string;
  /** What the case shows, for the report. */
  note: string;
  /**
   * The goal (issues 13 and 19) for the server's added median over stdio, in ms: the bare JSON-RPC
   * path minus the direct call (none: the case only informs).
   */
  goalMs?: number;
  /** Issue 30's goal for the same through the v1 SDK client (the one most hosts embed), in ms. */
  v1GoalMs?: number;
}

const CASES: Case[] = [
  {
    tool: 'get_crew',
    args: { crewId: 1 },
    document: crewOneDocument,
    note: 'one crew profile (crew member 1 answers every data type)',
    goalMs: 1,
    v1GoalMs: 1,
  },
  {
    tool: 'list_jobs',
    args: { perPage: 25, timezone: 'UTC' },
    document: companyJobsDocument,
    note: '25 jobs from today (UTC): the tool sends one request for exactly these 25',
    goalMs: 2,
    v1GoalMs: 4,
  },
  {
    tool: 'list_jobs',
    args: { perPage: 25 },
    document: companyJobsDocument,
    note:
      "25 jobs from today in each job's own zone: the tool reads a widened window (one request of up to 100) " +
      'and keeps the jobs whose local date is in range, so it processes more than it returns',
  },
];

const met = (added: number, goal: number) => (added <= goal ? 'met' : '**not met**');

async function callOk(client: Client, tool: string, args: Record<string, unknown>): Promise<void> {
  const result = await client.callTool({ name: tool, arguments: args });
  if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
}

/** The variables of the one GraphQL request the tool sends for these arguments. */
async function requestOf(
  sandbox: SandboxProcess,
  client: Client,
  testCase: Case,
): Promise<Record<string, unknown>> {
  const { sent } = await sandbox.requestsDuring(() => callOk(client, testCase.tool, testCase.args));
  const only = sent[0];
  if (sent.length !== 1 || only?.kind !== 'graphql')
    throw new Error(
      `${testCase.tool} ${JSON.stringify(testCase.args)} sent ${sent.length} requests, not one.`,
    );
  return only.variables ?? {};
}

interface Path {
  name: string;
  build?: string;
  call: () => Promise<unknown>;
}

/** The path whose added time is the server's share: no client work beyond JSON.parse. */
const SERVER_SHARE = 'MCP over stdio, bare JSON-RPC client';
/** The path an assistant's host takes: the SDK client, validating structuredContent. */
const SDK_STDIO = 'MCP over stdio';
/** The same through the v1 SDK client, which most hosts embed today. */
const V1_STDIO = 'MCP over stdio, v1 SDK client';

/** One phase of rounds of `path` against the direct call, in alternating order. */
async function roundsWithDirect(
  direct: Path,
  path: Path,
  phase: Phase,
): Promise<{ samples: number[]; direct: number[] }> {
  const samples: number[] = [];
  const directSamples: number[] = [];
  for (let round = 0; round < phase.warmup + phase.measured; round++) {
    const order = round % 2 === 0 ? [path, direct] : [direct, path];
    for (const step of order) {
      if (phase.pauseMs) await sleep(phase.pauseMs);
      emptyNursery();
      const { ms: took } = await timed(step.call);
      if (round >= phase.warmup) (step === direct ? directSamples : samples).push(took);
    }
  }
  return { samples, direct: directSamples };
}

export const latencySection: Section = {
  id: 'latency',
  title: 'Latency: MCP tool call vs direct GraphQL',
  async run(ctx: BenchContext) {
    const phases = PHASES[ctx.quick ? 'quick' : 'full'];
    const cases = ctx.quick ? CASES.filter((testCase) => testCase.goalMs !== undefined) : CASES;
    // --quick has no warm phase: its goal line reads the phase it has, and says so.
    const goalPhase = phases.some((phase) => phase.name === GOAL_PHASE) ? GOAL_PHASE : phases.at(-1)!.name;
    // Not the benchmark's own sandbox: one in a process of its own (see sandbox-process.ts).
    const sandbox = await spawnSandboxProcess();
    const env = liveEnv(sandbox);
    const servers: {
      build: string;
      stdio: Client;
      v1: V1Stdio;
      raw: RawStdio;
      http: Client;
      close(): Promise<void>;
    }[] = [];
    const direct = await directGraphql(sandbox).catch(async (error: unknown) => {
      await sandbox.close();
      throw error;
    });
    const parts: string[] = [
      'Each path is measured in rounds of its own: its call and a direct call, in alternating order. ' +
        `${phases.map((phase, index) => `${index === 0 ? 'First' : 'Then'} ${phase.warmup} rounds are discarded and ${phase.measured} measured: "${phase.name}" (calls ${callRange(phases, index)} of each path${phase.pauseMs ? `, each call after ${phase.pauseMs} ms of idle` : ''})`).join('. ')}. ` +
        (phases.length > 1
          ? `The goals read the ${GOAL_PHASE} phase: they are a per-call overhead, and the direct path (this long-lived process) is warm from the start; the first calls show what a tool's first calls on a server add while the JIT compiles its paths (the servers answered the floor's pings first, and for a later case the calls of the cases before it), and the pause what a call costs once the processes have slept, as they do between an assistant's calls (a slept process runs its next work slower on this machine, and the MCP path wakes one process more than the direct one: the server). `
          : '') +
        `The SDK clients (\`@modelcontextprotocol/client\`, and "${V1_STDIO}": \`@modelcontextprotocol/sdk\` 1.x, which most hosts embed) list the tools once before their calls, so that, as official clients do, they validate every result's structuredContent against the tool's outputSchema (ajv); "${SERVER_SHARE}" is a third client of its own server that writes the request line and \`JSON.parse\`s the answer line, nothing else. Its added time is the server's share (the pipe round trip included, as the direct path's HTTP round trip is in its own figure); "${SDK_STDIO}" minus it is the client's share: the SDK's envelope checks and the output validation. ` +
        `Every server is a build's CLI (\`stdio\`, and \`http --port 0 ` +
        '--rate-limit 0`) against a sandbox as a live platform (CREW_CLIENT_ID=demo-admin, ' +
        "CREW_AUTH_URL/CREW_API_URL = the sandbox); the direct call POSTs the tool's own GraphQL document with the " +
        'variables the tool sent in a warm-up call (logged by the sandbox), with a token fetched beforehand. ' +
        '"Added" is the median of the path minus the median of the direct calls of its rounds; "paired" takes the ' +
        "difference round by round. The direct row pools the direct calls of every path's rounds; each path is compared with those of its own (the direct median of the same rounds). Clients, the " +
        'sandbox and the servers share the machine. ' +
        "This section's sandbox (the same seed and today as the benchmark's) runs in a process of its own, not in the benchmark process: a real platform is remote, so both paths cross to another process. With the sandbox in the benchmark process, the direct call's client and server shared one event loop and crossed no process, while the MCP path's request to the sandbox had to wake the benchmark process, so every MCP figure carried two process wake-ups that a user's direct call pays too. " +
        "The floor's pings run in rounds of each path's own too (warm-up, then the measured pings, one server after the other), as the cases do: pinged in turn with the other servers, each server slept while those answered and woke among processes just active, which measured its ping at several times what a host with one server pays.",
      '',
    ];
    try {
      for (const build of ctx.builds) {
        const stdio = await spawnStdio([], env, build.cli);
        const v1 = await spawnV1Stdio(env, build.cli);
        const raw = await spawnRawStdio(env, build.cli);
        // One address sends everything here: the per-client rate limit would measure itself.
        const http = await spawnHttp(['--rate-limit', '0'], env, build.cli);
        track(http.process);
        const httpClient = await connectHttp(http.mcpUrl);
        // As a host does before it calls: the listing is what the SDK client compiles its
        // output validators from (without it, callTool validates nothing).
        await stdio.client.listTools();
        await httpClient.listTools();
        servers.push({
          build: build.label,
          stdio: stdio.client,
          v1,
          raw,
          http: httpClient,
          async close() {
            await httpClient.close();
            await http.close();
            await raw.close();
            await v1.close();
            await stdio.close();
          },
        });
      }
      // The floor under every figure below: an MCP round trip that does no work (two process
      // wake-ups and the SDK's message handling on both sides); a tool call adds the server's
      // own round trip to the platform on top.
      const pings = servers.flatMap((server) => [
        { build: server.build, path: 'stdio', call: () => server.stdio.ping() },
        {
          build: server.build,
          path: 'stdio, bare JSON-RPC client',
          call: () => server.raw.request('ping', {}),
        },
        { build: server.build, path: 'http', call: () => server.http.ping() },
      ]);
      // The floor is measured once, back to back, as the goal phase is: after as many rounds as
      // come before that phase's measured calls (the last phase in --quick).
      const floorPhase = phases.findIndex((phase) => phase.name === GOAL_PHASE);
      const last = floorPhase < 0 ? phases.length - 1 : floorPhase;
      const pingWarmup =
        phases.slice(0, last + 1).reduce((sum, phase) => sum + phase.warmup + phase.measured, 0) -
        phases[last]!.measured;
      // Each path's pings in rounds of their own, as a host with one server sends them.
      const pingSamples = pings.map(() => [] as number[]);
      for (const [index, ping] of pings.entries()) {
        for (let round = 0; round < pingWarmup + phases[last]!.measured; round++) {
          emptyNursery();
          const { ms: took } = await timed(ping.call);
          if (round >= pingWarmup) pingSamples[index]!.push(took);
        }
      }
      parts.push(
        '#### The floor: `ping` (no tool, no platform)',
        '',
        table(
          ['path', 'build', ...TIMING_HEADERS],
          pings.map((ping, index) => [
            `MCP ping over ${ping.path}`,
            ping.build,
            ...timingCells(summarize(pingSamples[index]!)),
          ]),
        ),
        '',
      );
      const goals: string[] = [];
      for (const testCase of cases) {
        ctx.log(`latency: ${testCase.tool} ${JSON.stringify(testCase.args)}`);
        const variables = await requestOf(sandbox, servers[0]!.stdio, testCase);
        const paths: Path[] = [
          { name: 'direct GraphQL', call: () => direct.query(testCase.document, variables) },
          ...servers.flatMap((server) => [
            {
              name: SDK_STDIO,
              build: server.build,
              call: () => callOk(server.stdio, testCase.tool, testCase.args),
            },
            {
              name: V1_STDIO,
              build: server.build,
              call: () => server.v1.callTool(testCase.tool, testCase.args),
            },
            {
              name: SERVER_SHARE,
              build: server.build,
              call: () => server.raw.callTool(testCase.tool, testCase.args),
            },
            {
              name: 'MCP over http',
              build: server.build,
              call: () => callOk(server.http, testCase.tool, testCase.args),
            },
          ]),
        ];
        const rows: string[][] = [];
        for (const [phaseIndex, phase] of phases.entries()) {
          const calls = `${phase.name} (${callRange(phases, phaseIndex)})`;
          const measured: { path: Path; samples: number[]; direct: number[] }[] = [];
          for (const path of paths.slice(1)) {
            measured.push({ path, ...(await roundsWithDirect(paths[0]!, path, phase)) });
          }
          rows.push([
            'direct GraphQL',
            '',
            calls,
            ...timingCells(summarize(measured.flatMap((m) => m.direct))),
            '—',
            '1.00x',
            '—',
            '—',
          ]);
          const addedBy = new Map<string, number>();
          for (const { path, samples, direct } of measured) {
            const summary = summarize(samples);
            const directSummary = summarize(direct);
            const paired = summarize(samples.map((value, round) => value - direct[round]!));
            const added = summary.median - directSummary.median;
            if (path.build === ctx.builds[0]!.label) addedBy.set(path.name, added);
            rows.push([
              path.name,
              path.build ?? '',
              calls,
              ...timingCells(summary),
              ms(directSummary.median),
              ratio(summary.median / directSummary.median),
              `${added >= 0 ? '+' : ''}${ms(added)}`,
              `${ms(paired.median)} / ${ms(paired.p95)}`,
            ]);
          }
          const server = addedBy.get(SERVER_SHARE);
          const total = addedBy.get(SDK_STDIO);
          const v1 = addedBy.get(V1_STDIO);
          if (testCase.goalMs !== undefined && phase.name === goalPhase && server !== undefined) {
            goals.push(
              `\`${testCase.tool}\` ${JSON.stringify(testCase.args)}: the server adds ${ms(server)} ms over stdio (goal at most ${testCase.goalMs} ms: ${met(server, testCase.goalMs)})` +
                (total !== undefined
                  ? `; with the SDK client validating, ${ms(total)} ms, of which the client's share ${ms(total - server)} ms`
                  : '') +
                (v1 !== undefined && testCase.v1GoalMs !== undefined
                  ? `; through the v1 SDK client, ${ms(v1)} ms (goal at most ${testCase.v1GoalMs} ms: ${met(v1, testCase.v1GoalMs)}), of which the client's share ${ms(v1 - server)} ms`
                  : ''),
            );
          }
        }
        parts.push(
          `#### \`${testCase.tool}\` ${JSON.stringify(testCase.args)}`,
          '',
          `${testCase.note}.`,
          '',
          table(
            [
              'path',
              'build',
              'calls',
              ...TIMING_HEADERS,
              'direct median ms, same rounds',
              'median ÷ direct median',
              'added ms (median − direct median)',
              'paired added ms median / p95',
            ],
            rows,
          ),
          '',
          commands([
            ctx.command,
            `tools/call ${testCase.tool} ${JSON.stringify(testCase.args)}   # over stdio (SDK client v2 and v1, each after tools/list; bare JSON-RPC) and over HTTP (2025-11-25 session, SDK client after tools/list), each build`,
            `POST <sandbox>/gql (the ${testCase.tool} document) ${JSON.stringify(variables)}`,
          ]),
          '',
        );
      }
      if (goals.length > 0)
        parts.push(
          `Goals (stdio, this change, ${goalPhase}${goalPhase === GOAL_PHASE ? '' : ': --quick, too few calls to judge'}): ${goals.join('. ')}.`,
          '',
        );
    } finally {
      for (const server of servers) await server.close();
      await sandbox.close();
    }
    return parts.join('\n');
  },
};
