// Latency a tool call adds: the same read through the MCP server (spawned built CLI over stdio
// and over Streamable HTTP) and as a direct GraphQL call, interleaved round by round against the
// same sandbox so that machine noise hits all three paths alike.
import type { Client } from '@modelcontextprotocol/client';
import { companyJobsDocument, crewAllDocument, crewOneDocument } from '../../src/contract/documents.js';
import { connectHttp, spawnHttp, spawnStdio } from '../helpers/mcp.js';
import { directGraphql } from './direct.js';
import { liveEnv, track } from './processes.js';
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
import { summarize, timed } from './stats.js';

const WARMUP_ROUNDS = 15;
const ROUNDS = 80;

const DOCUMENTS = { companyJobs: companyJobsDocument, crewAll: crewAllDocument, crewOne: crewOneDocument };

interface Case {
  tool: string;
  args: Record<string, unknown>;
  /** The tool's read document, from src/contract/graphql/. */
  document: keyof typeof DOCUMENTS;
  variables: Record<string, unknown>;
}

const CASES: Case[] = [
  { tool: 'get_crew', args: { crewId: 1 }, document: 'crewOne', variables: { crewId: 1 } },
  {
    tool: 'list_jobs',
    args: { perPage: 25 },
    document: 'companyJobs',
    variables: { input: { filter: {}, page: 1, perPage: 25 } },
  },
];

async function callOk(client: Client, tool: string, args: Record<string, unknown>): Promise<void> {
  const result = await client.callTool({ name: tool, arguments: args });
  if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
}

export const latencySection: Section = {
  id: 'latency',
  title: 'Latency: MCP tool call vs direct GraphQL',
  async run(ctx: BenchContext) {
    const { sandbox } = ctx;
    const env = liveEnv(sandbox);
    const stdio = await spawnStdio([], env);
    // One address sends everything here: the per-client rate limit would measure itself.
    const http = await spawnHttp(['--rate-limit', '0'], env);
    track(http.process);
    const httpClient = await connectHttp(http.mcpUrl);
    const direct = await directGraphql(sandbox);
    const parts: string[] = [
      `Each round calls the three paths once, in rotating order; ${WARMUP_ROUNDS} warm-up rounds are ` +
        `discarded, then ${ROUNDS} rounds are measured. Both servers are the built CLI ` +
        '(`node dist/src/cli.js stdio` and `node dist/src/cli.js http --port 0`) run against the ' +
        "benchmark's sandbox as a live platform (CREW_CLIENT_ID=demo-admin, CREW_AUTH_URL/CREW_API_URL = " +
        "the sandbox); the direct call POSTs the tool's own GraphQL document to the same sandbox with a " +
        'token fetched beforehand. Clients, the sandbox and the server share the machine.',
      '',
    ];
    try {
      for (const testCase of CASES) {
        ctx.log(`latency: ${testCase.tool}`);
        const document = DOCUMENTS[testCase.document];
        const paths = {
          direct: () => direct.query(document, testCase.variables),
          stdio: () => callOk(stdio.client, testCase.tool, testCase.args),
          http: () => callOk(httpClient, testCase.tool, testCase.args),
        };
        const names = Object.keys(paths) as (keyof typeof paths)[];
        const samples: Record<keyof typeof paths, number[]> = { direct: [], stdio: [], http: [] };
        for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
          const rotated = [...names.slice(round % 3), ...names.slice(0, round % 3)];
          for (const name of rotated) {
            const { ms: took } = await timed(paths[name]);
            if (round >= WARMUP_ROUNDS) samples[name].push(took);
          }
        }
        const directSummary = summarize(samples.direct);
        const rows = names.map((name) => {
          const summary = summarize(samples[name]);
          // Paired: the MCP call minus the direct call of the same round.
          const added = summarize(
            samples[name].map((value, index) => value - (samples.direct[index] as number)),
          );
          return [
            name === 'direct' ? 'direct GraphQL' : `MCP over ${name}`,
            ...timingCells(summary),
            name === 'direct' ? '1.00x' : ratio(summary.median / directSummary.median),
            name === 'direct' ? '—' : `+${ms(summary.median - directSummary.median)}`,
            name === 'direct' ? '—' : `${ms(added.median)} / ${ms(added.p95)}`,
          ];
        });
        parts.push(
          `#### \`${testCase.tool}\` ${JSON.stringify(testCase.args)}`,
          '',
          table(
            [
              'path',
              ...TIMING_HEADERS,
              'median ÷ direct median',
              'added ms (median − direct median)',
              'paired added ms median / p95',
            ],
            rows,
          ),
          '',
          commands([
            ctx.command,
            `tools/call ${testCase.tool} ${JSON.stringify(testCase.args)}   # over stdio and over HTTP`,
            `POST ${'<sandbox>'}/gql src/contract/graphql (${testCase.document}) ${JSON.stringify(testCase.variables)}`,
          ]),
          '',
        );
      }
    } finally {
      await httpClient.close();
      await http.close();
      await stdio.close();
    }
    return parts.join('\n');
  },
};
