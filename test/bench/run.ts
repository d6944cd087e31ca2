// `npm run bench`: runs every benchmark section against one sandbox started here, then writes
// BENCHMARKS.md at the package root. Loopback only, bounded loops, and a watchdog so that the
// run always ends. Options:
//   --only=<id,id>     a subset of the sections
//   --out=<file>       where the report goes (default BENCHMARKS.md; --quick: dist/bench-quick.md)
//   --baseline=<dir>   also measure the CLI built in another checkout, side by side in the same run
//   --quick            the CI run: fewer and shorter runs, under 30 s
//   --allow-dirty      write BENCHMARKS.md from a tree with uncommitted changes (the report says so loudly)
// Budgets that do not depend on the machine's speed (tokens, request counts) are checked in every
// run; the run exits 1 when one is exceeded. Times never fail it.

import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { packagePath, packageRoot } from '../../src/paths.js';
import { CLI } from '../helpers/mcp.js';
import { startTestSandbox, TEST_TODAY } from '../helpers/sandbox.js';
import { coldStartSection } from './cold-start.js';
import { connectorSection } from './connector.js';
import { contextSection } from './context.js';
import { latencySection } from './latency.js';
import { machineLines } from './machine.js';
import { paginationSection } from './pagination.js';
import { planningSection } from './planning.js';
import { killTracked } from './processes.js';
import { dirtyTreeRefusal, type Provenance, provenanceLine, provenanceOf } from './provenance.js';
import { writeReadmeFigures } from './readme-figures.js';
import { replicasSection } from './replicas.js';
import type { BenchContext, BudgetCheck, Build, Section } from './report.js';
import { int, shownPath, table } from './report.js';
import { scheduleSection } from './schedule.js';
import { staffingSection } from './staffing.js';
import { elapsedMs } from './stats.js';
import { suiteSection } from './suite.js';
import { throughputSection } from './throughput.js';
import { tokenRequestsSection } from './token-requests.js';
import { viewsSection } from './views.js';
import { weeksSection } from './weeks.js';

const SECTIONS: Section[] = [
  contextSection,
  latencySection,
  coldStartSection,
  tokenRequestsSection,
  paginationSection,
  throughputSection,
  staffingSection,
  viewsSection,
  planningSection,
  weeksSection,
  scheduleSection,
  replicasSection,
  connectorSection,
  suiteSection,
];
/**
 * The CI run leaves out what only measures time: under injected latency, across replica processes,
 * or whole weeks and a season planned by spawned builds (minutes, not seconds).
 */
const QUICK_SKIPS = new Set(['pagination', 'replicas', 'connector', 'weeks']);

/** What a full run writes itself: a previous run's output is not a change of the measured code. */
const GENERATED = ['BENCHMARKS.md', 'README.md'];

/**
 * Past this something hangs: the full run with a baseline took some ten minutes before the weeks
 * section, which adds about four minutes a build (its first run: 444 s for one build, two season weeks).
 */
const WATCHDOG_MS = { full: 2_400_000, quick: 90_000 };

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function commandLine(): string {
  const args = process.argv.slice(2).join(' ');
  if (process.env.npm_lifecycle_event === 'bench') return `npm run bench${args ? ` -- ${args}` : ''}`;
  return `npm run build && node dist/test/bench/run.js${args ? ` ${args}` : ''}`;
}

/** The CLI a checkout built: the bundle, or before it existed, tsc's output. */
function baselineBuild(dir: string): Build & { provenance: Provenance } {
  const root = resolve(dir);
  const cli = [join(root, 'dist', 'bin', 'crew-mcp.js'), join(root, 'dist', 'src', 'cli.js')].find((path) =>
    existsSync(path),
  );
  if (!cli)
    throw new Error(`--baseline=${dir}: no built CLI there; run npm ci && npm run build in it first.`);
  const provenance = provenanceOf(root, GENERATED);
  const revision = provenance.commit?.slice(0, 7) ?? 'unknown revision';
  return { label: `baseline ${revision}`, cli, provenance };
}

function budgetReport(checks: BudgetCheck[]): string {
  const rows = checks.map((check) => [
    check.what,
    `${int(check.actual)} ${check.unit}`,
    `${int(check.limit)} ${check.unit}`,
    check.actual <= check.limit ? 'ok' : '**exceeded**',
  ]);
  return [
    'Limits that do not depend on the machine, checked by every run (`--quick` too); one exceeded makes ' +
      'the run exit 1. Token budgets come from `test/bench/budgets.ts`, request budgets from ' +
      '`test/bench/request-budgets.ts`.',
    '',
    table(['budget', 'this run', 'limit', ''], rows),
  ].join('\n');
}

async function main(): Promise<number> {
  const quick = process.argv.includes('--quick');
  const watchdog = setTimeout(
    () => {
      console.error(
        `bench: still running after ${WATCHDOG_MS[quick ? 'quick' : 'full'] / 1000} s; giving up.`,
      );
      killTracked();
      process.exit(1);
    },
    WATCHDOG_MS[quick ? 'quick' : 'full'],
  );
  watchdog.unref();

  const only = option('only')?.split(',');
  const unknown = only?.filter((id) => !SECTIONS.some((section) => section.id === id)) ?? [];
  if (unknown.length > 0)
    throw new Error(
      `Unknown section(s) ${unknown.join(', ')}; known: ${SECTIONS.map((s) => s.id).join(', ')}.`,
    );
  const chosen = SECTIONS.filter((section) =>
    only ? only.includes(section.id) : !(quick && QUICK_SKIPS.has(section.id)),
  );
  const out = option('out') ?? (quick ? packagePath('dist', 'bench-quick.md') : packagePath('BENCHMARKS.md'));
  // BENCHMARKS.md names the commit it measured: from a dirty tree it would name code no commit
  // holds. Refused before anything runs (a full run takes minutes); other outputs are scratch and
  // only marked.
  const provenance = provenanceOf(packageRoot, GENERATED);
  const writesReport = !quick && !option('out');
  const refused = writesReport ? dirtyTreeRefusal(provenance, process.argv.includes('--allow-dirty')) : null;
  if (refused) {
    console.error(refused);
    return 2;
  }
  const baselineDir = option('baseline');
  const builds: Build[] = [{ label: 'this change', cli: CLI }];
  const baseline = baselineDir ? baselineBuild(baselineDir) : undefined;
  if (baseline) builds.push(baseline);

  const started = new Date();
  const machine = machineLines();
  const runStart = performance.now();
  const sandbox = await startTestSandbox();
  // Seeded now, so that no timed path pays for it (the sandbox seeds on first use).
  void sandbox.data;
  const checks: BudgetCheck[] = [];
  const ctx: BenchContext = {
    sandbox,
    command: commandLine(),
    quick,
    builds,
    log: (message) => console.error(`bench: ${message}`),
    budget: (check) => {
      checks.push(check);
      if (check.actual > check.limit)
        console.error(
          `bench: budget exceeded: ${check.what}: ${check.actual} > ${check.limit} ${check.unit}`,
        );
    },
  };
  const body: string[] = [];
  const durations: string[] = [];
  try {
    for (const section of chosen) {
      const sectionStart = performance.now();
      body.push(`## ${section.title}`, '', await section.run(ctx), '');
      durations.push(`${section.id} ${(elapsedMs(sectionStart) / 1000).toFixed(1)} s`);
    }
  } finally {
    await sandbox.close();
  }
  const loadAtEnd = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  const exceeded = checks.filter((check) => check.actual > check.limit);

  const report = [
    '# Benchmarks',
    '',
    '<!-- Generated by `npm run bench` (test/bench/run.ts). Do not edit by hand: re-run it. -->',
    '',
    ...(provenance.commit && provenance.changed.length === 0
      ? []
      : [provenanceLine(provenance).slice(2), '']),
    `Run: ${started.toISOString()}, command \`${ctx.command}\`, ${(elapsedMs(runStart) / 1000).toFixed(1)} s ` +
      `(${durations.join(', ')}).`,
    '',
    '## Method',
    '',
    `- One embedded sandbox platform (seed 42, today ${TEST_TODAY}) is started on 127.0.0.1 in the benchmark ` +
      'process; every MCP server under test is a built CLI spawned with the live credentials variables pointing ' +
      'at that sandbox (CREW_CLIENT_ID=demo-admin, CREW_AUTH_URL and CREW_API_URL = the sandbox, ' +
      'CREW_REALM=sandbox), so direct GraphQL calls and MCP calls reach the same platform and its request ' +
      'counters see everything. Everything is loopback.',
    `- Builds measured: ${builds.map((build) => `**${build.label}** (\`${shownPath(build.cli)}\`)`).join(', ')}.` +
      (builds.length > 1
        ? ' The baseline is a checkout of the commit before this change, built as its README says: ' +
          `\`git worktree add <dir> <commit> && (cd <dir> && npm ci && npm run build)\`, passed as \`--baseline=<dir>\`; ` +
          "its CLI is spawned by this run beside this change's, in turns, against the same sandbox."
        : ''),
    '- Context cost is counted with the o200k_base tokenizer (gpt-tokenizer); it does not depend on the machine.',
    '- Timings are wall-clock (performance.now()) in the benchmark process, reported as median with p95, ' +
      'min–max and IQR; compared paths run interleaved in the same run, and ratios are taken between ' +
      'medians of that same run.',
    '- Each section below names the exact calls behind its figures; the command that produced the whole ' +
      'file is given above and in each section.',
    '',
    '## Machine',
    '',
    ...machine,
    provenanceLine(provenance),
    ...(baseline ? [provenanceLine(baseline.provenance).replace('- Code:', '- Baseline code:')] : []),
    `- Load average at the end (1/5/15 min): ${loadAtEnd}`,
    '',
    ...body,
    '## Budgets',
    '',
    budgetReport(checks),
    '',
  ].join('\n');
  writeFileSync(out, report);
  const figures = !quick && !option('out') && !only;
  if (figures) writeReadmeFigures();
  console.error(
    `bench: wrote ${out}${figures ? " (and the README's figures)" : ''} in ${(elapsedMs(runStart) / 1000).toFixed(1)} s; ` +
      `${checks.length} budget(s) checked, ${exceeded.length} exceeded`,
  );
  return exceeded.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
