// The durable, append-only log of received webhook events: one JSON object per line in
// <dir>/events.jsonl. An event is acknowledged (2xx) only after its line is fsync'ed, so a crash
// right after the answer loses nothing. Event ids are unique in the log: the platform delivers
// at least once, and a repeat is answered without being stored again. The id index is rebuilt
// from the file at start, and the file is re-read from the last known offset before every append
// and query, so processes sharing a directory see each other's events.
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventLog, EventQuery, StoredEvent } from './events.js';

export const EVENTS_FILE = 'events.jsonl';
const DEFAULT_LIMIT = 50;

export type AppendOutcome = 'stored' | 'duplicate';

export class FileEventLog implements EventLog {
  private readonly events: StoredEvent[] = [];
  private readonly ids = new Set<string>();
  private readonly listeners = new Set<(event: StoredEvent) => void>();
  /** Bytes of the file already indexed (always at a line boundary). */
  private offset = 0;
  /** Appends and refreshes run one at a time, so a duplicate check never races its own write. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(readonly file: string) {}

  /** Open (creating when needed) the log in `dir` and index what is already there. */
  static async open(dir: string): Promise<FileEventLog> {
    // Events carry crew names and contact details: the directory is the user's alone.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const log = new FileEventLog(join(dir, EVENTS_FILE));
    const handle = await open(log.file, 'a', 0o600);
    try {
      const { size } = await handle.stat();
      if (size > 0) {
        // A crash in the middle of a write can leave a partial last line: end it, so the next
        // record starts on a line of its own (the partial one is skipped when read).
        const last = Buffer.alloc(1);
        const reader = await open(log.file, 'r');
        await reader.read(last, 0, 1, size - 1).finally(() => reader.close());
        if (last[0] !== 0x0a) {
          await handle.appendFile('\n');
          await handle.sync();
        }
      }
    } finally {
      await handle.close();
    }
    await syncDirectory(dir);
    await log.refresh();
    return log;
  }

  /** Store the event durably unless its id is already in the log. Resolves after fsync. */
  append(event: StoredEvent): Promise<AppendOutcome> {
    return this.serialized(async () => {
      await this.refresh();
      if (this.ids.has(event.id)) return 'duplicate';
      const line = Buffer.from(`${JSON.stringify(event)}\n`, 'utf8');
      const handle = await open(this.file, 'a', 0o600);
      try {
        await handle.write(line);
        await handle.sync();
      } finally {
        await handle.close();
      }
      // Index the line now; refresh() will skip past it, as it has the same id.
      this.index(event);
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
    await this.serialized(() => this.refresh());
    const since = query.since ? Date.parse(query.since) : Number.NEGATIVE_INFINITY;
    const until = query.until ? Date.parse(query.until) : Number.POSITIVE_INFINITY;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const found: StoredEvent[] = [];
    // Newest first: the log is in arrival order.
    for (let i = this.events.length - 1; i >= 0 && found.length < limit; i--) {
      const event = this.events[i] as StoredEvent;
      const at = Date.parse(event.createdAt);
      if (query.types?.length && !query.types.some((type) => typeMatches(event.type, type))) continue;
      if (at < since || at > until) continue;
      if (query.entityId !== undefined && !mentions(event.data, query.entityId)) continue;
      found.push(event);
    }
    return found;
  }

  onAppend(listener: (event: StoredEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Live onAppend listeners (a leak shows here first). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Number of events in the log (as of the last refresh). */
  get size(): number {
    return this.events.length;
  }

  private serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Index complete lines written since the last look (by this or another process). */
  private async refresh(): Promise<void> {
    const handle = await open(this.file, 'r');
    try {
      const { size } = await handle.stat();
      if (size <= this.offset) return;
      const chunk = Buffer.alloc(size - this.offset);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, this.offset);
      const end = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (end < 0) return; // only a line still being written
      this.offset += end + 1;
      for (const line of chunk.subarray(0, end).toString('utf8').split('\n')) {
        const event = parseLine(line);
        if (event && !this.ids.has(event.id)) this.index(event);
      }
    } finally {
      await handle.close();
    }
  }

  private index(event: StoredEvent): void {
    this.ids.add(event.id);
    this.events.push(event);
  }
}

/** Make the file's directory entry durable too (a new log file must survive a power cut). */
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
