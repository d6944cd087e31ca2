// Real weeks (issue 32 item 5): plan_staffing on whole Monday-Sunday weeks across every board, side
// by side for this build and the baseline (`--baseline=<dir>`), each a spawned CLI against the same
// sandboxes: the next four weeks of the default seed, the weeks of the generated busy season
// (`crew-mcp sandbox --season N`), and the 300-place generated festival with 10,000 crew, cold (a
// fresh process: solver loaded, crew read) and warm (the same call again). A second table runs this
// build's planner in-process on the same scopes for what the tool does not answer: the model's
// columns and the time and proof of each objective stage.
//
// The spawned servers plan with the real clock, so these sandboxes are seeded around the real
// today (their data is relative to it), not the tests' fixed day: a run's weeks are the next four.
import type { Client } from '@modelcontextprotocol/client';
import { readRange } from '../../src/mcp/read-range.js';
import { planStaffing } from '../../src/planner/plan.js';
import { LARGE_EVENT_TITLE } from '../../src/sandbox/seed.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gatherFacts, gatherRoles } from '../../src/staffing/plan-gather.js';
import { type PlanRequest, resolveOptions } from '../../src/staffing/plan-request.js';
import { connectInProcess, spawnStdio } from '../helpers/mcp.js';
import { gqlEveryPage, type Json, startTestSandbox } from '../helpers/sandbox.js';
import { liveEnv } from './processes.js';
import { type BenchContext, type Build, int, ms, type Section, table } from './report.js';
import { resultCost } from './tokens.js';

const DAY_MS = 86_400_000;
/** A season week plans 400-600 places among 3,000 crew: more than the SDK's default 60 s is no hang. */
const CALL_TIMEOUT_MS = 180_000;

interface Scope {
  name: string;
  box: RunningSandbox;
  args: Record<string, unknown>;
  /** The in-process run's ask (a week across boards, or a multi-day job). */
  ask: Parameters<typeof gatherRoles>[0];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Mondays of the next `count` weeks after `today` (UTC date). */
function nextMondays(today: string, count: number): string[] {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const first = todayMs + ((8 - new Date(todayMs).getUTCDay()) % 7 || 7) * DAY_MS;
  return Array.from({ length: count }, (_, week) => isoDay(first + week * 7 * DAY_MS));
}

async function weekScopes(box: RunningSandbox, label: string, mondays: string[]): Promise<Scope[]> {
  const jobs = await gqlEveryPage(box, 'companyJobs', 'board { id }');
  const boardIds = [...new Set(jobs.map((job: Json) => String(job.board.id)))];
  return mondays.map((from) => {
    const to = isoDay(Date.parse(`${from}T00:00:00Z`) + 6 * DAY_MS);
    const args = { boardIds, from, to };
    // As plan_staffing reads boardIds+from/to: each job's own local days.
    const range = readRange({ from, to, otherwise: 'each' });
    const ask = {
      boards: {
        boardIds,
        filter: range.platform,
        ...(range.localDates ? { localDates: range.localDates } : {}),
        span: { startMs: Number.NEGATIVE_INFINITY, endMs: Number.POSITIVE_INFINITY },
      },
    };
    return { name: `${label} ${from} to ${to}, ${boardIds.length} boards`, box, args, ask };
  });
}

async function call(client: Client, args: Record<string, unknown>) {
  const started = performance.now();
  const result = (await client.callTool(
    { name: 'plan_staffing', arguments: args },
    {
      timeout: CALL_TIMEOUT_MS,
    },
  )) as { isError?: boolean; structuredContent?: Json; content?: unknown };
  const wall = performance.now() - started;
  if (result.isError)
    throw new Error(`plan_staffing ${JSON.stringify(args)}: ${JSON.stringify(result.content)}`);
  const totals = result.structuredContent?.totals as Json;
  const proof =
    totals.status === 'optimal'
      ? 'optimal'
      : `${totals.unproven ?? 'plan'} ${totals.gap === undefined ? 'no bound proven' : `within ${(totals.gap * 100).toFixed(1)}%`}`;
  return [
    `${totals.placesFilled}/${totals.placesOpen}`,
    proof,
    ms(totals.solveMs),
    ms(wall),
    int(resultCost(result).both),
  ];
}

/** Every scope through one spawned server of `build`; the festival twice (cold, then warm). */
async function buildRows(build: Build, scopes: Scope[], festival: Scope): Promise<string[][]> {
  const rows: string[][] = [];
  const byBox = new Map<RunningSandbox, Scope[]>();
  for (const scope of scopes) byBox.set(scope.box, [...(byBox.get(scope.box) ?? []), scope]);
  for (const [box, list] of byBox) {
    const server = await spawnStdio([], liveEnv(box), build.cli);
    try {
      for (const scope of list)
        rows.push([scope.name, build.label, ...(await call(server.client, scope.args))]);
    } finally {
      await server.close();
    }
  }
  const server = await spawnStdio([], liveEnv(festival.box), build.cli);
  try {
    for (const run of ['cold', 'warm'])
      rows.push([`${festival.name} (${run})`, build.label, ...(await call(server.client, festival.args))]);
  } finally {
    await server.close();
  }
  return rows;
}

/** This build's planner in-process: columns, and each objective stage's time and proof. */
async function stageRow(scope: Scope): Promise<string[]> {
  // The real clock, as the spawned servers plan with: these sandboxes are seeded around the real today.
  const connected = await connectInProcess(scope.box, [], { now: Date.now });
  try {
    const { app } = connected;
    const options = resolveOptions({} as PlanRequest);
    const signal = new AbortController().signal;
    const gathered = await gatherRoles(
      scope.ask,
      app.context.lookups,
      app.context.platform,
      signal,
      app.context.now(),
    );
    const facts = await gatherFacts(gathered.roles, options, app.context.lookups, signal);
    const outcome = await planStaffing(facts, options);
    const { solution } = outcome;
    const stages = Object.entries(solution.stageMs)
      .map(([name, stage]) => `${name} ${ms(stage.ms)} ms${stage.proven ? '' : ' (unproven)'}`)
      .join(', ');
    return [
      scope.name,
      `${outcome.placesFilled}/${outcome.placesOpen}`,
      int(solution.columns),
      String(solution.parts),
      ms(solution.solveMs),
      stages,
    ];
  } finally {
    await connected.close();
  }
}

export const weeksSection: Section = {
  id: 'weeks',
  title: 'Real weeks, a busy season and the 300-place festival',
  async run(ctx: BenchContext) {
    const today = isoDay(Date.now());
    // One season week: a week of 400-600 places among 3,000 crew took about 2 minutes a build
    // (82 s solve) on the two-core machine before the planner's work of issue 32 item 1.
    const seasonWeeks = 1;
    ctx.log('weeks: starting the default, season and festival sandboxes');
    const boxes = await Promise.all([
      startTestSandbox({ today }),
      startTestSandbox({ today, season: seasonWeeks }),
      startTestSandbox({ today, crewCount: 10_000, eventPlaces: 300 }),
    ]);
    const [seed, season, large] = boxes as [RunningSandbox, RunningSandbox, RunningSandbox];
    try {
      const scopes = [
        ...(await weekScopes(seed, 'default seed', nextMondays(today, ctx.quick ? 1 : 4))),
        ...(await weekScopes(season, 'busy season', nextMondays(today, seasonWeeks))),
      ];
      const index = await gqlEveryPage(large, 'companyJobs', 'id title multiDayJobId');
      const multiDayJobId = String(index.find((job: Json) => job.title === LARGE_EVENT_TITLE)?.multiDayJobId);
      const festival: Scope = {
        name: 'festival, 300 places, 10,000 crew',
        box: large,
        args: { multiDayJobId },
        ask: { multiDayJobId },
      };
      const rows: string[][] = [];
      for (const build of ctx.builds) {
        ctx.log(`weeks: ${build.label}`);
        rows.push(...(await buildRows(build, scopes, festival)));
      }
      // Side by side: each scope's rows of every build together, in the order of the first build's.
      const order = new Map(rows.map((row, index): [string, number] => [row[0] ?? '', index]).reverse());
      rows.sort((a, b) => (order.get(a[0] ?? '') ?? 0) - (order.get(b[0] ?? '') ?? 0));
      ctx.log('weeks: stages in-process');
      const stages: string[][] = [];
      for (const scope of [...scopes, festival]) stages.push(await stageRow(scope));
      return [
        `Whole Monday-Sunday weeks across every board, from the first Monday after this run's day (${today}): ` +
          `the default seed's next ${ctx.quick ? 'week' : 'four weeks'}, the busy season's ` +
          `(\`startTestSandbox({ season: ${seasonWeeks} })\`: 3,000 crew, half booked each week, 400-600 open places), ` +
          'and the generated festival (`crewCount: 10000, eventPlaces: 300`) cold (a fresh server process) and warm ' +
          '(the same call again). Each build is a spawned `crew-mcp stdio` with the same sandbox credentials.',
        '',
        table(['scope', 'build', 'filled', 'proof', 'solve ms', 'call ms', 'tokens'], rows),
        '',
        "This build's planner in-process on the same scopes (default options): the model's columns, its " +
          'independent parts, and the time of each objective stage over all parts ("unproven": a part stopped at the time limit).',
        '',
        table(['scope', 'filled', 'columns', 'parts', 'solve ms', 'stages'], stages),
        '',
      ].join('\n');
    } finally {
      await Promise.all(boxes.map((box) => box.close()));
    }
  },
};
