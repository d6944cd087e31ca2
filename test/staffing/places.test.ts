// A role's places and the open roles of a scope (src/staffing/places.ts, open-roles.ts): BOOKED
// fills a place, pending crew jobs fill none, more BOOKED than places leaves none open (never
// below 0); the two countings (a role's crew jobs, a job view's counts by status) agree; a scope
// keeps its boards and local dates, or, read in instants, the roles whose shift overlaps its span.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UpstreamJob, UpstreamRole } from '../../src/contract/upstream.js';
import { toRoleView } from '../../src/present/job.js';
import { openRolesIn, rolesInScope } from '../../src/staffing/open-roles.js';
import { openPlaces, viewPlaces } from '../../src/staffing/places.js';

const STATUSES = [
  'BOOKED',
  'APPLIED',
  'INVITED',
  'SHORTLISTED',
  'WAITING_LIST',
  'DECLINED',
  'CANCELLED',
  'REMOVED',
];

function role(
  id: string,
  start: string,
  end: string,
  quantity: number,
  statuses: string[] = [],
): UpstreamRole {
  return {
    id,
    title: `Role ${id}`,
    startTime: start,
    endTime: end,
    quantity,
    payType: 'HOURLY',
    payRate: 20,
    breakPeriod: 0,
    total: 0,
    crewJobs: statuses.map((status, index) => ({ id: `${id}-${index}`, status })),
  };
}

function job(id: string, date: string, boardId: string, roles: UpstreamRole[]): UpstreamJob {
  return {
    id,
    title: `Job ${id}`,
    date,
    timezone: 'UTC',
    board: { id: boardId, name: `Board ${boardId}` },
    roles,
  };
}

describe('openPlaces', () => {
  it('counts BOOKED as filled and pending as pending, and never leaves fewer than 0 open', () => {
    expect(openPlaces(role('1', '', '', 3, ['BOOKED', 'APPLIED', 'INVITED', 'DECLINED']))).toEqual({
      quantity: 3,
      booked: 1,
      open: 2,
      pending: 2,
    });
    expect(openPlaces(role('2', '', '', 1, ['BOOKED', 'BOOKED', 'WAITING_LIST']))).toEqual({
      quantity: 1,
      booked: 2,
      open: 0,
      pending: 1,
    });
  });

  it("agrees with the places of the role's job view, whatever its crew jobs", () => {
    fc.assert(
      fc.property(
        fc.nat(6),
        fc.array(fc.constantFrom(...STATUSES), { maxLength: 12 }),
        (quantity, statuses) => {
          const upstream = role('7', '2026-11-21T10:00:00Z', '2026-11-21T12:00:00Z', quantity, statuses);
          const places = openPlaces(upstream);
          expect(viewPlaces(toRoleView(upstream, 'UTC'))).toEqual(places);
          expect(places.booked + places.open).toBeGreaterThanOrEqual(quantity);
          expect(places.open).toBe(
            Math.max(0, quantity - statuses.filter((status) => status === 'BOOKED').length),
          );
        },
      ),
    );
  });
});

describe('open roles in a scope', () => {
  const jobs = [
    job('10', '2026-11-21', '1', [
      role('100', '2026-11-21T08:00:00Z', '2026-11-21T12:00:00Z', 2),
      role('101', '2026-11-21T20:00:00Z', '2026-11-21T23:00:00Z', 1, ['BOOKED']),
    ]),
    job('11', '2026-11-22', '2', [role('110', '2026-11-22T06:00:00Z', '2026-11-22T09:00:00Z', 1)]),
    job('12', '2026-11-20', '1', [
      role('120', '2026-11-21T07:00:00Z', '2026-11-21T09:00:00Z', 4, ['APPLIED']),
    ]),
  ];

  it("keeps the jobs of the scope's boards and local dates, all their roles", () => {
    const found = rolesInScope(jobs, {
      boardIds: ['1'],
      localDates: { from: '2026-11-21', to: '2026-11-22' },
    });
    expect(found.map((entry) => entry.role.id)).toEqual(['100', '101']);
  });

  it('read in instants, keeps the roles whose shift overlaps the span, whatever their job date', () => {
    const span = { startMs: Date.parse('2026-11-21T08:30:00Z'), endMs: Date.parse('2026-11-21T21:00:00Z') };
    expect(rolesInScope(jobs, { span }).map((entry) => entry.role.id)).toEqual(['100', '101', '120']);
  });

  it('lists the roles with places left, soonest first, with their places and pending crew jobs', () => {
    const open = openRolesIn(jobs, {});
    expect(open.map((entry) => [entry.roleId, entry.open, entry.pending])).toEqual([
      ['120', 4, 1],
      ['100', 2, 0],
      ['110', 1, 0],
    ]);
  });
});
