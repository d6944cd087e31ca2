import { describe, expect, it } from 'vitest';
import type { FieldProblem } from '../../src/platform/errors.js';
import {
  errorIssue,
  errorsOf,
  formatIssue,
  formatIssues,
  hasErrors,
  ISSUE_CODES,
  joinPath,
  type RuleIssue,
  sortIssues,
  summarizeIssues,
  warningIssue,
  warningsOf,
} from '../../src/rules/issues.js';

const gap = errorIssue({
  path: 'jobs[0].roles[1].startTime',
  code: 'DST_GAP',
  rule: '§4.4 rule 2',
  detail: '01:30 does not exist.',
  fix: 'Use 02:30.',
});
const overlap = warningIssue({
  path: 'jobs[0].roles[1].endTime',
  code: 'DST_AMBIGUOUS',
  rule: '§4.4 rule 2',
  detail: '01:30 happens twice.',
  fix: 'Nothing to change.',
});

describe('issues', () => {
  it('messages start with the path; severity and code are set', () => {
    expect(gap).toEqual({
      path: 'jobs[0].roles[1].startTime',
      rule: '§4.4 rule 2',
      message: 'jobs[0].roles[1].startTime: 01:30 does not exist.',
      fix: 'Use 02:30.',
      severity: 'error',
      code: 'DST_GAP',
    });
    expect(overlap.severity).toBe('warning');
    expect(errorIssue({ path: '', code: 'CONDITION', rule: 'r', detail: 'd', fix: 'f' }).message).toBe('d');
  });

  it('joinPath builds input paths', () => {
    expect(joinPath('jobs', 0, 'roles', 1, 'startTime')).toBe('jobs[0].roles[1].startTime');
    expect(joinPath('', 'jobs', 2)).toBe('jobs[2]');
    expect(joinPath('input')).toBe('input');
  });

  it('filters and summaries', () => {
    const issues = [overlap, gap];
    expect(hasErrors(issues)).toBe(true);
    expect(hasErrors([overlap])).toBe(false);
    expect(errorsOf(issues)).toEqual([gap]);
    expect(warningsOf(issues)).toEqual([overlap]);
    expect(summarizeIssues(issues)).toBe('1 error, 1 warning');
    expect(summarizeIssues([gap, gap, gap])).toBe('3 errors');
    expect(summarizeIssues([])).toBe('no issues');
  });

  it('sortIssues puts errors first and drops exact duplicates', () => {
    expect(sortIssues([overlap, gap, gap])).toEqual([gap, overlap]);
  });

  it('formatIssues: a heading, one line per issue with code, path, rule and fix', () => {
    const text = formatIssues([overlap, gap]);
    expect(text).toBe(
      [
        'Input not sent: 1 error, 1 warning.',
        '- error DST_GAP: jobs[0].roles[1].startTime: 01:30 does not exist. (§4.4 rule 2) Fix: Use 02:30.',
        '- warning DST_AMBIGUOUS: jobs[0].roles[1].endTime: 01:30 happens twice. (§4.4 rule 2) Fix: Nothing to change.',
      ].join('\n'),
    );
    expect(formatIssues([overlap]).split('\n')[0]).toBe('1 warning:');
    expect(formatIssues([])).toBe('');
    expect(formatIssue(gap)).toContain('Fix: Use 02:30.');
  });

  it('formatIssues caps the list and counts the rest', () => {
    const many: RuleIssue[] = Array.from({ length: 30 }, (_, index) =>
      errorIssue({ path: `jobs[${index}].date`, code: 'INVALID_DATE', rule: 'r', detail: 'bad', fix: 'f' }),
    );
    const lines = formatIssues(many, { maxIssues: 5, heading: 'Check these:' }).split('\n');
    expect(lines[0]).toBe('Check these:');
    expect(lines).toHaveLength(7);
    expect(lines[6]).toContain('and 25 more');
  });

  it('a RuleIssue is a FieldProblem, and codes are unique', () => {
    const problems: FieldProblem[] = [gap];
    expect(problems[0]?.code).toBe('DST_GAP');
    expect(new Set(ISSUE_CODES).size).toBe(ISSUE_CODES.length);
  });
});
