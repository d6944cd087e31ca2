// The hosted connector (issue 23): what `--auth connector` adds to a call against `--auth bearer`
// (the same build, the same sandbox platform, the same tool), and what a company costs in memory.
// Both are this build's CLI over HTTP; the connector's client connects as a user does (DCR, the
// connect page in headless Chromium, PKCE), so every call carries an opaque token that the
// connector looks up (its 5 s cache included) and resolves to the company's own context.
// Memory: the connector process's RSS before and after more companies connect (each sandbox API
// key of a few extra sandboxes is a company of its own), first with each context opened by one
// call (idle), then after each ran the staffing reads that fill its caches (active).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { startSandbox } from '../../src/sandbox/server.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { launchChromium } from '../helpers/chromium.js';
import { connectHttp, spawnHttp } from '../helpers/mcp.js';
import { connectThroughOAuth, TestOAuthClient } from '../helpers/oauth-client.js';
import { liveEnv, rssMiB } from './processes.js';
import { type BenchContext, ms, type Section, TIMING_HEADERS, table, timingCells } from './report.js';
import { emptyNursery, sleep, summarize, timed } from './stats.js';

const GOAL_MS = 0.5;
const ROUNDS = { full: { warmup: 60, measured: 300 }, quick: { warmup: 10, measured: 40 } };
/** Extra sandboxes whose two API keys each connect as a company of their own. */
const EXTRA_SANDBOXES = { full: 4, quick: 1 };

function secretOf(sandbox: RunningSandbox, clientId: string): string {
  const key = sandbox.keys.find((entry) => entry.clientId === clientId);
  if (!key) throw new Error(`no sandbox key ${clientId}`);
  return key.clientSecret;
}

const median = (values: number[]) => summarize(values).median;

export const connectorSection: Section = {
  id: 'connector',
  title: 'Hosted connector: added cost per call against --auth bearer, memory per company',
  async run(ctx: BenchContext) {
    const { sandbox } = ctx;
    const size = ctx.quick ? 'quick' : 'full';
    const cli = ctx.builds[0]?.cli;
    const dataDir = await mkdtemp(join(tmpdir(), 'crew-bench-connector-'));
    const bearerToken = randomBytes(24).toString('base64url');
    const bearer = await spawnHttp(
      ['--auth', 'bearer', '--rate-limit', '0'],
      { ...liveEnv(sandbox), CREW_AUTH_TOKENS: `bench:${bearerToken}` },
      cli,
    );
    const connector = await spawnHttp(
      ['--auth', 'connector', '--rate-limit', '0', '--data-dir', dataDir],
      { CREW_STORE_KEY: randomBytes(32).toString('base64') },
      cli,
    );
    const browser = await launchChromium();
    const extras: RunningSandbox[] = [];
    const clients: Client[] = [];
    try {
      const connect = async (platform: RunningSandbox, clientId: string) => {
        const { client } = await connectThroughOAuth(connector.mcpUrl, new TestOAuthClient(), browser, {
          clientId,
          secret: secretOf(platform, clientId),
          authUrl: platform.baseUrl,
          realm: platform.realm,
          apiUrl: platform.baseUrl,
        });
        clients.push(client);
        return client;
      };
      const viaConnector = await connect(sandbox, 'demo-admin');
      const viaBearer = await connectHttp(bearer.mcpUrl, 'legacy', bearerToken);
      clients.push(viaBearer);
      // As hosts do: list first (the SDK client then validates structuredContent on both paths).
      await Promise.all([viaConnector.listTools(), viaBearer.listTools()]);
      // The latency section's get_crew: crew 1 of the default seed, with its profiles.
      const args = { crewId: 1 };
      const paths = [
        { name: '--auth bearer (static token)', client: viaBearer, samples: [] as number[] },
        {
          name: '--auth connector (OAuth token, tenant context)',
          client: viaConnector,
          samples: [] as number[],
        },
      ];
      const { warmup, measured } = ROUNDS[size];
      for (let round = 0; round < warmup + measured; round++) {
        // Alternate which path goes first, so neither always follows the other's wake-up.
        const order = round % 2 === 0 ? paths : [...paths].reverse();
        for (const path of order) {
          emptyNursery();
          const { ms: took, value } = await timed(() =>
            path.client.callTool({ name: 'get_crew', arguments: args }),
          );
          if (value.isError) throw new Error(`${path.name}: get_crew failed`);
          if (round >= warmup) path.samples.push(took);
        }
      }
      const [bearerPath, connectorPath] = paths as [(typeof paths)[0], (typeof paths)[0]];
      const paired = connectorPath.samples.map((value, index) => value - (bearerPath.samples[index] ?? 0));
      const added = median(connectorPath.samples) - median(bearerPath.samples);
      ctx.log(`connector: added ${ms(added)} ms per call (paired ${ms(median(paired))})`);

      // Memory per company.
      for (let index = 0; index < EXTRA_SANDBOXES[size]; index++)
        extras.push(await startSandbox({ host: '127.0.0.1', port: 0, seed: 100 + index }));
      await sleep(500);
      const before = rssMiB(connector.process.pid as number);
      const companies: Client[] = [];
      for (const platform of extras)
        for (const clientId of ['demo-admin', 'demo-readonly']) {
          const client = await connect(platform, clientId);
          // One call opens the company's context (its platform client, token, live schema).
          const listed = await client.callTool({ name: 'list_crew', arguments: { perPage: 5 } });
          if (listed.isError) throw new Error(`list_crew failed for a company of ${platform.baseUrl}`);
          companies.push(client);
        }
      await sleep(500);
      const idle = rssMiB(connector.process.pid as number);
      for (const client of companies) {
        const open = await client.callTool({ name: 'find_open_roles', arguments: {} });
        if (open.isError) throw new Error('find_open_roles failed');
        await client.callTool({ name: 'list_jobs', arguments: { perPage: 25 } });
      }
      await sleep(500);
      const active = rssMiB(connector.process.pid as number);
      const count = companies.length;
      const perIdle = (idle - before) / count;
      const perActive = (active - before) / count;
      ctx.log(
        `connector: ${count} companies, ${perIdle.toFixed(1)} MiB idle, ${perActive.toFixed(1)} MiB active each`,
      );

      return [
        `Both servers are this build's CLI (\`http --port 0 --rate-limit 0\`), one with \`--auth bearer\` (CREW_AUTH_TOKENS, the benchmark's sandbox as its platform through CREW_CLIENT_ID=demo-admin), one with \`--auth connector --data-dir <tmp>\` (embedded PGlite store) whose client connected as a user does: registration, the connect page filled in headless Chromium with the same sandbox's demo-admin key, code with PKCE, token. ${warmup} rounds discarded, ${measured} measured, each round one \`get_crew\` call on each path in alternating order, through the SDK's client (listing first, so it validates structuredContent on both). "Added" is the connector's median minus bearer's; "paired" the median of the round-by-round differences. Goal: under ${GOAL_MS} ms added (warm).`,
        '',
        table(
          ['path', ...TIMING_HEADERS],
          paths.map((path) => [path.name, ...timingCells(summarize(path.samples))]),
        ),
        '',
        table(
          ['added ms (medians)', 'added ms (paired)', `under ${GOAL_MS} ms`],
          [[ms(added), ms(median(paired)), added < GOAL_MS ? 'yes' : 'no']],
        ),
        '',
        `Memory per company: ${count} more companies (the two API keys of ${extras.length} more sandboxes, each key a tenant of its own) connected through the same flow; the connector's RSS (/proc) before they connected, after each had made one call (its context open: platform client, token, live schema, lookups; idle), and after each had called \`find_open_roles\` (the next 60 days) and \`list_jobs\` (active: staffing caches filled). Per company is the difference divided by ${count}; a company whose context is closed (past \`--connector-max-tenants\`, least recently used first) keeps only its store rows.`,
        '',
        table(
          [
            'RSS before MiB',
            'after open MiB',
            'after staffing reads MiB',
            'per idle company MiB',
            'per active company MiB',
          ],
          [[before.toFixed(1), idle.toFixed(1), active.toFixed(1), perIdle.toFixed(2), perActive.toFixed(2)]],
        ),
      ].join('\n');
    } finally {
      for (const client of clients) await client.close().catch(() => undefined);
      await browser.close();
      await Promise.all(extras.map((extra) => extra.close()));
      await connector.close();
      await bearer.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
