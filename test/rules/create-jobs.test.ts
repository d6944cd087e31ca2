// checkCreateJobs (src/rules/mutations/create-jobs.ts): every createJobs rule at its input path,
// and how the checker handles facts it does not have: it asks for board zones and the data type
// catalogue only when the input has no error it can name without them, and notes what it could
// not check when they cannot be read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KnownDataType } from '../../src/rules/data-types.js';
import type { RuleIssue } from '../../src/rules/issues.js';
import { type CreateJobsLike, checkCreateJobs } from '../../src/rules/mutations/create-jobs.js';
import type { Facts, Verdict } from '../../src/rules/verdict.js';

const pairs = (issues: RuleIssue[]) => issues.map((issue) => [issue.path, issue.code]);
const boardZones = new Map([
  ['b1', 'Europe/London'],
  ['b2', 'America/New_York'],
]);
const catalogue: KnownDataType[] = [
  {
    id: '11',
    uniqueId: null,
    title: 'Shirt size',
    type: 'SINGLE_CHOICE',
    global: true,
    options: ['S', 'M'],
    profileIds: [],
    profiles: [],
  },
];
const known: Facts = { boardZones, catalogue };

/** Every issue the checker names with all facts known: errors of a refusal, or a plan's warnings. */
function issuesOf(verdict: Verdict<unknown>): RuleIssue[] {
  if (verdict.kind === 'need') throw new Error(`asked for ${JSON.stringify(verdict.request)}`);
  return verdict.kind === 'refuse' ? verdict.issues : verdict.warnings;
}

const check = (input: CreateJobsLike, facts: Facts = known) => checkCreateJobs(input, facts);

/** A role on a board whose zone is not read: 02:30 on New York's spring-forward day, an option Shirt size lacks. */
const onUnreadBoard: CreateJobsLike = {
  jobs: [
    {
      boardId: 'zz',
      date: '2027-03-14',
      roles: [
        {
          startTime: '2027-03-14T02:30',
          endTime: '2027-03-14T05:00',
          requirements: {
            dataType: [{ dataTypeTitle: 'Shirt size', optionNames: ['XL'], condition: 'ANY' }],
          },
        },
      ],
    },
  ],
};

describe('checkCreateJobs', () => {
  it('plans a good multi-day input without the deprecated fields', () => {
    const verdict = check({
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
    });
    expect(verdict.kind).toBe('send');
    if (verdict.kind !== 'send') return;
    expect(verdict.warnings).toEqual([]);
    expect(verdict.payload.jobs[0]?.roles?.[0]?.requirements).toEqual({
      dataType: [{ dataTypeId: '11', optionNames: ['M'], condition: 'ANY' }],
    });
    expect(verdict.dropped.map((entry) => entry.path)).toEqual(['jobs[0].roles[0].requirements.skills']);
    expect(verdict.notes).toEqual([]);
  });

  it('collects every rule at its path', () => {
    const result = check({
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
    });
    expect(pairs(issuesOf(result))).toEqual([
      ['jobs[0].roles[0].startTime', 'DST_GAP'],
      ['jobs[0].roles[0].breakPeriod', 'BREAK_PERIOD'],
      ['jobs[0].roles[1].startTime', 'NOT_ON_JOB_DATE'],
      ['jobs[0].roles[1].endTime', 'END_BEFORE_START'],
      ['jobs[0].roles[1].payRate', 'PAY_RATE'],
      ['jobs[1].timezone', 'INVALID_TIMEZONE'],
      ['jobs[1].roles[0].requirements.roleType.condition', 'CONDITION'],
      ['jobs[1].boardId', 'MULTI_DAY_BOARD'],
      ['jobs[1].timezone', 'MULTI_DAY_TIMEZONE'],
    ]);
  });

  it('a bad job date is reported once, not per role', () => {
    const result = check({
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
    expect(pairs(issuesOf(result))).toEqual([['jobs[0].date', 'INVALID_DATE']]);
  });

  it("refuses what it can tell without the board's zone, before asking for it", () => {
    const result = check({
      jobs: [
        {
          boardId: 'zz',
          date: '2026-12-01',
          roles: [{ startTime: '2026-12-01T10:00', endTime: '2026-12-01T09:00' }],
        },
      ],
    });
    expect(result.kind).toBe('refuse');
    expect(pairs(issuesOf(result))).toEqual([['jobs[0].roles[0].endTime', 'END_BEFORE_START']]);
  });

  it("asks for an unread board's zone and the catalogue only when nothing else is wrong", () => {
    const input = onUnreadBoard;
    expect(check(input, { boardZones: new Map() })).toEqual({
      kind: 'need',
      request: { boards: ['zz'], catalogue: true },
    });
    // With the facts: the zone's DST gap and the unknown option.
    const read = check(input, { boardZones: new Map([['zz', 'America/New_York']]), catalogue });
    expect(pairs(issuesOf(read))).toEqual([
      ['jobs[0].roles[0].startTime', 'DST_GAP'],
      ['jobs[0].roles[0].requirements.dataType[0].optionNames[0]', 'UNKNOWN_OPTION'],
    ]);
  });

  it('sends with notes when the zone and the catalogue cannot be read', () => {
    const verdict = check(onUnreadBoard, { boardZones: new Map([['zz', null]]), catalogue: null });
    expect(verdict.kind).toBe('send');
    if (verdict.kind !== 'send') return;
    expect(verdict.notes).toEqual([
      expect.stringMatching(/^jobs\[0\]: the timezone of board zz could not be read/),
      expect.stringMatching(/data types could not be read .* checked by the platform only/),
    ]);
  });

  it('refuses a shape problem before any rule reads the requirements', () => {
    const result = check({
      jobs: [
        {
          boardId: 'b1',
          date: '2026-12-01',
          roles: [
            { startTime: 'x', endTime: 'y', quantity: 1.5, requirements: { dataType: 'vip' } as never },
          ],
        },
      ],
    });
    expect(pairs(issuesOf(result))).toEqual([
      ['jobs[0].roles[0].quantity', 'WHOLE_NUMBER'],
      ['jobs[0].roles[0].requirements.dataType', 'REQUIREMENT_KIND'],
    ]);
  });

  it('notes that Etc/GMT+5 means UTC-05:00', () => {
    const verdict = check({
      jobs: [
        {
          boardId: 'b1',
          date: '2026-12-01',
          timezone: 'Etc/GMT+5',
          roles: [{ startTime: '2026-12-01T10:00', endTime: '2026-12-01T12:00' }],
        },
      ],
    });
    expect(pairs(issuesOf(verdict))).toEqual([['jobs[0].timezone', 'FIXED_OFFSET_ZONE']]);
    expect(issuesOf(verdict)[0]?.detail).toBe(
      'Etc/GMT+5 means UTC-05:00 (Etc/GMT names carry the opposite sign), all year, with no daylight saving.',
    );
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

  it('never throws, never asks for a known fact, and every issue names its path, a rule and a fix', () => {
    fc.assert(
      fc.property(fc.array(jobArb, { maxLength: 3 }), fc.boolean(), (jobs, multiDay) => {
        // Board b3 could not be read: every fact is known or known to be unavailable.
        const result = check(
          { jobs, multiDay },
          { boardZones: new Map([...boardZones, ['b3', null]]), catalogue },
        );
        return (
          result.kind !== 'need' &&
          issuesOf(result).every(
            (issue) =>
              issue.path.startsWith('jobs') &&
              issue.message.startsWith(`${issue.path}: `) &&
              issue.rule.length > 0 &&
              issue.fix.length > 0 &&
              (issue.severity === 'error' || issue.severity === 'warning'),
          )
        );
      }),
      { numRuns: 500 },
    );
  });
});
