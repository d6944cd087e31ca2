// How far V8 lets the heap of a long-lived HTTP server grow between full collections. Left to
// itself, V8 lets a small live heap (some 20 MiB here) grow up to fourfold before collecting:
// under 16 clients the server's RSS climbed from about 130 to 170 MiB between full collections,
// most of it garbage. A growth factor of 2 keeps the peak near 128 MiB for about 5% more CPU per
// call (BENCHMARKS.md, HTTP throughput). V8 reads the factor at each collection, so setting it
// once at start is enough; an operator's own setting (node flags or NODE_OPTIONS) wins.
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_FLAG = '--heap-growing-percent=100';

/** The flag to set, or null when the operator already chose a heap growth of their own. */
export function heapGrowthFlag(execArgv: readonly string[], nodeOptions: string | undefined): string | null {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)];
  return given.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg)) ? null : HEAP_GROWING_FLAG;
}

/** Bound the heap's growth between full collections for this process (HTTP serving). */
export function boundHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv, process.env.NODE_OPTIONS);
  if (flag) setFlagsFromString(flag);
}
