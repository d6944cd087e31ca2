// The multi-day jobs find_open_roles names: every job of one asked for (multiDayJobId), and the
// days of each multi-day job its listed roles belong to, in or out of the range asked.
import type { UpstreamJob } from '../contract/upstream.js';
import type { ToolContext } from '../mcp/define-tool.js';
import { UserInputError } from '../mcp/errors.js';
import type { MultiDayJobDays, OpenRole } from '../present/staffing.js';

/** The days of a multi-day job, by date; a refusal when no job has that id. */
export async function multiDayJobsRead(multiDayJobId: string, ctx: ToolContext): Promise<UpstreamJob[]> {
  const jobs = await ctx.lookups.jobs.readMultiDayJob(multiDayJobId, ctx.signal);
  if (jobs.length) return jobs;
  const message = `No multi-day job ${multiDayJobId}.`;
  throw new UserInputError(message, [
    { path: 'multiDayJobId', message, fix: "list_jobs shows each job's multiDayJobId." },
  ]);
}

/**
 * The days of the multi-day jobs these roles belong to: from the jobs read when they are the whole
 * group (multiDayJobId asked), else from the job index of their boards (a group may reach outside
 * the range).
 */
export async function multiDayJobsOf(
  roles: readonly OpenRole[],
  read: readonly UpstreamJob[],
  wholeGroup: boolean,
  ctx: ToolContext,
): Promise<MultiDayJobDays[]> {
  const listed = new Set(roles.flatMap((role) => (role.multiDayJobId ? [role.multiDayJobId] : [])));
  if (listed.size === 0) return [];
  // Each group's board, from the jobs read.
  const groups = new Map<string, string>();
  for (const job of read)
    if (job.multiDayJobId && listed.has(String(job.multiDayJobId)))
      groups.set(String(job.multiDayJobId), String(job.board.id));
  const dates = wholeGroup
    ? new Map([...groups.keys()].map((id) => [id, [...new Set(read.map((job) => job.date))].sort()]))
    : await ctx.lookups.jobs.multiDayDates([...groups.keys()], [...groups.values()], ctx.signal);
  return [...groups.keys()]
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .flatMap((multiDayJobId) => {
      const days = dates.get(multiDayJobId);
      return days?.length ? [{ multiDayJobId, from: days[0]!, to: days.at(-1)!, days: days.length }] : [];
    });
}
