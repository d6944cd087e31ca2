// The generated busy season (SandboxOptions.season, `crew-mcp sandbox --season N`): N weeks that
// look like a coordinator's real weeks (four boards in four zones, overlapping day and night roles,
// 3,000 crew of whom half are BOOKED each week, 400-600 open places a week), generated after the
// default seed, which stays exactly as it is.
import { describe, expect, it } from 'vitest';
import { parseSandboxArgs } from '../../src/sandbox/command.js';
import { createSandboxData } from '../../src/sandbox/data.js';
import { SEASON_UNIQUE_PREFIX } from '../../src/sandbox/seed.js';
import type { Caller, SandboxData } from '../../src/sandbox/types.js';
import { type Json, TEST_TODAY } from '../helpers/sandbox.js';

const ADMIN: Caller = {
  clientId: 'seed-test',
  companyId: 'company-1',
  scopes: new Set(['jobs:read', 'crew:read']),
};
const DAY_MS = 86_400_000;

async function everyPage(data: SandboxData, field: string, selection: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await data.graphql.execute(
      {
        query: `query($page: Int) { ${field}(input: { page: $page, perPage: 100 }) { pager { pageCount } paginatedList { ${selection} } } }`,
        variables: { page },
      },
      ADMIN,
    );
    const list = (answer.body as Json).data[field];
    items.push(...list.paginatedList);
    if (page >= list.pager.pageCount) return items;
  }
}

const JOB_FIELDS =
  'id uniqueId date title timezone board { id } roles { id title startTime endTime quantity requirements { roleType { roleTypeId } } crewJobs { id status crewId } }';
const jobsOf = (data: SandboxData) => everyPage(data, 'companyJobs', JOB_FIELDS);
const isSeason = (job: Json) => String(job.uniqueId ?? '').startsWith(SEASON_UNIQUE_PREFIX);

/** The Monday after TEST_TODAY (a Saturday), from which the season's weeks run. */
const FIRST_MONDAY = Date.parse(`${TEST_TODAY}T00:00:00Z`) + 2 * DAY_MS;
const weekOf = (job: Json) => Math.floor((Date.parse(`${job.date}T00:00:00Z`) - FIRST_MONDAY) / (7 * DAY_MS));

describe('season', () => {
  const plain = createSandboxData({ today: TEST_TODAY, seed: 42 });
  const withSeason = createSandboxData({ today: TEST_TODAY, seed: 42, season: 2 });

  it('adds its jobs after the default seed, which stays exactly as it is', async () => {
    const before = await jobsOf(plain);
    const after = await jobsOf(withSeason);
    expect(after.filter((job) => !isSeason(job))).toEqual(before);
    expect(before.some(isSeason)).toBe(false);
    const crew = await everyPage(withSeason, 'companyCrewAll', 'id');
    const plainCrew = await everyPage(plain, 'companyCrewAll', 'id');
    expect(crew.length).toBe(3_000);
    expect(crew.slice(0, plainCrew.length)).toEqual(plainCrew);
  });

  it('has weeks of four boards in four zones, 400-600 open places and half the crew booked once', async () => {
    const season = (await jobsOf(withSeason)).filter(isSeason);
    expect(new Set(season.map(weekOf))).toEqual(new Set([0, 1]));
    for (const week of [0, 1]) {
      const jobs = season.filter((job) => weekOf(job) === week);
      // Monday to Sunday: every date of the week, every board each day, in its own zone.
      expect(new Set(jobs.map((job) => job.date)).size).toBe(7);
      expect(new Set(jobs.map((job) => job.board.id)).size).toBe(4);
      expect(new Set(jobs.map((job) => job.timezone))).toEqual(
        new Set(['Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata']),
      );
      const roles = jobs.flatMap((job) => job.roles);
      const places = roles.reduce((sum: number, role: Json) => sum + role.quantity, 0);
      const booked = roles.flatMap((role: Json) =>
        role.crewJobs.filter((cj: Json) => cj.status === 'BOOKED'),
      );
      expect(places - booked.length).toBeGreaterThanOrEqual(400);
      expect(places - booked.length).toBeLessThanOrEqual(600);
      // Half of the 3,000 crew hold one booking each that week.
      expect(booked.length).toBe(1_500);
      expect(new Set(booked.map((cj: Json) => cj.crewId)).size).toBe(1_500);
      for (const role of roles)
        expect(role.crewJobs.filter((cj: Json) => cj.status === 'BOOKED').length).toBeLessThanOrEqual(
          role.quantity,
        );
      // Day and night roles overlap: within one board's day some roles run at once, some past midnight.
      const overlapping = jobs.some((job) =>
        season.some(
          (other) =>
            other.board.id === job.board.id &&
            other.date === job.date &&
            other.id !== job.id &&
            other.roles.some((a: Json) =>
              job.roles.some(
                (b: Json) =>
                  Date.parse(a.startTime) < Date.parse(b.endTime) &&
                  Date.parse(b.startTime) < Date.parse(a.endTime),
              ),
            ),
        ),
      );
      expect(overlapping).toBe(true);
      expect(roles.some((role: Json) => role.endTime.slice(0, 10) !== role.startTime.slice(0, 10))).toBe(
        true,
      );
      expect(roles.every((role: Json) => role.requirements.roleType)).toBe(true);
    }
  });

  it('is deterministic for a seed', async () => {
    const again = createSandboxData({ today: TEST_TODAY, seed: 42, season: 2 });
    expect((await jobsOf(again)).filter(isSeason)).toEqual((await jobsOf(withSeason)).filter(isSeason));
  });

  it.each([0, 1.5, 13])('refuses season %d, naming the allowed range', (season) => {
    expect(() => createSandboxData({ today: TEST_TODAY, seed: 42, season })).toThrow(
      /season must be a whole number of weeks from 1 to 12/,
    );
  });

  it('is the sandbox command option --season', () => {
    expect(parseSandboxArgs(['--season', '4'])).toMatchObject({ season: 4 });
    expect(() => parseSandboxArgs(['--season', '20'])).toThrow(/--season must be between 1 and 12/);
  });
});
