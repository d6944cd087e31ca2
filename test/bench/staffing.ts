// Staffing questions (issue 10): the workload of staffing-questions.ts (calls, upstream requests
// and result tokens per question), what "who can work role R?" costs with the list and get tools
// instead, and find_matching_crew's time and requests over the seeded crew and over a sandbox of
// 10,000 crew, cold (staffing cache empty) and warm (within its 60 s).
import type { Client } from '@modelcontextprotocol/client';
import { STAFFING_TTL_MS } from '../../src/lookups/staffing.js';
import { weekAround } from '../../src/rules/ranking.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type Connected, connectInProcess } from '../helpers/mcp.js';
import { startTestSandbox, TEST_TODAY } from '../helpers/sandbox.js';
import {
  type BenchContext,
  commands,
  int,
  type Section,
  TIMING_HEADERS,
  table,
  timingCells,
} from './report.js';
import { ANOTHER_WEEK_REQUEST_BUDGETS, STAFFING_REQUEST_BUDGETS } from './request-budgets.js';
import {
  readStaffingFacts,
  runQuestion,
  STAFFING_QUESTIONS,
  type StaffingFacts,
} from './staffing-questions.js';
import { summarize, timed } from './stats.js';
import { resultCost } from './tokens.js';

const LARGE_CREW = 10_000;
/** Roles timed per sandbox size: the workload's roles plus the week's open ones. */
const TIMED_ROLES = 8;
const WARM_RUNS = 3;

const requestsOf = (sandbox: RunningSandbox) => sandbox.stats.graphqlRequests + sandbox.stats.restRequests;

async function workloadTable(
  ctx: BenchContext,
  connected: Connected,
  sandbox: RunningSandbox,
  facts: StaffingFacts,
): Promise<string> {
  const rows: (string | number)[][] = [];
  for (const question of STAFFING_QUESTIONS) {
    connected.app.context.lookups.staffing.invalidate();
    const cold = await runQuestion(connected.client, sandbox, question, facts);
    const warm = await runQuestion(connected.client, sandbox, question, facts);
    if ([...cold.answers, ...warm.answers].some((answer) => answer.isError))
      throw new Error(`${question.id} failed: ${cold.answers.map((answer) => answer.text).join(' | ')}`);
    const budget = STAFFING_REQUEST_BUDGETS[question.id];
    if (!budget)
      throw new Error(`No request budget for staffing question ${question.id} (request-budgets.ts).`);
    const what = `${question.id}: upstream requests`;
    ctx.budget({
      what: `${what}, cold`,
      actual: cold.upstreamRequests,
      limit: budget.cold,
      unit: 'requests',
    });
    ctx.budget({
      what: `${what}, warm`,
      actual: warm.upstreamRequests,
      limit: budget.warm,
      unit: 'requests',
    });
    rows.push([
      question.ask(facts),
      cold.calls.map((call) => `\`${call.tool}\``).join(', '),
      cold.calls.length,
      cold.upstreamRequests,
      warm.upstreamRequests,
      int(cold.tokens),
    ]);
  }
  return table(
    [
      'question',
      'tools called',
      'calls',
      'upstream requests (cold)',
      'upstream requests (warm)',
      'result tokens',
    ],
    rows,
  );
}

/**
 * find_matching_crew about a role, then about a role of another local week within the cache time:
 * the requests of each, checked against ANOTHER_WEEK_REQUEST_BUDGETS.
 */
async function anotherWeek(
  ctx: BenchContext,
  connected: Connected,
  sandbox: RunningSandbox,
  facts: StaffingFacts,
): Promise<{ cold: number; warm: number }> {
  const weekOf = (role: { startTime: string; timezone: string }) =>
    weekAround(Date.parse(role.startTime), role.timezone).from;
  const roles = [
    facts.saturdayRole,
    facts.declined.role,
    facts.showcase,
    facts.busy.clashRole,
    ...facts.securityPosts,
  ];
  const first = roles[0]!;
  const other = roles.find((role) => weekOf(role) !== weekOf(first));
  if (!other) throw new Error('The staffing facts hold no role in another week than the Saturday role.');
  const ask = async (role: { jobId: string; roleId: string }) => {
    const before = requestsOf(sandbox);
    const result = await connected.client.callTool({
      name: 'find_matching_crew',
      arguments: { jobId: role.jobId, roleId: role.roleId },
    });
    if (result.isError) throw new Error(`find_matching_crew failed: ${JSON.stringify(result.content)}`);
    return requestsOf(sandbox) - before;
  };
  connected.app.context.lookups.staffing.invalidate();
  const cold = await ask(first);
  const warm = await ask(other);
  const what = 'find_matching_crew, another role in another week: upstream requests';
  ctx.budget({
    what: `${what}, cold`,
    actual: cold,
    limit: ANOTHER_WEEK_REQUEST_BUDGETS.cold,
    unit: 'requests',
  });
  ctx.budget({
    what: `${what}, warm`,
    actual: warm,
    limit: ANOTHER_WEEK_REQUEST_BUDGETS.warm,
    unit: 'requests',
  });
  return { cold, warm };
}

/** "Who can work role R?" with the other tools: list the crew, then get_crew for each, then their crew jobs. */
async function withoutMatching(
  client: Client,
  facts: StaffingFacts,
): Promise<{ calls: number; tokens: number }> {
  let calls = 0;
  let tokens = 0;
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    calls++;
    tokens += resultCost(result).both;
    return result.structuredContent as { crew?: { id: number }[] } & Record<string, unknown>;
  };
  const ids: number[] = [];
  for (let page = 1; page <= 10; page++) {
    const list = await call('list_crew', { status: ['ACTIVE', 'APPROVED'], perPage: 100, page });
    ids.push(...(list.crew ?? []).map((member) => member.id));
    if ((list.crew ?? []).length < 100) break;
  }
  for (const crewId of ids) await call('get_crew', { crewId });
  const role = facts.saturdayRole;
  await call('list_crew_jobs', { from: role.startTime, to: role.endTime, perPage: 100 });
  return { calls, tokens };
}

interface Timing {
  label: string;
  crew: number;
  cold: number[];
  coldRequests: number[];
  warm: number[];
  warmRequests: number[];
  tokens: number[];
}

async function timeMatching(
  label: string,
  connected: Connected,
  sandbox: RunningSandbox,
  roles: { jobId: string; roleId: string }[],
): Promise<Timing> {
  const timing: Timing = {
    label,
    crew: 0,
    cold: [],
    coldRequests: [],
    warm: [],
    warmRequests: [],
    tokens: [],
  };
  const find = async (role: { jobId: string; roleId: string }) => {
    const before = requestsOf(sandbox);
    const { ms, value } = await timed(() =>
      connected.client.callTool({ name: 'find_matching_crew', arguments: { ...role } }),
    );
    if (value.isError) throw new Error(`find_matching_crew failed: ${JSON.stringify(value.content)}`);
    timing.crew = (value.structuredContent as { considered: number }).considered;
    timing.tokens.push(resultCost(value).both);
    return { ms, requests: requestsOf(sandbox) - before };
  };
  for (const [index, role] of roles.entries()) {
    connected.app.context.lookups.staffing.invalidate();
    const cold = await find(role);
    timing.cold.push(cold.ms);
    timing.coldRequests.push(cold.requests);
    // Warm: other roles asked within the cache time (each reads its job and its time window).
    for (let run = 1; run <= WARM_RUNS; run++) {
      const warm = await find(roles[(index + run) % roles.length]!);
      timing.warm.push(warm.ms);
      timing.warmRequests.push(warm.requests);
    }
  }
  return timing;
}

const range = (values: number[]) =>
  Math.min(...values) === Math.max(...values)
    ? String(values[0])
    : `${Math.min(...values)}–${Math.max(...values)}`;

function timingTable(timings: Timing[]): string {
  const rows: (string | number)[][] = [];
  for (const timing of timings) {
    rows.push([
      timing.label,
      int(timing.crew),
      'cold',
      range(timing.coldRequests),
      ...timingCells(summarize(timing.cold)),
    ]);
    rows.push([
      timing.label,
      int(timing.crew),
      'warm',
      range(timing.warmRequests),
      ...timingCells(summarize(timing.warm)),
    ]);
  }
  return table(['sandbox', 'crew considered', 'cache', 'upstream requests', ...TIMING_HEADERS], rows);
}

/** Roles to time: the workload's, then the week's other roles, deterministic. */
function rolesToTime(facts: StaffingFacts): { jobId: string; roleId: string }[] {
  const roles = [
    facts.saturdayRole,
    facts.declined.role,
    facts.showcase,
    facts.busy.clashRole,
    ...facts.securityPosts,
  ];
  const unique = new Map(roles.map((role) => [role.roleId, { jobId: role.jobId, roleId: role.roleId }]));
  return [...unique.values()].slice(0, TIMED_ROLES);
}

export const staffingSection: Section = {
  id: 'staffing',
  title: 'Staffing questions',
  async run(ctx: BenchContext) {
    const { sandbox } = ctx;
    const facts = await readStaffingFacts(sandbox, TEST_TODAY);
    const connected = await connectInProcess(sandbox);
    const parts: string[] = [];
    let seeded: Timing;
    let baseline: { calls: number; tokens: number };
    try {
      ctx.log('staffing: workload');
      parts.push(
        '### Workload',
        '',
        `Each question of \`test/bench/staffing-questions.ts\` (${STAFFING_QUESTIONS.length} questions; its test checks every answer ` +
          'against an independent evaluation) run through an in-process MCP client over the benchmark sandbox. ' +
          '"cold": the staffing cache (crew and crew jobs for matching) emptied before the question; "warm": the same ' +
          `calls again at once, within its ${STAFFING_TTL_MS / 1000} s. The data type catalogue (read once to resolve ` +
          'a requirement given by title) is not emptied. Result tokens: o200k, text + structuredContent, all calls.',
        '',
        await workloadTable(ctx, connected, sandbox, facts),
        '',
      );
      const another = await anotherWeek(ctx, connected, sandbox, facts);
      parts.push(
        `find_matching_crew about a role with the staffing cache emptied: ${another.cold} upstream requests; ` +
          `then about a role of another local week, within the cache time: ${another.warm}.`,
        '',
      );
      // The CI run checks the request budgets; the comparisons and timings are for the full report.
      if (ctx.quick) return parts.join('\n');
      ctx.log('staffing: the same question with list_crew and get_crew');
      baseline = await withoutMatching(connected.client, facts);
      const matched = await runQuestion(connected.client, sandbox, STAFFING_QUESTIONS[0]!, facts);
      parts.push(
        '### "Who can work role R?" with and without find_matching_crew',
        '',
        table(
          ['tools', 'calls', 'result tokens'],
          [
            ['`find_matching_crew` (jobId, roleId)', matched.calls.length, int(matched.tokens)],
            [
              '`list_crew` (ACTIVE, APPROVED, every page) + `get_crew` per member + `list_crew_jobs` at the role time',
              baseline.calls,
              int(baseline.tokens),
            ],
          ],
        ),
        '',
      );
      ctx.log('staffing: find_matching_crew over the seeded crew');
      seeded = await timeMatching('default seed', connected, sandbox, rolesToTime(facts));
    } finally {
      await connected.close();
    }

    ctx.log(`staffing: a sandbox of ${LARGE_CREW} crew`);
    const large = await startTestSandbox({ crewCount: LARGE_CREW });
    const largeConnected = await connectInProcess(large);
    let big: Timing;
    try {
      big = await timeMatching(`${int(LARGE_CREW)} crew`, largeConnected, large, rolesToTime(facts));
    } finally {
      await largeConnected.close();
      await large.close();
    }
    parts.push(
      '### find_matching_crew over the seeded crew and 10,000 crew',
      '',
      `${rolesToTime(facts).length} roles of the workload; for each, one cold call (staffing cache emptied) and ` +
        `${WARM_RUNS} warm calls for other roles. A second sandbox is started with \`crewCount: ${LARGE_CREW}\` ` +
        '(the default seed plus generated crew, same jobs); crew are read 100 per page, 4 pages at a time. ' +
        `Result tokens (default limit 20): ${range(seeded.tokens)} on the default seed, ${range(big.tokens)} with ${int(LARGE_CREW)} crew.`,
      '',
      timingTable([seeded, big]),
      '',
      commands([
        ctx.command,
        ...STAFFING_QUESTIONS.map((question) => `${question.id}: ${question.ask(facts)}`),
        'tools/call find_matching_crew {jobId, roleId} per timed role; app.context.lookups.staffing.invalidate() before each cold call',
        `startTestSandbox({ crewCount: ${LARGE_CREW} }) for the large run`,
      ]),
    );
    return parts.join('\n');
  },
};
