// crew://jobs/{jobId}: one job with its roles (local times), requirements, pay and assignment
// counts, in the shape of src/present/job.ts.
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { type JobView, toJobView } from '../present/job.js';
import { UPCOMING_DAYS } from './catalog.js';
import { MARKDOWN, markdown, orEmpty, type ResourceDeps, variable } from './context.js';
import { guardRead, unknownResource } from './errors.js';

/** Bound of the template's list: the next jobs, enough to pick from. */
const LIST_LIMIT = 50;

export function jobUri(jobId: string): string {
  return `crew://jobs/${encodeURIComponent(jobId)}`;
}

function roleLines(role: JobView['roles'][number]): string[] {
  const counts = Object.entries(role.assignments ?? {})
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  const pay = `${role.payType} ${role.payRate}, break ${role.breakPeriod} min, total ${role.total}`;
  const ids = [role.uniqueId && `uniqueId ${role.uniqueId}`, role.roleTypeId && `roleType ${role.roleTypeId}`]
    .filter(Boolean)
    .join(', ');
  const lines = [
    `- role ${role.id} **${role.title}**${ids ? ` (${ids})` : ''}: ${role.start} to ${role.end}, ${role.quantity} needed; ${pay}`,
    `  - crew jobs: ${counts || 'none'}`,
  ];
  if (role.requirements?.length) lines.push(`  - requirements: ${role.requirements.join('; ')}`);
  if (role.legacyBreak) lines.push(`  - legacy break: ${role.legacyBreak}`);
  return lines;
}

export function renderJob(job: JobView): string {
  const facts = [
    `date ${job.date}`,
    `timezone ${job.timezone}`,
    `board ${job.board.id} (${job.board.name})`,
    job.uniqueId && `uniqueId ${job.uniqueId}`,
    job.location && `location ${job.location}`,
    job.multiDayJobId && `multi-day job ${job.multiDayJobId} (a timezone change moves every day of it)`,
  ].filter(Boolean);
  return [
    `# ${job.title} (job ${job.id})`,
    facts.join('; '),
    '',
    `## Roles (times local to ${job.timezone}; requirements match verified answers only)`,
    ...(job.roles.length ? job.roles.flatMap(roleLines) : ['No roles.']),
  ].join('\n');
}

export function registerJob(server: McpServer, deps: ResourceDeps): void {
  const template = new ResourceTemplate('crew://jobs/{jobId}', {
    list: async () => ({
      resources: (await orEmpty(deps.logger, 'upcoming jobs', () => deps.catalog.upcomingJobs()))
        .slice(0, LIST_LIMIT)
        .map((job) => ({
          uri: jobUri(job.id),
          name: `${job.title} ${job.date}`,
          description: `Job ${job.id} on ${job.board.name}, ${job.date} (${job.timezone})`,
          mimeType: MARKDOWN,
        })),
    }),
    complete: {
      jobId: (value) => orEmpty(deps.logger, 'jobId completion', () => deps.catalog.completeJobId(value)),
    },
  });
  server.registerResource(
    'job',
    template,
    {
      title: 'Job',
      description: `One job with its roles (local times), requirements, pay and assignment counts. Listed: jobs of the next ${UPCOMING_DAYS} days.`,
      mimeType: MARKDOWN,
    },
    (uri, variables, ctx) =>
      guardRead(uri.href, deps.logger, async () => {
        const jobId = variable(variables, 'jobId');
        const job = (await deps.jobs.readJobs([jobId], ctx.mcpReq.signal)).get(jobId);
        if (!job) {
          throw unknownResource(
            uri.href,
            `no job with id "${jobId}"`,
            'list_jobs or a board schedule (crew://boards/{boardId}/schedule) finds job ids.',
          );
        }
        return markdown(uri.href, renderJob(toJobView(job)));
      }),
  );
}
