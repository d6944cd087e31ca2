// Cold start: from spawning the built CLI (stdio) to the first tools/list answer, in the two
// ways it is run: with no credentials (it starts and seeds its embedded sandbox) and against a
// platform (here the benchmark's sandbox through the live credentials variables).
import { spawnSync } from 'node:child_process';
import { spawnStdio } from '../helpers/mcp.js';
import { liveEnv } from './processes.js';
import { type BenchContext, commands, type Section, TIMING_HEADERS, table, timingCells } from './report.js';
import { elapsedMs, summarize } from './stats.js';

const RUNS = 6;

async function coldStart(env: Record<string, string>): Promise<{ initialized: number; listed: number }> {
  const start = performance.now();
  const { client, close } = await spawnStdio([], env);
  const initialized = elapsedMs(start);
  const { tools } = await client.listTools();
  const listed = elapsedMs(start);
  await close();
  if (tools.length === 0) throw new Error('tools/list answered no tools');
  return { initialized, listed };
}

export const coldStartSection: Section = {
  id: 'cold-start',
  title: 'Cold start (stdio)',
  async run(ctx: BenchContext) {
    const modes = [
      { label: 'embedded sandbox (no credentials)', env: {} },
      { label: 'live credentials (benchmark sandbox)', env: liveEnv(ctx.sandbox) },
    ];
    const rows: string[][] = [];
    for (const mode of modes) {
      ctx.log(`cold start: ${mode.label}`);
      const initialized: number[] = [];
      const listed: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const sample = await coldStart(mode.env);
        initialized.push(sample.initialized);
        listed.push(sample.listed);
      }
      rows.push([mode.label, 'spawn → initialize answered', ...timingCells(summarize(initialized))]);
      rows.push([mode.label, '**spawn → first tools/list answer**', ...timingCells(summarize(listed))]);
    }
    const bare: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      spawnSync(process.execPath, ['-e', '0']);
      bare.push(elapsedMs(start));
    }
    rows.push(['baseline', '`node -e 0` spawn → exit', ...timingCells(summarize(bare))]);
    return [
      `${RUNS} runs per mode, one after another. Each run spawns \`node dist/src/cli.js stdio\` through the ` +
        "SDK's stdio client transport, waits for the initialize answer, then times the first tools/list. " +
        'Without credentials the figure includes starting and seeding the embedded sandbox; with live ' +
        'credentials it includes the token request and the schema introspection that checks every tool.',
      '',
      table(['mode', 'interval', ...TIMING_HEADERS], rows),
      '',
      commands([
        ctx.command,
        'node dist/src/cli.js stdio   # env: CREW_LOG_LEVEL=warn; live mode adds CREW_CLIENT_ID=demo-admin CREW_CLIENT_SECRET=… CREW_AUTH_URL=<sandbox> CREW_REALM=sandbox CREW_API_URL=<sandbox>',
        'initialize; tools/list',
      ]),
    ].join('\n');
  },
};
