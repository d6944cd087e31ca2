// The embedded engine: PostgreSQL compiled to WebAssembly (PGlite), persisted in a directory
// (--data-dir), or in memory when none is given (tests). One connection in one process: PGlite
// queues statements itself, and a transaction holds the connection until it ends.
import { PGlite } from '@electric-sql/pglite';
import { channelName, type SqlEngine, type SqlRunner } from './engine.js';

export async function openPgliteEngine(dataDir: string | null): Promise<SqlEngine> {
  const db = await PGlite.create(dataDir ?? undefined);
  const runner = (target: Pick<PGlite, 'query' | 'exec'>): SqlRunner => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      // Without parameters, the simple protocol: a migration is several statements.
      if (params.length === 0) return ((await target.exec(text)).at(-1)?.rows ?? []) as Row[];
      return (await target.query<Row>(text, params as unknown[])).rows;
    },
  });
  const self = runner(db);
  return {
    kind: 'pglite',
    query: self.query,
    transaction: (work) => db.transaction((tx) => work(runner(tx))),
    withLock: (_key, work) => work(self),
    async listen(channel, onPayload) {
      const stop = await db.listen(channelName(channel), onPayload);
      return async () => stop();
    },
    async notify(channel, payload) {
      await db.query('select pg_notify($1, $2)', [channelName(channel), payload]);
    },
    close: () => db.close(),
  };
}
