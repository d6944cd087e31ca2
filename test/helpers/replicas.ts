// Several crew-mcp replicas as users run them: the built CLI's HTTP server, N processes on
// loopback ports, behind HAProxy (Debian's package, with deploy/haproxy.cfg, the README's
// config, ports put in place), sharing one PostgreSQL database of their own (created here, dropped
// at close) and one sandbox platform run once as `crew-mcp sandbox`, reached as a live platform
// through the five CREW_* settings. Used by the replica tests and the benchmark.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packagePath } from '../../src/paths.js';
import { CLI } from './mcp.js';
import { createTestDatabase, type TestDatabase } from './store-engines.js';

export const HAPROXY = '/usr/sbin/haproxy';

/** Every process started here, so that a failed test run leaves none behind. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

/** A free TCP port on 127.0.0.1 (bound and released: the caller binds it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Wait for `pattern` in a child's output; rejects when it exits or `ms` pass first. */
function waitForOutput(child: ChildProcess, read: () => string, pattern: RegExp, ms: number, what: string) {
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const check = () => {
      const match = read().match(pattern);
      if (!match) return;
      cleanup();
      resolve(match);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`${what} exited with ${code}:\n${read()}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${what} did not start in ${ms} ms:\n${read()}`));
    }, ms);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', ms = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

export interface SandboxProcess {
  baseUrl: string;
  authUrl: string;
  realm: string;
  keys: { clientId: string; clientSecret: string }[];
  process: ChildProcess;
  /** The five CREW_* settings that point crew-mcp at this sandbox with key `clientId`. */
  env(clientId?: string): Record<string, string>;
  close(): Promise<void>;
}

/** `crew-mcp sandbox --port <free>`: the platform, once, for every replica. */
export async function spawnSandbox(args: string[] = []): Promise<SandboxProcess> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [CLI, 'sandbox', '--port', String(port), ...args], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForOutput(child, () => output, /Press Ctrl\+C to stop/, 20_000, 'crew-mcp sandbox');
  const field = (name: string) => output.match(new RegExp(`${name}:\\s+(\\S+)`))?.[1] ?? '';
  const keys = [...output.matchAll(/^ {2}(demo-[\w-]+) \/ (\S+):/gm)].map((match) => ({
    clientId: match[1] as string,
    clientSecret: match[2] as string,
  }));
  const sandbox: SandboxProcess = {
    baseUrl: field('base URL'),
    authUrl: field('auth URL'),
    realm: field('realm'),
    keys,
    process: child,
    env(clientId = 'demo-admin') {
      const key = keys.find((candidate) => candidate.clientId === clientId);
      if (!key) throw new Error(`No sandbox key ${clientId}.`);
      return {
        CREW_CLIENT_ID: key.clientId,
        CREW_CLIENT_SECRET: key.clientSecret,
        CREW_AUTH_URL: sandbox.authUrl,
        CREW_REALM: sandbox.realm,
        CREW_API_URL: sandbox.baseUrl,
      };
    },
    close: () => stop(child),
  };
  return sandbox;
}

/**
 * deploy/haproxy.cfg with the load balancer on `lbPort` and its servers on `replicaPorts`: each
 * backend's block of `server replicaN 127.0.0.1:PORT ...` lines becomes one line per port, with
 * the same options (a `track backend/replica1` follows its replica's number).
 */
export function haproxyConfig(lbPort: number, replicaPorts: number[]): string {
  const shipped = readFileSync(packagePath('deploy', 'haproxy.cfg'), 'utf8');
  const server = /^(\s+)server replica(\d+) 127\.0\.0\.1:\d+(.*)$/;
  if (!shipped.includes('bind 127.0.0.1:8080') || !shipped.split('\n').some((line) => server.test(line))) {
    throw new Error('deploy/haproxy.cfg no longer has the bind and server lines this harness rewrites');
  }
  const out: string[] = [];
  // Each answer names the replica that gave it (tests only: the shipped file tells clients nothing).
  const bind = `bind 127.0.0.1:${lbPort}\n    http-response set-header x-served-by %[srv_name]`;
  for (const line of shipped.replace('bind 127.0.0.1:8080', bind).split('\n')) {
    const match = line.match(server);
    if (!match) {
      out.push(line);
      continue;
    }
    // The block's first line stands for all of them; the others are dropped.
    if (match[2] !== '1') continue;
    const [, indent, , rest = ''] = match;
    for (const [i, port] of replicaPorts.entries()) {
      const options = rest.replace(/\/replica1\b/, `/replica${i + 1}`);
      out.push(`${indent}server replica${i + 1} 127.0.0.1:${port}${options}`);
    }
  }
  return out.join('\n');
}

export interface Haproxy {
  url: string;
  process: ChildProcess;
  /** HAProxy's own log (warnings: servers going down and up). */
  output(): string;
  close(): Promise<void>;
}

export async function startHaproxy(lbPort: number, replicaPorts: number[]): Promise<Haproxy> {
  if (!existsSync(HAPROXY)) {
    throw new Error(
      `${HAPROXY} is missing: apt-get install -y haproxy (README "Running more than one replica").`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'crew-mcp-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  await writeFile(file, haproxyConfig(lbPort, replicaPorts));
  // The generated list of read-only tools, beside the config as in deploy/ (default-path config).
  await copyFile(packagePath('deploy', 'read-only-tools.lst'), join(dir, 'read-only-tools.lst'));
  // -db: stay in the foreground (stopped with the test), -W: master-worker, as systemd runs it.
  const child = track(spawn(HAPROXY, ['-W', '-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${lbPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    process: child,
    output: () => output,
    async close() {
      await stop(child, 'SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Replica {
  name: string;
  port: number;
  baseUrl: string;
  mcpUrl: string;
  process: ChildProcess;
  stderr(): string;
  /** Kill it (SIGKILL: a crash, nothing flushed; SIGTERM: a deploy). */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** One `crew-mcp http` replica on `port`. */
export async function spawnReplica(
  name: string,
  port: number,
  args: string[],
  env: Record<string, string>,
): Promise<Replica> {
  const child = track(
    spawn(process.execPath, [CLI, 'http', '--host', '127.0.0.1', '--port', String(port), ...args], {
      env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  await waitForOutput(child, () => stdout + stderr, /serving MCP at http:\/\/\S+\/mcp/, 30_000, name);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    process: child,
    stderr: () => stderr,
    kill: (signal = 'SIGTERM') => stop(child, signal),
  };
}

export interface ReplicaSetOptions {
  replicas?: number;
  /** Flags every replica gets besides --host, --port, --store and the webhook settings. */
  args?: string[];
  env?: Record<string, string>;
  /** Without the shared store (each replica on its own: the behaviour the store fixes). */
  store?: boolean;
  /**
   * --auth connector: the replicas are one hosted connector (its public URL the balancer's, the
   * connect page's default platform the sandbox, the store key this one), with no platform key.
   */
  connectorStoreKey?: string;
  sandboxArgs?: string[];
  /** The PostgreSQL server the set's database is made on: the shared one on 127.0.0.1:5432 unless given. */
  server?: string;
}

export interface ReplicaSet {
  sandbox: SandboxProcess;
  database: TestDatabase;
  haproxy: Haproxy;
  replicas: Replica[];
  /** The load balancer's MCP URL, as clients use it. */
  mcpUrl: string;
  /** The secret every replica verifies deliveries with (and the sandbox signs them with). */
  webhookSecret: string;
  /** Start `replica` (stopped) again on its port with the set's flags, in its place in `replicas`. */
  respawn(replica: Replica): Promise<Replica>;
  close(): Promise<void>;
}

/** A hosted connector's settings: its store key and its connect page's default platform. */
function connectorEnv(storeKey: string, sandbox: SandboxProcess): Record<string, string> {
  return {
    CREW_STORE_KEY: storeKey,
    CREW_AUTH_URL: sandbox.authUrl,
    CREW_REALM: sandbox.realm,
    CREW_API_URL: sandbox.baseUrl,
  };
}

/**
 * One more connector replica beside a connector set (not behind its balancer), on the set's
 * store and public URL, sealing with `storeKey`, with `args` besides.
 */
export async function spawnConnectorReplica(
  set: ReplicaSet,
  name: string,
  storeKey: string,
  args: string[] = [],
): Promise<Replica> {
  const lb = new URL(set.mcpUrl).origin;
  return spawnReplica(
    name,
    await freePort(),
    ['--store', set.database.url, '--auth', 'connector', '--public-url', lb, ...args],
    connectorEnv(storeKey, set.sandbox),
  );
}

/**
 * The sandbox, a database, N replicas (started at once: each subscribes the load balancer's
 * /webhooks at the sandbox and retires older subscriptions to that URL, taking turns under the
 * store's lock) and HAProxy.
 */
export async function startReplicaSet(options: ReplicaSetOptions = {}): Promise<ReplicaSet> {
  const count = options.replicas ?? 3;
  const sandbox = await spawnSandbox(options.sandboxArgs);
  const database = await createTestDatabase('crew_mcp_replicas', options.server);
  const replicas: Replica[] = [];
  let haproxy: Haproxy | undefined;
  const close = async () => {
    await haproxy?.close();
    await Promise.all(replicas.map((replica) => replica.kill('SIGTERM')));
    await sandbox.close();
    await database.drop();
  };
  try {
    const lbPort = await freePort();
    const webhookSecret = randomBytes(24).toString('hex');
    const connector = options.connectorStoreKey;
    const args = [
      ...(options.store === false ? [] : ['--store', database.url]),
      '--trusted-proxies',
      '127.0.0.1',
      ...(connector
        ? ['--auth', 'connector', '--public-url', `http://127.0.0.1:${lbPort}`]
        : ['--webhook-secret', webhookSecret, '--webhook-public-url', `http://127.0.0.1:${lbPort}/webhooks`]),
      ...(options.args ?? []),
    ];
    const env: Record<string, string> = connector
      ? { ...connectorEnv(connector, sandbox), ...options.env }
      : { ...sandbox.env(), ...options.env };
    const names = Array.from({ length: count }, (_, i) => `replica${i + 1}`);
    if (options.store === false) {
      // Without the store nothing makes their subscriptions take turns: one after another.
      for (const name of names) replicas.push(await spawnReplica(name, await freePort(), args, env));
    } else {
      const ports = await Promise.all(names.map(() => freePort()));
      const spawned = await Promise.allSettled(
        names.map((name, i) => spawnReplica(name, ports[i]!, args, env)),
      );
      for (const outcome of spawned) if (outcome.status === 'fulfilled') replicas.push(outcome.value);
      const failed = spawned.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    }
    haproxy = await startHaproxy(
      lbPort,
      replicas.map((replica) => replica.port),
    );
    const respawn = async (old: Replica) => {
      const fresh = await spawnReplica(old.name, old.port, args, env);
      replicas[replicas.indexOf(old)] = fresh;
      return fresh;
    };
    return {
      sandbox,
      database,
      haproxy,
      replicas,
      mcpUrl: `${haproxy.url}/mcp`,
      webhookSecret,
      respawn,
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
