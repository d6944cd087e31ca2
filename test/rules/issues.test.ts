import { describe, expect, it } from 'vitest';
import {
  errorIssue,
  errorsOf,
  hasErrors,
  ISSUE_CODES,
  joinPath,
  sortIssues,
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
      detail: '01:30 does not exist.',
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

  it('filters by severity', () => {
    const issues = [overlap, gap];
    expect(hasErrors(issues)).toBe(true);
    expect(hasErrors([overlap])).toBe(false);
    expect(errorsOf(issues)).toEqual([gap]);
    expect(warningsOf(issues)).toEqual([overlap]);
  });

  it('sortIssues puts errors first and drops exact duplicates', () => {
    expect(sortIssues([overlap, gap, gap])).toEqual([gap, overlap]);
  });

  it('codes are unique', () => {
    expect(new Set(ISSUE_CODES).size).toBe(ISSUE_CODES.length);
  });
});
