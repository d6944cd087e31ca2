// The test suite's own figures (test count, time), from the last full `npm test` on this machine:
// test/helpers/suite-reporter.ts writes them at the end of a run of every test file. The bench
// does not run the suite (it takes minutes and would measure itself); it reports the last run and
// when it finished, so a stale figure says how stale it is.
import { existsSync, readFileSync } from 'node:fs';
import { packagePath } from '../../src/paths.js';
import { SUITE_FIGURES_FILE, type SuiteFigures } from '../helpers/suite-reporter.js';
import { commands, int, type Section, table } from './report.js';

export function readSuiteFigures(path = packagePath(SUITE_FIGURES_FILE)): SuiteFigures | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as SuiteFigures;
}

export function suiteText(figures: SuiteFigures | undefined): string {
  if (!figures)
    return 'No full run of the suite is recorded on this machine: run `npm test`, then the bench again.';
  return [
    table(
      [
        'test files',
        'tests',
        'passed',
        'failed',
        'skipped',
        'seconds',
        'workers',
        'cores',
        'Node',
        'finished',
      ],
      [
        [
          int(figures.files),
          int(figures.tests),
          int(figures.passed),
          int(figures.failed),
          int(figures.skipped),
          int(figures.seconds),
          figures.workers,
          figures.cores,
          figures.node,
          figures.finishedAt.slice(0, 16).replace('T', ' '),
        ],
      ],
    ),
    '',
    `**npm test: ${int(figures.tests)} tests in ${int(figures.seconds)} s** on ${figures.cores} cores, ` +
      `${figures.workers} workers, Node ${figures.node} (the last full run on this machine).`,
    '',
    commands(['npm test', `(${SUITE_FIGURES_FILE}, written by test/helpers/suite-reporter.ts)`]),
  ].join('\n');
}

export const suiteSection: Section = {
  id: 'suite',
  title: 'Test suite (`npm test`)',
  run: async () => suiteText(readSuiteFigures()),
};
