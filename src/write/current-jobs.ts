// The jobs an update will change, as the platform has them now: the named jobs (companyJobs by
// jobIds) and, for a timezone change of a multi-day job, the other days of its group (§4.4 rule
// 5). The API cannot filter by multi-day job, so the group is found among the board's jobs in a
// window around the job's date.
import type { Platform } from '../platform/client.js';
import { loadDocument } from '../tooling/documents.js';
import type { UpstreamJob } from '../views/job.js';

const listJobs = loadDocument('list-jobs');
const PER_PAGE = 100;
/** Days either side of a job's date searched for the other days of its multi-day job. */
export const GROUP_WINDOW_DAYS = 45;
const MAX_PAGES = 20;

interface Answer {
  companyJobs: { paginatedList: UpstreamJob[]; pager?: { pageCount: number } | null };
}

async function allPages(
  platform: Platform,
  filter: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<UpstreamJob[]> {
  const read = (page: number) =>
    platform.graphql.query<Answer>(listJobs, { input: { filter, page, perPage: PER_PAGE } }, { signal });
  const first = await read(1);
  const pageCount = Math.min(first.companyJobs.pager?.pageCount ?? 1, MAX_PAGES);
  const rest = await Promise.all(Array.from({ length: pageCount - 1 }, (_, index) => read(index + 2)));
  return [first, ...rest].flatMap((answer) => answer.companyJobs.paginatedList);
}

/** The named jobs by id (absent ids are not in the map). */
export async function readJobs(
  platform: Platform,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, UpstreamJob>> {
  const jobs = await allPages(platform, { jobIds: [...new Set(ids)] }, signal);
  return new Map(jobs.map((job) => [String(job.id), job]));
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every job of the multi-day job that `job` belongs to (including `job`), by date. */
export async function readGroup(
  platform: Platform,
  job: UpstreamJob,
  signal?: AbortSignal,
): Promise<UpstreamJob[]> {
  if (!job.multiDayJobId) return [job];
  const jobs = await allPages(
    platform,
    {
      boardIds: [job.board.id],
      fromRange: `${shiftDate(job.date, -GROUP_WINDOW_DAYS)}T00:00:00Z`,
      toRange: `${shiftDate(job.date, GROUP_WINDOW_DAYS)}T23:59:59Z`,
    },
    signal,
  );
  const group = jobs.filter((other) => other.multiDayJobId === job.multiDayJobId);
  if (!group.some((other) => other.id === job.id)) group.push(job);
  return group.sort((a, b) => a.date.localeCompare(b.date));
}
