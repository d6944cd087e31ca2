// What every resolver receives: the store, the caller's company and a way to publish events
// after a mutation commits.

import type { SandboxStore } from '../store.js';
import type { Caller, EventType } from '../types.js';

export interface ResolverContext {
  store: SandboxStore;
  caller: Caller;
  /** Publish after the mutation's writes are complete (never for a failed mutation). */
  publish(type: EventType, data: Record<string, unknown>): void;
}
