// planJobUpdate and checkRoleEdit (src/rules/mutations/update-jobs.ts): the rules of updateJobs
// (§4.4 rules 2, 4-7) on jobs as the platform has them, and the facts the planner asks for: the
// named jobs first, then every day of a multi-day job a timezone change moves.
import { describe, expect, it } from 'vitest';
import type { UpstreamJob, UpstreamRole } from '../../src/contract/upstream.js';
import type { RuleIssue } from '../../src/rules/issues.js';
import { checkRoleEdit, planJobUpdate } from '../../src/rules/mutations/update-jobs.js';
import type { Facts } from '../../src/rules/verdict.js';

const pairs = (issues: RuleIssue[]) => issues.map((issue) => [issue.path, issue.code]);

function role(id: string, over: Partial<UpstreamRole> = {}): UpstreamRole {
  return {
    id,
    title: `Role ${id}`,
    startTime: '2027-01-15T18:00:00+00:00',
    endTime: '2027-01-15T22:00:00+00:00',
    quantity: 1,
    payType: 'HOURLY',
    payRate: 10,
    breakPeriod: 0,
    total: 40,
    createdAt: '2026-11-01T00:00:00Z',
    ...over,
  };
}

function job(id: string, over: Partial<UpstreamJob> = {}): UpstreamJob {
  return {
    id,
    title: `Job ${id}`,
    date: '2027-01-15',
    timezone: 'Europe/London',
    board: { id: 'b1', name: 'London' },
    roles: [role(`${id}r`)],
    ...over,
  };
}

const facts = (jobs: UpstreamJob[], groups?: Record<string, UpstreamJob[]>): Facts => ({
  boardZones: new Map(),
  jobs: new Map(jobs.map((one) => [one.id, one])),
  ...(groups ? { groups: new Map(Object.entries(groups)) } : {}),
});

describe('planJobUpdate: facts', () => {
  it('refuses what needs no data before reading anything, then asks for the named jobs', () => {
    const refused = planJobUpdate(
      {
        jobs: [{ id: '1', timezone: 'EST', roles: [{ id: '2', breakPeriod: 15, payRate: -1 }] }, { id: '1' }],
      },
      { boardZones: new Map() },
    );
    expect(refused.kind).toBe('refuse');
    expect(refused.kind === 'refuse' && pairs(refused.issues)).toEqual([
      ['jobs[0].timezone', 'INVALID_TIMEZONE'],
      ['jobs[0].roles[0].breakPeriod', 'BREAK_PERIOD_IMMUTABLE'],
      ['jobs[0].roles[0].payRate', 'PAY_RATE'],
      ['jobs[1].id', 'DUPLICATE_ID'],
    ]);
    expect(
      planJobUpdate({ jobs: [{ id: '1', title: 'x' }, { id: '2' }] }, { boardZones: new Map() }),
    ).toEqual({
      kind: 'need',
      request: { jobs: ['1', '2'] },
    });
  });

  it('refuses ids the platform does not have', () => {
    const verdict = planJobUpdate(
      { jobs: [{ id: '1', roles: [{ id: 'nope' }] }, { id: '9' }] },
      facts([job('1')]),
    );
    expect(verdict.kind === 'refuse' && pairs(verdict.issues)).toEqual([
      ['jobs[0].roles[0].id', 'UNKNOWN_ROLE'],
      ['jobs[1].id', 'UNKNOWN_JOB'],
    ]);
  });

  it('asks for the whole group of a multi-day job whose timezone changes, and only then plans', () => {
    const first = job('1', { multiDayJobId: 'm' });
    expect(planJobUpdate({ jobs: [{ id: '1', timezone: 'Europe/Paris' }] }, facts([first]))).toEqual({
      kind: 'need',
      request: { groupsOf: [first] },
    });
    // A far day of the group (any span) is moved and checked like the named one.
    const far = job('2', {
      multiDayJobId: 'm',
      date: '2027-06-30',
      roles: [
        role('2r', {
          startTime: '2027-06-30T09:00:00+01:00',
          endTime: '2027-06-30T12:00:00+01:00',
          total: 30,
        }),
      ],
    });
    const verdict = planJobUpdate(
      { jobs: [{ id: '1', timezone: 'Europe/Paris' }] },
      facts([first], { m: [first, far] }),
    );
    expect(verdict.kind).toBe('send');
    if (verdict.kind !== 'send') return;
    expect(verdict.moved.map(({ job: moved, zone }) => [moved.id, zone])).toEqual([
      ['1', 'Europe/Paris'],
      ['2', 'Europe/Paris'],
    ]);
    expect(pairs(verdict.warnings)).toEqual([['jobs[0].timezone', 'MULTI_DAY_GROUP_UPDATE']]);
    expect(verdict.touched.map((touched) => touched.role.id)).toEqual(['1r', '2r']);
    expect(verdict.confirm).toBeUndefined();
  });

  it("doesn't ask for the group of a job whose timezone does not change", () => {
    const first = job('1', { multiDayJobId: 'm' });
    expect(
      planJobUpdate({ jobs: [{ id: '1', timezone: 'Europe/London', title: 'x' }] }, facts([first])).kind,
    ).toBe('send');
  });
});

describe('planJobUpdate: the rules', () => {
  it('checks every day of a moved group in the new zone (rule 4): a DST gap on any day is refused', () => {
    const first = job('1', { multiDayJobId: 'm', timezone: 'Asia/Tokyo' });
    const far = job('2', {
      multiDayJobId: 'm',
      timezone: 'Asia/Tokyo',
      date: '2027-03-14',
      roles: [role('2r', { startTime: '2027-03-14T02:30:00+09:00', endTime: '2027-03-14T05:00:00+09:00' })],
    });
    const verdict = planJobUpdate(
      { jobs: [{ id: '1', timezone: 'America/New_York' }] },
      facts([first], { m: [first, far] }),
    );
    expect(verdict.kind === 'refuse' && pairs(verdict.issues)).toEqual([['jobs[0].timezone', 'DST_GAP']]);
    expect(verdict.kind === 'refuse' && verdict.issues[0]?.detail).toMatch(
      /^role 2r of job 2 \(2027-03-14\) startTime: 02:30 does not exist/,
    );
  });

  it('two timezones for one group are refused (rule 5)', () => {
    const [a, b] = [job('1', { multiDayJobId: 'm' }), job('2', { multiDayJobId: 'm', date: '2027-01-16' })];
    const verdict = planJobUpdate(
      {
        jobs: [
          { id: '1', timezone: 'Europe/Paris' },
          { id: '2', timezone: 'Europe/Madrid' },
        ],
      },
      facts([a, b], { m: [a, b] }),
    );
    expect(verdict.kind === 'refuse' && pairs(verdict.issues)).toEqual([
      ['jobs[1].timezone', 'MULTI_DAY_TIMEZONE'],
    ]);
  });

  it('a role edit is checked at its new times in the new zone; a role shortened below its saved break is refused', () => {
    const saved = job('1', { roles: [role('r', { breakPeriod: 60, total: 30 })] });
    const late = planJobUpdate(
      {
        jobs: [{ id: '1', roles: [{ id: 'r', startTime: '2027-01-16T01:00', endTime: '2027-01-16T03:00' }] }],
      },
      facts([saved]),
    );
    expect(late.kind === 'refuse' && pairs(late.issues)).toEqual([
      ['jobs[0].roles[0].startTime', 'NOT_ON_JOB_DATE'],
    ]);
    const short = planJobUpdate(
      { jobs: [{ id: '1', roles: [{ id: 'r', endTime: '2027-01-15T18:45' }] }] },
      facts([saved]),
    );
    expect(short.kind === 'refuse' && pairs(short.issues)).toEqual([
      ['jobs[0].roles[0].endTime', 'BREAK_PERIOD'],
    ]);
  });

  it('a pay total changed as a side effect needs a confirmation; one asked for does not', () => {
    const legacy = job('1', { roles: [role('r', { createdAt: '2026-06-01T00:00:00Z', total: 35 })] });
    const renamed = planJobUpdate(
      { jobs: [{ id: '1', roles: [{ id: 'r', title: 'Lead' }] }] },
      facts([legacy]),
    );
    expect(renamed.kind === 'send' && renamed.confirm?.items.map((item) => [item.path, item.code])).toEqual([
      ['jobs[0].roles[0]', 'LEGACY_BREAK_TOTAL'],
    ]);
    const longer = planJobUpdate(
      { jobs: [{ id: '1', roles: [{ id: '1r', endTime: '2027-01-15T23:00' }] }] },
      facts([job('1')]),
    );
    expect(longer).toMatchObject({ kind: 'send', confirm: undefined });
  });
});

describe('checkRoleEdit', () => {
  const existing = { startTime: '2026-12-01T22:00:00+00:00', endTime: '2026-12-02T06:00:00+00:00' };
  const base = {
    role: existing,
    jobDate: '2026-12-01',
    fromZone: 'Europe/London',
    toZone: 'Europe/London',
    path: 'jobs[0].roles[0]',
  };

  it('merges a changed end with the unchanged start', () => {
    expect(checkRoleEdit({ ...base, edit: { endTime: '2026-12-02T07:00' } })).toEqual([]);
    expect(pairs(checkRoleEdit({ ...base, edit: { endTime: '2026-12-01T21:00' } }))).toEqual([
      ['jobs[0].roles[0].endTime', 'END_BEFORE_START'],
    ]);
    expect(pairs(checkRoleEdit({ ...base, edit: { endTime: '2026-12-03T07:00' } }))).toEqual([
      ['jobs[0].roles[0].endTime', 'TOO_LONG'],
    ]);
  });

  it('keeps the unchanged time as the wall clock of the zone it had (rule 4), read in the new zone', () => {
    // 22:00 in London stays 22:00 in Tokyo: a start at 21:00 Tokyo ends after it, not 9 hours later.
    expect(checkRoleEdit({ ...base, toZone: 'Asia/Tokyo', edit: { startTime: '2026-12-01T21:00' } })).toEqual(
      [],
    );
    expect(checkRoleEdit({ ...base, edit: {} })).toEqual([]);
  });
});
