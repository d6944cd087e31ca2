// crew://boards/{boardId}/schedule: a board's jobs for the coming days, grouped by local date,
// each role with its local times and how many of its places are booked.
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { DateTime } from 'luxon';
import { type JobView, toJobView } from '../present/job.js';
import { localDaysUtcWindow } from '../rules/time.js';
import { viewPlaces } from '../staffing/places.js';
import type { BoardEntry } from './catalog.js';
import { MARKDOWN, markdown, orEmpty, type ResourceDeps, variable } from './context.js';
import { guardRead, unknownResource } from './errors.js';

export const SCHEDULE_DAYS = 7;
/** Content _meta key of the structured week (ui/board-week reads it). */
export const SCHEDULE_META_KEY = 'crew-mcp/schedule';

export function scheduleUri(boardId: string): string {
  return `crew://boards/${encodeURIComponent(boardId)}/schedule`;
}

/** Local dates [first, last] of the schedule: today in the board's zone and the next days. */
export function scheduleDates(
  now: Date,
  zone: string,
  days = SCHEDULE_DAYS,
): { first: string; last: string } {
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  return { first: today.toISODate() as string, last: today.plus({ days: days - 1 }).toISODate() as string };
}

const PENDING = ['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST'];

function clock(local: string, date: string): string {
  return local.startsWith(`${date} `) ? local.slice(date.length + 1) : local;
}

function roleLine(role: JobView['roles'][number], date: string): string {
  const { booked, open } = viewPlaces(role);
  const others = Object.entries(role.assignments ?? {})
    .filter(([status]) => status !== 'BOOKED')
    .sort(([a], [b]) => Number(!PENDING.includes(a)) - Number(!PENDING.includes(b)) || a.localeCompare(b))
    .map(([status, count]) => `${status} ${count}`);
  const filled = `booked ${booked}/${role.quantity}${open ? `, **${open} open**` : ''}`;
  const pipeline = others.length ? ` (${others.join(', ')})` : '';
  const legacy = role.legacyBreak ? '; legacy break (any edit changes its pay)' : '';
  return `  - ${role.id} ${role.title} ${clock(role.start, date)}–${role.end}: ${filled}${pipeline}${legacy}`;
}

export function renderSchedule(board: BoardEntry, jobs: JobView[], first: string, last: string): string {
  const roles = jobs.flatMap((job) => job.roles);
  const open = roles.reduce((sum, role) => sum + viewPlaces(role).open, 0);
  const lines = [
    `# ${board.name} (board ${board.id}): ${first} to ${last}`,
    `Timezone ${board.timezone}; times are local to each job's timezone. ${jobs.length} jobs, ${roles.length} roles, ${open} open places.`,
  ];
  if (jobs.length === 0) lines.push('', 'No jobs on these days.');
  let date = '';
  for (const job of jobs) {
    if (job.date !== date) {
      date = job.date;
      lines.push('', `## ${DateTime.fromISO(date).toFormat('ccc')} ${date}`);
    }
    const details = [
      job.uniqueId,
      job.location,
      job.timezone !== board.timezone ? `timezone ${job.timezone}` : undefined,
      job.multiDayJobId ? `multi-day ${job.multiDayJobId}` : undefined,
    ].filter(Boolean);
    lines.push(`- job ${job.id} **${job.title}**${details.length ? ` (${details.join(', ')})` : ''}`);
    for (const role of job.roles) lines.push(roleLine(role, job.date));
  }
  lines.push('', 'One job in full: crew://jobs/{jobId}. Assignments: list_crew_jobs with jobIds.');
  return lines.join('\n');
}

async function boardJobs(
  deps: ResourceDeps,
  board: BoardEntry,
  first: string,
  last: string,
): Promise<JobView[]> {
  // The platform filters by instants: ask for every zone's local days, then keep local dates.
  const { fromUtc, toUtc } = localDaysUtcWindow(first, last);
  const { jobs } = await deps.jobs.readScope({
    boardIds: [board.id],
    filter: { fromRange: fromUtc, toRange: toUtc },
    localDates: { from: first, to: last },
  });
  return jobs
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.roles[0]?.startTime ?? '').localeCompare(b.roles[0]?.startTime ?? '') ||
        a.id.localeCompare(b.id, 'en', { numeric: true }),
    )
    .map(toJobView);
}

export function registerSchedule(server: McpServer, deps: ResourceDeps): void {
  const template = new ResourceTemplate('crew://boards/{boardId}/schedule', {
    list: async () => ({
      resources: (await orEmpty(deps.logger, 'board schedules', () => deps.catalog.boards())).map(
        (board) => ({
          uri: scheduleUri(board.id),
          name: `${board.name} schedule`,
          description: `Jobs of ${board.name} (${board.timezone}) for the next ${SCHEDULE_DAYS} days`,
          mimeType: MARKDOWN,
        }),
      ),
    }),
    complete: {
      boardId: (value) =>
        orEmpty(deps.logger, 'boardId completion', () => deps.catalog.completeBoardId(value)),
    },
  });
  server.registerResource(
    'board-schedule',
    template,
    {
      title: 'Board schedule',
      description: `A board's jobs for the next ${SCHEDULE_DAYS} days by local date, with roles, local times and open places.`,
      mimeType: MARKDOWN,
    },
    (uri, variables) =>
      guardRead(uri.href, deps.logger, async () => {
        const boardId = variable(variables, 'boardId');
        const board = await deps.catalog.board(boardId);
        if (!board) {
          const index = await deps.catalog.jobIndex();
          throw unknownResource(
            uri.href,
            `no board "${boardId}" among the boards seen in jobs dated ${index.from} to ${index.to}`,
            `Known boards: ${index.boards.map((known) => `${known.id} (${known.name})`).join(', ') || 'none'}; crew://boards lists them.`,
          );
        }
        const { first, last } = scheduleDates(deps.catalog.now(), board.timezone);
        const jobs = await boardJobs(deps, board, first, last);
        const read = markdown(uri.href, renderSchedule(board, jobs, first, last));
        // The same week as data for the board week view, in _meta: a host puts the Markdown in a
        // model's context, not this.
        const week = {
          board: { id: board.id, name: board.name, timezone: board.timezone },
          from: first,
          to: last,
          jobs,
        };
        for (const content of read.contents) content._meta = { [SCHEDULE_META_KEY]: week };
        return read;
      }),
  );
}
