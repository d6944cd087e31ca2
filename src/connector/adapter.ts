// oidc-provider's storage adapter over the store's OAuth records. Access tokens are opaque and
// looked up on every call, so found ones are kept in memory for a few seconds; anything that
// destroys, consumes or revokes a record drops it from that memory at once in this process, and
// other replicas drop a revoked grant's tokens when the store's notice reaches them (index.ts).
// Revoking a grant also deletes the platform secret sealed for it.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OAuthRecords } from '../store/oauth-records.js';

const CACHED_MODELS = new Set(['AccessToken']);
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;

export interface AdapterHooks {
  /** A grant was revoked (revocation, a reused refresh token, a disconnect): forget its secret. */
  onGrantRevoked(grantId: string): Promise<void>;
}

/** Access tokens found lately, by model and id; a revoked grant's are dropped from it. */
export class TokenCache {
  readonly entries = new Map<string, { payload: AdapterPayload; until: number; grantId?: string }>();

  forgetGrant(grantId: string): void {
    for (const [key, entry] of this.entries) if (entry.grantId === grantId) this.entries.delete(key);
  }
}

export function adapterFactory(
  records: OAuthRecords,
  hooks: AdapterHooks,
  tokens: TokenCache = new TokenCache(),
  now: () => number = Date.now,
) {
  const cache = tokens.entries;
  return class StoreAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      cache.delete(this.key(id));
      await records.upsert(this.model, id, payload as Record<string, unknown>, expiresIn);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const key = this.key(id);
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.payload;
      const payload = (await records.find(this.model, id)) as AdapterPayload | undefined;
      if (payload && CACHED_MODELS.has(this.model)) {
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
        cache.set(key, { payload, until: now() + CACHE_MS, grantId: payload.grantId });
      }
      return payload;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return (await records.findByUserCode(this.model, userCode)) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await records.findByUid(this.model, uid)) as AdapterPayload | undefined;
    }

    async consume(id: string): Promise<void> {
      cache.delete(this.key(id));
      await records.consume(this.model, id);
    }

    async destroy(id: string): Promise<void> {
      cache.delete(this.key(id));
      await records.destroy(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      tokens.forgetGrant(grantId);
      await records.revokeByGrantId(grantId);
      await hooks.onGrantRevoked(grantId);
    }
  };
}
