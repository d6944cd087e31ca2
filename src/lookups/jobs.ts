// The jobs that checks need, read once per call and shared by every write tool:
//   - board timezones (§4.4 rule 1: a job without a timezone uses its board's). The API has no
//     board query, so a board's zone is read from one of its jobs; boards seen in any job read
//     or write result are remembered for a while.
//   - the jobs an update names, as the platform has them now;
//   - every job of a multi-day group (§4.4 rule 5). The API cannot filter by multi-day job, so
//     the board's job index (no roles, no date bound: whatever the group's span) is searched
//     for the group's id, and the members are then read in full.
import { companyJobsDocument, jobIndexDocument } from '../contract/documents.js';
import type { UpstreamJob } from '../contract/upstream.js';
import type { Platform } from '../platform/client.js';
import { readAllPages } from '../platform/pages.js';
import { withinLocalDates } from '../rules/time.js';

/** Boards rarely change zone; a stale zone only weakens a local check, the platform still decides. */
const BOARD_TTL_MS = 15 * 60_000;
/**
 * The one bound of a jobs read, whoever reads (the job index around today, a scope's jobs, named
 * jobs, a multi-day job's days, list_jobs' scan of local dates): 50 pages, far beyond a board's
 * weeks; a read it cuts says so (`truncated`).
 */
export const MAX_JOBS_READ = 5000;

/** Jobs over a range, as find_open_roles, the board schedule and plan_staffing ask for them. */
export interface JobScope {
  /** Boards (ids) to read; every board when absent. */
  boardIds?: readonly string[];
  /** The platform's range filter (readRange's `platform`, or localDaysUtcWindow's instants). */
  filter?: { fromRange?: string; toRange?: string };
  /** Local dates a job's own date must fall in, when the range is read in each job's zone. */
  localDates?: { from?: string; to?: string };
}

interface IndexedJob {
  id: string;
  date: string;
  multiDayJobId?: string | null;
}

export class JobLookup {
  private readonly boards = new Map<string, { zone: string; at: number }>();

  constructor(private readonly platform: Platform) {}

  /** Remember the boards of jobs the platform returned. */
  rememberBoards(jobs: readonly Pick<UpstreamJob, 'board'>[]): void {
    for (const job of jobs) {
      if (job.board?.timezone)
        this.boards.set(String(job.board.id), { zone: job.board.timezone, at: Date.now() });
    }
  }

  /** Board zones known now, without a request. */
  cachedBoardZones(): Map<string, string> {
    const zones = new Map<string, string>();
    for (const [id, entry] of this.boards)
      if (Date.now() - entry.at < BOARD_TTL_MS) zones.set(id, entry.zone);
    return zones;
  }

  /** Zones of the given boards: cached ones, the rest read concurrently; unreadable boards are absent. */
  async boardZones(boardIds: readonly string[], signal?: AbortSignal): Promise<Map<string, string>> {
    const missing = [...new Set(boardIds)].filter((id) => !this.cachedBoardZones().has(id));
    await Promise.all(
      missing.map(async (boardId) => {
        try {
          const data = await this.platform.graphql.query<{ companyJobs: { paginatedList: UpstreamJob[] } }>(
            jobIndexDocument,
            { input: { filter: { boardIds: [boardId] }, page: 1, perPage: 1 } },
            { signal },
          );
          this.rememberBoards(data.companyJobs.paginatedList);
        } catch {
          // Unknown zone: the platform applies the board's own; the caller says so.
        }
      }),
    );
    const zones = this.cachedBoardZones();
    return new Map([...zones].filter(([id]) => boardIds.includes(id)));
  }

  /** The named jobs by id (absent ids are not in the map). */
  async readJobs(ids: readonly string[], signal?: AbortSignal): Promise<Map<string, UpstreamJob>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const { items } = await readAllPages<UpstreamJob>(
      this.platform.graphql,
      companyJobsDocument,
      'companyJobs',
      (page, perPage) => ({ input: { filter: { jobIds: unique }, page, perPage } }),
      { signal, maxItems: MAX_JOBS_READ },
    );
    this.rememberBoards(items);
    return new Map(items.map((job) => [String(job.id), job]));
  }

  /**
   * The jobs of a scope (its boards over its range; its local dates, when given), in one paged read
   * bounded by MAX_JOBS_READ; their boards are remembered.
   */
  async readScope(
    scope: JobScope,
    signal?: AbortSignal,
  ): Promise<{ jobs: UpstreamJob[]; truncated: boolean }> {
    const filter = { ...(scope.boardIds ? { boardIds: [...scope.boardIds] } : {}), ...scope.filter };
    const { items, truncated } = await readAllPages<UpstreamJob>(
      this.platform.graphql,
      companyJobsDocument,
      'companyJobs',
      (page, perPage) => ({ input: { filter, page, perPage } }),
      { signal, maxItems: MAX_JOBS_READ },
    );
    this.rememberBoards(items);
    return { jobs: items.filter((job) => withinLocalDates(job.date, scope.localDates)), truncated };
  }

  /**
   * Every job of the multi-day job `multiDayJobId`, by date; none when no job has that id. The API
   * cannot filter by multi-day job: its members are found in the light job index (all dates).
   */
  async readMultiDayJob(multiDayJobId: string, signal?: AbortSignal): Promise<UpstreamJob[]> {
    const items = await this.readIndex(undefined, signal);
    const ids = items.filter((job) => String(job.multiDayJobId) === multiDayJobId).map((job) => job.id);
    const members = await this.readJobs(ids, signal);
    return [...members.values()].sort((a, b) => a.date.localeCompare(b.date));
  }

  /**
   * The dates of each of these multi-day jobs (sorted, one per day), from the light job index of
   * the boards they are on (a multi-day job's jobs share one board), whatever their span.
   */
  async multiDayDates(
    multiDayJobIds: readonly string[],
    boardIds: readonly string[],
    signal?: AbortSignal,
  ): Promise<Map<string, string[]>> {
    const wanted = new Set(multiDayJobIds);
    if (wanted.size === 0) return new Map();
    const items = await this.readIndex(boardIds, signal);
    const dates = new Map<string, Set<string>>();
    for (const job of items) {
      const id = job.multiDayJobId ? String(job.multiDayJobId) : undefined;
      if (id && wanted.has(id)) dates.set(id, (dates.get(id) ?? new Set()).add(job.date));
    }
    return new Map([...dates].map(([id, days]) => [id, [...days].sort()]));
  }

  /**
   * The light job index (id, date, board, multiDayJobId) of these boards, or of every board, over
   * all dates: where a multi-day job's days are found, since the API cannot filter by it.
   */
  private async readIndex(
    boardIds: readonly string[] | undefined,
    signal?: AbortSignal,
  ): Promise<IndexedJob[]> {
    const filter = boardIds ? { filter: { boardIds: [...new Set(boardIds)] } } : {};
    const { items } = await readAllPages<IndexedJob>(
      this.platform.graphql,
      jobIndexDocument,
      'companyJobs',
      (page, perPage) => ({ input: { ...filter, page, perPage } }),
      { signal, maxItems: MAX_JOBS_READ },
    );
    return items;
  }

  /** Every job of the multi-day job that `job` belongs to (including `job`), by date. */
  async readGroup(job: UpstreamJob, signal?: AbortSignal): Promise<UpstreamJob[]> {
    if (!job.multiDayJobId) return [job];
    const index = await this.readIndex([job.board.id], signal);
    const others = index
      .filter((other) => other.multiDayJobId === job.multiDayJobId && other.id !== job.id)
      .map((other) => other.id);
    const members = await this.readJobs(others, signal);
    return [job, ...members.values()].sort((a, b) => a.date.localeCompare(b.date));
  }
}
