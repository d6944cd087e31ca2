// `crew-mcp sandbox [flags]`: strict flag parsing, what it prints, and a clean stop on a signal.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSandboxArgs, runSandboxCommand, type SandboxCommandIo } from '../../src/sandbox/command.js';
import { readJson } from '../helpers/sandbox.js';

afterEach(() => {
  process.exitCode = undefined;
});

describe('crew-mcp sandbox: arguments', () => {
  it('defaults to 127.0.0.1:4000 without faults', () => {
    expect(parseSandboxArgs([])).toEqual({ host: '127.0.0.1', port: 4000, faults: {} });
  });

  it('reads every flag, as "--flag value" or "--flag=value"', () => {
    const options = parseSandboxArgs([
      '--host',
      '::1',
      '--port=0',
      '--latency-ms',
      '25',
      '--error-rate=0.5',
      '--rate-limit',
      '10',
      '--token-lifetime',
      '60',
    ]);
    expect(options).toEqual({
      host: '::1',
      port: 0,
      faults: { latencyMs: 25, errorRate: 0.5, rateLimitPerSecond: 10, tokenLifetimeSeconds: 60 },
    });
  });

  it.each([
    [['--verbose'], /Unknown argument "--verbose"/],
    [['extra'], /Unknown argument "extra"/],
    [['--port'], /--port needs a value/],
    [['--port', '--host', 'x'], /--port needs a value/],
    [['--port', '70000'], /--port must be between 0 and 65535/],
    [['--port', '4.5'], /--port must be a whole number/],
    [['--error-rate', '1.5'], /--error-rate must be a number from 0 to 1/],
    [['--error-rate', ''], /--error-rate must be a number from 0 to 1/],
    [['--latency-ms', '-1'], /--latency-ms must be a whole number/],
    [['--token-lifetime', '0'], /--token-lifetime must be between 1/],
    [['--port', '1', '--port', '2'], /--port is given twice/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(message);
  });

  it('a bad flag prints the reason and usage on stderr and sets exit code 2, starting nothing', async () => {
    const out: string[] = [];
    const err: string[] = [];
    let waited = false;
    const io: SandboxCommandIo = {
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      untilStopped: async () => {
        waited = true;
      },
    };
    await runSandboxCommand(['--rate-limit', 'lots'], io);
    expect(process.exitCode).toBe(2);
    expect(err.join('')).toMatch(/--rate-limit must be a whole number[\s\S]*Usage: crew-mcp sandbox/);
    expect(out).toEqual([]);
    expect(waited).toBe(false);
  });
});

describe('crew-mcp sandbox: running', () => {
  it('prints the URLs, realm and demo keys, serves until stopped, then closes', async () => {
    let printed = '';
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let ready!: () => void;
    const started = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const io: SandboxCommandIo = {
      stdout: (text) => {
        printed += text;
        ready();
      },
      stderr: () => undefined,
      untilStopped: () => stopped,
    };
    const running = runSandboxCommand(['--port', '0', '--token-lifetime', '120'], io);
    await started;
    const baseUrl = /base URL:\s+(\S+)/.exec(printed)?.[1];
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed).toContain(`auth URL:    ${baseUrl}`);
    expect(printed).toContain('realm:       sandbox');
    expect(printed).toContain(`token URL:   ${baseUrl}/realms/sandbox/protocol/openid-connect/token`);
    expect(printed).toContain(`GraphQL URL: ${baseUrl}/gql`);
    expect(printed).toContain(
      'demo-admin / demo-admin-secret: jobs:read jobs:write crew:read crew:write webhooks:manage',
    );
    expect(printed).toContain('demo-readonly / demo-readonly-secret: jobs:read crew:read');

    const token = await fetch(`${baseUrl}/realms/sandbox/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-readonly&client_secret=demo-readonly-secret',
    });
    expect((await readJson(token)).expires_in).toBe(120);

    stop();
    await running;
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
  });
});

const builtCli = fileURLToPath(new URL('../../dist/bin/crew-mcp.js', import.meta.url));

describe('crew-mcp sandbox: the built CLI', () => {
  // `npm test` builds first; a bare `vitest run` without dist/ has nothing to spawn.
  it.skipIf(!existsSync(builtCli))('starts, answers /healthz and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [builtCli, 'sandbox', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CREW_LOG_LEVEL: 'silent' },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let stdout = '';
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /base URL:\s+(\S+)/.exec(stdout);
          if (match && stdout.includes('Press Ctrl+C')) resolve(match[1]!);
        });
        child.on('exit', () => reject(new Error(`exited early: ${stdout}`)));
      });
      expect(await readJson(await fetch(`${baseUrl}/healthz`))).toEqual({ status: 'ok' });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it.skipIf(!existsSync(builtCli))('exits 2 with a message on an unknown flag', async () => {
    const child = spawn(process.execPath, [builtCli, 'sandbox', '--nope'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown argument "--nope"');
  });
});
