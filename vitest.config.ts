import { defineConfig } from 'vitest/config';

/**
 * Test files that run in a module graph (and process) of their own: the end-to-end tests and the
 * sandbox's HTTP contract tests, which start and stop servers and spawn CLIs, and hold keep-alive
 * connections and timings that a file before them must not touch; the store and planner tests
 * (databases, WASM engines); and any file named `*.isolated.test.ts` (global state it changes, a
 * heavy native or WASM module to unload, a browser).
 */
const ISOLATED = [
  'test/e2e/**/*.test.ts',
  'test/sandbox/**/*.test.ts',
  'test/store/**/*.test.ts',
  'test/planner/**/*.test.ts',
  'test/browser/**/*.test.ts',
  'test/ui/**/*.test.ts',
  'test/**/*.isolated.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: keep worker count low so e2e processes and the sandbox are not starved.
    maxWorkers: 2,
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
