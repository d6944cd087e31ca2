// The test count and the suite's time as a generated figure: after a run of every test file (not a
// filtered one, whose figures would mean nothing), this reporter writes `.vitest-suite.json` at the
// package root (git-ignored). `npm run bench` reads it into BENCHMARKS.md's "Test suite" section and
// the README's headlines take it from there, so the README's "npm test takes ..." is never typed.
import { readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export const SUITE_FIGURES_FILE = '.vitest-suite.json';

export interface SuiteFigures {
  files: number;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Wall-clock seconds from the run's start to its end, as vitest's own summary gives it. */
  seconds: number;
  workers: number;
  cores: number;
  node: string;
  finishedAt: string;
}

function testFileCount(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((count, entry) => {
    if (entry.isDirectory()) return count + testFileCount(join(dir, entry.name));
    return count + (entry.name.endsWith('.test.ts') ? 1 : 0);
  }, 0);
}

export function suiteFigures(
  modules: ReadonlyArray<TestModule>,
  seconds: number,
  workers: number,
): SuiteFigures {
  const counts = { tests: 0, passed: 0, failed: 0, skipped: 0 };
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      counts.tests += 1;
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
  }
  return {
    files: modules.length,
    ...counts,
    seconds: Math.round(seconds),
    workers,
    cores: availableParallelism(),
    node: process.version,
    finishedAt: new Date().toISOString(),
  };
}

export class SuiteFiguresReporter implements Reporter {
  private started = performance.now();

  constructor(
    private readonly root: string,
    private readonly workers: number,
  ) {}

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    // Only a run of the whole suite is a figure of the suite.
    if (modules.length !== testFileCount(join(this.root, 'test'))) return;
    const figures = suiteFigures(modules, (performance.now() - this.started) / 1000, this.workers);
    writeFileSync(join(this.root, SUITE_FIGURES_FILE), `${JSON.stringify(figures, null, 2)}\n`);
  }
}
