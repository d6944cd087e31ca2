// The store's SQL engine: one small interface over the two places the same SQL runs, the embedded
// PostgreSQL (PGlite, a data directory, one process) and a PostgreSQL server (pg, a pool shared by
// replicas). Everything above it (migrations, tables, the OAuth adapter) speaks only this.

/** Runs statements (the engine itself, or one transaction's connection). */
export interface SqlRunner {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlEngine extends SqlRunner {
  readonly kind: 'pglite' | 'postgres';
  /** `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * `work` holding a session-wide advisory lock on `key`, on one connection: processes that start
   * at once (replicas migrating one database) take turns. PGlite has one connection, so it only runs.
   */
  withLock<T>(key: number, work: (runner: SqlRunner) => Promise<T>): Promise<T>;
  /** LISTEN on `channel` (a plain identifier); returns the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with `payload` (delivered after the sender's transaction commits). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** A LISTEN channel goes into SQL text (it cannot be a parameter): only plain identifiers pass. */
export function channelName(channel: string): string {
  if (!IDENTIFIER.test(channel)) throw new Error(`Not a plain channel name: "${channel}"`);
  return channel;
}
