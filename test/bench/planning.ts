// Whole-event staffing (issue 20): plan_staffing against the greedy baseline a model would run
// with find_matching_crew role by role, taking each answer's first matches (places proposed,
// hard violations found by the independent check of test/oracles/plan.ts, calls, tokens),
// and plan_staffing's solve time and upstream requests, cold (staffing cache empty, and the
// solver's first load in this process) and warm, on the default seed and on 10,000 crew, where the
// generated 300-place event (SandboxOptions.eventPlaces) is checked against the issue's goal.
import { highsLoaded } from '../../src/planner/highs.js';
import { LARGE_EVENT_TITLE } from '../../src/sandbox/seed.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type Connected, connectInProcess } from '../helpers/mcp.js';
import { gqlEveryPage, startTestSandbox, TEST_NOW, TEST_TODAY } from '../helpers/sandbox.js';
import { callCounted } from '../helpers/tool-requests.js';
import { openRolesOf, planViolations } from '../oracles/plan.js';
import { readCompany } from '../oracles/staffing.js';
import { readPlanningFacts } from './planning-questions.js';
import { type BenchContext, int, ms, type Section, table } from './report.js';

const LIMITS = { minRestHours: 10, maxShiftsPerDay: 1 };

interface Scope {
  name: string;
  args: Record<string, unknown>;
}

async function planRow(connected: Connected, sandbox: RunningSandbox, scope: Scope, cold: boolean) {
  return (await planRun(connected, sandbox, scope, cold)).row;
}

async function planRun(connected: Connected, sandbox: RunningSandbox, scope: Scope, cold: boolean) {
  if (cold) connected.app.context.lookups.staffing.invalidate();
  const loaded = highsLoaded();
  const started = performance.now();
  const call = await callCounted(sandbox, connected.client, 'plan_staffing', scope.args);
  const wall = performance.now() - started;
  if (call.isError) throw new Error(`plan_staffing ${scope.name}: ${call.text}`);
  const totals = call.data.totals;
  const row = [
    scope.name,
    cold ? (loaded ? 'cold (solver loaded)' : 'cold (solver loaded now)') : 'warm',
    `${totals.placesFilled}/${totals.placesOpen}`,
    totals.status === 'optimal'
      ? 'optimal'
      : totals.gap === undefined
        ? 'no bound'
        : `gap ${(totals.gap * 100).toFixed(1)}%`,
    ms(totals.solveMs),
    ms(wall),
    call.sent.length,
    int(call.cost.both),
  ];
  return { row, totals, wall };
}

/** The issue's goal for the large event: proven optimal or within 1%, under 3 s warm and 5 s cold. */
function eventGoal(
  runs: { totals: { status: string; gap: number }; wall: number }[],
  limits: number[],
): string {
  const met = runs.map(
    (run, index) =>
      (run.totals.status === 'optimal' || run.totals.gap <= 0.01) && run.wall < (limits[index] ?? 0),
  );
  const said = runs.map(
    (run, index) =>
      `${index === 0 ? 'cold' : 'warm'} ${run.totals.status === 'optimal' ? 'optimal' : run.totals.gap === undefined ? 'no bound' : `gap ${(run.totals.gap * 100).toFixed(1)}%`} in ${ms(run.wall)} ms`,
  );
  return `${met.every(Boolean) ? 'met' : 'not met'} (${said.join(', ')})`;
}

/** The greedy baseline: find_matching_crew per role, the first `open` matches of each answer. */
async function greedy(
  connected: Connected,
  sandbox: RunningSandbox,
  roles: { jobId: string; roleId: string; open: number }[],
) {
  const proposals: { jobId: string; roleId: string; crewId: string }[] = [];
  let tokens = 0;
  for (const role of roles) {
    const call = await callCounted(sandbox, connected.client, 'find_matching_crew', {
      jobId: role.jobId,
      roleId: role.roleId,
      limit: Math.max(role.open, 5),
    });
    tokens += call.cost.both;
    for (const match of (call.data?.matches ?? []).slice(0, role.open))
      proposals.push({ jobId: role.jobId, roleId: role.roleId, crewId: String(match.crewId) });
  }
  return { proposals, tokens, calls: roles.length };
}

export const planningSection: Section = {
  id: 'planning',
  title: 'Staffing a whole event',
  async run(ctx: BenchContext) {
    const { sandbox } = ctx;
    const connected = await connectInProcess(sandbox);
    const parts: string[] = [];
    try {
      const facts = await readPlanningFacts(sandbox, TEST_TODAY);
      const company = ctx.quick ? { crew: [], jobs: [], crewJobs: [] } : await readCompany(sandbox);
      const scopes: Scope[] = [
        { name: `multi-day job ${facts.multiDayJobId}`, args: { multiDayJobId: facts.multiDayJobId } },
        {
          name: `weekend, board ${facts.boards[0]}`,
          args: { boardIds: [facts.boards[0]], from: facts.saturday, to: facts.sunday },
        },
      ];
      ctx.log('planning: plan_staffing against the greedy baseline');
      const compare: (string | number)[][] = [];
      // The CI run (--quick) times one weekend plan only: the comparison reads the whole company.
      for (const scope of ctx.quick ? [] : scopes) {
        const plan = await callCounted(sandbox, connected.client, 'plan_staffing', scope.args);
        const jobIds = company.jobs
          .filter((job) =>
            scope.args.multiDayJobId
              ? facts.multiDayJobIds.includes(job.id)
              : job.board.id === facts.boards[0] && job.date >= facts.saturday && job.date <= facts.sunday,
          )
          .map((job) => job.id as string);
        // At the context's clock (connectInProcess pins it), as plan_staffing leaves started roles out.
        const roles = openRolesOf(company, jobIds, TEST_NOW);
        const base = await greedy(connected, sandbox, roles);
        const baseViolations = planViolations(company, base.proposals, LIMITS).length;
        const open = roles.reduce((sum, role) => sum + role.open, 0);
        compare.push(
          [
            scope.name,
            'plan_staffing',
            `${plan.data.totals.placesFilled}/${open}`,
            planViolations(company, plan.data.assignments, LIMITS).length,
            1,
            int(plan.cost.both),
          ],
          [
            scope.name,
            'greedy find_matching_crew',
            `${base.proposals.length}/${open} proposed`,
            baseViolations,
            base.calls,
            int(base.tokens),
          ],
        );
      }
      parts.push(
        '### plan_staffing against the greedy baseline',
        '',
        'The baseline is what a model does without the planner: `find_matching_crew` per open role, taking each ' +
          "answer's first matches. Hard violations are counted by the tests' independent check " +
          '(`test/oracles/plan.ts`: a proposal that is not a free match, a person on two overlapping shifts, ' +
          'under 10 hours of rest, two shifts on one local day); each violation is one proposal a coordinator cannot book.',
        '',
        table(['scope', 'approach', 'places', 'hard violations', 'calls', 'tokens'], compare),
        '',
      );
      ctx.log('planning: solve time and requests, default seed');
      const timing: (string | number)[][] = [];
      let goal: string | undefined;
      for (const scope of ctx.quick ? scopes.slice(1) : scopes) {
        timing.push(await planRow(connected, sandbox, scope, true));
        if (!ctx.quick) timing.push(await planRow(connected, sandbox, scope, false));
      }
      if (!ctx.quick) {
        ctx.log('planning: 10,000 crew');
        const large = await startTestSandbox({ crewCount: 10_000, eventPlaces: 300 });
        const big = await connectInProcess(large);
        try {
          const from = facts.saturday;
          const to = new Date(Date.parse(`${from}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
          const boards = [...new Set(company.jobs.map((job) => job.board.id as string))];
          const scope = {
            name: `all boards ${from} to ${to}, 10,000 crew`,
            args: { boardIds: boards, from, to },
          };
          timing.push(await planRow(big, large, scope, true));
          timing.push(await planRow(big, large, scope, false));
          ctx.log('planning: the generated 300-place event, 10,000 crew');
          const index = await gqlEveryPage(large, 'companyJobs', 'id title multiDayJobId');
          const event = {
            name: 'generated event, 300 places over 3 days, 10,000 crew',
            args: { multiDayJobId: index.find((job) => job.title === LARGE_EVENT_TITLE)?.multiDayJobId },
          };
          const runs = [await planRun(big, large, event, true), await planRun(big, large, event, false)];
          timing.push(...runs.map((run) => run.row));
          goal = eventGoal(runs, [5_000, 3_000]);
        } finally {
          await big.close();
          await large.close();
        }
      }
      parts.push(
        '### plan_staffing: solve time and upstream requests',
        '',
        '"cold": the staffing cache emptied first (crew and crew jobs read again); the first cold row of the ' +
          'process also loads the HiGHS WebAssembly. "solve": the planner (model, reductions, every objective stage); ' +
          '"call": the whole tool call through an in-process MCP client. The 10,000-crew rows plan every open ' +
          'place of three days of the seeded jobs, then the generated three-day event with 300 open places ' +
          '(`crew-mcp sandbox --crew 10000 --event-places 300`).',
        '',
        table(
          ['scope', 'run', 'filled', 'proof', 'solve ms', 'call ms', 'upstream requests', 'tokens'],
          timing,
        ),
        '',
        ...(goal
          ? [
              `Goal of issue 20 on this machine, the 300-place event with 10,000 crew proven optimal or within 1%, ` +
                `the whole call under 5 s cold and 3 s warm: ${goal}.`,
              '',
            ]
          : []),
      );
      return parts.join('\n');
    } finally {
      await connected.close();
    }
  },
};
