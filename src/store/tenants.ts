// Tenants and their grants. A tenant is one platform account: its API URL and the client id of
// its API key. A grant is one connection of it (a user's consent through the connect page): it
// holds the platform secret, sealed for that grant, until it is revoked, which deletes the secret.
import { randomBytes } from 'node:crypto';
import type { SqlRunner } from './engine.js';
import { PENDING_CONTEXT } from './pending-keys.js';
import { SecretBox } from './secret-box.js';

export interface TenantPlace {
  apiUrl: string;
  platformClientId: string;
  authUrl: string;
  realm: string;
}

export interface Tenant extends TenantPlace {
  key: string;
  webhookSubscription: Record<string, unknown> | null;
}

/** What re-encryption at open did; `unknownKeys`: the key ids of the secrets that would not open. */
export interface Reencrypted {
  moved: number;
  unreadable: number;
  discarded: number;
  unknownKeys: string[];
}

interface SealedSecret {
  kind: 'grant' | 'webhook' | 'pending';
  /** The row: a grant id, a tenant key or an interaction uid. */
  id: string;
  sealed: string;
  /** What it is sealed for (the associated data). */
  context: string;
}

export type GrantStatus = 'active' | 'needs_reconnect' | 'revoked';

export interface GrantRecord {
  grantId: string;
  tenantKey: string;
  status: GrantStatus;
  platformScopes: string[];
}

/** A crew_tenants row as read (companies.ts reads the same columns and a few more). */
export interface TenantRow {
  tenant_key: string;
  api_url: string;
  platform_client_id: string;
  auth_url: string;
  realm: string;
  webhook_subscription: Record<string, unknown> | null;
}

function tenantOf(row: TenantRow): Tenant {
  return {
    key: row.tenant_key,
    apiUrl: row.api_url,
    platformClientId: row.platform_client_id,
    authUrl: row.auth_url,
    realm: row.realm,
    webhookSubscription: row.webhook_subscription,
  };
}

interface GrantRow {
  grant_id: string;
  tenant_key: string;
  status: GrantStatus;
  platform_scopes: string;
}

function grantOf(row: GrantRow): GrantRecord {
  return {
    grantId: row.grant_id,
    tenantKey: row.tenant_key,
    status: row.status,
    platformScopes: row.platform_scopes.split(' ').filter(Boolean),
  };
}

/** A tenant key: random, URL-safe, and stable for the tenant (its webhook address names it). */
function newTenantKey(): string {
  return `t${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').toLowerCase()}`;
}

const TENANT_COLUMNS = 'tenant_key, api_url, platform_client_id, auth_url, realm, webhook_subscription';
const WEBHOOK_CONTEXT = 'webhook:';

export class Tenants {
  constructor(
    private readonly sql: SqlRunner,
    private readonly box: SecretBox,
  ) {}

  /** The tenant of this platform account, created on its first connection. */
  async upsert(place: TenantPlace): Promise<Tenant> {
    const rows = await this.sql.query<TenantRow>(
      `insert into crew_tenants (tenant_key, api_url, platform_client_id, auth_url, realm)
       values ($1, $2, $3, $4, $5)
       on conflict (api_url, platform_client_id) do update set auth_url = excluded.auth_url, realm = excluded.realm
       returning ${TENANT_COLUMNS}`,
      [newTenantKey(), place.apiUrl, place.platformClientId, place.authUrl, place.realm],
    );
    return tenantOf(rows[0] as TenantRow);
  }

  /** The tenant of this platform account, if it ever connected. */
  async find(place: Pick<TenantPlace, 'apiUrl' | 'platformClientId'>): Promise<Tenant | null> {
    const rows = await this.sql.query<TenantRow>(
      `select ${TENANT_COLUMNS} from crew_tenants where api_url = $1 and platform_client_id = $2`,
      [place.apiUrl, place.platformClientId],
    );
    return rows[0] ? tenantOf(rows[0]) : null;
  }

  async get(key: string): Promise<Tenant | null> {
    const rows = await this.sql.query<TenantRow>(
      `select ${TENANT_COLUMNS} from crew_tenants where tenant_key = $1`,
      [key],
    );
    return rows[0] ? tenantOf(rows[0]) : null;
  }

  /** The tenant's webhook signing secret (sealed at rest) and the platform's subscription record. */
  async setWebhook(
    key: string,
    secret: string | null,
    subscription: Record<string, unknown> | null,
  ): Promise<void> {
    await this.sql.query(
      'update crew_tenants set webhook_secret_enc = $2, webhook_subscription = $3::jsonb where tenant_key = $1',
      [
        key,
        secret === null ? null : this.box.seal(secret, WEBHOOK_CONTEXT + key),
        JSON.stringify(subscription),
      ],
    );
  }

  async webhookSecret(key: string): Promise<string | null> {
    const rows = await this.sql.query<{ webhook_secret_enc: string | null }>(
      'select webhook_secret_enc from crew_tenants where tenant_key = $1',
      [key],
    );
    const sealed = rows[0]?.webhook_secret_enc;
    return sealed ? this.box.open(sealed, WEBHOOK_CONTEXT + key) : null;
  }

  async createGrant(grant: { grantId: string; tenantKey: string; secret: string; platformScopes: string[] }) {
    await this.sql.query(
      `insert into crew_grants (grant_id, tenant_key, secret_enc, platform_scopes) values ($1, $2, $3, $4)
       on conflict (grant_id) do update set secret_enc = excluded.secret_enc, status = 'active',
         platform_scopes = excluded.platform_scopes, updated_at = now()`,
      [
        grant.grantId,
        grant.tenantKey,
        this.box.seal(grant.secret, grant.grantId),
        grant.platformScopes.join(' '),
      ],
    );
  }

  async grant(grantId: string): Promise<GrantRecord | null> {
    const rows = await this.sql.query<GrantRow>(
      'select grant_id, tenant_key, status, platform_scopes from crew_grants where grant_id = $1',
      [grantId],
    );
    return rows[0] ? grantOf(rows[0]) : null;
  }

  /** The platform secret of an active grant; null once revoked or needing reconnection. */
  async grantSecret(grantId: string): Promise<string | null> {
    const rows = await this.sql.query<{ secret_enc: string | null; status: GrantStatus }>(
      'select secret_enc, status from crew_grants where grant_id = $1',
      [grantId],
    );
    const row = rows[0];
    if (!row?.secret_enc || row.status !== 'active') return null;
    return this.box.open(row.secret_enc, grantId);
  }

  async grantsOf(tenantKey: string): Promise<GrantRecord[]> {
    const rows = await this.sql.query<GrantRow>(
      'select grant_id, tenant_key, status, platform_scopes from crew_grants where tenant_key = $1 order by created_at',
      [tenantKey],
    );
    return rows.map(grantOf);
  }

  /** The platform refused the secret (reset or deleted): the grant needs a new connection. */
  async markNeedsReconnect(grantId: string): Promise<void> {
    await this.sql.query(
      `update crew_grants set status = 'needs_reconnect', secret_enc = null, updated_at = now()
       where grant_id = $1 and status = 'active'`,
      [grantId],
    );
  }

  /** Revoked: the sealed secret is deleted, not only flagged. */
  async revokeGrant(grantId: string): Promise<void> {
    await this.sql.query(
      `update crew_grants set status = 'revoked', secret_enc = null, updated_at = now() where grant_id = $1`,
      [grantId],
    );
  }

  /** Every sealed secret of the store: grants' platform secrets and tenants' webhook secrets. */
  private async sealedSecrets(): Promise<SealedSecret[]> {
    const grants = await this.sql.query<{ grant_id: string; secret_enc: string }>(
      'select grant_id, secret_enc from crew_grants where secret_enc is not null',
    );
    const tenants = await this.sql.query<{ tenant_key: string; webhook_secret_enc: string }>(
      'select tenant_key, webhook_secret_enc from crew_tenants where webhook_secret_enc is not null',
    );
    // API keys waiting for consent (pending-keys.ts): minutes old, but sealed like the rest.
    const pending = await this.sql.query<{ interaction_uid: string; sealed: string }>(
      'select interaction_uid, sealed from crew_connect_pending',
    );
    return [
      ...pending.map((row) => ({
        kind: 'pending' as const,
        id: row.interaction_uid,
        sealed: row.sealed,
        context: PENDING_CONTEXT + row.interaction_uid,
      })),
      ...grants.map((row) => ({
        kind: 'grant' as const,
        id: row.grant_id,
        sealed: row.secret_enc,
        context: row.grant_id,
      })),
      ...tenants.map((row) => ({
        kind: 'webhook' as const,
        id: row.tenant_key,
        sealed: row.webhook_secret_enc,
        context: WEBHOOK_CONTEXT + row.tenant_key,
      })),
    ];
  }

  /** The secret, or null when the configured keys cannot open it. */
  private openOrNull(secret: SealedSecret): string | null {
    try {
      return this.box.open(secret.sealed, secret.context);
    } catch {
      return null;
    }
  }

  /** What the configured keys cannot open, changing nothing (`crew-mcp check`, and before moving). */
  async unreadableSecrets(secrets?: SealedSecret[]): Promise<Reencrypted> {
    const result: Reencrypted = { moved: 0, unreadable: 0, discarded: 0, unknownKeys: [] };
    for (const secret of secrets ?? (await this.sealedSecrets())) {
      if (this.openOrNull(secret) !== null) continue;
      result.unreadable++;
      const keyId = SecretBox.keyIdOf(secret.sealed);
      if (!this.box.knows(keyId) && !result.unknownKeys.includes(keyId)) result.unknownKeys.push(keyId);
    }
    return result;
  }

  /**
   * Secrets sealed under a previous store key, sealed again under the current one. When some do
   * not open (their key not configured, or tampered), nothing is changed and they are counted,
   * with the keys they name, so the caller can refuse to start (the wrong CREW_STORE_KEY); with
   * `discard`, they are deleted: their grants need reconnecting, their tenants' webhooks a new
   * subscription.
   */
  async reencrypt(discard = false): Promise<Reencrypted> {
    const secrets = await this.sealedSecrets();
    const result = await this.unreadableSecrets(secrets);
    if (result.unreadable > 0 && !discard) return result;
    for (const secret of secrets) {
      const plain = this.openOrNull(secret);
      if (plain !== null && !this.box.isStale(secret.sealed)) continue;
      const resealed = plain === null ? null : this.box.seal(plain, secret.context);
      result[plain === null ? 'discarded' : 'moved']++;
      if (secret.kind === 'pending') {
        await this.sql.query(
          resealed === null
            ? 'delete from crew_connect_pending where interaction_uid = $1 and sealed = $3'
            : 'update crew_connect_pending set sealed = $2 where interaction_uid = $1 and sealed = $3',
          [secret.id, resealed, secret.sealed],
        );
        continue;
      }
      // Compare-and-set on the sealed value: a secret replaced meanwhile (a reconnection on a
      // replica still serving) is left as that replica wrote it.
      await this.sql.query(
        secret.kind === 'grant'
          ? `update crew_grants set secret_enc = $2,
               status = case when $2::text is null then 'needs_reconnect' else status end
             where grant_id = $1 and secret_enc = $3`
          : // A discarded webhook secret takes its subscription along: the tenant subscribes anew.
            `update crew_tenants set webhook_secret_enc = $2,
               webhook_subscription = case when $2::text is null then null else webhook_subscription end
             where tenant_key = $1 and webhook_secret_enc = $3`,
        [secret.id, resealed, secret.sealed],
      );
    }
    return result;
  }

  /** How many sealed secrets each key id holds (`crew-mcp store rotate-key`'s before and after). */
  async sealedByKey(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const secret of await this.sealedSecrets()) {
      const keyId = SecretBox.keyIdOf(secret.sealed);
      counts[keyId] = (counts[keyId] ?? 0) + 1;
    }
    return counts;
  }
}
