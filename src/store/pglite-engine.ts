// The embedded engine: PostgreSQL compiled to WebAssembly (PGlite), persisted in a directory
// (--data-dir), or in memory when none is given (tests). One connection in one process: PGlite
// queues statements itself, and a transaction holds the connection until it ends.
//
// Memory (issue 33 item 4, measured in the README's "The embedded store's memory"): PostgreSQL's
// default shared_buffers (128 MB) is all touched at start inside the WebAssembly memory, and
// creating a data directory (initdb, in a second PGlite instance, then copied over) leaves about
// 500 MiB behind in the process that did it. So the store runs with small buffers (it holds a
// few small tables; the operating system caches the files), a new data directory is made by a
// short-lived child process, whose memory goes with it, and PostgreSQL's WebAssembly is compiled
// by Liftoff alone (pglite-module.ts: its TurboFan tier-up kept some 50 MiB).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { channelName, type SqlEngine, type SqlRunner } from './engine.js';
import { pgliteModule } from './pglite-module.js';

/**
 * PostgreSQL settings of the embedded store, after PGlite's own. 8 MB of shared buffers holds the
 * connector's working set (tenants, grants, tokens, recent events); PostgreSQL's default, 128 MB,
 * cost 130 MiB of resident memory at idle.
 */
export const EMBEDDED_SETTINGS = ['shared_buffers=8MB', 'temp_buffers=1MB', 'maintenance_work_mem=8MB'];

function embeddedOptions(): PGliteOptions {
  const defaults = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  return {
    startParams: [...defaults, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])],
    pgliteWasmModule: pgliteModule(),
  };
}

/** Makes the data directory `dir` (initdb) and closes it: what the child process runs. */
export async function initializeDataDir(dir: string): Promise<void> {
  const db = await PGlite.create(dir, embeddedOptions());
  await db.close();
}

/**
 * Runs initializeDataDir in a child Node process that imports this very module: possible when
 * this module is JavaScript (the built CLI). From TypeScript sources (the tests) it returns
 * false and the caller initializes in process; the directory made is the same.
 */
async function initializeInChild(dir: string): Promise<boolean> {
  const self = import.meta.url;
  if (!self.endsWith('.js')) return false;
  const script =
    'const [url, dir] = process.argv.slice(1); await (await import(url)).initializeDataDir(dir);';
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, self, dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    throw new Error(
      `Creating the embedded store in ${dir} failed (exit ${code}): ${stderr.trim().slice(-500)}`,
    );
  }
  return true;
}

/** The embedded store is held by another running process (PGlite has no lock of its own). */
export class StoreInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>.lock` (this process's pid) and returns its release: two processes writing one
 * PGlite directory corrupt it, so a second one (a second server, or `crew-mcp store rotate-key`
 * while the server runs) is refused. A lock whose process is gone is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new StoreInUseError(
        `The embedded store in ${dataDir} is in use by process ${holder} (a running crew-mcp): stop it first. Replicas and changes while serving need a PostgreSQL store (--store postgres://...).`,
      );
    }
    rmSync(file, { force: true });
  }
}

export async function openPgliteEngine(dataDir: string | null): Promise<SqlEngine> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  let db: PGlite;
  try {
    // PG_VERSION is the first file initdb writes into a PostgreSQL data directory.
    if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await initializeInChild(dataDir);
    db = await PGlite.create(dataDir ?? undefined, embeddedOptions());
  } catch (error) {
    release();
    throw error;
  }
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
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}
