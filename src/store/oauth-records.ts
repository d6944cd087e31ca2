// oidc-provider's storage (its adapter interface): one table of records by model name and id, the
// payload as JSON, with the grant id (revoking a grant deletes everything issued under it), the
// interaction uid, the device user code, the expiry and the consumption time. Expired records
// are never returned and are deleted by sweep().
import type { SqlRunner } from './engine.js';

export type OAuthPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
};

interface RecordRow {
  payload: OAuthPayload;
  consumed_at: Date | null;
}

const LIVE = '(expires_at is null or expires_at > $3)';

export class OAuthRecords {
  constructor(
    private readonly sql: SqlRunner,
    private readonly now: () => number = Date.now,
  ) {}

  async upsert(model: string, id: string, payload: OAuthPayload, expiresInSeconds?: number): Promise<void> {
    const expiresAt = expiresInSeconds ? new Date(this.now() + expiresInSeconds * 1000) : null;
    await this.sql.query(
      `insert into crew_oauth_records (model, id, payload, grant_id, user_code, uid, expires_at)
       values ($1, $2, $3::jsonb, $4, $5, $6, $7)
       on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      [
        model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
  }

  private async one(where: string, params: unknown[]): Promise<OAuthPayload | undefined> {
    const rows = await this.sql.query<RecordRow>(
      `select payload, consumed_at from crew_oauth_records where model = $1 and ${where} and ${LIVE}`,
      [...params, new Date(this.now())],
    );
    const row = rows[0];
    if (!row) return undefined;
    return row.consumed_at
      ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
      : row.payload;
  }

  find(model: string, id: string) {
    return this.one('id = $2', [model, id]);
  }

  findByUid(model: string, uid: string) {
    return this.one('uid = $2', [model, uid]);
  }

  findByUserCode(model: string, userCode: string) {
    return this.one('user_code = $2', [model, userCode]);
  }

  async consume(model: string, id: string): Promise<void> {
    await this.sql.query('update crew_oauth_records set consumed_at = $3 where model = $1 and id = $2', [
      model,
      id,
      new Date(this.now()),
    ]);
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.sql.query('delete from crew_oauth_records where model = $1 and id = $2', [model, id]);
  }

  /** Everything issued under the grant (codes, access and refresh tokens, the grant itself). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.sql.query(
      `delete from crew_oauth_records where grant_id = $1 or (model = 'Grant' and id = $1)`,
      [grantId],
    );
  }

  /** Deletes expired records; returns how many. */
  async sweep(): Promise<number> {
    const rows = await this.sql.query(
      'delete from crew_oauth_records where expires_at is not null and expires_at <= $1 returning id',
      [new Date(this.now())],
    );
    return rows.length;
  }
}
