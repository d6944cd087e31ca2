// Fetch-all pagination: list_crew with allPages (page 1, then the rest a few at a time) against
// fetching the same pages one after another, with latency injected at the sandbox so that the
// waiting, not the machine, dominates, as it does against a remote platform.
import type { Client } from '@modelcontextprotocol/client';
import { crewAllDocument } from '../../src/contract/documents.js';
import { DEFAULT_FAULTS } from '../../src/sandbox/faults.js';
import { spawnStdio } from '../helpers/mcp.js';
import { directGraphql } from './direct.js';
import { liveEnv } from './processes.js';
import {
  type BenchContext,
  commands,
  ratio,
  type Section,
  TIMING_HEADERS,
  table,
  timingCells,
} from './report.js';
import { summarize, timed } from './stats.js';

const LATENCY_MS = 50;
const RUNS = 5;
const PAGE_SIZES = [25, 100];

interface CrewPage {
  crew: unknown[];
  page: { pageCount: number; totalCount: number; returned: number };
}

async function listCrew(client: Client, args: Record<string, unknown>): Promise<CrewPage> {
  const result = await client.callTool({ name: 'list_crew', arguments: args });
  if (result.isError) throw new Error(`list_crew failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as unknown as CrewPage;
}

export const paginationSection: Section = {
  id: 'pagination',
  title: 'Fetch-all pagination with platform latency',
  async run(ctx: BenchContext) {
    const { sandbox } = ctx;
    const server = await spawnStdio([], liveEnv(sandbox));
    const direct = await directGraphql(sandbox);
    const document = crewAllDocument;
    const parts: string[] = [];
    sandbox.setFaults({ latencyMs: LATENCY_MS });
    try {
      for (const perPage of PAGE_SIZES) {
        ctx.log(`pagination: perPage ${perPage}`);
        const first = await listCrew(server.client, { perPage });
        const { pageCount, totalCount } = first.page;
        const samples = { all: [] as number[], direct: [] as number[], mcp: [] as number[] };
        let returned = 0;
        let requestsPerFetchAll = 0;
        for (let run = 0; run < RUNS; run++) {
          sandbox.resetStats();
          const all = await timed(() => listCrew(server.client, { perPage, allPages: true, maxItems: 2000 }));
          requestsPerFetchAll = sandbox.stats.graphqlRequests;
          returned = all.value.page.returned;
          samples.all.push(all.ms);
          samples.direct.push(
            (
              await timed(async () => {
                for (let page = 1; page <= pageCount; page++)
                  await direct.query(document, { input: { filter: {}, page, perPage } });
              })
            ).ms,
          );
          samples.mcp.push(
            (
              await timed(async () => {
                for (let page = 1; page <= pageCount; page++)
                  await listCrew(server.client, { perPage, page });
              })
            ).ms,
          );
        }
        const all = summarize(samples.all);
        const sequentialDirect = summarize(samples.direct);
        const sequentialMcp = summarize(samples.mcp);
        parts.push(
          `#### perPage ${perPage}: ${totalCount} crew in ${pageCount} pages`,
          '',
          `One fetch-all call made ${requestsPerFetchAll} GraphQL requests and returned ${returned} crew.`,
          '',
          table(
            ['method', ...TIMING_HEADERS, 'sequential direct median ÷ this median'],
            [
              [
                'list_crew allPages (one MCP call, stdio)',
                ...timingCells(all),
                ratio(sequentialDirect.median / all.median),
              ],
              [
                `direct GraphQL, ${pageCount} pages one after another`,
                ...timingCells(sequentialDirect),
                '1.00x',
              ],
              [
                `list_crew page by page (${pageCount} MCP calls)`,
                ...timingCells(sequentialMcp),
                ratio(sequentialDirect.median / sequentialMcp.median),
              ],
            ],
          ),
          '',
          commands([
            ctx.command,
            `sandbox.setFaults({ latencyMs: ${LATENCY_MS} })`,
            `tools/call list_crew {"perPage":${perPage},"allPages":true,"maxItems":2000}`,
            `POST /gql tools/list-crew.graphql {"input":{"filter":{},"page":N,"perPage":${perPage}}}   # N = 1..${pageCount}, sequentially`,
            `tools/call list_crew {"perPage":${perPage},"page":N}   # N = 1..${pageCount}, sequentially`,
          ]),
          '',
        );
      }
    } finally {
      sandbox.setFaults({ latencyMs: DEFAULT_FAULTS.latencyMs });
      await server.close();
    }
    return [
      `${LATENCY_MS} ms added by the sandbox before answering every GraphQL request (fault latencyMs). ` +
        `${RUNS} runs per method, interleaved. The server fetches page 1, then the remaining pages up to ` +
        '4 at a time.',
      '',
      ...parts,
    ].join('\n');
  },
};
