// What the resources and prompts look ids up in: the boards and jobs of the recent and coming
// months (the platform has no board query, so boards are the ones seen in jobs) and crew by name.
// The company's one job index (src/lookups/job-index.ts: its window, bound and cache, shared with
// the tools' board names) serves boards, job lists and completions, and is shared by every server
// instance (one per stdio connection or HTTP request), so that resources/list and a burst of
// completions cost one read, not one each.
import { DateTime } from 'luxon';
import { crewAllDocument } from '../contract/documents.js';
import { type IndexedJob, JobIndex } from '../lookups/job-index.js';
import type { Platform } from '../platform/client.js';
import type { UpstreamCrewSummary } from '../present/crew.js';

export type { IndexedJob } from '../lookups/job-index.js';

/** "Upcoming" jobs (template lists, job completions): today and the next days. */
export const UPCOMING_DAYS = 14;
const COMPLETION_LIMIT = 20;

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

export interface CatalogIndex {
  /** Local dates of the window (UTC dates; each job's own date is local to it). */
  from: string;
  to: string;
  jobs: IndexedJob[];
  boards: BoardEntry[];
  /** True when the window held more jobs than the read's bound. */
  truncated: boolean;
}

export interface CatalogOptions {
  platform: Platform;
  now: () => Date;
  /** The company's job index (Lookups.jobIndex); default one of the catalog's own. */
  index?: JobIndex;
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
  private readonly index: JobIndex;

  constructor(private readonly options: CatalogOptions) {
    this.index =
      options.index ?? new JobIndex(options.platform, { ttlMs: options.ttlMs, now: () => +options.now() });
  }

  now(): Date {
    return this.options.now();
  }

  /** Today's date in a zone, by the catalog's clock. */
  today(zone: string): string {
    return DateTime.fromJSDate(this.now()).setZone(zone).toISODate() as string;
  }

  /** The job index of the window with its boards, from the cache when it is fresh (one read in flight). */
  async jobIndex(): Promise<CatalogIndex> {
    const read = await this.index.read();
    return { ...read, boards: this.boardsOf(read.jobs) };
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
