import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCreateJobsInput, checkRoleUpdate } from '../../src/rules/create-jobs.js';
import type { RuleIssue } from '../../src/rules/issues.js';

const pairs = (issues: RuleIssue[]) => issues.map((issue) => [issue.path, issue.code]);
const boardTimezones = { b1: 'Europe/London', b2: 'America/New_York' };
const catalogue = [{ id: '11', title: 'Shirt size', options: ['S', 'M'] }];

describe('checkCreateJobsInput', () => {
  it('passes a good multi-day input, strips deprecated fields and computes totals', () => {
    const result = checkCreateJobsInput(
      {
        multiDay: true,
        jobs: [
          {
            boardId: 'b1',
            date: '2026-12-01',
            roles: [
              {
                startTime: '2026-12-01T22:00',
                endTime: '2026-12-02T06:00',
                payRate: 12,
                breakPeriod: 30,
                requirements: {
                  skills: [],
                  dataType: [{ dataTypeId: '11', optionNames: ['M'], condition: 'ANY' }],
                },
              },
            ],
          },
          { boardId: 'b1', date: '2026-12-02', timezone: 'Europe/London', roles: [] },
        ],
      },
      { boardTimezones, catalogue },
    );
    expect(result.issues).toEqual([]);
    expect(result.input.jobs[0]?.roles?.[0]?.requirements).toEqual({
      dataType: [{ dataTypeId: '11', optionNames: ['M'], condition: 'ANY' }],
    });
    expect(result.dropped.map((entry) => entry.path)).toEqual(['jobs[0].roles[0].requirements.skills']);
    expect(result.roles).toEqual([
      { path: 'jobs[0].roles[0]', timeZone: 'Europe/London', durationMinutes: 480, total: 90 },
    ]);
  });

  it('collects every rule at its path', () => {
    const result = checkCreateJobsInput(
      {
        multiDay: true,
        jobs: [
          {
            boardId: 'b1',
            date: '2027-03-28',
            roles: [
              { startTime: '2027-03-28T01:30', endTime: '2027-03-28T06:00', breakPeriod: 0.5 },
              { startTime: '2027-03-29T09:00', endTime: '2027-03-29T08:00', payRate: -1 },
            ],
          },
          {
            boardId: 'b2',
            date: '2027-03-29',
            timezone: 'EST',
            roles: [
              {
                startTime: '2027-03-29T09:00',
                endTime: '2027-03-29T17:00',
                breakPeriod: 600,
                requirements: { roleType: { roleTypeId: '1', condition: 'ANY' }, skills: ['x'] },
              },
            ],
          },
        ],
      },
      { boardTimezones, catalogue },
    );
    expect(pairs(result.issues)).toEqual([
      ['jobs[1].roles[0].requirements.skills', 'DEPRECATED_NOOP'],
      ['jobs[0].roles[0].startTime', 'DST_GAP'],
      ['jobs[0].roles[0].breakPeriod', 'BREAK_PERIOD'],
      ['jobs[0].roles[1].startTime', 'NOT_ON_JOB_DATE'],
      ['jobs[0].roles[1].endTime', 'END_BEFORE_START'],
      ['jobs[0].roles[1].payRate', 'PAY_RATE'],
      ['jobs[1].timezone', 'INVALID_TIMEZONE'],
      ['jobs[1].roles[0].breakPeriod', 'BREAK_PERIOD'],
      ['jobs[1].roles[0].requirements.roleType.condition', 'CONDITION'],
      ['jobs[1].boardId', 'MULTI_DAY_BOARD'],
      ['jobs[1].timezone', 'MULTI_DAY_TIMEZONE'],
    ]);
  });

  it('a bad job date is reported once, not per role', () => {
    const result = checkCreateJobsInput({
      jobs: [
        {
          boardId: 'b1',
          date: '2026-02-30',
          roles: [
            { startTime: '2026-02-28T10:00', endTime: '2026-02-28T12:00' },
            { startTime: '2026-02-28T13:00', endTime: '2026-02-28T15:00' },
          ],
        },
      ],
    });
    expect(pairs(result.issues)).toEqual([['jobs[0].date', 'INVALID_DATE']]);
  });

  it('a job with an unknown zone is still checked, without DST', () => {
    const result = checkCreateJobsInput({
      jobs: [
        {
          boardId: 'zz',
          date: '2026-12-01',
          roles: [{ startTime: '2026-12-01T10:00', endTime: '2026-12-01T09:00' }],
        },
      ],
    });
    expect(pairs(result.issues)).toEqual([['jobs[0].roles[0].endTime', 'END_BEFORE_START']]);
  });
});

describe('checkRoleUpdate', () => {
  const existing = { startTime: '2026-12-01T22:00:00+00:00', endTime: '2026-12-02T06:00:00+00:00' };
  const base = { existing, jobDate: '2026-12-01', timeZone: 'Europe/London', path: 'jobs[0].roles[0]' };

  it('merges a changed end with the unchanged start', () => {
    expect(checkRoleUpdate({ ...base, update: { endTime: '2026-12-02T07:00' } })).toEqual([]);
    expect(pairs(checkRoleUpdate({ ...base, update: { endTime: '2026-12-01T21:00' } }))).toEqual([
      ['jobs[0].roles[0].endTime', 'END_BEFORE_START'],
    ]);
    expect(pairs(checkRoleUpdate({ ...base, update: { endTime: '2026-12-03T07:00' } }))).toEqual([
      ['jobs[0].roles[0].endTime', 'TOO_LONG'],
    ]);
  });

  it('rejects a breakPeriod change and a bad rate; nothing else to check without times', () => {
    expect(pairs(checkRoleUpdate({ ...base, update: { breakPeriod: 15, payRate: -2 } }))).toEqual([
      ['jobs[0].roles[0].breakPeriod', 'BREAK_PERIOD_IMMUTABLE'],
      ['jobs[0].roles[0].payRate', 'PAY_RATE'],
    ]);
  });
});

describe('properties', () => {
  const timeArb = fc.oneof(
    fc.constantFrom(
      '2026-12-01T09:00',
      '2026-12-01T22:00',
      '2026-12-02T06:00',
      '2027-03-28T01:30',
      '2026-10-25T01:30',
    ),
    fc.constantFrom('2026-12-01T09:00Z', '09:00', '', 'soon', '2026-12-01 10:00', '2026-12-01T24:00'),
  );
  const roleArb = fc.record(
    {
      startTime: timeArb,
      endTime: timeArb,
      payRate: fc.oneof(fc.double({ noNaN: false }), fc.constant(undefined)),
      breakPeriod: fc.oneof(fc.integer({ min: -10, max: 2000 }), fc.double(), fc.constant(undefined)),
      payType: fc.constantFrom('HOURLY', 'FIXED', undefined),
      requirements: fc.option(
        fc.record(
          {
            dataType: fc.array(
              fc.record(
                {
                  dataTypeId: fc.constantFrom('11', '99', undefined),
                  dataTypeTitle: fc.constantFrom('Shirt size', 'x', undefined),
                  optionNames: fc.array(fc.constantFrom('S', 'M', 'XL')),
                  condition: fc.constantFrom('ALL', 'ANY', 'NONE', 'EQUAL', 'any', undefined),
                },
                { requiredKeys: [] },
              ),
              { maxLength: 2 },
            ),
            skills: fc.array(fc.string(), { maxLength: 1 }),
            ageRestriction: fc.record({
              minAge: fc.integer({ min: -5, max: 130 }),
              maxAge: fc.integer({ min: -5, max: 130 }),
            }),
          },
          { requiredKeys: [] },
        ),
        { nil: undefined },
      ),
    },
    { requiredKeys: ['startTime', 'endTime'] },
  );
  const jobArb = fc.record(
    {
      boardId: fc.constantFrom('b1', 'b2', 'b3'),
      date: fc.constantFrom('2026-12-01', '2027-03-28', '2026-10-25', '2026-13-01'),
      timezone: fc.constantFrom('Europe/London', 'Asia/Kolkata', 'EST', '+01:00', undefined),
      roles: fc.array(roleArb, { maxLength: 3 }),
    },
    { requiredKeys: ['boardId', 'date'] },
  );

  it('never throws, and every issue names its path, a rule and a fix', () => {
    fc.assert(
      fc.property(fc.array(jobArb, { maxLength: 3 }), fc.boolean(), (jobs, multiDay) => {
        const result = checkCreateJobsInput({ jobs, multiDay }, { boardTimezones, catalogue });
        return result.issues.every(
          (issue) =>
            issue.path.startsWith('jobs') &&
            issue.message.startsWith(`${issue.path}: `) &&
            issue.rule.length > 0 &&
            issue.fix.length > 0 &&
            (issue.severity === 'error' || issue.severity === 'warning'),
        );
      }),
      { numRuns: 500 },
    );
  });
});
