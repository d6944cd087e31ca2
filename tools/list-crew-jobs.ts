import { z } from 'zod';
import { companyCrewJobsDocument as document } from '../src/contract/documents.js';
import { crewJobStatusSchema } from '../src/contract/enums.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { listResult, queryPages } from '../src/mcp/list-result.js';
import { pageInfoSchema, paginationInput } from '../src/mcp/paging.js';
import { readNotes } from '../src/mcp/params.js';
import { readRange, readRangeInput } from '../src/mcp/read-range.js';
import { localTime } from '../src/present/job.js';

interface UpstreamCrewJob {
  id: string;
  status: string;
  attendance: string;
  updatedAt: string;
  crew: { id: number; firstName: string; lastName: string };
  role: { id: string; title: string; startTime: string; endTime: string };
  job: { id: string; title: string; date: string; timezone: string; board: { id: string; name: string } };
}

const crewJobSchema = z.object({
  id: z.string(),
  status: z.string(),
  attendance: z.string(),
  crew: z.string().describe('"id: name"'),
  job: z.string().describe('"id: title (date)"'),
  role: z.string().describe('"id: title"'),
  time: z.string().describe('Local start-end in the job timezone'),
  timezone: z.string(),
});

export const listCrewJobs = defineTool({
  name: 'list_crew_jobs',
  title: 'List crew jobs (assignments)',
  description:
    'Crew jobs (crew assigned to roles) with status and attendance. from/to match role times; dates are days in `timezone`, default UTC.',
  inputSchema: z.object({
    ...readRangeInput,
    status: z.array(crewJobStatusSchema).optional(),
    crewIds: z.array(z.number().int()).optional(),
    jobIds: z.array(z.string()).optional(),
    crewJobIds: z.array(z.string()).optional(),
    ...paginationInput,
  }),
  outputSchema: z.object({ crewJobs: z.array(crewJobSchema), page: pageInfoSchema, ...readNotes }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['jobs:read'],
  toolset: 'jobs',
  documents: [document],
  async handler(input, ctx) {
    const range = readRange({
      from: input.from,
      to: input.to,
      timeZone: input.timezone,
      otherwise: 'Etc/UTC',
    });
    const filter = {
      ...(input.status ? { crewJobStatus: input.status } : {}),
      ...(input.crewIds ? { crewIds: input.crewIds } : {}),
      ...(input.jobIds ? { jobIds: input.jobIds } : {}),
      ...(input.crewJobIds ? { crewJobIds: input.crewJobIds } : {}),
      ...range.platform,
    };
    const collected = await queryPages<UpstreamCrewJob>(
      ctx,
      document,
      'companyCrewJobs',
      input,
      (page, perPage) => ({
        input: { filter, page, perPage },
      }),
    );
    const crewJobs = collected.items.map((crewJob) => {
      const zone = crewJob.job.timezone;
      const start = localTime(crewJob.role.startTime, zone);
      return {
        id: crewJob.id,
        status: crewJob.status,
        attendance: crewJob.attendance,
        crew: `${crewJob.crew.id}: ${crewJob.crew.firstName} ${crewJob.crew.lastName}`,
        job: `${crewJob.job.id}: ${crewJob.job.title} (${crewJob.job.date})`,
        role: `${crewJob.role.id}: ${crewJob.role.title}`,
        time: `${start}-${localTime(crewJob.role.endTime, zone, start.slice(0, 10))}`,
        timezone: zone,
      };
    });
    return listResult(
      'crewJobs',
      'crew jobs',
      crewJobs,
      collected.info,
      (crewJob) =>
        `${crewJob.id} ${crewJob.status}/${crewJob.attendance} · crew ${crewJob.crew} · job ${crewJob.job} · role ${crewJob.role} · ${crewJob.time} ${crewJob.timezone}`,
      range.notes,
    );
  },
});
