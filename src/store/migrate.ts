// Brings a store's schema up to date at start: each migration not yet recorded in crew_migrations
// runs in its own transaction with its record, so a failure leaves the schema at the last whole
// version. Processes starting at once against one server take turns under an advisory lock; the
// one that comes second finds the work done. A database newer than this build is refused.
import type { SqlEngine } from './engine.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

/** Advisory lock key of migrations (any fixed number, the same in every crew-mcp). */
export const MIGRATION_LOCK = 0x63_72_65_77; // "crew"

export interface MigrationOutcome {
  applied: number[];
  version: number;
}

export async function migrate(
  engine: SqlEngine,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationOutcome> {
  return engine.withLock(MIGRATION_LOCK, async (runner) => {
    await runner.query(
      `create table if not exists crew_migrations (
         version integer primary key,
         name text not null,
         applied_at timestamptz not null default now()
       )`,
    );
    const rows = await runner.query<{ version: number }>('select version from crew_migrations');
    const done = new Set(rows.map((row) => Number(row.version)));
    const newest = Math.max(0, ...done);
    const known = Math.max(0, ...migrations.map((migration) => migration.version));
    if (newest > known) {
      throw new Error(
        `The store's schema is at version ${newest}, newer than this crew-mcp knows (${known}): upgrade crew-mcp.`,
      );
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      // Statements on the lock's connection: the lock is session-wide, so a transaction on another
      // pooled connection would not be covered by it.
      await runner.query('begin');
      try {
        await runner.query(migration.sql);
        await runner.query('insert into crew_migrations (version, name) values ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        await runner.query('commit');
      } catch (error) {
        await runner.query('rollback').catch(() => undefined);
        throw new Error(
          `Store migration ${migration.version} (${migration.name}) failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      applied.push(migration.version);
    }
    return { applied, version: Math.max(newest, ...applied) };
  });
}
