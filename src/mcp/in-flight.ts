// Tool calls in flight, for a graceful shutdown (SIGTERM): stop taking new calls, let the running
// ones finish within a bound, and answer the ones still running at the bound with a clear result
// (their work is aborted). A write cut this way may or may not have reached the platform; its
// answer says so and how to check, instead of the process exiting with the client told nothing.

interface Call {
  controller: AbortController;
  cut(): void;
  done: Promise<unknown>;
}

export interface DrainOutcome {
  finished: number;
  cut: number;
}

export class InFlightCalls {
  private readonly calls = new Set<Call>();
  private accepting = true;

  /** True once shutdown began: new calls are refused. */
  get closing(): boolean {
    return !this.accepting;
  }

  get size(): number {
    return this.calls.size;
  }

  /**
   * Run one call. `work` gets a signal aborted when the call is cut, or when `cancelled` (the
   * client's cancellation of the request) aborts; `cutResult` is what the call answers instead
   * when shutdown cuts it. One listener on `cancelled`, removed when the call ends: cheaper per
   * call than AbortSignal.any, which keeps its sources alive until collected.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>, cutResult: () => T, cancelled?: AbortSignal): Promise<T> {
    const controller = new AbortController();
    const cancel = () => controller.abort(cancelled?.reason);
    if (cancelled?.aborted) cancel();
    else cancelled?.addEventListener('abort', cancel, { once: true });
    let cut!: () => void;
    const cutShort = new Promise<T>((resolve) => {
      cut = () => resolve(cutResult());
    });
    const done = Promise.race([work(controller.signal), cutShort]);
    const call: Call = { controller, done, cut };
    this.calls.add(call);
    return done.finally(() => {
      this.calls.delete(call);
      cancelled?.removeEventListener('abort', cancel);
    });
  }

  /** Refuse new calls from now on. */
  stopAccepting(): void {
    this.accepting = false;
  }

  /** Stop accepting, wait up to `timeoutMs` for the calls in flight, then cut the rest. */
  async drain(timeoutMs: number): Promise<DrainOutcome> {
    this.stopAccepting();
    const running = [...this.calls];
    if (running.length === 0) return { finished: 0, cut: 0 };
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled(running.map((call) => call.done)), deadline]);
    clearTimeout(timer);
    const left = running.filter((call) => this.calls.has(call));
    for (const call of left) {
      call.cut();
      call.controller.abort(new Error('crew-mcp is shutting down'));
    }
    await Promise.allSettled(left.map((call) => call.done));
    return { finished: running.length - left.length, cut: left.length };
  }
}
