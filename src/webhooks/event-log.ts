// The durable, append-only log of received webhook events: JSON lines in segment files under one
// directory. New events go to <dir>/events.jsonl; once it passes a segment's size it is sealed
// (renamed events-<ms>-<random>.jsonl) and a new one starts. Retention deletes whole sealed
// segments: those older than the maximum age, then the oldest while the log is over its size.
// An event is acknowledged (2xx) only after its line is fsync'ed, so a crash right after the
// answer loses nothing. Event ids are unique in the log: the platform delivers at least once, and
// a repeat is answered without being stored again.
// Memory holds the ids only: queries read the segments backwards from disk, newest first, so a
// large log does not become a large process. Segments are tracked by inode, so processes sharing
// a directory see each other's events, and a segment sealed (renamed) by another process is read
// on from where this one stopped.
import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppendOutcome, EventLog, EventQuery, StoredEvent } from '../contract/event-log.js';
import { readLinesBackward, readLinesForward } from './log-lines.js';

/** The segment new events are appended to. */
export const EVENTS_FILE = 'events.jsonl';
const SEALED = /^events-\d{13}-[0-9a-f]{8}\.jsonl$/;
const DEFAULT_LIMIT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Retention is also checked on an append when the last check is this old. */
const RETENTION_CHECK_MS = 60 * 60 * 1000;

export interface RetentionOptions {
  /** Events received longer ago than this are dropped (default 30 days). */
  maxAgeMs?: number;
  /** The log is kept under about this many bytes, dropping the oldest segments (default 64 MiB). */
  maxBytes?: number;
  /** Injected for tests. */
  now?: () => number;
}

interface Segment {
  /** Bytes already indexed (always at a line boundary). */
  offset: number;
  ids: string[];
}

export class FileEventLog implements EventLog {
  /** Every id in the log, for the duplicate check; the events themselves stay on disk. */
  private readonly ids = new Set<string>();
  /** Indexed segments by inode (a seal renames the file but keeps the inode). */
  private readonly segments = new Map<number, Segment>();
  private readonly listeners = new Set<(event: StoredEvent) => void>();
  /** Inode of events.jsonl as last indexed; another inode means it was sealed meanwhile. */
  private activeIno: number | null = null;
  /** Appends, refreshes and retention run one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;
  private readonly segmentBytes: number;
  private readonly now: () => number;
  private lastRetention = 0;

  private constructor(
    readonly dir: string,
    options: RetentionOptions,
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 30 * DAY_MS;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.segmentBytes = Math.max(16 * 1024, Math.floor(this.maxBytes / 8));
    this.now = options.now ?? Date.now;
  }

  get file(): string {
    return join(this.dir, EVENTS_FILE);
  }

  /** Open (creating when needed) the log in `dir`, apply retention and index what is left. */
  static async open(dir: string, options: RetentionOptions = {}): Promise<FileEventLog> {
    // Events carry crew names and contact details: the directory is the user's alone.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const log = new FileEventLog(dir, options);
    await endTornLine(log.file);
    await syncDirectory(dir);
    await log.serialized(async () => {
      await log.applyRetention();
      await log.refresh();
    });
    return log;
  }

  /** Store the event durably unless its id is already in the log. Resolves after fsync. */
  append(event: StoredEvent): Promise<AppendOutcome> {
    return this.serialized(async () => {
      await this.refresh();
      if (this.ids.has(event.id)) return 'duplicate';
      const line = Buffer.from(`${JSON.stringify(event)}\n`, 'utf8');
      const handle = await open(this.file, 'a', 0o600);
      let written: { ino: number; size: number };
      try {
        await handle.write(line);
        await handle.sync();
        written = await handle.stat();
      } finally {
        await handle.close();
      }
      // Index the new line: directly when it is the only new one, else by reading what changed.
      const segment = this.segments.get(written.ino);
      if (written.ino === this.activeIno && segment && written.size === segment.offset + line.length) {
        segment.offset = written.size;
        segment.ids.push(event.id);
      } else {
        await this.refresh();
      }
      this.ids.add(event.id);
      const size = written.size;
      if (size >= this.segmentBytes) await this.seal();
      if (this.now() - this.lastRetention > RETENTION_CHECK_MS) await this.applyRetention();
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch {
          // A failing listener (a closed client) must not fail an acknowledged delivery.
        }
      }
      return 'stored';
    });
  }

  async query(query: EventQuery = {}): Promise<StoredEvent[]> {
    return this.serialized(async () => {
      await this.refresh();
      const since = query.since ? Date.parse(query.since) : Number.NEGATIVE_INFINITY;
      const until = query.until ? Date.parse(query.until) : Number.POSITIVE_INFINITY;
      const receivedAfter = this.now() - this.maxAgeMs;
      const limit = query.limit ?? DEFAULT_LIMIT;
      const found: StoredEvent[] = [];
      const seen = new Set<string>();
      const matches = (event: StoredEvent): boolean => {
        if (seen.has(event.id)) return false;
        seen.add(event.id);
        const at = Date.parse(event.createdAt);
        if (Date.parse(event.receivedAt) < receivedAfter) return false;
        if (query.types?.length && !query.types.some((type) => typeMatches(event.type, type))) return false;
        if (at < since || at > until) return false;
        return query.entityId === undefined || mentions(event.data, query.entityId);
      };
      // Newest first: the active segment, then sealed ones from the newest; each file backwards.
      for (const name of (await this.segmentNames()).reverse()) {
        if (found.length >= limit) break;
        await withFile(join(this.dir, name), async (handle, size) => {
          await readLinesBackward(handle, size, (line) => {
            const event = parseLine(line);
            if (event && matches(event)) found.push(event);
            return found.length < limit;
          });
        });
      }
      return found;
    });
  }

  onAppend(listener: (event: StoredEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Resolves once every append accepted so far is durable (shutdown waits for it). */
  async flush(): Promise<void> {
    await this.serialized(async () => undefined);
  }

  /** Live onAppend listeners (a leak shows here first). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Number of events in the log (as of the last look at the files). */
  get size(): number {
    return this.ids.size;
  }

  private serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Segment file names, oldest first; the active segment last. */
  private async segmentNames(): Promise<string[]> {
    const names = await readdir(this.dir);
    const sealed = names.filter((name) => SEALED.test(name)).sort();
    return names.includes(EVENTS_FILE) ? [...sealed, EVENTS_FILE] : sealed;
  }

  /**
   * Index complete lines written since the last look, by this or another process. While
   * events.jsonl is the file indexed last, only its new bytes are read (one stat when there are
   * none: this runs before every append, and an acknowledgement should not wait on a directory
   * listing); once it was sealed or removed, every segment is looked at again.
   */
  private async refresh(): Promise<void> {
    const active = await stat(this.file).catch(() => null);
    const segment = active ? this.segments.get(active.ino) : undefined;
    if (active && active.ino === this.activeIno && segment) {
      if (active.size > segment.offset)
        await withFile(this.file, (handle, size) => this.index(handle, size, segment));
      return;
    }
    await this.refreshAll();
  }

  /** Read a segment's complete new lines into the index. */
  private async index(handle: FileHandle, size: number, segment: Segment): Promise<void> {
    if (size <= segment.offset) return;
    segment.offset = await readLinesForward(handle, segment.offset, size, (line) => {
      const event = parseLine(line);
      if (event && !this.ids.has(event.id)) {
        this.ids.add(event.id);
        segment.ids.push(event.id);
      }
    });
  }

  /** Index every segment (by inode: a sealed one is read on from where it was left). */
  private async refreshAll(): Promise<void> {
    this.activeIno = null;
    const present = new Set<number>();
    for (const name of await this.segmentNames()) {
      await withFile(join(this.dir, name), async (handle, size, ino) => {
        present.add(ino);
        if (name === EVENTS_FILE) this.activeIno = ino;
        let segment = this.segments.get(ino);
        if (!segment) {
          segment = { offset: 0, ids: [] };
          this.segments.set(ino, segment);
        }
        await this.index(handle, size, segment);
      });
    }
    // Segments deleted by retention (here or in another process): forget their ids.
    for (const [ino, segment] of this.segments) {
      if (present.has(ino)) continue;
      for (const id of segment.ids) this.ids.delete(id);
      this.segments.delete(ino);
    }
  }

  /** Seal the active segment; the next append starts a new one. */
  private async seal(): Promise<void> {
    const sealed = `events-${String(this.now()).padStart(13, '0')}-${randomBytes(4).toString('hex')}.jsonl`;
    // Another process may have sealed it first: then there is nothing to do.
    await rename(this.file, join(this.dir, sealed)).catch(() => undefined);
    await syncDirectory(this.dir);
    await this.applyRetention();
  }

  /** Delete sealed segments past the maximum age, then the oldest while over the maximum size. */
  private async applyRetention(): Promise<void> {
    this.lastRetention = this.now();
    const cutoff = this.now() - this.maxAgeMs;
    const active = await stat(this.file).catch(() => null);
    // A log untouched for longer than the maximum age holds nothing worth keeping.
    if (active && active.mtimeMs < cutoff && active.size > 0) {
      await rename(
        this.file,
        join(
          this.dir,
          `events-${String(Math.floor(active.mtimeMs)).padStart(13, '0')}-${randomBytes(4).toString('hex')}.jsonl`,
        ),
      ).catch(() => undefined);
    }
    const sealed = (await this.segmentNames()).filter((name) => name !== EVENTS_FILE);
    const sizes = await Promise.all(
      sealed.map(async (name) => ({ name, info: await stat(join(this.dir, name)).catch(() => null) })),
    );
    let total = (active?.size ?? 0) + sizes.reduce((sum, { info }) => sum + (info?.size ?? 0), 0);
    let removed = false;
    for (const { name, info } of sizes) {
      if (!info) continue;
      if (info.mtimeMs >= cutoff && total <= this.maxBytes) break;
      await unlink(join(this.dir, name)).catch(() => undefined);
      total -= info.size;
      removed = true;
    }
    if (removed) {
      await syncDirectory(this.dir);
      // Forget the ids of what went.
      await this.refreshAll();
    }
  }
}

async function withFile(
  path: string,
  use: (handle: FileHandle, size: number, ino: number) => Promise<void>,
): Promise<void> {
  // A segment deleted between the listing and here is simply gone.
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return;
  try {
    const info = await handle.stat();
    await use(handle, info.size, info.ino);
  } finally {
    await handle.close();
  }
}

/**
 * A crash in the middle of a write can leave a partial last line: end it, so the next record
 * starts on a line of its own (the partial one is skipped when read).
 */
async function endTornLine(file: string): Promise<void> {
  const handle = await open(file, 'a+', 0o600);
  try {
    const { size } = await handle.stat();
    if (size === 0) return;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] !== 0x0a) {
      await handle.appendFile('\n');
      await handle.sync();
    }
  } finally {
    await handle.close();
  }
}

/** Make the file's directory entry durable too (a new or renamed file must survive a power cut). */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return; // platforms that cannot open a directory (Windows) have no such step
  await handle
    .sync()
    .catch(() => undefined)
    .finally(() => handle.close());
}

function parseLine(line: string): StoredEvent | null {
  if (line.trim() === '') return null;
  try {
    const value = JSON.parse(line) as StoredEvent;
    return typeof value?.id === 'string' && typeof value.type === 'string' ? value : null;
  } catch {
    return null; // the partial line of an interrupted write
  }
}

/** "job.created" matches "job.created" and the family "job" (not "crew_job"). */
function typeMatches(type: string, wanted: string): boolean {
  return type === wanted || type.startsWith(`${wanted.replace(/\.\*$/, '')}.`);
}

/** The entity or a related one: data.id, or any data.<x>Id / data.<x>Ids. */
function mentions(data: Record<string, unknown>, entityId: string): boolean {
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || key.endsWith('Id')) {
      if (value !== null && value !== undefined && String(value) === entityId) return true;
    } else if (key.endsWith('Ids') && Array.isArray(value)) {
      if (value.some((item) => String(item) === entityId)) return true;
    }
  }
  return false;
}
