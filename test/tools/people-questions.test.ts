// The coordinator's people questions (issue 31 item 6), each answered in one call on the default
// sandbox at the pinned clock (TEST_NOW, 2026-11-21) and checked against an independent reading
// of the raw sandbox data over GraphQL (test/oracles/staffing.ts and the sums below, no product code),
// never against the tool's own words, with a token budget per answer (o200k, text +
// structuredContent):
//   - "who is qualified and has not worked in 30 days" (find_matching_crew notWorkedSince);
//   - "top five by hours in four weeks" (review_crew_schedule sort hours, limit 5);
//   - "who worked at least H hours in any week" (minWeeklyHours), and paid hours as pay counts them;
//   - "who does this move affect" (update_jobs dryRun), which sends nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../bench/tokens.js';
import { gql, gqlEveryPage, type Json, TEST_NOW, TEST_TODAY } from '../helpers/sandbox.js';
import { operations } from '../helpers/tool-requests.js';
import { type Company, localDay, localWeek, oracle, readCompany, wallClock } from '../oracles/staffing.js';
import { useWriteSandbox } from './write-support.js';

const suite = useWriteSandbox();
const HOUR = 3_600_000;
const DAY = 86_400_000;
const PENDING = ['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST'];
/** 30 days before the pinned today. */
const SINCE = new Date(Date.parse(`${TEST_TODAY}T00:00:00Z`) - 30 * DAY).toISOString().slice(0, 10);

interface RawShift {
  crewId: number;
  name: string;
  status: string;
  role: Json;
  job: Json;
  start: number;
  end: number;
}

let company: Company;
let shifts: RawShift[];

async function readShifts(): Promise<RawShift[]> {
  const [crew, jobs] = await Promise.all([
    gqlEveryPage(suite.sandbox, 'companyCrewAll', 'id firstName lastName'),
    gqlEveryPage(
      suite.sandbox,
      'companyJobs',
      'id date timezone roles { id startTime endTime breakPeriod total payType payRate crewJobs { status crewId } }',
    ),
  ]);
  const names = new Map(crew.map((member) => [member.id, `${member.firstName} ${member.lastName}`]));
  return jobs.flatMap((job) =>
    job.roles.flatMap((role: Json) =>
      role.crewJobs.map((crewJob: Json) => ({
        crewId: crewJob.crewId,
        name: names.get(crewJob.crewId) ?? '',
        status: crewJob.status,
        role,
        job,
        start: Date.parse(role.startTime),
        end: Date.parse(role.endTime),
      })),
    ),
  );
}

/** The hours pay counts for a shift: an HOURLY total over its rate (a hidden break included), else time less break. */
function payHours(shift: RawShift): number {
  const { role } = shift;
  if (role.payType === 'HOURLY' && role.payRate > 0) return role.total / role.payRate;
  return (shift.end - shift.start) / HOUR - role.breakPeriod / 60;
}

/** BOOKED shifts whose local start day (in their job's zone) falls in [from, to]. */
const bookedIn = (from: string, to: string) =>
  shifts.filter((s) => {
    const day = localDay(s.start, s.job.timezone);
    return s.status === 'BOOKED' && day >= from && day <= to;
  });

const round = (value: number) => Math.round(value * 100) / 100;
const tokens = (result: { text: string; data: unknown }) =>
  countTokens(result.text) + countTokens(JSON.stringify(result.data));

beforeAll(async () => {
  [company, shifts] = await Promise.all([readCompany(suite.sandbox), readShifts()]);
});

describe('people questions, one call each', () => {
  it('who can work Saturday and has not worked in 30 days: exactly those, in one call under 4,000 tokens', async () => {
    // The Saturday role with the most such matches (the ones of the issue: some sixty people).
    const saturday = company.jobs.filter((job) => job.date === '2026-11-28');
    const asked = saturday
      .flatMap((job) => job.roles.map((role: Json) => ({ jobId: job.id, roleId: role.id })))
      .map((role) => {
        const answer = oracle(company, { role });
        const idle = answer.matches.filter((id) => {
          const last = answer.facts.get(id)!.lastWorked;
          return last === null || last < SINCE;
        });
        return { role, answer, idle };
      })
      .sort((a, b) => b.idle.length - a.idle.length)[0]!;
    expect(asked.idle.length).toBeGreaterThanOrEqual(40);
    expect(asked.answer.matches.length).toBeGreaterThan(asked.idle.length);
    const result = await suite.see('find_matching_crew', {
      ...asked.role,
      notWorkedSince: SINCE,
      sort: 'lastWorked',
      limit: 100,
    });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.totalMatches).toBe(asked.idle.length);
    const shown = result.data.matches.map((match: Json) => Number(match.crewId));
    expect(new Set(shown)).toEqual(new Set(asked.idle));
    // Longest since work first (never first), and each lastWorked the independent one, none in the future.
    const lasts = result.data.matches.map((match: Json) => match.lastWorked ?? '');
    expect(lasts).toEqual([...lasts].sort());
    for (const match of result.data.matches) {
      const facts = asked.answer.facts.get(Number(match.crewId))!;
      expect(match.lastWorked ?? null, match.crewId).toBe(facts.lastWorked);
      if (match.lastWorked) expect(match.lastWorked < SINCE && match.lastWorked <= TEST_TODAY).toBe(true);
    }
    expect(tokens(result)).toBeLessThan(4_000);
    expect(operations(result.sent).every((op) => op.startsWith('company'))).toBe(true);
  });

  it('top five by hours in four weeks: one call under 2,000 tokens, the totals still counting everyone', async () => {
    const [from, to] = ['2026-10-24', '2026-11-20'];
    const hours = new Map<number, number>();
    for (const s of bookedIn(from, to))
      hours.set(s.crewId, (hours.get(s.crewId) ?? 0) + (s.end - s.start) / HOUR);
    const top = [...hours]
      .map(([crewId, sum]) => ({ crewId: String(crewId), hours: round(sum) }))
      .sort((a, b) => b.hours - a.hours || Number(a.crewId) - Number(b.crewId))
      .slice(0, 5);
    const result = await suite.see('review_crew_schedule', { from, to, sort: 'hours', limit: 5 });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.crew.map((p: Json) => ({ crewId: p.crewId, hours: p.hours }))).toEqual(top);
    expect(result.data.people).toBe(hours.size);
    expect(result.text).toContain(`5 of ${hours.size} people`);
    const lines = result.text.split('\n');
    const roles = lines.indexOf('Roles:');
    expect(lines.slice(1, roles < 0 ? undefined : roles).filter((line) => /^\d+ /.test(line))).toHaveLength(
      5,
    );
    expect(tokens(result)).toBeLessThan(2_000);
  });

  it('who worked H hours or more in a local week: exactly those people and weeks; paid hours as pay counts them', async () => {
    // Four whole weeks, across both autumn DST nights (Europe 25 Oct, America 1 Nov).
    const [from, to] = ['2026-10-19', '2026-11-22'];
    const weeks = new Map<string, { hours: number; paid: number }>();
    const paid = new Map<number, number>();
    for (const s of bookedIn(from, to)) {
      const key = `${s.crewId} ${localWeek(s.start, s.job.timezone)[0]}`;
      const week = weeks.get(key) ?? { hours: 0, paid: 0 };
      week.hours += (s.end - s.start) / HOUR;
      week.paid += payHours(s);
      weeks.set(key, week);
      paid.set(s.crewId, (paid.get(s.crewId) ?? 0) + payHours(s));
    }
    // A threshold a handful of people reach: the sixth-longest week's hours.
    const threshold = [...weeks.values()].map((week) => round(week.hours)).sort((a, b) => b - a)[5]!;
    const want = [...weeks]
      .filter(([, week]) => round(week.hours) >= threshold)
      .map(([key, week]) => {
        const [crewId, monday] = key.split(' ');
        return { crewId: crewId!, week: monday!, hours: round(week.hours), paid: week.paid };
      })
      .sort((a, b) => Number(a.crewId) - Number(b.crewId) || a.week.localeCompare(b.week));
    const result = await suite.see('review_crew_schedule', { from, to, minWeeklyHours: threshold });
    expect(result.isError, result.text).toBe(false);
    const said = result.data.crew.flatMap((person: Json) =>
      person.weeks.map((week: Json) => ({ crewId: person.crewId, ...week })),
    );
    expect(said.map(({ crewId, week, hours }: Json) => ({ crewId, week, hours }))).toEqual(
      want.map(({ crewId, week, hours }) => ({ crewId, week, hours })),
    );
    for (const [i, week] of said.entries())
      expect(Math.abs(week.paidHours - want[i]!.paid)).toBeLessThanOrEqual(0.01);
    // Every person's paid hours over the range: pay's net hours, hidden legacy breaks included.
    const all = await suite.see('review_crew_schedule', { from, to });
    expect(all.data.crew).toHaveLength(paid.size);
    for (const person of all.data.crew)
      expect(
        Math.abs(person.paidHours - paid.get(Number(person.crewId))!),
        person.crewId,
      ).toBeLessThanOrEqual(0.01);
    expect(all.data.crew.some((person: Json) => person.paidHours < person.hours - 0.01)).toBe(true);
    // No last day worked is in the future, and each is the independent one.
    for (const person of all.data.crew) {
      const started = shifts.filter(
        (s) => s.crewId === Number(person.crewId) && s.status === 'BOOKED' && s.start <= TEST_NOW,
      );
      const last = started.sort((a, b) => a.start - b.start).at(-1);
      expect(person.lastWorked, person.crewId).toBe(last ? localDay(last.start, last.job.timezone) : null);
    }
  });
});

describe('who a move affects', () => {
  it('a dry run names every person on the moved role and each new clash and short rest, role ids included, and sends nothing', async () => {
    // A BOOKED shift A to come, moved to start when another BOOKED shift B of the same person
    // starts (on A's own job date, read in A's zone): that person then works both at once.
    const booked = shifts.filter((s) => s.status === 'BOOKED');
    let move: { a: RawShift; b: RawShift; start: string; end: string; at: number } | undefined;
    for (const a of booked.filter((s) => s.role.breakPeriod < 120)) {
      for (const b of booked.filter(
        (s) => s.crewId === a.crewId && s.role.id !== a.role.id && !(s.start < a.end && a.start < s.end),
      )) {
        // A new start at B's start, or an hour before B ends: two hours from it overlap B.
        const at = [b.start, b.end - HOUR].find((t) => wallClock(t, a.job.timezone).startsWith(a.job.date));
        if (at === undefined) continue;
        move = {
          a,
          b,
          at,
          start: wallClock(at, a.job.timezone),
          end: wallClock(at + 2 * HOUR, a.job.timezone),
        };
        break;
      }
      if (move) break;
    }
    if (!move) throw new Error('no BOOKED person with two shifts to make clash');
    const [newStart, newEnd] = [move.at, move.at + 2 * HOUR];
    const edit = {
      jobs: [
        { id: move.a.job.id, roles: [{ id: move.a.role.id, startTime: move.start, endTime: move.end }] },
      ],
    };
    const dry = await suite.see('update_jobs', { ...edit, dryRun: true });
    expect(dry.isError, dry.text).toBe(false);
    expect(operations(dry.sent)).not.toContain('updateJobs');
    // Independently: everyone BOOKED or pending on A, and their BOOKED shifts elsewhere that
    // overlap A's new time but not its old one, or rest under 10 h from it and did not before.
    const onA = shifts.filter(
      (s) => s.role.id === move!.a.role.id && (s.status === 'BOOKED' || PENDING.includes(s.status)),
    );
    const want = onA
      .map((person) => {
        const others = booked.filter((s) => s.crewId === person.crewId && s.role.id !== move!.a.role.id);
        const overlap = (start: number, end: number, s: RawShift) => s.start < end && start < s.end;
        const rest = (start: number, end: number, s: RawShift) =>
          Math.max(s.start - end, start - s.end) / HOUR;
        const clashes = others
          .filter((s) => overlap(newStart, newEnd, s) && !overlap(move!.a.start, move!.a.end, s))
          .map((s) => s.role.id)
          .sort();
        const shortRests = others
          .filter((s) => {
            const before = overlap(move!.a.start, move!.a.end, s) || rest(move!.a.start, move!.a.end, s) < 10;
            return !overlap(newStart, newEnd, s) && rest(newStart, newEnd, s) < 10 && !before;
          })
          .map((s) => s.role.id)
          .sort();
        return {
          crewId: String(person.crewId),
          name: person.name,
          status: person.status,
          clashes,
          shortRests,
        };
      })
      .sort((a, b) => Number(a.crewId) - Number(b.crewId));
    const said = (dry.data.affected ?? []).map((person: Json) => ({
      crewId: person.crewId,
      name: person.name,
      status: person.status,
      clashes: (person.clashes ?? []).map((c: Json) => c.roleId).sort(),
      shortRests: (person.shortRests ?? []).map((r: Json) => r.roleId).sort(),
    }));
    expect(said).toEqual(want);
    const person = said.find((one: Json) => one.crewId === String(move!.a.crewId));
    expect(person.clashes).toContain(move.b.role.id);
    // The confirmation it needs names the person and the other role.
    expect(dry.data.needsConfirmation.join('\n')).toContain(
      `crew ${move.a.crewId} ${move.a.name} (BOOKED on role ${move.a.role.id}): clashes`,
    );
    expect(dry.data.needsConfirmation.join('\n')).toContain(`role ${move.b.role.id}`);
    // Applying it needs confirm: without it, nothing is sent either.
    const refused = await suite.see('update_jobs', edit);
    expect(refused.isError).toBe(true);
    expect(operations(refused.sent)).not.toContain('updateJobs');
    expect(refused.text).toMatch(/dryRun: true names them/);
    const stored = await gql(
      suite.sandbox,
      'query($input: CompanyJobsInput) { companyJobs(input: $input) { paginatedList { roles { id startTime } } } }',
      { input: { filter: { jobIds: [move.a.job.id] } } },
    );
    const role = stored.body.data.companyJobs.paginatedList[0].roles.find(
      (r: Json) => r.id === move!.a.role.id,
    );
    expect(Date.parse(role.startTime)).toBe(move.a.start);
  });
});
