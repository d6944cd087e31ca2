// The two store engines for tests: PGlite in memory, and a PostgreSQL server database of the
// test's own (created with a unique name on 127.0.0.1:5432 and dropped afterwards).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const SERVER = 'postgres://postgres@127.0.0.1:5432';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own on `server` (the shared one unless a test runs a server of its own). */
export async function createTestDatabase(prefix = 'crew_test', server = SERVER): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: `${server}/${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: `${server}/postgres` });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
