// Summary statistics of timing samples. Medians with spread rather than means: on a shared
// two-core machine a few slow outliers (another process scheduled) would drag a mean around.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Summary {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
  /** Interquartile range: p75 - p25. */
  iqr: number;
}

/** The q-quantile (0..1) by linear interpolation between closest ranks. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const lowValue = sorted[low] as number;
  const highValue = sorted[high] as number;
  return lowValue + (highValue - lowValue) * (position - low);
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    iqr: quantile(sorted, 0.75) - quantile(sorted, 0.25),
  };
}

/** Milliseconds since `start` (a performance.now() reading). */
export function elapsedMs(start: number): number {
  return performance.now() - start;
}

/** Time one async call in milliseconds. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: elapsedMs(start), value };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

type Collect = (options: { type: 'minor' | 'major'; execution: 'sync' }) => void;
let collect: Collect | undefined;

/**
 * Empty this process's young generation before a timed call. The benchmark process hosts the
 * sandbox and every client, so its own garbage would otherwise be collected inside whichever
 * call happens to fill the nursery: a scavenge landing in a pattern with the calls' order (every
 * other call, say) moved a path's median by a millisecond between runs. With the nursery emptied
 * first, a call's figure holds its own work (and, for the MCP path, the whole of the server's,
 * whose collections are its own).
 */
export function emptyNursery(): void {
  if (!collect) {
    // V8's gc() is exposed only by a flag; turned on here so that `node run.js` needs none.
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  collect({ type: 'minor', execution: 'sync' });
}
