// The rate limit of /mcp shared by replicas: the same token bucket per client as rate-limit.ts
// (ten seconds' worth of requests, refilled at the configured rate), one row per client in the
// store, taken by one atomic upsert on the store's clock (replicas' clocks may differ), so a
// client spreading its requests over N replicas still gets the one limit, not N of them.
// When the store does not answer, this replica's own buckets decide (each replica then limits on
// its own, as without a store) rather than refusing every request or letting every one through.
import type { Logger } from '../logger.js';
import { type RateCounter, type RateDecision, RateLimiter } from '../rate-limit.js';
import type { SqlEngine } from './engine.js';

/** Buckets idle this long are full again (10 s refill): their rows are pruned. */
const IDLE_MS = 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;
const WARN_EVERY_MS = 60_000;

const TAKE = `
  insert into crew_rate_buckets as bucket (client, tokens, updated_ms, allowed)
  values ($1, $2::float8 - 1, extract(epoch from clock_timestamp())::float8 * 1000, true)
  on conflict (client) do update set
    tokens = case
      when least($2::float8, bucket.tokens + (excluded.updated_ms - bucket.updated_ms) * $3::float8) >= 1
      then least($2::float8, bucket.tokens + (excluded.updated_ms - bucket.updated_ms) * $3::float8) - 1
      else least($2::float8, bucket.tokens + (excluded.updated_ms - bucket.updated_ms) * $3::float8) end,
    allowed = least($2::float8, bucket.tokens + (excluded.updated_ms - bucket.updated_ms) * $3::float8) >= 1,
    updated_ms = excluded.updated_ms
  returning tokens, allowed`;

export class SharedRateLimiter implements RateCounter {
  private readonly capacity: number;
  private readonly perMs: number;
  private readonly fallback: RateLimiter;
  private lastPrune = Date.now();
  private lastWarning = 0;

  constructor(
    private readonly engine: SqlEngine,
    perMinute: number,
    private readonly logger: Logger,
  ) {
    this.capacity = Math.max(1, Math.ceil(perMinute / 6));
    this.perMs = perMinute / 60_000;
    this.fallback = new RateLimiter(perMinute);
  }

  async take(client: string): Promise<RateDecision> {
    if (this.perMs === 0) return { allowed: true };
    try {
      const [row] = await this.engine.query<{ tokens: number; allowed: boolean }>(TAKE, [
        client,
        this.capacity,
        this.perMs,
      ]);
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) this.prune();
      if (!row || row.allowed) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((1 - Number(row.tokens)) / this.perMs / 1000)),
      };
    } catch (error) {
      if (Date.now() - this.lastWarning > WARN_EVERY_MS) {
        this.lastWarning = Date.now();
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'the store did not answer the rate limit: this replica limits on its own meanwhile',
        );
      }
      return this.fallback.take(client);
    }
  }

  private prune(): void {
    this.lastPrune = Date.now();
    this.engine
      .query(
        'delete from crew_rate_buckets where updated_ms < extract(epoch from clock_timestamp())::float8 * 1000 - $1',
        [IDLE_MS],
      )
      .catch(() => undefined);
  }
}
