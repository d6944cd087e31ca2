// scripts/test-prereqs.mjs, the first step of `npm test` and .ci/run: what it decides to install or
// start, or the command it names when it cannot, from facts moved for the test (a directory
// standing for /, the user id, the platform, PostgreSQL's port, PATH), in its dry-run mode: it runs
// nothing, so nothing on this machine is installed, started or removed.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';

const SCRIPT = packagePath('scripts', 'test-prereqs.mjs');
let dir: string;
let listening: Server;
let upPort: number;
let downPort: number;

/** A file at `path` under `root`, executable: what the script looks for. */
function place(root: string, path: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), '#!/bin/sh\nexit 1\n');
  chmodSync(join(root, path), 0o755);
}

/** A machine: which of Debian's packages it has, the commands on its PATH, PostgreSQL's versions. */
function machine(
  name: string,
  has: { files?: string[]; commands?: string[]; postgres?: string[] },
): {
  root: string;
  path: string;
} {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  for (const file of has.files ?? []) place(root, file);
  for (const version of has.postgres ?? [])
    mkdirSync(join(root, 'etc', 'postgresql', version), { recursive: true });
  for (const command of has.commands ?? []) place(root, join('/bin', command));
  return { root, path: join(root, 'bin') };
}

const BOTH = ['/usr/bin/chromium', '/usr/sbin/haproxy'];
/** Debian's PostgreSQL server binaries, which the PostgreSQL restart test runs a server of its own with. */
const PG_BINARIES = ['initdb', 'pg_ctl', 'postgres'].map((tool) => `/usr/lib/postgresql/15/bin/${tool}`);

function dryRun(
  on: { root: string; path: string },
  facts: { uid?: number; platform?: string; pgUp?: boolean } = {},
): { status: number | null; out: string; err: string; ms: number } {
  const started = Date.now();
  const result = spawnSync(process.execPath, [SCRIPT, '--dry-run'], {
    encoding: 'utf8',
    timeout: 15_000,
    env: {
      PATH: on.path,
      CREW_PREREQS_ROOT: on.root,
      CREW_PREREQS_UID: String(facts.uid ?? 0),
      CREW_PREREQS_PLATFORM: facts.platform ?? 'linux',
      CREW_PREREQS_PG_PORT: String(facts.pgUp === false ? downPort : upPort),
    },
  });
  return { status: result.status, out: result.stdout, err: result.stderr, ms: Date.now() - started };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crew-mcp-prereqs-'));
  const free = createServer();
  await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
  downPort = (free.address() as { port: number }).port;
  await new Promise((resolve) => free.close(resolve));
  listening = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  upPort = (listening.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => listening.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('npm test prerequisites', () => {
  it('runs nothing when Chromium, HAProxy and PostgreSQL are there: no apt-get update', () => {
    const run = dryRun(
      machine('ready', { files: [...BOTH, ...PG_BINARIES], commands: ['apt-get'], postgres: ['15'] }),
    );
    expect(run.status, run.err).toBe(0);
    expect(run.out).not.toMatch(/would run/);
    expect(run.out).toContain('chromium, haproxy and PostgreSQL checked (dry run)');
  });

  it('installs only what is missing, as root with apt-get', () => {
    const run = dryRun(machine('no-haproxy', { files: ['/usr/bin/chromium'], commands: ['apt-get'] }));
    expect(run.status, run.err).toBe(0);
    expect(run.out).toContain(
      'would run: apt-get update && apt-get install -y -o DPkg::Lock::Timeout=300 haproxy\n',
    );
    const both = dryRun(machine('bare', { commands: ['apt-get'] }));
    expect(both.out).toContain('apt-get install -y -o DPkg::Lock::Timeout=300 chromium haproxy\n');
  });

  it('stops at once when not root, naming the command with sudo', () => {
    const run = dryRun(machine('user', { files: ['/usr/sbin/haproxy'], commands: ['apt-get'] }), {
      uid: 1000,
    });
    expect(run.status).toBe(1);
    expect(run.err).toContain('missing /usr/bin/chromium');
    expect(run.err).toContain('run: sudo apt-get update && sudo apt-get install -y chromium\n');
    expect(run.out).not.toMatch(/would run/);
    expect(run.ms).toBeLessThan(10_000);
  });

  it('stops without apt-get, or off Linux, naming the Debian command', () => {
    for (const [name, facts] of [
      ['no-apt', {}],
      ['macos', { platform: 'darwin', uid: 501 }],
    ] as const) {
      const run = dryRun(machine(name, { files: ['/usr/bin/chromium'], commands: [] }), facts);
      expect(run.status, name).toBe(1);
      expect(run.err).toContain("Debian's packages at these paths; on Debian or Ubuntu:");
      expect(run.err).toMatch(/run: (sudo )?apt-get update && (sudo )?apt-get install -y haproxy\n/);
    }
  });

  it('starts the newest installed PostgreSQL cluster when it is down', () => {
    const on = machine('pg-down', {
      files: [...BOTH, ...PG_BINARIES],
      commands: ['pg_ctlcluster'],
      postgres: ['13', '15'],
    });
    const run = dryRun(on, { pgUp: false });
    expect(run.status, run.err).toBe(0);
    expect(run.out).toContain('would run: pg_ctlcluster --skip-systemctl-redirect 15 main start\n');
    const user = dryRun(on, { pgUp: false, uid: 1000 });
    expect(user.status).toBe(1);
    expect(user.err).toContain('run: sudo pg_ctlcluster --skip-systemctl-redirect 15 main start\n');
  });

  it("installs Debian's PostgreSQL server binaries when the server running is another (a container)", () => {
    // One of the three missing is as good as none: the server of the test's own needs all three.
    const on = machine('pg-elsewhere', {
      files: [...BOTH, ...PG_BINARIES.slice(0, 2)],
      commands: ['apt-get'],
    });
    const run = dryRun(on);
    expect(run.status, run.err).toBe(0);
    expect(run.out).toContain(
      'would run: apt-get update && apt-get install -y -o DPkg::Lock::Timeout=300 postgresql\n',
    );
    const user = dryRun(on, { uid: 1000 });
    expect(user.status).toBe(1);
    expect(user.err).toContain("missing Debian's PostgreSQL server binaries (initdb, pg_ctl, postgres");
    expect(user.err).toContain('run: sudo apt-get update && sudo apt-get install -y postgresql\n');
  });

  it('stops when PostgreSQL is not installed, naming the package and the trust it needs', () => {
    const run = dryRun(machine('no-pg', { files: BOTH, commands: ['apt-get', 'pg_ctlcluster'] }), {
      pgUp: false,
    });
    expect(run.status).toBe(1);
    expect(run.err).toContain('is not installed');
    expect(run.err).toContain('without a password (trust in pg_hba.conf)');
    expect(run.err).toContain('run: apt-get install -y postgresql\n');
  });
});
