import { z } from 'zod';
import { companyJobsDocument as document } from '../src/contract/documents.js';
import { crewJobStatusSchema } from '../src/contract/enums.js';
import type { UpstreamJob } from '../src/contract/upstream.js';
import { MAX_JOBS_READ } from '../src/lookups/jobs.js';
import { boardIdsOf } from '../src/mcp/board-ids.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { idInput } from '../src/mcp/ids.js';
import { queryPages, shapedListResult } from '../src/mcp/list-result.js';
import { type Collected, pageInfoSchema, pageLocally, paginationInput } from '../src/mcp/paging.js';
import { boardIdsInput, readNotes } from '../src/mcp/params.js';
import { readRange, readRangeInput } from '../src/mcp/read-range.js';
import { jobLines, listedJob, listedJobSchema, toJobView } from '../src/present/job.js';
import { todayIn, withinLocalDates } from '../src/rules/time.js';

export const listJobs = defineTool({
  name: 'list_jobs',
  title: 'List jobs',
  description:
    "Jobs with roles in each job's local time. from/to: whole days in `timezone`, else each job's own; no dates or ids: from today.",
  inputSchema: z.object({
    ...readRangeInput,
    boardIds: boardIdsInput,
    jobIds: z.array(idInput).optional(),
    crewJobStatus: z.array(crewJobStatusSchema).optional().describe('Having crew jobs in these states'),
    ...paginationInput,
  }),
  outputSchema: z.object({ jobs: z.array(listedJobSchema), page: pageInfoSchema, ...readNotes }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['jobs:read'],
  toolset: 'jobs',
  documents: [document],
  view: 'boardWeek',
  async handler(input, ctx) {
    // Unfiltered, a list starts today: the past month first is rarely what anyone asks for.
    // (An unknown zone gives none: readRange refuses it below.)
    const today = input.to || input.jobIds ? undefined : todayIn(input.timezone ?? 'UTC', ctx.now());
    const range = readRange({
      from: input.from ?? today,
      to: input.to,
      timeZone: input.timezone,
      otherwise: 'each',
    });
    const boardIds = input.boardIds && (await boardIdsOf(ctx, input.boardIds));
    const filter = {
      ...(input.jobIds ? { jobIds: input.jobIds } : {}),
      ...(boardIds ? { boardIds } : {}),
      ...(input.crewJobStatus ? { crewJobStatus: input.crewJobStatus } : {}),
      ...range.platform,
    };
    const variables = (page: number, perPage: number) => ({ input: { filter, page, perPage } });

    let collected: Collected<UpstreamJob>;
    if (range.localDates) {
      // Dates in each job's own zone: the platform filters by instants, so scan the widened
      // window and keep the jobs whose local date is inside, then page locally.
      const scan = await queryPages<UpstreamJob>(
        ctx,
        document,
        'companyJobs',
        { page: 1, perPage: 100, allPages: true, maxItems: MAX_JOBS_READ },
        variables,
      );
      const matching = scan.items.filter((job) => withinLocalDates(job.date, range.localDates));
      collected = pageLocally(matching, input);
    } else {
      collected = await queryPages<UpstreamJob>(ctx, document, 'companyJobs', input, variables);
    }

    return shapedListResult(
      'jobs',
      'jobs',
      collected.items.map(toJobView),
      collected.info,
      jobLines,
      range.notes,
      listedJob,
    );
  },
});
