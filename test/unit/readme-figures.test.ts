// The README's benchmark headlines are BENCHMARKS.md's figures, generated, never typed by hand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { headlines, withFigures } from '../bench/readme-figures.js';

const read = (file: string) => readFileSync(packagePath(file), 'utf8');

describe('README figures', () => {
  it('match BENCHMARKS.md (after `npm run bench`, or `npm run readme:figures`)', () => {
    const readme = read('README.md');
    expect(withFigures(readme, read('BENCHMARKS.md'))).toBe(readme);
  });

  it('are read from the report, not fixed: another report gives other figures', () => {
    const report = read('BENCHMARKS.md').replace(
      /\*\*\d+ tools, [\d,]+ tokens\*\*/,
      '**21 tools, 2,999 tokens**',
    );
    expect(headlines(report)).toMatch(/^- the whole default tool list \(21 tools\) costs 2,999 tokens/);
  });

  it('refuse a report that lacks a figure', () => {
    expect(() => headlines('# Benchmarks\n')).toThrow(/BENCHMARKS\.md has no tool list/);
  });
});
