import { z } from 'zod';
import { companyCrewJobsDocument as document } from '../src/contract/documents.js';
import { crewJobStatusSchema } from '../src/contract/enums.js';
import { unknownCrewIds } from '../src/lookups/crew.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { crewIdInput, idInput } from '../src/mcp/ids.js';
import { listResult, queryPages } from '../src/mcp/list-result.js';
import { type Collected, pageInfoSchema, pageLocally, paginationInput } from '../src/mcp/paging.js';
import { readNotes } from '../src/mcp/params.js';
import { readRange, readRangeInput } from '../src/mcp/read-range.js';
import { NotFoundError } from '../src/platform/errors.js';
import { localTime } from '../src/present/job.js';
import { formatUtc, withinLocalDates } from '../src/rules/time.js';

/** "2026-11-20T11:00Z-15:00Z": the role's instants, the end's date only when it differs. */
function utcSpan(start: string, end: string): string {
  const [from, to] = [formatUtc(Date.parse(start)).slice(0, 16), formatUtc(Date.parse(end)).slice(0, 16)];
  return `${from}Z-${to.slice(0, 10) === from.slice(0, 10) ? to.slice(11) : to}Z`;
}

/** Crew jobs scanned at most when dates are each job's own local days (then paged locally). */
const LOCAL_DATE_SCAN_LIMIT = 2000;

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
  utc: z.string().describe('UTC start-end'),
});

export const listCrewJobs = defineTool({
  name: 'list_crew_jobs',
  title: 'List crew jobs (assignments)',
  description:
    "Crew jobs (crew on roles): status, attendance. from/to: each job's local days (role start), or days in `timezone`.",
  inputSchema: z.object({
    ...readRangeInput,
    status: z.array(crewJobStatusSchema).optional(),
    crewIds: z.array(crewIdInput).optional(),
    jobIds: z.array(idInput).optional(),
    crewJobIds: z.array(idInput).optional(),
    ...paginationInput,
  }),
  outputSchema: z.object({ crewJobs: z.array(crewJobSchema), page: pageInfoSchema, ...readNotes }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['jobs:read'],
  toolset: 'jobs',
  documents: [document],
  async handler(input, ctx) {
    const range = readRange({ from: input.from, to: input.to, timeZone: input.timezone, otherwise: 'each' });
    const filter = {
      ...(input.status ? { crewJobStatus: input.status } : {}),
      ...(input.crewIds ? { crewIds: input.crewIds } : {}),
      ...(input.jobIds ? { jobIds: input.jobIds } : {}),
      ...(input.crewJobIds ? { crewJobIds: input.crewJobIds } : {}),
      ...range.platform,
    };
    const variables = (page: number, perPage: number) => ({ input: { filter, page, perPage } });
    let collected: Collected<UpstreamCrewJob>;
    if (range.localDates) {
      // A role starts on its job's date in the job's zone (§4.4 rule 2): scan the widened window
      // and keep the crew jobs whose job date is inside, then page locally.
      const scan = await queryPages<UpstreamCrewJob>(
        ctx,
        document,
        'companyCrewJobs',
        { page: 1, perPage: 100, allPages: true, maxItems: LOCAL_DATE_SCAN_LIMIT },
        variables,
      );
      const matching = scan.items.filter((crewJob) => withinLocalDates(crewJob.job.date, range.localDates));
      collected = pageLocally(matching, input);
    } else {
      collected = await queryPages<UpstreamCrewJob>(ctx, document, 'companyCrewJobs', input, variables);
    }
    const notes = [...range.notes];
    const seen = new Set(collected.items.map((crewJob) => crewJob.crew.id));
    const unseen = (input.crewIds ?? []).filter((id) => !seen.has(id));
    const unknown = unseen.length ? await unknownCrewIds(ctx.platform, unseen, ctx.signal) : [];
    if (unknown.length && unknown.length === input.crewIds?.length)
      throw new NotFoundError(
        `${unknown.map((id) => `no crew ${id}`).join(', ')}. list_crew shows crew ids.`,
      );
    if (unknown.length) notes.push(`${unknown.map((id) => `no crew ${id}`).join(', ')}.`);
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
        utc: utcSpan(crewJob.role.startTime, crewJob.role.endTime),
      };
    });
    return listResult(
      'crewJobs',
      'crew jobs',
      crewJobs,
      collected.info,
      (crewJob) =>
        `${crewJob.id} ${crewJob.status}/${crewJob.attendance} · crew ${crewJob.crew} · job ${crewJob.job} · role ${crewJob.role} · ${crewJob.time} ${crewJob.timezone} (${crewJob.utc})`,
      notes,
    );
  },
});
