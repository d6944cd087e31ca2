// What the store holds about one company (a tenant: one platform API key), for its operator: an
// export as JSON (`crew-mcp connector export-company`) that never holds a secret in clear, and a
// forgetting (`crew-mcp connector forget-company`, the disconnect page) that deletes every row of
// the company in one transaction, in every table that names it: its tenant row, grants (their
// sealed secrets), the authorization server's records under its grants or naming it as the
// account (grants, tokens, codes, sessions, interactions), its webhook events, its kept plans,
// its 2025-era clients' sessions, and API keys of it waiting for consent. Each deletion is counted, so the caller can say what
// went.
import type { SqlEngine, SqlRunner } from './engine.js';
import { PENDING_CONTEXT } from './pending-keys.js';
import { SecretBox } from './secret-box.js';
import type { TenantRow } from './tenants.js';

export class CompanyNotFoundError extends Error {}

/** Rows deleted per table (a table with none is listed with 0). */
export type Forgotten = Record<string, number>;

/** The tenant row with what an export shows of it besides: which key sealed its webhook secret, and since when. */
interface CompanyRow extends TenantRow {
  webhook_secret_enc: string | null;
  created_at: Date;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The tenant `reference` names: its tenant key (as in its webhook address and the logs) or its
 * platform client id (refused when two platforms have a key of that id: give the tenant key).
 */
export async function findCompany(sql: SqlRunner, reference: string): Promise<CompanyRow> {
  const rows = await sql.query<CompanyRow>(
    `select tenant_key, api_url, platform_client_id, auth_url, realm, webhook_secret_enc,
       webhook_subscription, created_at
     from crew_tenants where tenant_key = $1 or platform_client_id = $1 order by tenant_key`,
    [reference],
  );
  const exact = rows.find((row) => row.tenant_key === reference);
  if (exact) return exact;
  if (rows.length === 1) return rows[0] as CompanyRow;
  if (rows.length > 1) {
    throw new CompanyNotFoundError(
      `"${reference}" is the client id of keys on ${rows.length} platforms (${rows.map((row) => `${row.tenant_key} on ${row.api_url}`).join(', ')}): give the tenant key.`,
    );
  }
  throw new CompanyNotFoundError(
    `No company "${reference}" in the store: give its tenant key (as in its webhook address, /webhooks/<tenant key>) or its platform API key's client id.`,
  );
}

/** A sealed value described without its secret: which key sealed it. */
const sealedNote = (sealed: string | null) =>
  sealed === null ? null : { sealed: true, storeKey: SecretBox.keyIdOf(sealed) };

/** What the store holds about the company, as JSON-ready values; secrets only as "sealed". */
export async function exportCompany(sql: SqlRunner, reference: string) {
  const tenant = await findCompany(sql, reference);
  const key = tenant.tenant_key;
  const grants = await sql.query<{
    grant_id: string;
    status: string;
    platform_scopes: string;
    secret_enc: string | null;
    created_at: Date;
    updated_at: Date;
  }>(
    'select grant_id, status, platform_scopes, secret_enc, created_at, updated_at from crew_grants where tenant_key = $1 order by created_at',
    [key],
  );
  const records = await sql.query<{
    model: string;
    client_id: string | null;
    scope: string | null;
    grant_id: string | null;
    expires_at: Date | null;
    consumed_at: Date | null;
  }>(
    `select model, payload->>'clientId' as client_id, payload->>'scope' as scope, grant_id, expires_at, consumed_at
     from crew_oauth_records where ${OAUTH_OF_TENANT} order by model, expires_at`,
    [key, grants.map((grant) => grant.grant_id)],
  );
  const events = await sql.query<{
    event_id: string;
    type: string;
    created_at: Date;
    received_at: Date;
    data: unknown;
  }>(
    'select event_id, type, created_at, received_at, data from crew_webhook_events where tenant_key = $1 order by seq',
    [key],
  );
  const plans = await sql.query<{ plan_id: string; kept_at: Date; plan: unknown }>(
    'select plan_id, kept_at, plan from crew_kept_plans where tenant_key = $1 order by kept_order',
    [key],
  );
  const sessions = await sql.query<{
    protocol_version: string;
    client_info: unknown;
    created_at: Date;
    last_seen: Date;
  }>(
    'select protocol_version, client_info, created_at, last_seen from crew_legacy_sessions where tenant_key = $1 order by created_at',
    [key],
  );
  return {
    company: {
      tenantKey: key,
      apiUrl: tenant.api_url,
      platformClientId: tenant.platform_client_id,
      authUrl: tenant.auth_url,
      realm: tenant.realm,
      connectedFirstAt: iso(tenant.created_at),
      webhook: {
        subscription: tenant.webhook_subscription,
        secret: sealedNote(tenant.webhook_secret_enc),
      },
    },
    grants: grants.map((grant) => ({
      grantId: grant.grant_id,
      status: grant.status,
      platformScopes: grant.platform_scopes.split(' ').filter(Boolean),
      platformSecret: sealedNote(grant.secret_enc),
      createdAt: iso(grant.created_at),
      updatedAt: iso(grant.updated_at),
    })),
    // A token's or code's id is the token itself: only what it is, for whom and until when.
    authorization: records.map((record) => ({
      kind: record.model,
      clientId: record.client_id,
      grantId: record.grant_id,
      scope: record.scope,
      expiresAt: iso(record.expires_at),
      consumedAt: iso(record.consumed_at),
    })),
    events: events.map((event) => ({
      id: event.event_id,
      type: event.type,
      createdAt: iso(event.created_at),
      receivedAt: iso(event.received_at),
      data: event.data,
    })),
    keptPlans: plans.map((plan) => ({ planId: plan.plan_id, keptAt: iso(plan.kept_at), plan: plan.plan })),
    // A session's id lets its client in: only which client, speaking what, and when.
    sessions: sessions.map((session) => ({
      protocolVersion: session.protocol_version,
      client: session.client_info,
      openedAt: iso(session.created_at),
      lastSeenAt: iso(session.last_seen),
    })),
  };
}

export type CompanyExport = Awaited<ReturnType<typeof exportCompany>>;

/**
 * The authorization server's records of a tenant: under one of its grants, the grants
 * themselves, and those naming it as the account (sessions, interactions: the tenant key is
 * random, 25 characters, so its quoted form names no one else). $1 the tenant key, $2 its grant ids.
 */
const OAUTH_OF_TENANT = `(grant_id = any($2::text[]) or (model = 'Grant' and id = any($2::text[]))
  or payload->>'accountId' = $1 or strpos(payload::text, '"' || $1 || '"') > 0)`;

/** API keys of the company waiting for consent: their place is sealed, so each is opened to tell. */
async function pendingOf(sql: SqlRunner, box: SecretBox | null, tenant: CompanyRow) {
  if (!box) return [];
  const rows = await sql.query<{ interaction_uid: string; sealed: string }>(
    'select interaction_uid, sealed from crew_connect_pending',
  );
  return rows
    .filter((row) => {
      try {
        const { place } = JSON.parse(box.open(row.sealed, PENDING_CONTEXT + row.interaction_uid)) as {
          place?: { apiUrl?: string; platformClientId?: string };
        };
        return place?.apiUrl === tenant.api_url && place.platformClientId === tenant.platform_client_id;
      } catch {
        return false;
      }
    })
    .map((row) => row.interaction_uid);
}

/**
 * Deletes every row of the company in one transaction and says how many went from each table.
 * `box` opens API keys waiting for consent (null: those are left to expire, in minutes).
 */
export async function forgetCompany(
  engine: SqlEngine,
  reference: string,
  box: SecretBox | null,
): Promise<{ tenantKey: string; grantIds: string[]; deleted: Forgotten }> {
  return engine.transaction(async (tx) => {
    const tenant = await findCompany(tx, reference);
    const key = tenant.tenant_key;
    const grantIds = (
      await tx.query<{ grant_id: string }>('select grant_id from crew_grants where tenant_key = $1', [key])
    ).map((row) => row.grant_id);
    const count = async (text: string, params: unknown[]) => (await tx.query(text, params)).length;
    const pending = await pendingOf(tx, box, tenant);
    const deleted: Forgotten = {
      crew_oauth_records: await count(
        `delete from crew_oauth_records where ${OAUTH_OF_TENANT} returning id`,
        [key, grantIds],
      ),
      crew_webhook_events: await count(
        'delete from crew_webhook_events where tenant_key = $1 returning event_id',
        [key],
      ),
      crew_kept_plans: await count('delete from crew_kept_plans where tenant_key = $1 returning plan_id', [
        key,
      ]),
      crew_legacy_sessions: await count(
        'delete from crew_legacy_sessions where tenant_key = $1 returning session_id',
        [key],
      ),
      crew_connect_pending: await count(
        'delete from crew_connect_pending where interaction_uid = any($1::text[]) returning interaction_uid',
        [pending],
      ),
      crew_grants: await count('delete from crew_grants where tenant_key = $1 returning grant_id', [key]),
      crew_tenants: await count('delete from crew_tenants where tenant_key = $1 returning tenant_key', [key]),
    };
    return { tenantKey: key, grantIds, deleted };
  });
}

/** "3 grants, 12 webhook events, ..." : what a forgetting deleted, in words. */
export function describeForgotten(deleted: Forgotten): string {
  const names: Record<string, [string, string]> = {
    crew_tenants: ['company record', 'company records'],
    crew_grants: ['connection (with its sealed secret)', 'connections (with their sealed secrets)'],
    crew_oauth_records: [
      'authorization record (tokens, codes, sessions)',
      'authorization records (tokens, codes, sessions)',
    ],
    crew_webhook_events: ['webhook event', 'webhook events'],
    crew_kept_plans: ['kept plan', 'kept plans'],
    crew_legacy_sessions: ['open 2025-era client session', 'open 2025-era client sessions'],
    crew_connect_pending: ['API key waiting for consent', 'API keys waiting for consent'],
  };
  const tables = [...Object.keys(names), ...Object.keys(deleted).filter((table) => !(table in names))];
  return tables
    .filter((table) => table in deleted)
    .map((table) => {
      const rows = deleted[table] ?? 0;
      const [one, many] = names[table] ?? [table, table];
      return `${rows} ${rows === 1 ? one : many}`;
    })
    .join(', ');
}
