// The hosted connector with the embedded store idles under 250 MiB of resident memory (issue 33
// item 4), measured as an operator would: the built CLI's first start on a new data directory (the
// worst case: it creates the store), its RSS read from /proc while it idles after its banner.
// Resident memory depends on what the process allocated, not on the machine's speed; what is
// measured here was 143 MiB on the machine that wrote it (README "The embedded store's memory").
// Linux only (/proc).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { CLI } from '../helpers/mcp.js';

/**
 * The issue's goal. Settled, this session read 143-144 MiB, also with other test runs beside it
 * (the peak, VmHWM, was the same: start-up leaves nothing behind any more). The margin, some
 * 100 MiB, covers what a loaded machine was seen to add: before PGlite was compiled by Liftoff
 * alone, the same code read 208 MiB quiet and 266 MiB unsettled on a loaded CI run, a spread of
 * some 60 MiB that V8's background compilations and collections decide, not the store.
 */
const BUDGET_MIB = 250;
const SAMPLES = 16;
const SAMPLE_EVERY_MS = 500;
/**
 * Idle means after start-up has settled: V8 gives back start-up garbage only once the process has
 * been quiet a while (its memory reducer), later when the machine is busy. Sampled from the banner
 * on, a clean-clone CI run on a loaded machine read a flat 266 MiB where a quiet one read 208, the
 * same code; the README's figures are read 20 s after the banner, and so is this.
 */
const SETTLE_MS = 20_000;

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kib / 1024;
}

it.skipIf(!existsSync('/proc/self/status'))(
  `idles under ${BUDGET_MIB} MiB RSS on its first start with the embedded store`,
  async () => {
    dir = await mkdtemp(join(tmpdir(), 'crew-connector-memory-'));
    const child = spawn(
      process.execPath,
      [CLI, 'http', '--auth', 'connector', '--port', '0', '--data-dir', dir],
      {
        env: { PATH: process.env.PATH, HOME: dir, CREW_STORE_KEY: randomBytes(32).toString('base64') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += String(chunk);
          if (/serving MCP at /.test(out)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`crew-mcp exited ${code}: ${stderr}`)));
      });
      // The store was made (by a child process of its own) where it is kept.
      expect(existsSync(join(dir, 'store', 'PG_VERSION'))).toBe(true);
      await sleep(SETTLE_MS);
      const samples: number[] = [];
      for (let index = 0; index < SAMPLES; index++) {
        samples.push(residentMiB(child.pid as number));
        await sleep(SAMPLE_EVERY_MS);
      }
      const highest = Math.max(...samples);
      expect(
        highest,
        `RSS samples (MiB): ${samples.map((value) => value.toFixed(0)).join(', ')}`,
      ).toBeLessThan(BUDGET_MIB);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  },
  120_000,
);
