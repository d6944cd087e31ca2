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

  it('take the speed figures from the report too: cold start, added latency, throughput share', () => {
    const report = read('BENCHMARKS.md')
      .replace(
        /^(\| live credentials \(benchmark sandbox\) \| this change \| \*\*spawn → first tools\/list answer\*\* \| )[\d.]+/m,
        '$1999',
      )
      .replace(
        /^(\| this change \| 16 × `list_crew` \{"perPage":1\}, 2026-07-28 per request, plain HTTP clients \|(?: [^|]+ \|){3}) [^|]+ → \*\*[\d.]+x\*\*/m,
        '$1 1000 → **0.99x**',
      );
    const lines = headlines(report);
    expect(lines).toMatch(/spawn to the first tools\/list takes 999 ms with live credentials/);
    expect(lines).toMatch(/16 HTTP clients reach 0\.99x of the calls\/s/);
  });

  it('refuse a report that lacks a figure', () => {
    expect(() => headlines('# Benchmarks\n')).toThrow(/BENCHMARKS\.md has no tool list/);
  });
});
