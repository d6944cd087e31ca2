// The change-event bus of the HTTP handler's 2026-07-28 `subscriptions/listen` streams, aware of
// whom each stream serves. One handler serves every caller; in the hosted connector the callers
// belong to different companies, and a company's `crew://events` update must reach its own
// streams only (another's would say that an event happened there, and which jobs and crew it
// touched). A stream is tagged with its caller's scope (the company) when it subscribes, which
// happens while its listen request is being served: the request runs inside `asCaller`.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthInfo, ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';

const caller = new AsyncLocalStorage<AuthInfo | undefined>();

/** Run `work` (one request's serving) as `authInfo`: what a stream it opens is tagged with. */
export function asCaller<T>(authInfo: AuthInfo | undefined, work: () => T): T {
  return caller.run(authInfo, work);
}

type Listener = (event: ServerEvent) => void;

export class ScopedEventBus implements ServerEventBus {
  private readonly listeners = new Map<Listener, string | null>();

  /** `scopeOf`: the scope of a caller (null: none, which only unscoped publishing reaches). */
  constructor(
    private readonly scopeOf: (authInfo: AuthInfo | undefined) => string | null,
    private readonly onerror: (error: unknown) => void = () => undefined,
  ) {}

  /** Every open stream (the one-platform modes, where every caller sees the same data). */
  publish(event: ServerEvent): void {
    for (const listener of [...this.listeners.keys()]) this.deliver(listener, event);
  }

  /** The streams opened by callers of `scope` only. */
  publishTo(scope: string, event: ServerEvent): void {
    for (const [listener, owner] of [...this.listeners]) if (owner === scope) this.deliver(listener, event);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.set(listener, this.scopeOf(caller.getStore()));
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  private deliver(listener: Listener, event: ServerEvent): void {
    try {
      listener(event);
    } catch (error) {
      this.onerror(error);
    }
  }
}
