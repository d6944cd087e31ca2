// A PostgreSQL server of the test's own, for what must never be done to the machine's shared one
// on 127.0.0.1:5432 (other test runs use it): restarting it. Debian's server binaries
// (/usr/lib/postgresql/<version>/bin), initdb into a temporary directory, listening on 127.0.0.1 on
// a free port with fsync off (a test's data need not survive a crash of the machine), trust for
// the user postgres as on the shared server. Run as the user postgres when this process is root
// (postgres refuses to run as root); stopped and deleted at close, or when the test process exits.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './replicas.js';

export const POSTGRES_LIB = '/usr/lib/postgresql';
const TOOLS = ['initdb', 'pg_ctl', 'postgres'];

/** The bin directory of the newest installed version that has initdb, pg_ctl and postgres, or null. */
export function postgresBinaries(lib = POSTGRES_LIB): string | null {
  if (!existsSync(lib)) return null;
  const versions = readdirSync(lib)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(lib, version, 'bin');
    if (TOOLS.every((tool) => existsSync(join(bin, tool)))) return bin;
  }
  return null;
}

/** Why the private server cannot be had here, for a skipped test's title; null when it can. */
export function privatePostgresMissing(): string | null {
  if (postgresBinaries()) return null;
  return `no PostgreSQL server binaries (${TOOLS.join(', ')}) under ${POSTGRES_LIB}/<version>/bin: apt-get install -y postgresql`;
}

/** The uid and gid of `user` from /etc/passwd, or null. */
function account(user: string): { uid: number; gid: number } | null {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === user) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>, without a database (createTestDatabase's server). */
  url: string;
  port: number;
  /** pg_ctl restart -m fast: every connection is closed, and the server is back when this resolves. */
  restart(): Promise<void>;
  /** The server's own log (its start, its shutdown, the connections it closed). */
  log(): string;
  close(): Promise<void>;
}

/** Data directories of servers still running, stopped when the test process exits. */
const running = new Map<string, () => void>();
process.once('exit', () => {
  for (const stopNow of running.values()) stopNow();
});

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error(privatePostgresMissing() ?? 'no PostgreSQL binaries');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? account('postgres') : null;
  if (asRoot && !owner)
    throw new Error('running as root, and there is no user postgres to run the private server as');
  const dir = await mkdtemp(join(tmpdir(), 'crew-mcp-pg-'));
  if (owner) await chown(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = await freePort();
  // As root, each tool runs as postgres (runuser, util-linux); in the directory it owns.
  const command = (tool: string, args: string[]): [string, string[]] =>
    owner ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = async (tool: string, args: string[]) => {
    const [file, argv] = command(tool, args);
    try {
      await promisify(execFile)(file, argv, { cwd: dir, timeout: 60_000 });
    } catch (error) {
      const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
      throw new Error(`${tool} ${args.join(' ')} failed: ${stdout}${stderr}\n${readLog()}`);
    }
  };
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const pgCtl = (action: string, extra: string[] = []) =>
    run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', ...extra, action]);
  const stopNow = () => {
    const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    spawnSync(file, argv, { cwd: dir, stdio: 'ignore', timeout: 20_000 });
  };

  try {
    const initdb = ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'];
    await run('initdb', initdb);
    // In postgresql.conf, not on pg_ctl's command line, so that a restart keeps them.
    await appendFile(
      join(data, 'postgresql.conf'),
      [
        '',
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'shared_buffers = 32MB',
        '',
      ].join('\n'),
    );
    await pgCtl('start');
    running.set(data, stopNow);
  } catch (error) {
    stopNow();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    port,
    restart: () => pgCtl('restart', ['-m', 'fast']),
    log: readLog,
    async close() {
      await pgCtl('stop', ['-m', 'fast']).catch(stopNow);
      running.delete(data);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
