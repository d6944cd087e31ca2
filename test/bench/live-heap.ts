// The live heap of a spawned server: started with --heapsnapshot-signal, it writes a heap
// snapshot on SIGUSR2, which V8 takes after a full garbage collection, so the sum of its objects'
// sizes is what the server really holds, unlike RSS, which follows V8's own sizing of the heap.
// The long run compares it in the middle and at the end: growth would be a leak.

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './stats.js';

export interface HeapProbe {
  /** Node flags that make the server write snapshots on SIGUSR2 into this probe's directory. */
  nodeArgs: string[];
  /** Ask for a snapshot and sum its objects, in MiB. */
  liveMiB(server: ChildProcess): Promise<number>;
  /** Remove the snapshots. */
  dispose(): void;
}

/** Bounded: a snapshot of a ~20 MiB heap takes a second or two to write. */
const SNAPSHOT_TIMEOUT_MS = 30_000;

export function heapProbe(): HeapProbe {
  const dir = mkdtempSync(join(tmpdir(), 'crew-mcp-heap-'));
  return {
    nodeArgs: ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`],
    async liveMiB(server) {
      const before = new Set(readdirSync(dir));
      server.kill('SIGUSR2');
      const deadline = Date.now() + SNAPSHOT_TIMEOUT_MS;
      for (;;) {
        const written = readdirSync(dir).find((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
        if (written) {
          // The file appears when writing starts: read it once it parses.
          try {
            return liveSize(readFileSync(join(dir, written), 'utf8'));
          } catch {
            // Still being written.
          }
        }
        if (Date.now() > deadline) throw new Error('the server wrote no heap snapshot');
        await sleep(200);
      }
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function liveSize(text: string): number {
  const snapshot = JSON.parse(text) as {
    snapshot: { meta: { node_fields: string[] } };
    nodes: number[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const selfSize = fields.indexOf('self_size');
  let total = 0;
  for (let index = 0; index < snapshot.nodes.length; index += fields.length) {
    total += snapshot.nodes[index + selfSize] as number;
  }
  return total / 2 ** 20;
}
