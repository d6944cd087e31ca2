// Token requests against concurrent calls: the server fetches one token and shares it (single
// flight), also when a burst of calls arrives just after the token expired. Counted at the
// sandbox's token endpoint.
import type { Client } from '@modelcontextprotocol/client';
import { DEFAULT_FAULTS } from '../../src/sandbox/faults.js';
import { spawnStdio } from '../helpers/mcp.js';
import { liveEnv } from './processes.js';
import { type BenchContext, commands, type Section, table } from './report.js';
import { TOKEN_REQUEST_BUDGETS } from './request-budgets.js';
import { sleep } from './stats.js';

const CONCURRENT_CALLS = 50;
const SHORT_LIFETIME_SECONDS = 2;
const EXPIRIES = { full: 3, quick: 1 };
const CALL = { name: 'list_crew', arguments: { perPage: 1 } };

async function burst(client: Client): Promise<number> {
  const results = await Promise.all(Array.from({ length: CONCURRENT_CALLS }, () => client.callTool(CALL)));
  return results.filter((result) => result.isError).length;
}

export const tokenRequestsSection: Section = {
  id: 'token-requests',
  title: 'Token requests under concurrent calls',
  async run(ctx: BenchContext) {
    const { sandbox } = ctx;
    const rows: (string | number)[][] = [];
    const expiries = EXPIRIES[ctx.quick ? 'quick' : 'full'];
    const measure = async (client: Client, label: string, budget: number, lifetimeSeconds: number) => {
      sandbox.resetStats();
      const started = performance.now();
      const failed = await burst(client);
      // One token per lifetime: a burst that outlasts one (a slow CI machine) may fetch another.
      // The server hands a token out until 90% of its lifetime (src/platform/auth.ts).
      const lifetimes = Math.floor((performance.now() - started) / (lifetimeSeconds * 900));
      ctx.budget({
        what: `token requests, ${CONCURRENT_CALLS} concurrent calls: ${label}`,
        actual: sandbox.stats.tokenRequests,
        limit: budget + lifetimes,
        unit: 'requests',
      });
      ctx.budget({ what: `failed calls: ${label}`, actual: failed, limit: 0, unit: 'calls' });
      ctx.budget({
        what: `GraphQL requests, ${CONCURRENT_CALLS} concurrent list_crew calls: ${label}`,
        actual: sandbox.stats.graphqlRequests,
        limit: CONCURRENT_CALLS,
        unit: 'requests',
      });
      rows.push([
        label,
        CONCURRENT_CALLS,
        failed,
        sandbox.stats.graphqlRequests,
        sandbox.stats.tokenRequests,
        CONCURRENT_CALLS,
      ]);
    };

    ctx.log('token requests: long-lived token');
    const warm = await spawnStdio([], liveEnv(sandbox));
    try {
      await measure(
        warm.client,
        'token fetched at startup, still valid',
        TOKEN_REQUEST_BUDGETS.validToken,
        DEFAULT_FAULTS.tokenLifetimeSeconds,
      );
    } finally {
      await warm.close();
    }

    ctx.log('token requests: short-lived tokens');
    sandbox.setFaults({ tokenLifetimeSeconds: SHORT_LIFETIME_SECONDS });
    const short = await spawnStdio([], liveEnv(sandbox));
    try {
      for (let expiry = 1; expiry <= expiries; expiry++) {
        await sleep(SHORT_LIFETIME_SECONDS * 1000 + 200);
        await measure(
          short.client,
          `burst ${expiry} after the ${SHORT_LIFETIME_SECONDS} s token expired`,
          TOKEN_REQUEST_BUDGETS.afterExpiry,
          SHORT_LIFETIME_SECONDS,
        );
      }
    } finally {
      await short.close();
      sandbox.setFaults({ tokenLifetimeSeconds: DEFAULT_FAULTS.tokenLifetimeSeconds });
    }

    return [
      `A stdio server (built CLI, live credentials to the benchmark sandbox) receives ${CONCURRENT_CALLS} ` +
        'concurrent tool calls over one connection; the sandbox counts token and GraphQL requests during the ' +
        `burst. Then a server whose tokens live ${SHORT_LIFETIME_SECONDS} s (sandbox fault ` +
        `tokenLifetimeSeconds) gets ${expiries} burst(s), each after its token expired. A client that fetched ` +
        'a token per call would make one token request per call (last column).',
      '',
      table(
        [
          'burst',
          'concurrent calls',
          'failed',
          'GraphQL requests',
          'token requests',
          'one-token-per-call would be',
        ],
        rows,
      ),
      '',
      commands([
        ctx.command,
        `${CONCURRENT_CALLS} × tools/call ${CALL.name} ${JSON.stringify(CALL.arguments)} concurrently; sandbox.stats.tokenRequests`,
        `sandbox.setFaults({ tokenLifetimeSeconds: ${SHORT_LIFETIME_SECONDS} }) before spawning the second server`,
      ]),
    ].join('\n');
  },
};
