// The sandbox seed: deterministic for a seed and today, and varied enough to exercise every rule
// (timezones with DST north and south and a half-hour offset, global data types, every DTType,
// multi-day and DST-day jobs, every requirement kind, legacy roles, every crew-job state).
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxData } from '../../src/sandbox/data.js';
import type { Caller, SandboxData } from '../../src/sandbox/types.js';

const TODAY = '2026-11-21';
const ADMIN: Caller = {
  clientId: 'seed-test',
  companyId: 'company-1',
  scopes: new Set(['jobs:read', 'jobs:write', 'crew:read', 'crew:write']),
};
// biome-ignore lint/suspicious/noExplicitAny: assertions read loosely typed GraphQL answers.
type Json = any;

const JOB = `id date timezone multiDayJobId board { id name timezone }
  roles { id payType payRate breakPeriod total startTime endTime createdAt
    requirements { ageRestriction { minAge } dataType { dataTypeId } distanceRestriction { maxDistanceKm }
      genderRestriction { genders } profile { profileIds } labels roleType { roleTypeId } skills tags }
    crewJobs { status attendance } }`;
const CREW = `id firstName lastName email phone status roleTypeIds address { line1 city postcode country }
  profiles { id name dataTypes { id uniqueId title type global options { name } answer { value optionNames verifiedOptionNames score } } }`;

async function query(
  data: SandboxData,
  document: string,
  variables: Record<string, unknown> = {},
): Promise<Json> {
  const answer = await data.graphql.execute({ query: document, variables }, ADMIN);
  expect(answer.status).toBe(200);
  const body = answer.body as Json;
  expect(body.errors).toBeUndefined();
  return body.data;
}

async function allPages(data: SandboxData, field: string, selection: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const result = await query(
      data,
      `query($page: Int) { ${field}(input: { page: $page }) { pager { pageCount } paginatedList { ${selection} } } }`,
      {
        page,
      },
    );
    items.push(...result[field].paginatedList);
    if (page >= result[field].pager.pageCount) return items;
  }
}

async function snapshot(data: SandboxData): Promise<Json> {
  return {
    jobs: await allPages(data, 'companyJobs', JOB),
    crew: await allPages(data, 'companyCrewAll', CREW),
    leavers: await allPages(data, 'companyLeavers', 'crewId firstName lastName email leftAt reason'),
    crewJobs: await allPages(
      data,
      'companyCrewJobs',
      'id status attendance updatedAt crew { id } role { id } job { id }',
    ),
  };
}

let seeded: Json;
beforeAll(async () => {
  seeded = await snapshot(createSandboxData({ today: TODAY, seed: 42 }));
});

describe('seed determinism', () => {
  it('the same seed and today give identical data', async () => {
    expect(await snapshot(createSandboxData({ today: TODAY, seed: 42 }))).toEqual(seeded);
  });

  it('another seed gives other data', async () => {
    const other = await snapshot(createSandboxData({ today: TODAY, seed: 7 }));
    expect(other.crew.map((c: Json) => c.email)).not.toEqual(seeded.crew.map((c: Json) => c.email));
  });

  it('the data belongs to company-1 only', async () => {
    const data = createSandboxData({ today: TODAY, seed: 42 });
    const answer = await data.graphql.execute(
      { query: '{ companyJobs { pager { totalCount } } companyCrewAll { pager { totalCount } } }' },
      { ...ADMIN, companyId: 'company-2' },
    );
    expect((answer.body as Json).data).toEqual({
      companyJobs: { pager: { totalCount: 0 } },
      companyCrewAll: { pager: { totalCount: 0 } },
    });
  });
});

describe('seed crew and profiles', () => {
  it('has at least 250 crew with realistic names, unique emails, phones and addresses', () => {
    expect(seeded.crew.length).toBeGreaterThanOrEqual(250);
    expect(new Set(seeded.crew.map((c: Json) => c.email)).size).toBe(seeded.crew.length);
    for (const c of seeded.crew) {
      expect(c.firstName).toMatch(/^[A-Z][a-z]+$/);
      expect(c.email).toMatch(/^[a-z.]+\d+@example\.(com|net|org)$/);
      expect(c.address).toMatchObject({
        line1: expect.stringMatching(/^\d+ /),
        city: expect.any(String),
        country: expect.any(String),
      });
    }
    expect(seeded.crew.filter((c: Json) => c.phone?.startsWith('+')).length).toBeGreaterThan(200);
  });

  it('has at least 10 leavers', () => {
    expect(seeded.leavers.length).toBeGreaterThanOrEqual(10);
  });

  it('gives each crew member one or two profiles, role types, and both counts occur', () => {
    const counts = new Set(seeded.crew.map((c: Json) => c.profiles.length));
    expect(counts).toEqual(new Set([1, 2]));
    expect(seeded.crew.every((c: Json) => c.roleTypeIds.length > 0)).toBe(true);
  });

  it('links every profile to global data types, so one data type id shows under several profiles', () => {
    const profilesByDataType = new Map<string, Set<string>>();
    for (const c of seeded.crew) {
      for (const p of c.profiles) {
        for (const dt of p.dataTypes) {
          const seen = profilesByDataType.get(dt.id) ?? new Set();
          seen.add(p.name);
          profilesByDataType.set(dt.id, seen);
        }
      }
    }
    const globals = seeded.crew.flatMap((c: Json) =>
      c.profiles.flatMap((p: Json) => p.dataTypes.filter((d: Json) => d.global)),
    );
    expect(globals.length).toBeGreaterThan(0);
    for (const dt of globals) expect(profilesByDataType.get(dt.id)!.size).toBeGreaterThan(1);
    expect(
      new Set(seeded.crew.flatMap((c: Json) => c.profiles.map((p: Json) => p.name))).size,
    ).toBeGreaterThanOrEqual(3);
  });

  it('has data types of every DTType with answers, options, uniqueIds and one shared title', () => {
    const dataTypes = new Map<string, Json>();
    const answers: Json[] = [];
    for (const c of seeded.crew) {
      for (const p of c.profiles) {
        for (const dt of p.dataTypes) {
          dataTypes.set(dt.id, dt);
          if (dt.answer) answers.push({ type: dt.type, ...dt.answer });
        }
      }
    }
    const all = [...dataTypes.values()];
    expect(new Set(all.map((d) => d.type))).toEqual(
      new Set(['TEXT', 'NUMBER', 'DATE', 'BOOLEAN', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'FILE', 'SCORING']),
    );
    expect(all.filter((d) => d.type.endsWith('CHOICE')).every((d) => d.options.length > 1)).toBe(true);
    expect(all.some((d) => d.uniqueId)).toBe(true);
    const titles = all.map((d) => d.title);
    expect(titles.some((t, i) => titles.indexOf(t) !== i)).toBe(true);
    expect(answers.some((a) => a.type === 'SCORING' && typeof a.score === 'number')).toBe(true);
    expect(answers.some((a) => a.type === 'FILE' && a.value)).toBe(true);
    const choice = answers.filter((a) => a.type === 'MULTIPLE_CHOICE');
    expect(
      choice.some(
        (a) => a.verifiedOptionNames.length > 0 && a.verifiedOptionNames.length < a.optionNames.length,
      ),
    ).toBe(true);
  });
});

describe('seed jobs', () => {
  const DAY = 86_400_000;

  it('has boards with DST (north and south) and a half-hour offset', () => {
    const zones = new Set(seeded.jobs.map((j: Json) => j.board.timezone));
    expect(zones.has('Europe/London') || zones.has('America/New_York')).toBe(true);
    expect(zones.has('Australia/Sydney')).toBe(true);
    expect(zones.has('Asia/Kolkata')).toBe(true);
  });

  it('places jobs over the 60 days around today, on both sides', () => {
    const offsets = seeded.jobs.map((j: Json) => (Date.parse(j.date) - Date.parse(TODAY)) / DAY);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-30);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(30);
    expect(Math.min(...offsets)).toBeLessThan(-20);
    expect(Math.max(...offsets)).toBeGreaterThan(20);
  });

  it('has multi-day jobs of 2-4 consecutive days on one board and timezone', () => {
    const groups = new Map<string, Json[]>();
    for (const j of seeded.jobs)
      if (j.multiDayJobId) groups.set(j.multiDayJobId, [...(groups.get(j.multiDayJobId) ?? []), j]);
    expect(groups.size).toBeGreaterThanOrEqual(3);
    for (const days of groups.values()) {
      expect(days.length).toBeGreaterThanOrEqual(2);
      expect(days.length).toBeLessThanOrEqual(4);
      expect(new Set(days.map((d) => d.board.id)).size).toBe(1);
      expect(new Set(days.map((d) => d.timezone)).size).toBe(1);
      const dates = days.map((d) => Date.parse(d.date)).sort((a, b) => a - b);
      for (let i = 1; i < dates.length; i++) expect(dates[i]! - dates[i - 1]!).toBe(DAY);
    }
  });

  it('has a job on a DST-change day whose role crosses the change', () => {
    const london = seeded.jobs.find((j: Json) => j.timezone === 'Europe/London' && j.date === '2026-10-25');
    expect(london).toBeDefined();
    const crossing = london.roles.find(
      (r: Json) => r.startTime.endsWith('+01:00') && r.endTime.endsWith('+00:00'),
    );
    expect(crossing).toBeDefined();
    expect(seeded.jobs.some((j: Json) => j.timezone === 'America/New_York' && j.date === '2026-11-01')).toBe(
      true,
    );
  });

  it('has roles with requirements of every kind', () => {
    const requirements = seeded.jobs.flatMap((j: Json) => j.roles.map((r: Json) => r.requirements));
    expect(requirements.some((r: Json) => r.ageRestriction)).toBe(true);
    expect(requirements.some((r: Json) => r.dataType.length > 0)).toBe(true);
    expect(requirements.some((r: Json) => r.distanceRestriction)).toBe(true);
    expect(requirements.some((r: Json) => r.genderRestriction)).toBe(true);
    expect(requirements.some((r: Json) => r.profile)).toBe(true);
    expect(requirements.some((r: Json) => r.labels.length > 0)).toBe(true);
    expect(requirements.some((r: Json) => r.roleType)).toBe(true);
    expect(requirements.some((r: Json) => r.tags.length > 0)).toBe(true);
  });

  it('has legacy roles (before 2026-09-21) reporting breakPeriod 0 with a total that counted a break', () => {
    const roles = seeded.jobs.flatMap((j: Json) => j.roles);
    const legacy = roles.filter((r: Json) => Date.parse(r.createdAt) < Date.parse('2026-09-21T00:00:00Z'));
    expect(legacy.length).toBeGreaterThan(10);
    expect(legacy.every((r: Json) => r.breakPeriod === 0)).toBe(true);
    const hours = (r: Json) => (Date.parse(r.endTime) - Date.parse(r.startTime)) / 3_600_000;
    expect(
      legacy.filter((r: Json) => r.payType === 'HOURLY' && r.total < r.payRate * hours(r) - 0.01).length,
    ).toBeGreaterThan(5);
    expect(roles.some((r: Json) => !legacy.includes(r) && r.breakPeriod > 0)).toBe(true);
  });

  it('has crew jobs in every status and attendance', () => {
    expect(new Set(seeded.crewJobs.map((c: Json) => c.status))).toEqual(
      new Set([
        'APPLIED',
        'INVITED',
        'SHORTLISTED',
        'BOOKED',
        'DECLINED',
        'CANCELLED',
        'REMOVED',
        'WAITING_LIST',
      ]),
    );
    expect(new Set(seeded.crewJobs.map((c: Json) => c.attendance))).toEqual(
      new Set(['PENDING', 'CONFIRMED', 'CHECKED_IN', 'CHECKED_OUT', 'NO_SHOW']),
    );
  });
});
