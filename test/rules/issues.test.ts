import { describe, expect, it } from 'vitest';
import * as dataTypes from '../../src/rules/data-types.js';
import {
  errorIssue,
  errorsOf,
  hasErrors,
  ISSUE_CODES,
  joinPath,
  ruleReference,
  ruleWords,
  sortIssues,
  warningIssue,
  warningsOf,
} from '../../src/rules/issues.js';
import * as multiDay from '../../src/rules/multi-day.js';
import * as pay from '../../src/rules/pay.js';
import * as requirements from '../../src/rules/requirements.js';
import * as roleTimes from '../../src/rules/time/role-times.js';
import * as timezoneChange from '../../src/rules/time/timezone-change.js';
import * as wallClock from '../../src/rules/time/wall-clock.js';
import * as zones from '../../src/rules/time/zones.js';

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

describe('a rule in words for people, its reference for machines', () => {
  const cases: [string, string, string][] = [
    [
      "§4.4 rule 2: role times are wall-clock times in the job's timezone",
      "role times are wall-clock times in the job's timezone",
      '§4.4 rule 2',
    ],
    ['§2.2 and §4.4 rule 9: a uniqueId is unique', 'a uniqueId is unique', '§2.2 and §4.4 rule 9'],
    [
      'the answer names one data type (§7: otherwise item-not-found)',
      'the answer names one data type (otherwise item-not-found)',
      '§7: otherwise item-not-found',
    ],
    [
      '§4.4 rule 6: whole minutes [assumed unit]; §4.4 rule 7: cannot be changed',
      'whole minutes; cannot be changed',
      '§4.4 rule 6; §4.4 rule 7',
    ],
    [
      'updateJobs: each role once per call',
      'updateJobs: each role once per call',
      'updateJobs: each role once per call',
    ],
  ];
  it.each(cases)('%s', (rule, words, reference) => {
    expect(ruleWords(rule)).toBe(words);
    expect(ruleReference(rule)).toBe(reference);
  });

  it('leaves no section number or [assumed] note in the words of any rule the checks cite', () => {
    const modules = [
      pay,
      requirements,
      multiDay,
      dataTypes,
      zones,
      wallClock,
      roleTimes,
      timezoneChange,
    ] as Record<string, unknown>[];
    const rules = modules.flatMap((module) =>
      Object.entries(module).filter(([name, value]) => name.startsWith('RULE_') && typeof value === 'string'),
    );
    expect(rules.length).toBeGreaterThan(15);
    for (const [name, rule] of rules) {
      const words = ruleWords(rule as string);
      expect(words, name).not.toMatch(/§|\[assumed/);
      expect(words.length, name).toBeGreaterThan(8);
    }
  });
});
