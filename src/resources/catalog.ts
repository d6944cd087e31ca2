// What the resources and prompts look ids up in: the boards and jobs of the recent and coming
// weeks (the platform has no board query, so boards are the ones seen in jobs) and crew by name.
// One scan of the job window serves boards, job lists and completions; it is cached briefly
// and shared by every server instance (one per stdio connection or HTTP request), so that
// resources/list and a burst of completions cost one scan, not one each.
import { DateTime } from 'luxon';
import { crewAllDocument, jobIndexDocument } from '../contract/documents.js';
import type { Logger } from '../logger.js';
import { TtlCache } from '../lookups/ttl-cache.js';
import type { Platform } from '../platform/client.js';
import { readAllPages } from '../platform/pages.js';
import type { UpstreamCrewSummary } from '../present/crew.js';
import { localDaysUtcWindow } from '../rules/time.js';

/** The window scanned for boards and jobs, in days around today. */
export const WINDOW_PAST_DAYS = 14;
export const WINDOW_FUTURE_DAYS = 28;
/** "Upcoming" jobs (template lists, job completions): today and the next days. */
export const UPCOMING_DAYS = 14;
/** Bound of the scan: 2,000 jobs in the window is far beyond a normal company's weeks. */
const MAX_JOBS = 2000;
const COMPLETION_LIMIT = 20;

export interface IndexedJob {
  id: string;
  uniqueId?: string | null;
  title: string;
  date: string;
  timezone: string;
  multiDayJobId?: string | null;
  board: { id: string; name: string; timezone: string };
}

export interface BoardEntry {
  id: string;
  name: string;
  timezone: string;
  /** Jobs of the board in the window, and those from today on (local dates). */
  jobs: number;
  upcoming: number;
  nextDate?: string;
  /** Job timezones other than the board's, seen on its jobs. */
  otherZones: string[];
}

export interface JobIndex {
  /** Local dates of the window (UTC dates; each job's own date is local to it). */
  from: string;
  to: string;
  jobs: IndexedJob[];
  boards: BoardEntry[];
  /** True when the window held more jobs than the scan bound. */
  truncated: boolean;
}

export interface CatalogOptions {
  platform: Platform;
  logger: Logger;
  now: () => Date;
  ttlMs?: number;
}

/** Case-insensitive: does `value` start `text`, or start a word of it? */
export function matchesPrefix(text: string | null | undefined, value: string): boolean {
  if (!text) return false;
  const haystack = text.toLowerCase();
  const needle = value.toLowerCase();
  return haystack.startsWith(needle) || haystack.split(/[\s\-_/()]+/).some((word) => word.startsWith(needle));
}

export class Catalog {
  private readonly index: TtlCache<JobIndex>;

  constructor(private readonly options: CatalogOptions) {
    this.index = new TtlCache({ ttlMs: options.ttlMs ?? 60_000, maxEntries: 1 });
  }

  now(): Date {
    return this.options.now();
  }

  /** Today's date in a zone, by the catalog's clock. */
  today(zone: string): string {
    return DateTime.fromJSDate(this.now()).setZone(zone).toISODate() as string;
  }

  /** The job index of the window, from the cache when it is fresh (one scan in flight at a time). */
  jobIndex(): Promise<JobIndex> {
    return this.index.get('window', () => this.scan());
  }

  async boards(): Promise<BoardEntry[]> {
    return (await this.jobIndex()).boards;
  }

  async board(boardId: string): Promise<BoardEntry | undefined> {
    return (await this.boards()).find((board) => board.id === boardId);
  }

  /** Jobs from today (in each job's zone) over the next UPCOMING_DAYS, by date. */
  async upcomingJobs(days = UPCOMING_DAYS): Promise<IndexedJob[]> {
    const { jobs } = await this.jobIndex();
    return jobs.filter((job) => {
      const today = this.today(job.timezone);
      const last = DateTime.fromISO(today)
        .plus({ days: days - 1 })
        .toISODate() as string;
      return job.date >= today && job.date <= last;
    });
  }

  /** Crew whose name or email contains `search` (all crew when empty), one page. */
  async searchCrew(search: string, perPage = 25, signal?: AbortSignal): Promise<UpstreamCrewSummary[]> {
    const text = search.trim();
    const numeric = /^\d+$/.test(text);
    const filter = text && !numeric ? { search: text } : {};
    const data = await this.options.platform.graphql.query<{
      companyCrewAll: { paginatedList: UpstreamCrewSummary[] };
    }>(crewAllDocument, { input: { filter, page: 1, perPage } }, { signal });
    let crew = data.companyCrewAll.paginatedList;
    if (numeric) {
      // An id typed so far: the crew member with that id first, then ids that start with it.
      const exact = await this.options.platform.graphql.query<{
        companyCrewAll: { paginatedList: UpstreamCrewSummary[] };
      }>(
        crewAllDocument,
        { input: { filter: { crewIds: [Number(text)] }, page: 1, perPage: 1 } },
        { signal },
      );
      crew = [
        ...exact.companyCrewAll.paginatedList,
        ...crew.filter((member) => String(member.id).startsWith(text) && String(member.id) !== text),
      ];
    }
    return crew;
  }

  // ------------------------------------------------------------------- completions

  /** Board ids whose id or name starts with `value` (case-insensitive). */
  async completeBoardId(value: string): Promise<string[]> {
    const boards = await this.boards();
    return boards
      .filter((board) => board.id.startsWith(value) || matchesPrefix(board.name, value))
      .map((board) => board.id)
      .slice(0, COMPLETION_LIMIT);
  }

  /** Upcoming job ids whose id, uniqueId or title matches `value`. */
  async completeJobId(value: string): Promise<string[]> {
    const jobs = await this.upcomingJobs();
    return jobs
      .filter(
        (job) =>
          job.id.startsWith(value) ||
          (job.uniqueId ?? '').toLowerCase().startsWith(value.toLowerCase()) ||
          matchesPrefix(job.title, value),
      )
      .map((job) => job.id)
      .slice(0, COMPLETION_LIMIT);
  }

  /**
   * Crew ids by name, email or id typed so far. In a comma-separated list ("12, 4") the last
   * item is completed and the earlier ones kept, so a list argument completes one id at a time.
   */
  async completeCrewId(value: string): Promise<string[]> {
    const cut = value.lastIndexOf(',');
    const head = cut >= 0 ? `${value.slice(0, cut + 1)} `.replace(/\s+$/, ' ') : '';
    const crew = await this.searchCrew(value.slice(cut + 1), COMPLETION_LIMIT);
    return crew.map((member) => `${head}${member.id}`);
  }

  // ------------------------------------------------------------------- the scan

  private async scan(): Promise<JobIndex> {
    const today = DateTime.fromJSDate(this.now()).toUTC().startOf('day');
    const from = today.minus({ days: WINDOW_PAST_DAYS }).toISODate() as string;
    const to = today.plus({ days: WINDOW_FUTURE_DAYS }).toISODate() as string;
    const { fromUtc, toUtc } = localDaysUtcWindow(from, to);
    const read = await readAllPages<IndexedJob>(
      this.options.platform.graphql,
      jobIndexDocument,
      'companyJobs',
      (page, perPage) => ({ input: { filter: { fromRange: fromUtc, toRange: toUtc }, page, perPage } }),
      { maxItems: MAX_JOBS },
    );
    const jobs = read.items
      .filter((job) => job.date >= from && job.date <= to)
      .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id, 'en', { numeric: true }));
    this.options.logger.debug({ jobs: jobs.length }, 'resource job index scanned');
    return { from, to, jobs, boards: this.boardsOf(jobs), truncated: read.truncated };
  }

  private boardsOf(jobs: IndexedJob[]): BoardEntry[] {
    const boards = new Map<string, BoardEntry>();
    for (const job of jobs) {
      let entry = boards.get(job.board.id);
      if (!entry) {
        entry = { ...job.board, jobs: 0, upcoming: 0, otherZones: [] };
        boards.set(job.board.id, entry);
      }
      entry.jobs += 1;
      if (job.date >= this.today(job.timezone)) {
        entry.upcoming += 1;
        if (!entry.nextDate || job.date < entry.nextDate) entry.nextDate = job.date;
      }
      if (job.timezone !== job.board.timezone && !entry.otherZones.includes(job.timezone))
        entry.otherZones.push(job.timezone);
    }
    return [...boards.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
