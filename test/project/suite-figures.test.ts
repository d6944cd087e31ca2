// The suite's test count and time are a generated figure: the reporter's numbers go into
// BENCHMARKS.md's "Test suite" section and from there into the README's headlines.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteLine } from '../bench/readme-figures.js';
import { readSuiteFigures, suiteText } from '../bench/suite.js';
import type { SuiteFigures } from '../helpers/suite-reporter.js';

const FIGURES: SuiteFigures = {
  files: 180,
  tests: 1503,
  passed: 1503,
  failed: 0,
  skipped: 0,
  seconds: 261,
  workers: 2,
  cores: 2,
  node: 'v20.20.2',
  finishedAt: '2026-11-28T04:00:00.000Z',
};

describe('the test suite figures', () => {
  it('read back what the reporter wrote, and nothing when no full run was recorded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'suite-figures-'));
    expect(readSuiteFigures(join(dir, 'none.json'))).toBeUndefined();
    writeFileSync(join(dir, 'suite.json'), JSON.stringify(FIGURES));
    expect(readSuiteFigures(join(dir, 'suite.json'))).toEqual(FIGURES);
  });

  const reportWith = (text: string) =>
    ['# Benchmarks', '', '## Test suite (`npm test`)', '', text, ''].join('\n');

  it("go from the report's section into the README headline", () => {
    expect(suiteLine(reportWith(suiteText(FIGURES)))).toBe(
      '- `npm test` runs 1,503 tests in 261 s on 2 cores (2 workers, Node 20.20.2);',
    );
    expect(suiteLine(reportWith(suiteText({ ...FIGURES, tests: 1600, seconds: 300 })))).toMatch(
      /runs 1,600 tests in 300 s/,
    );
  });

  it('say so when no full run was recorded, and refuse a report without the section', () => {
    expect(suiteLine(reportWith(suiteText(undefined)))).toMatch(/no full run of the suite was recorded/);
    expect(() => suiteLine('# Benchmarks\n')).toThrow(/BENCHMARKS\.md has no test suite section/);
  });
});
