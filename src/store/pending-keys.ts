// API keys verified on the connect page and waiting for the user's consent, by the authorization
// request's interaction uid: in the store, so that the consent POST may reach any replica. The
// whole verified key (place, scopes, secret) is sealed for its uid, as a grant's secret is for
// its grant: a row copied to another interaction does not open. Taken once: consent or refusal
// deletes it in the same statement that reads it, so two replicas cannot both use one.
import type { SqlRunner } from './engine.js';
import type { SecretBox } from './secret-box.js';

/** What a pending key is sealed for, before its uid (read by re-encryption too). */
export const PENDING_CONTEXT = 'connect-pending:';

export class PendingKeys<Value> {
  constructor(
    private readonly sql: SqlRunner,
    private readonly box: SecretBox,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keep `value` for `uid` until `ttlMs` from now (replacing an earlier one of that uid). */
  async put(uid: string, value: Value, ttlMs: number): Promise<void> {
    await this.sql.query(
      `insert into crew_connect_pending (interaction_uid, sealed, expires_at) values ($1, $2, $3)
       on conflict (interaction_uid) do update set sealed = excluded.sealed, expires_at = excluded.expires_at`,
      [uid, this.box.seal(JSON.stringify(value), PENDING_CONTEXT + uid), new Date(this.now() + ttlMs)],
    );
    // Abandoned forms leave rows behind: each put clears the expired ones.
    await this.sql.query('delete from crew_connect_pending where expires_at < $1', [new Date(this.now())]);
  }

  /** The value kept for `uid`, removed; null when there is none or it has expired. */
  async take(uid: string): Promise<Value | null> {
    const [row] = await this.sql.query<{ sealed: string; expires_at: Date }>(
      'delete from crew_connect_pending where interaction_uid = $1 returning sealed, expires_at',
      [uid],
    );
    if (!row || new Date(row.expires_at).getTime() < this.now()) return null;
    return JSON.parse(this.box.open(row.sealed, PENDING_CONTEXT + uid)) as Value;
  }
}
