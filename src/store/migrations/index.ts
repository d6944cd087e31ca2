// The store's schema, as versioned migrations applied in order at start. A migration, once
// released, never changes: a change to the schema is a new entry at the end (a new file beside
// this one). Versions are whole numbers, increasing, without gaps.
import { connectorTables } from './0001-connector.js';
import { replicaTables } from './0002-replicas.js';
import { connectPendingTable } from './0003-connect-pending.js';
import { keptPlansTable } from './0004-kept-plans.js';
import { legacySessionsTable } from './0005-legacy-sessions.js';
import { sessionTenantsColumn } from './0006-session-tenants.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'connector tables', sql: connectorTables },
  { version: 2, name: 'replica tables', sql: replicaTables },
  { version: 3, name: 'connect pending keys', sql: connectPendingTable },
  { version: 4, name: 'kept plans', sql: keptPlansTable },
  { version: 5, name: '2025-era sessions', sql: legacySessionsTable },
  { version: 6, name: "2025-era sessions' companies", sql: sessionTenantsColumn },
];
