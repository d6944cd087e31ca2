// A small read cache: each key is loaded once (single flight: concurrent callers share one load),
// kept for `ttlMs`, and dropped by invalidate(). A load is shared, so one caller's cancellation
// does not abort it; that caller just stops waiting. A failed load is not kept. A load that was
// running when invalidate() was called still answers its own callers but is not kept either.

import { untilAborted } from '../platform/abort.js';

export interface TtlCacheOptions {
  ttlMs: number;
  /** Most keys kept; the oldest is dropped first. */
  maxEntries: number;
  /** Milliseconds now; tests pass a fake clock. */
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V>;
  at: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cached value of `key`, or `load()`'s, shared with every caller until it expires. */
  get(key: string, load: () => Promise<V>, signal?: AbortSignal): Promise<V> {
    const cached = this.entries.get(key);
    if (cached && this.now() - cached.at < this.options.ttlMs) return untilAborted(cached.value, signal);
    this.entries.delete(key);
    const entry: Entry<V> = { value: load(), at: this.now() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return untilAborted(entry.value, signal);
  }

  /** Whether `key` would be answered from the cache now. */
  has(key: string): boolean {
    const cached = this.entries.get(key);
    return cached !== undefined && this.now() - cached.at < this.options.ttlMs;
  }

  invalidate(): void {
    this.entries.clear();
  }
}
