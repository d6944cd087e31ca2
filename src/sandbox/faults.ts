// Fault injection: latency, random 503s, dropped connections, a per-client rate limit, a down
// token endpoint and short-lived tokens. Random decisions use an injectable (by default seeded)
// generator so that a test with errorRate 0.5 sees the same sequence on every run.
import type { FaultSettings } from './types.js';

export const DEFAULT_FAULTS: Readonly<FaultSettings> = Object.freeze({
  latencyMs: 0,
  errorRate: 0,
  rateLimitPerSecond: 0,
  tokenEndpointDown: false,
  tokenLifetimeSeconds: 43_200,
  dropRate: 0,
});

const RATE_WINDOW_MS = 1000;

/** Checks one partial settings object; throws RangeError naming the bad field. */
export function validateFaults(faults: Partial<FaultSettings>): Partial<FaultSettings> {
  const checks: { [K in keyof FaultSettings]: (value: FaultSettings[K]) => boolean } = {
    latencyMs: (v) => Number.isFinite(v) && v >= 0,
    errorRate: (v) => Number.isFinite(v) && v >= 0 && v <= 1,
    rateLimitPerSecond: (v) => Number.isInteger(v) && v >= 0,
    tokenEndpointDown: (v) => typeof v === 'boolean',
    tokenLifetimeSeconds: (v) => Number.isInteger(v) && v >= 1,
    dropRate: (v) => Number.isFinite(v) && v >= 0 && v <= 1,
  };
  for (const [name, value] of Object.entries(faults)) {
    if (value === undefined) continue;
    const check = checks[name as keyof FaultSettings] as ((v: unknown) => boolean) | undefined;
    if (!check) throw new RangeError(`Unknown fault setting: ${name}`);
    if (!check(value)) throw new RangeError(`Invalid value for fault setting ${name}: ${String(value)}`);
  }
  return faults;
}

/** mulberry32: a tiny deterministic generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class FaultInjector {
  private current: FaultSettings;
  /** Accepted request times per client id, newest last, within the sliding window. */
  private readonly recent = new Map<string, number[]>();

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = seededRandom(42),
    private readonly now: () => number = Date.now,
  ) {
    this.current = { ...DEFAULT_FAULTS, ...definedOnly(validateFaults(initial)) };
  }

  get settings(): Readonly<FaultSettings> {
    return this.current;
  }

  set(changes: Partial<FaultSettings>): FaultSettings {
    this.current = { ...this.current, ...definedOnly(validateFaults(changes)) };
    if (this.current.rateLimitPerSecond === 0) this.recent.clear();
    return { ...this.current };
  }

  /** The generator is drawn only when the rate is set, so enabling one fault does not shift another's sequence. */
  shouldDrop(): boolean {
    return this.current.dropRate > 0 && this.random() < this.current.dropRate;
  }

  shouldFail(): boolean {
    return this.current.errorRate > 0 && this.random() < this.current.errorRate;
  }

  async delay(): Promise<void> {
    const ms = this.current.latencyMs;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Sliding one-second window per client id; refused requests do not use up the window. */
  admit(clientId: string): RateDecision {
    const limit = this.current.rateLimitPerSecond;
    if (limit <= 0) return { allowed: true };
    const now = this.now();
    const times = (this.recent.get(clientId) ?? []).filter((time) => time > now - RATE_WINDOW_MS);
    this.recent.set(clientId, times);
    if (times.length >= limit) {
      const waitMs = times[0]! + RATE_WINDOW_MS - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    times.push(now);
    return { allowed: true };
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
