// Schedule questions (issue 21): what three everyday questions cost with review_crew_schedule
// against the best path without it (the list and get tools a model would call, and the
// arithmetic it would then do itself): tool calls, upstream requests and result tokens (text +
// structured), on the seeded sandbox. The week is the test sandbox's (today 2026-11-21).
import type { Client } from '@modelcontextprotocol/client';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { connectInProcess } from '../helpers/mcp.js';
import type { BenchContext, Section } from './report.js';
import { int, table } from './report.js';
import { resultCost } from './tokens.js';

const THIS_WEEK = { from: '2026-11-16', to: '2026-11-22' };
const NEXT_WEEK = { from: '2026-11-23', to: '2026-11-29' };
const ALL = { allPages: true, perPage: 100, maxItems: 2000 };

interface Recorder {
  /** A tool call: its structuredContent, and the text a model reads. */
  call(tool: string, args: Record<string, unknown>): Promise<{ data: Record<string, unknown>; text: string }>;
}

interface Path {
  name: string;
  run(recorder: Recorder): Promise<void>;
}

interface ScheduleQuestion {
  id: string;
  ask: string;
  withTool: Path;
  without: Path;
}

const review = (args: Record<string, unknown>): Path => ({
  name: 'review_crew_schedule',
  run: async (recorder) => {
    await recorder.call('review_crew_schedule', args);
  },
});

export const SCHEDULE_QUESTIONS: ScheduleQuestion[] = [
  {
    id: 'hours-this-week',
    ask: 'How many hours is each person booked this week?',
    withTool: review(THIS_WEEK),
    without: {
      name: 'list_crew_jobs (all pages), summed by the model; paid hours need list_jobs too',
      run: async (recorder) => {
        await recorder.call('list_crew_jobs', { ...THIS_WEEK, status: ['BOOKED'], ...ALL });
        await recorder.call('list_jobs', { ...THIS_WEEK, ...ALL });
      },
    },
  },
  {
    id: 'double-booked-next-week',
    ask: 'Is anyone double-booked next week?',
    withTool: review({ ...NEXT_WEEK, problemsOnly: true, minRestHours: 0 }),
    without: {
      name: 'list_crew_jobs (all pages, UTC in rows), compared pairwise by the model',
      run: async (recorder) => {
        await recorder.call('list_crew_jobs', { ...NEXT_WEEK, status: ['BOOKED'], ...ALL });
      },
    },
  },
  {
    id: 'booked-lacking-answer',
    ask: 'Which booked crew lack a required answer next week?',
    withTool: review({ ...NEXT_WEEK, problemsOnly: true, minRestHours: 0 }),
    without: {
      name: 'list_jobs and list_crew_jobs, then get_crew for each booked person on a role with a data type requirement',
      run: async (recorder) => {
        // A role's requirements are in list_jobs' text ("role 12 … · needs …"), as a model reads them.
        const { text } = await recorder.call('list_jobs', { ...NEXT_WEEK, ...ALL });
        const required = new Set([...text.matchAll(/^ {2}role (\d+) .* · needs /gm)].map((line) => line[1]));
        const crewJobs = (
          await recorder.call('list_crew_jobs', {
            ...NEXT_WEEK,
            status: ['BOOKED'],
            ...ALL,
          })
        ).data as { crewJobs: { crew: string; role: string }[] };
        const people = new Set(
          crewJobs.crewJobs
            .filter((row) => required.has(row.role.split(':')[0] ?? ''))
            .map((row) => Number(row.crew.split(':')[0])),
        );
        for (const crewId of people) await recorder.call('get_crew', { crewId });
      },
    },
  },
];

export interface PathCost {
  calls: number;
  upstreamRequests: number;
  tokens: number;
  errors: number;
}

const requestsOf = (sandbox: RunningSandbox) => sandbox.stats.graphqlRequests + sandbox.stats.restRequests;

export async function measurePath(client: Client, sandbox: RunningSandbox, path: Path): Promise<PathCost> {
  const cost: PathCost = { calls: 0, upstreamRequests: 0, tokens: 0, errors: 0 };
  const before = requestsOf(sandbox);
  await path.run({
    async call(tool, args) {
      const result = await client.callTool({ name: tool, arguments: args });
      cost.calls++;
      cost.tokens += resultCost(result).both;
      if (result.isError) cost.errors++;
      const blocks = (result.content ?? []) as { type: string; text?: string }[];
      return {
        data: (result.structuredContent ?? {}) as Record<string, unknown>,
        text: blocks.map((block) => block.text ?? '').join('\n'),
      };
    },
  });
  cost.upstreamRequests = requestsOf(sandbox) - before;
  return cost;
}

export const scheduleSection: Section = {
  id: 'schedule',
  title: 'Schedule questions: review_crew_schedule against the best path without it',
  async run(ctx: BenchContext): Promise<string> {
    const rows: (string | number)[][] = [];
    for (const question of SCHEDULE_QUESTIONS) {
      for (const [label, path] of [
        ['with', question.withTool],
        ['without', question.without],
      ] as const) {
        // A fresh server per path: no cache of the other path's reads.
        const connected = await connectInProcess(ctx.sandbox);
        try {
          const cost = await measurePath(connected.client, ctx.sandbox, path);
          if (cost.errors) throw new Error(`${question.id} (${label}) had ${cost.errors} failed call(s)`);
          rows.push([question.ask, path.name, cost.calls, cost.upstreamRequests, int(cost.tokens)]);
        } finally {
          await connected.close();
        }
      }
    }
    return [
      'Each question on the seeded sandbox (today 2026-11-21), answered with review_crew_schedule and by the best path without it; tokens are text + structured of every result the model reads. The path without it leaves the arithmetic (sums, pairwise UTC overlaps, requirement checks) to the model.',
      '',
      table(['question', 'path', 'calls', 'upstream requests', 'result tokens'], rows),
    ].join('\n');
  },
};
