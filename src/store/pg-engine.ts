// The server engine: a PostgreSQL server through the pg driver's pool (--store postgres://...).
// Transactions and advisory locks take one pooled connection for their duration; LISTEN takes a
// connection of its own for as long as anyone listens.
import pg from 'pg';
import { channelName, type SqlEngine, type SqlRunner } from './engine.js';

function runner(target: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      // Without parameters, the simple protocol: a migration is several statements.
      const result =
        params.length === 0 ? await target.query(text) : await target.query(text, params as unknown[]);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as Row[];
    },
  };
}

export async function openPgEngine(connectionString: string, maxConnections = 10): Promise<SqlEngine> {
  const pool = new pg.Pool({ connectionString, max: maxConnections, idleTimeoutMillis: 30_000 });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Fail at start, not at the first request, when the server cannot be reached.
  await pool.query('select 1');
  const self = runner(pool);
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  const listenerClient = async (): Promise<pg.Client> => {
    if (listener) return listener;
    const client = new pg.Client({ connectionString });
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    await client.connect();
    listener = client;
    return client;
  };

  return {
    kind: 'postgres',
    query: self.query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(runner(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withLock(key, work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work(runner(client));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const name = channelName(channel);
      const client = await listenerClient();
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        await client.query(`listen ${name}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && handlers.get(name) === set) {
          handlers.delete(name);
          await client.query(`unlisten ${name}`).catch(() => undefined);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channelName(channel), payload]);
    },
    async close() {
      await listener?.end().catch(() => undefined);
      listener = null;
      await pool.end();
    },
  };
}
