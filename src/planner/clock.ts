// The planner's "now" (which roles have started): the real clock, pinned by in-process tests and
// benchmarks to the sandbox's fixed today so that seeded dates never drift out of the future.
let now: () => number = Date.now;

export function plannerNow(): number {
  return now();
}

/** Pin the clock (in-process tests and benchmarks); `undefined` restores the real one. */
export function pinPlannerClock(clock: (() => number) | undefined): void {
  now = clock ?? Date.now;
}
