// A per-client rate limit: a token bucket per client that holds ten seconds' worth of requests and
// refills at the configured rate per minute. /mcp counts every request of a client (the token's
// name or subject; the remote address when unauthenticated); the webhook receiver counts the
// deliveries it refuses per address. A refused request is answered 429 with Retry-After. The
// table of clients is bounded, so a flood of distinct addresses cannot grow it without end.

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Takes a client's request from its bucket: this process's table, or one shared by replicas (src/store/rate.ts). */
export interface RateCounter {
  take(client: string): RateDecision | Promise<RateDecision>;
}

interface Bucket {
  tokens: number;
  updated: number;
}

const MAX_CLIENTS = 10_000;

export class RateLimiter implements RateCounter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;
  private readonly perMs: number;

  constructor(
    perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.capacity = Math.max(1, Math.ceil(perMinute / 6));
    this.perMs = perMinute / 60_000;
  }

  /** Take one request from `client`'s bucket, or say how long until one is there. */
  take(client: string): RateDecision {
    if (this.perMs === 0) return { allowed: true };
    const now = this.now();
    const known = this.buckets.get(client);
    const bucket = known ?? { tokens: this.capacity, updated: now };
    bucket.tokens = this.refilled(bucket, now);
    bucket.updated = now;
    // Most recently used last: the oldest entry is the first to go when the table is full.
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value as string);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return this.retryLater(bucket.tokens);
  }

  /** Whether `client` has a request left, without taking it (nothing is recorded). */
  peek(client: string): RateDecision {
    const bucket = this.buckets.get(client);
    if (this.perMs === 0 || !bucket) return { allowed: true };
    const tokens = this.refilled(bucket, this.now());
    return tokens >= 1 ? { allowed: true } : this.retryLater(tokens);
  }

  private refilled(bucket: Bucket, now: number): number {
    return Math.min(this.capacity, bucket.tokens + (now - bucket.updated) * this.perMs);
  }

  private retryLater(tokens: number): RateDecision {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)) };
  }
}
