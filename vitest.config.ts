import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SuiteFiguresReporter } from './test/helpers/suite-reporter.js';

/**
 * Test files that run in a module graph (and process) of their own: the store and planner tests
 * (databases, WASM engines), the browser tests, and any file named `*.isolated.test.ts` (global
 * state it changes, a heavy native or WASM module to unload, a browser). The end-to-end and sandbox
 * contract files share a worker like the unit and tool files: they mock no module, change no clock
 * or global, inject the I/O of the commands they run in process, and close every server, client and
 * child process they start; a fresh graph each cost 29 s of module loading on test/e2e alone
 * (import 29.3 s against 6.2 s shared, 76.5 s of CPU against 54.3 s) and 14 s of CPU on test/sandbox.
 */
const ISOLATED = [
  'test/store/**/*.test.ts',
  'test/planner/**/*.test.ts',
  'test/browser/**/*.test.ts',
  'test/ui/**/*.test.ts',
  'test/**/*.isolated.test.ts',
];

/**
 * One worker per core the machine gives this process: the e2e files spawn servers and sandboxes
 * of their own, so more workers than cores would starve them, and fewer leave a core idle.
 */
const WORKERS = Math.max(1, availableParallelism());

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // fast-check's seed from FC_SEED, set in one place for every property test.
    setupFiles: ['test/helpers/fast-check-setup.ts'],
    maxWorkers: WORKERS,
    // vitest's own summary, and the suite's figures for BENCHMARKS.md (test/helpers/suite-reporter.ts).
    reporters: ['default', new SuiteFiguresReporter(fileURLToPath(new URL('.', import.meta.url)), WORKERS)],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          // A worker keeps its module graph from one file to the next: loading the SDK, zod,
          // graphql and our modules once per worker instead of once per file was about a third
          // of the suite's time. These files mock no module and change no clock or global, and
          // the state our modules keep is caches of pure results, so sharing it changes no outcome.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
