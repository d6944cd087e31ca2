import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: keep worker count low so e2e processes and the sandbox are not starved.
    maxWorkers: 2,
  },
});
