// The server's own rules for job writes (src/rules/booked-changes.ts): one rate for one pay type,
// what needs the user when booked crew are affected or a rate is 0, and the per-role change that
// a dry run predicts and the real call reports.
import { describe, expect, it } from 'vitest';
import type { UpstreamJob, UpstreamRole } from '../../src/contract/upstream.js';
import {
  bookedChangeIssues,
  changeConfirmation,
  crewOnRole,
  mixedPayTypeIssues,
  predictedState,
  roleChange,
  stateOf,
  zeroRateIssues,
} from '../../src/rules/booked-changes.js';
import type { TouchedRole } from '../../src/rules/pay-changes.js';

const driver = (over: Partial<UpstreamRole> = {}): UpstreamRole => ({
  id: 'r-1',
  title: 'Driver',
  quantity: 1,
  createdAt: '2026-10-01T10:00:00Z',
  breakPeriod: 0,
  total: 420,
  payType: 'FIXED',
  payRate: 420,
  startTime: '2026-12-01T09:00:00+00:00',
  endTime: '2026-12-01T17:00:00+00:00',
  crewJobs: [
    { id: 'c1', status: 'BOOKED' },
    { id: 'c2', status: 'APPLIED' },
    { id: 'c3', status: 'DECLINED' },
  ],
  ...over,
});
const job = (role: UpstreamRole): UpstreamJob => ({
  id: 'j-1',
  title: 'Tour',
  date: '2026-12-01',
  timezone: 'Europe/London',
  board: { id: 'b1', name: 'London' },
  roles: [role],
});
const touched = (role: UpstreamRole, over: Partial<TouchedRole> = {}): TouchedRole => ({
  path: 'jobs[0].roles[0]',
  job: job(role),
  role,
  zone: 'Europe/London',
  startTime: '2026-12-01T09:00',
  endTime: '2026-12-01T17:00',
  setsTimes: false,
  ...over,
});

/** The change and what needs the user, as update_jobs plans them. */
function planned(role: UpstreamRole, over: Partial<TouchedRole>) {
  const edit = touched(role, over);
  const after = predictedState(edit);
  const change = roleChange(edit.job, role, after)!;
  return { change, issues: bookedChangeIssues(change, stateOf(edit.job, role), after, edit.path) };
}

describe('the change a job write makes to booked crew', () => {
  it('counts BOOKED and pending crew; declined and cancelled are neither', () => {
    expect(crewOnRole(driver())).toEqual({ booked: 1, pending: 1 });
  });

  it("a FIXED role's rate 420 → 30 with BOOKED crew is a pay cut to confirm, before and after", () => {
    const { change, issues } = planned(driver(), { payRate: 30 });
    expect(change).toMatchObject({
      payRate: { before: 420, after: 30 },
      total: { before: 420, after: 30 },
      booked: 1,
      pending: 1,
    });
    expect(issues.map((issue) => issue.code)).toEqual(['BOOKED_PAY_CUT']);
    expect(issues[0]?.detail).toBe(
      'role r-1 "Driver" (job j-1, FIXED): total per person 420.00 → 30.00 for 1 BOOKED crew.',
    );
    const confirmation = changeConfirmation([], issues)!;
    expect(confirmation.summary).toBe('it lowers the total of 1 role(s) with BOOKED crew');
    expect(confirmation.confirmed).toBe(
      'Confirmed by the user: the total of 1 role(s) with BOOKED crew lowered.',
    );
  });

  it('a rate of 0, and a shift of BOOKED crew moved in real time, each need the user; a raise does not', () => {
    expect(planned(driver(), { payRate: 0 }).issues.map((issue) => issue.code)).toEqual([
      'BOOKED_PAY_CUT',
      'ZERO_RATE',
    ]);
    const moved = planned(driver(), { zone: 'Asia/Tokyo' });
    expect(moved.issues.map((issue) => issue.code)).toEqual(['BOOKED_SHIFT_MOVED']);
    expect(moved.change.start).toEqual({
      before: '2026-12-01T09:00',
      after: '2026-12-01T09:00',
      beforeUtc: '2026-12-01T09:00:00Z',
      afterUtc: '2026-12-01T00:00:00Z',
    });
    expect(planned(driver(), { payRate: 500 }).issues).toEqual([]);
    expect(planned(driver({ crewJobs: [] }), { payRate: 30 }).issues).toEqual([]);
  });

  it('one payRate for roles of different pay types is refused, listing the roles per pay type', () => {
    const fixed = driver();
    const hourly = driver({ id: 'r-2', payType: 'HOURLY', payRate: 25, total: 200 });
    const issues = mixedPayTypeIssues([
      { path: 'jobs[0].roles[0].payRate', job: job(fixed), role: fixed, payRate: 30 },
      { path: 'jobs[1].roles[0].payRate', job: job(hourly), role: hourly, payRate: 30 },
    ]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      severity: 'error',
      code: 'PAY_TYPE_MIX',
      path: 'jobs[0].roles[0].payRate',
    });
    expect(issues[0]?.detail).toMatch(/FIXED: role r-1 "Driver" \(job j-1, 2026-12-01\); HOURLY: role r-2/);
    expect(
      mixedPayTypeIssues([
        { path: 'a', job: job(fixed), role: fixed, payRate: 30 },
        { path: 'b', job: job(hourly), role: hourly, payRate: 31 },
      ]),
    ).toEqual([]);
  });

  it('a createJobs role without a rate or at 0 pays nothing and needs the user', () => {
    const issues = zeroRateIssues([
      { title: 'Gala', roles: [{ title: 'A', payRate: 0 }, { title: 'B' }, { title: 'C', payRate: 12 }] },
    ]);
    expect(issues.map((issue) => issue.path)).toEqual([
      'jobs[0].roles[0].payRate',
      'jobs[0].roles[1].payRate',
    ]);
    expect(changeConfirmation([], issues)?.summary).toBe('it gives 2 role(s) a rate of 0');
    expect(changeConfirmation([], [])).toBeUndefined();
  });
});
