// The CLI's rough edges, as a newcomer meets them (the built CLI, spawned): a port that cannot
// be bound, a misspelled tool name, a bad boolean, an unknown sandbox key, `sandbox --help`.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/mcp.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function crewMcp(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn', ...env }, timeout: 15_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr, ms: Date.now() - started }),
    );
  });
}

let busy: Server;
let busyPort: number;
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
});

describe('crew-mcp http on a port that cannot be bound', () => {
  it('says so and exits 1 at once, leaving nothing running (its sandbox stopped)', async () => {
    const run = await crewMcp(['http', '--port', String(busyPort)]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(`could not serve HTTP on 127.0.0.1:${busyPort}: the port is in use`);
    expect(run.stderr).toMatch(/CREW_HTTP_PORT/);
    // The process ended by itself (execFile's 15 s timeout would have killed it, with code null).
    expect(run.ms).toBeLessThan(10_000);
  });
});

describe('configuration errors exit 2 with a hint', () => {
  it('--tools with a misspelled name names the nearest tool', async () => {
    const run = await crewMcp(['--tools', 'list_job']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown tool "list_job" in --tools; did you mean "list_jobs"\?/);
  });

  it('--exclude-tools too', async () => {
    const run = await crewMcp(['check', '--exclude-tools', 'get_crews']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/did you mean "get_crew"\?/);
  });

  it('CREW_READ_ONLY=maybe is an error, not "off"', async () => {
    const run = await crewMcp(['check'], { CREW_READ_ONLY: 'maybe' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/CREW_READ_ONLY must be one of 1, true, yes, on, 0, false, no, off/);
  });

  it('--sandbox-key nobody names the sandbox keys', async () => {
    const run = await crewMcp(['check', '--sandbox-key', 'nobody']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown sandbox key "nobody".*demo-admin, demo-readonly/);
  });
});

describe('crew-mcp sandbox --help', () => {
  it('prints its usage and exits 0', async () => {
    const run = await crewMcp(['sandbox', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: crew-mcp sandbox \[--host 127\.0\.0\.1\] \[--port 4000\]/);
    expect(run.stderr).toBe('');
  });
});
