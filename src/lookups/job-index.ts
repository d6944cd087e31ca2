// The job index: the light jobs (id, title, date, zone, board, multi-day job) of one window around
// today, read once and kept, for everything that looks boards or jobs up: board names for the
// tools (boards.ts), the resources' boards, upcoming jobs and completions (resources/catalog.ts).
// One window, one bound (MAX_JOBS_READ), one cache per company: dropped after our writes and when a
// job event arrives (index.ts), so one invalidation reaches every reader.
import { DateTime } from 'luxon';
import { jobIndexDocument } from '../contract/documents.js';
import type { Platform } from '../platform/client.js';
import { readAllPages } from '../platform/pages.js';
import { MAX_JOBS_READ } from './jobs.js';
import { TtlCache } from './ttl-cache.js';

/** The window of the index, in days around today (UTC): the recent past and the coming months. */
export const JOB_INDEX_WINDOW_DAYS = { past: 60, future: 120 };
/** How long the index is reused: a conversation's minute; writes and job events drop it sooner. */
export const JOB_INDEX_TTL_MS = 60_000;

export interface IndexedJob {
  id: string;
  uniqueId?: string | null;
  title: string;
  date: string;
  timezone: string;
  multiDayJobId?: string | null;
  board: { id: string; name: string; timezone: string };
}

export interface JobIndexRead {
  /** The window's first and last day (UTC dates; each job's own date is local to it). */
  from: string;
  to: string;
  /** By date, then id. */
  jobs: IndexedJob[];
  /** The window held more jobs than MAX_JOBS_READ: some were not read. */
  truncated: boolean;
}

export interface JobIndexOptions {
  ttlMs?: number;
  /** The app's clock (ms), for "today" and the kept read's age; default Date.now. */
  now?: () => number;
}

export class JobIndex {
  private readonly cache: TtlCache<JobIndexRead>;
  private readonly now: () => number;

  constructor(
    private readonly platform: Platform,
    options: JobIndexOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.cache = new TtlCache({ ttlMs: options.ttlMs ?? JOB_INDEX_TTL_MS, maxEntries: 1, now: this.now });
  }

  /** The index of the window around today, from the cache while it is fresh (one read in flight). */
  read(signal?: AbortSignal): Promise<JobIndexRead> {
    return this.cache.get('window', () => this.scan(), signal);
  }

  /** Whether read() would be answered from the cache now. */
  has(): boolean {
    return this.cache.has('window');
  }

  /** Jobs may have changed (our write, a job event, a name not found): read again next time. */
  invalidate(): void {
    this.cache.invalidate();
  }

  private async scan(): Promise<JobIndexRead> {
    const today = DateTime.fromMillis(this.now(), { zone: 'utc' }).startOf('day');
    const [start, end] = [
      today.minus({ days: JOB_INDEX_WINDOW_DAYS.past }),
      today.plus({ days: JOB_INDEX_WINDOW_DAYS.future }),
    ];
    const filter = { fromRange: start.toISO(), toRange: end.toISO() };
    // Shared by every caller, so no caller's signal aborts it.
    const { items, truncated } = await readAllPages<IndexedJob>(
      this.platform.graphql,
      jobIndexDocument,
      'companyJobs',
      (page, perPage) => ({ input: { filter, page, perPage } }),
      { maxItems: MAX_JOBS_READ },
    );
    const [from, to] = [start.toISODate() as string, end.toISODate() as string];
    // A job the instants reach whose own local date is outside the window's days is left out, so
    // that "jobs dated from..to" is what the index holds.
    const jobs = items
      .filter((job) => job.date >= from && job.date <= to)
      .map((job) => ({ ...job, id: String(job.id), board: { ...job.board, id: String(job.board.id) } }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id, 'en', { numeric: true }));
    return { from, to, jobs, truncated };
  }
}
