// 2025-era sessions in the store (the port: contract/session-records.ts), so that a client whose
// session's replica died or was deployed is served by another replica instead of being answered
// 404: the replica it reaches rebuilds the session's server instance from this row. Times are the
// store's (now()), not a replica's clock, so replicas agree on what is idle. A session is found
// only for the client that opened it (its key, hashed); each save deletes a bounded batch of
// expired rows, so the table holds about the sessions used within the idle limit.
import { createHash } from 'node:crypto';
import type { SessionRecord, SessionRecords } from '../contract/session-records.js';
import type { SqlRunner } from './engine.js';

/** Expired rows deleted per save at most: a save's cost stays bounded however many there are. */
const PRUNE_BATCH = 100;

const SAVE = `
  insert into crew_legacy_sessions
    (session_id, owner_hash, protocol_version, capabilities, client_info, subscriptions, tenant_key, last_seen)
  values ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, now())
  on conflict (session_id) do nothing`;

const PRUNE = `
  delete from crew_legacy_sessions where session_id in (
    select session_id from crew_legacy_sessions
    where last_seen < now() - make_interval(secs => $1) limit $2)`;

const FIND = `
  select protocol_version, capabilities, client_info, subscriptions from crew_legacy_sessions
  where session_id = $1 and owner_hash = $2 and last_seen >= now() - make_interval(secs => $3)`;

interface Row {
  protocol_version: string;
  capabilities: Record<string, unknown>;
  client_info: Record<string, unknown>;
  subscriptions: string[];
}

const ownerHash = (owner: string) => createHash('sha256').update(owner).digest('hex');

export class StoreSessionRecords implements SessionRecords {
  private readonly idleSeconds: number;

  constructor(
    private readonly sql: SqlRunner,
    idleMs = 30 * 60_000,
  ) {
    this.idleSeconds = idleMs / 1000;
  }

  async save(id: string, owner: string, record: SessionRecord, tenantKey?: string): Promise<void> {
    // An id is random (a UUID): one already there was saved by this very session's replay.
    await this.sql.query(SAVE, [
      id,
      ownerHash(owner),
      record.protocolVersion,
      JSON.stringify(record.capabilities),
      JSON.stringify(record.clientInfo),
      JSON.stringify(record.subscriptions),
      tenantKey ?? null,
    ]);
    await this.sql.query(PRUNE, [this.idleSeconds, PRUNE_BATCH]);
  }

  async find(id: string, owner: string): Promise<SessionRecord | undefined> {
    const [row] = await this.sql.query<Row>(FIND, [id, ownerHash(owner), this.idleSeconds]);
    if (!row) return undefined;
    return {
      protocolVersion: row.protocol_version,
      capabilities: row.capabilities,
      clientInfo: row.client_info,
      subscriptions: row.subscriptions,
    };
  }

  async setSubscriptions(id: string, subscriptions: string[]): Promise<void> {
    await this.sql.query(
      'update crew_legacy_sessions set subscriptions = $2::jsonb, last_seen = now() where session_id = $1',
      [id, JSON.stringify(subscriptions)],
    );
  }

  async touch(id: string): Promise<void> {
    await this.sql.query('update crew_legacy_sessions set last_seen = now() where session_id = $1', [id]);
  }

  async remove(id: string): Promise<void> {
    await this.sql.query('delete from crew_legacy_sessions where session_id = $1', [id]);
  }
}
