// review_crew_schedule against the sandbox: every person's hours, paid hours, days, last worked,
// clashes, short rests and requirement failures equal an independent computation from the raw
// jobs and crew jobs (read over GraphQL, no product code), including a clash across two time
// zones; what it sends upstream; refusals that send nothing; its size for 50 people.
import { beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../bench/tokens.js';
import { gql, gqlEveryPage, type Json, TEST_NOW, TEST_TODAY } from '../helpers/sandbox.js';
import { variablesOf } from '../helpers/sent.js';
import { operations, reads } from '../helpers/tool-requests.js';
import { dataTypeVerdict, wallClock, workDays } from '../oracles/staffing.js';
import { useWriteSandbox } from './write-support.js';

const suite = useWriteSandbox();
const HOUR = 3_600_000;
const FROM = '2026-11-16';
const TO = '2026-11-22';

interface Raw {
  crew: Map<number, Json>;
  /** Every crew job with its role, job and crew id. */
  shifts: { crewId: number; status: string; role: Json; job: Json }[];
}

async function readRaw(): Promise<Raw> {
  const [crew, jobs] = await Promise.all([
    gqlEveryPage(
      suite.sandbox,
      'companyCrewAll',
      'id firstName lastName status roleTypeIds profiles { id dataTypes { id answer { optionNames verifiedOptionNames } } }',
    ),
    gqlEveryPage(
      suite.sandbox,
      'companyJobs',
      `id title date timezone board { id name } roles { id startTime endTime breakPeriod total payType payRate
        requirements { dataType { dataTypeId optionNames condition } roleType { roleTypeId } profile { profileIds condition } }
        crewJobs { status crewId } }`,
    ),
  ]);
  return {
    crew: new Map(crew.map((member) => [member.id, member])),
    shifts: jobs.flatMap((job) =>
      job.roles.flatMap((role: Json) =>
        role.crewJobs.map((crewJob: Json) => ({ crewId: crewJob.crewId, status: crewJob.status, role, job })),
      ),
    ),
  };
}

/**
 * The hours pay counts for one shift, from the role's own figures: an HOURLY role's total over its
 * rate (whatever break the total holds, a hidden legacy one included), else the time less the
 * break the role reports.
 */
function payHours(role: Json): number {
  if (role.payType === 'HOURLY' && role.payRate > 0) return role.total / role.payRate;
  return (Date.parse(role.endTime) - Date.parse(role.startTime)) / HOUR - role.breakPeriod / 60;
}

/** A shift whose total holds a break its role reports as 0: pay counts fewer hours than the time. */
function hidesBreak(role: Json): boolean {
  const time = (Date.parse(role.endTime) - Date.parse(role.startTime)) / HOUR;
  return role.breakPeriod === 0 && role.payType === 'HOURLY' && time - payHours(role) > 0.01;
}

/** Independently: each person's figures over job dates in [from, to], BOOKED only. */
function expected(raw: Raw, from: string, to: string, minRest = 10) {
  const people = new Map<number, Raw['shifts']>();
  for (const shift of raw.shifts)
    if (shift.status === 'BOOKED' && shift.job.date >= from && shift.job.date <= to)
      people.set(shift.crewId, [...(people.get(shift.crewId) ?? []), shift]);
  const span = (shift: Raw['shifts'][number]) => [
    Date.parse(shift.role.startTime),
    Date.parse(shift.role.endTime),
  ];
  return [...people.entries()]
    .sort(([a], [b]) => a - b)
    .map(([crewId, own]) => {
      const member = raw.crew.get(crewId);
      const sorted = [...own].sort((a, b) => span(a)[0]! - span(b)[0]!);
      type Pair = { earlierRoleId: string; laterRoleId: string };
      const clashes: (Pair & { minutes: number })[] = [];
      const rests: (Pair & { hours: number })[] = [];
      sorted.forEach((a, i) => {
        for (const b of sorted.slice(i + 1)) {
          const shared = Math.min(span(a)[1]!, span(b)[1]!) - Math.max(span(a)[0]!, span(b)[0]!);
          if (shared > 0)
            clashes.push({ earlierRoleId: a.role.id, laterRoleId: b.role.id, minutes: shared / 60_000 });
        }
        const next = sorted[i + 1];
        const rest =
          next && (span(next)[0]! - Math.max(...sorted.slice(0, i + 1).map((s) => span(s)[1]!))) / HOUR;
        if (next && rest !== undefined && rest >= 0 && rest < minRest)
          rests.push({
            earlierRoleId: a.role.id,
            laterRoleId: next.role.id,
            hours: Math.round(rest * 100) / 100,
          });
      });
      const failures = own.flatMap((shift) => {
        const out: string[] = [];
        if (!['ACTIVE', 'APPROVED'].includes(member.status)) out.push(`${shift.role.id} status`);
        for (const requirement of shift.role.requirements?.dataType ?? [])
          if (!dataTypeVerdict(member, requirement).ok) out.push(`${shift.role.id} dataType`);
        const profile = shift.role.requirements?.profile;
        if (profile) {
          const own = member.profiles.map((one: Json) => String(one.id));
          const held = profile.profileIds.filter((id: string) => own.includes(String(id))).length;
          const ok =
            profile.condition === 'ALL'
              ? held === profile.profileIds.length
              : profile.condition === 'ANY'
                ? held > 0
                : held === 0;
          if (!ok) out.push(`${shift.role.id} profile`);
        }
        const roleType = shift.role.requirements?.roleType;
        if (roleType && !member.roleTypeIds.includes(String(roleType.roleTypeId)))
          out.push(`${shift.role.id} roleType`);
        return out;
      });
      const round = (value: number) => Math.round(value * 100) / 100;
      return {
        crewId: String(crewId),
        hours: round(own.reduce((sum, s) => sum + (span(s)[1]! - span(s)[0]!) / HOUR, 0)),
        paidHours: round(own.reduce((sum, s) => sum + payHours(s.role), 0)),
        days: new Set(own.map((s) => s.job.date)).size,
        // The last shift started by the app's clock, over the whole history: not the range's start.
        lastWorked: workDays(
          raw.shifts.filter((s) => s.crewId === crewId),
          TEST_NOW,
        ).last,
        clashes,
        shortRests: rests,
        failures: failures.sort(),
      };
    });
}

/** What the tool said, in the oracle's form. */
function said(crew: Json[]) {
  return crew.map((person) => ({
    crewId: person.crewId,
    hours: person.hours,
    paidHours: person.paidHours,
    days: person.days,
    lastWorked: person.lastWorked,
    clashes: person.clashes,
    shortRests: person.shortRests,
    failures: person.failures
      .map(
        (failure: Json) =>
          `${failure.roleId} ${failure.requirement.startsWith('crew status') ? 'status' : failure.requirement.startsWith('role type') ? 'roleType' : failure.requirement.startsWith('profile') ? 'profile' : 'dataType'}`,
      )
      .sort(),
  }));
}

/**
 * The tool's people equal the independent ones; paid hours as pay counts them within a cent's
 * worth of rounding of the totals (an HOURLY total over its rate is rounded to cents).
 */
function expectSchedule(crew: Json[], want: ReturnType<typeof expected>): void {
  const shown = said(crew);
  const wantPaid = new Map(want.map((person) => [person.crewId, person.paidHours]));
  for (const person of shown)
    expect(Math.abs(person.paidHours - wantPaid.get(person.crewId)!), person.crewId).toBeLessThanOrEqual(
      0.01,
    );
  const exact = (people: Json[]) => people.map((person) => ({ ...person, paidHours: undefined }));
  expect(exact(shown)).toEqual(exact(want));
}

let raw: Raw;
beforeAll(async () => {
  raw = await readRaw();
});

describe('review_crew_schedule: one call answers a week of schedule questions', () => {
  it('equals an independent computation from raw crew jobs, in a few upstream requests', async () => {
    const result = await suite.see('review_crew_schedule', { from: FROM, to: TO });
    expect(result.isError, result.text).toBe(false);
    const want = expected(raw, FROM, TO);
    expect(want.length).toBeGreaterThan(20);
    expectSchedule(result.data.crew, want);
    // Hidden legacy breaks: counted, said, and they lower paid hours below hours for someone.
    const hidden = raw.shifts.filter(
      (s) => s.status === 'BOOKED' && s.job.date >= FROM && s.job.date <= TO && hidesBreak(s.role),
    ).length;
    expect(hidden).toBeGreaterThan(0);
    expect(result.data.hiddenBreakShifts).toBe(hidden);
    expect(result.text).toContain(`paidHours subtract the break hidden in ${hidden} shifts`);
    expect(result.data.people).toBe(want.length);
    expect(want.some((person) => person.lastWorked)).toBe(true);
    // Now (TEST_NOW) falls inside the range: some last worked in it, none after today.
    expect(want.some((person) => person.lastWorked! >= FROM)).toBe(true);
    expect(
      said(result.data.crew).every((person) => !person.lastWorked || person.lastWorked <= TEST_TODAY),
    ).toBe(true);
    expect(want.some((person) => person.paidHours < person.hours)).toBe(true);
    // The range's crew jobs, the crew (requirements) and the BOOKED history, each in pages of 100.
    const rows = raw.shifts.filter((s) => s.status === 'BOOKED');
    const pages = (count: number) => Math.max(1, Math.ceil(count / 100));
    const inRange = rows.filter((s) => s.job.date >= '2026-11-15' && s.job.date <= '2026-11-23').length;
    expect(result.sent.length).toBeLessThanOrEqual(
      pages(inRange) + pages(raw.crew.size) + pages(rows.length),
    );
    expect(
      operations(reads(result.sent)).every((operation) =>
        ['companyCrewJobs', 'companyCrewAll'].includes(operation),
      ),
    ).toBe(true);
  });

  it('finds a clash across two time zones that the local clocks hide, and lists only people with a problem on request', async () => {
    // One person's BOOKED shift A, and another crew job B of theirs in another zone: B's role is
    // moved (updateJobs, read in B's zone) to start an hour before A in real time, on B's own
    // local date, and B is booked through the sandbox's stand-in for the platform's own apps
    // (no API operation books crew). Their local clocks look hours or a day apart.
    const week = raw.shifts.filter((s) => s.job.date >= '2026-11-23' && s.job.date <= '2026-11-29');
    let clash: { crewId: number; a: Json; b: Json; start: string; end: string } | undefined;
    for (const a of week.filter((s) => s.status === 'BOOKED')) {
      const startA = Date.parse(a.role.startTime);
      const b = week.find(
        (s) =>
          s.crewId === a.crewId &&
          s.job.timezone !== a.job.timezone &&
          s.role.breakPeriod < 150 &&
          wallClock(startA - HOUR, s.job.timezone).startsWith(s.job.date),
      );
      if (b)
        clash = {
          crewId: a.crewId,
          a,
          b,
          start: wallClock(startA - HOUR, b.job.timezone),
          end: wallClock(startA + 1.5 * HOUR, b.job.timezone),
        };
      if (clash) break;
    }
    if (!clash) throw new Error('no person with shifts in two zones that week');
    const moved = await gql(
      suite.sandbox,
      'mutation($input: UpdateJobsInput!) { updateJobs(input: $input) { success errors } }',
      {
        input: {
          jobs: [
            {
              id: clash.b.job.id,
              roles: [{ id: clash.b.role.id, startTime: clash.start, endTime: clash.end }],
            },
          ],
        },
      },
    );
    expect(moved.body.data.updateJobs.success, JSON.stringify(moved.body)).toBe(true);
    const crewJobs = await gql(
      suite.sandbox,
      'query($input: CompanyCrewJobsInput) { companyCrewJobs(input: $input) { paginatedList { id role { id } } } }',
      { input: { filter: { crewIds: [clash.crewId], jobIds: [clash.b.job.id] } } },
    );
    for (const crewJob of crewJobs.body.data.companyCrewJobs.paginatedList)
      if (crewJob.role.id === clash.b.role.id)
        suite.sandbox.data.updateCrewJob?.('company-1', crewJob.id, { status: 'BOOKED' });
    raw = await readRaw();
    const result = await suite.see('review_crew_schedule', {
      from: '2026-11-23',
      to: '2026-11-29',
      problemsOnly: true,
    });
    expect(result.isError, result.text).toBe(false);
    const want = expected(raw, '2026-11-23', '2026-11-29').filter(
      (person) => person.clashes.length + person.shortRests.length + person.failures.length > 0,
    );
    expectSchedule(result.data.crew, want);
    const person = result.data.crew.find((one: Json) => one.crewId === String(clash.crewId));
    // b was moved to start an hour before a.
    expect(person.clashes).toContainEqual({
      earlierRoleId: clash.b.role.id,
      laterRoleId: clash.a.role.id,
      minutes: 90,
    });
    expect(result.data.roles[clash.a.role.id]).toContain(clash.a.job.timezone);
    expect(result.data.roles[clash.b.role.id]).toContain(clash.b.job.timezone);
    expect(result.text).toMatch(/CLASH \d+\/\d+ \d+(\.\d+)?min/);
  });

  it('lists the shifts with local and UTC times for a few people, and filters by board and role', async () => {
    const someone = expected(raw, FROM, TO).find((person) => person.days >= 2)!;
    const result = await suite.see('review_crew_schedule', {
      from: FROM,
      to: TO,
      crewIds: [Number(someone.crewId)],
    });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.crew).toHaveLength(1);
    expect(result.data.crew[0].shifts.length).toBeGreaterThanOrEqual(2);
    expect(result.data.crew[0].shifts[0]).toMatch(
      /^\d+: .+ \/ .+, \d{4}-\d{2}-\d{2} \d{2}:\d{2}-.+ \w+\/\w+ \(\d{2}:\d{2}Z-\d{2}:\d{2}Z\)$/,
    );
    expect(variablesOf(result.sent.slice(0, 1), 'companyCrewJobs')).toMatchObject({
      input: { filter: { crewIds: [Number(someone.crewId)], crewJobStatus: ['BOOKED'] } },
    });
    const boardId = raw.shifts.find((s) => s.role.id === result.data.crew[0].shifts[0].split(':')[0])!.job
      .board.id;
    const onBoard = await suite.see('review_crew_schedule', { from: FROM, to: TO, boardIds: [boardId] });
    const want = expected({ ...raw, shifts: raw.shifts.filter((s) => s.job.board.id === boardId) }, FROM, TO);
    expect(said(onBoard.data.crew).map((person) => [person.crewId, person.hours])).toEqual(
      want.map((person) => [person.crewId, person.hours]),
    );
    // By the board's name (any case): the board read first, then the very same answer and reads.
    const name = raw.shifts.find((s) => s.job.board.id === boardId)!.job.board.name as string;
    const byName = await suite.see('review_crew_schedule', {
      from: FROM,
      to: TO,
      boardIds: [name.toUpperCase()],
    });
    expect(byName.isError, byName.text).toBe(false);
    expect(byName.data).toEqual(onBoard.data);
    const boardRead = byName.sent.length - onBoard.sent.length;
    expect(boardRead).toBeGreaterThan(0);
    expect(operations(byName.sent.slice(0, boardRead))).toEqual(Array(boardRead).fill('companyJobs'));
    expect(byName.sent.slice(boardRead)).toEqual(onBoard.sent);
  });

  it('stays under 3,000 tokens of text for 50 people (the structured copy, with its fixed shape, under 4,500)', async () => {
    const result = await suite.see('review_crew_schedule', { from: FROM, to: TO });
    const people = result.data.crew.slice(0, 50).map((person: Json) => Number(person.crewId));
    expect(people).toHaveLength(50);
    const fifty = await suite.see('review_crew_schedule', { from: FROM, to: TO, crewIds: people });
    expect(fifty.data.crew).toHaveLength(50);
    expect(countTokens(fifty.text)).toBeLessThan(3_000);
    expect(countTokens(JSON.stringify(fifty.data))).toBeLessThan(4_500);
  });

  it('refuses an empty statuses list and a negative minimum rest, sending nothing', async () => {
    const empty = await suite.see('review_crew_schedule', { from: FROM, to: TO, statuses: [] });
    expect(empty.isError).toBe(true);
    expect(empty.text).toMatch(/statuses is empty/);
    const negative = await suite.see('review_crew_schedule', { from: FROM, to: TO, minRestHours: -1 });
    expect(negative.text).toMatch(/minRestHours is below 0/);
    const bad = await suite.see('review_crew_schedule', { from: 'next week', to: TO });
    expect(bad.isError).toBe(true);
    expect([...empty.sent, ...negative.sent, ...bad.sent]).toEqual([]);
  });
});
