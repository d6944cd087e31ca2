// The sandbox's size option (SandboxOptions.crewCount, `crew-mcp sandbox --crew N`): extra crew
// are generated after the default seed, so every default id, name, answer and date stays exactly
// as it is, and only new crew (with new ids) are added.
import { describe, expect, it } from 'vitest';
import { parseSandboxArgs } from '../../src/sandbox/command.js';
import { createSandboxData } from '../../src/sandbox/data.js';
import { SEED_CREW_COUNT } from '../../src/sandbox/seed.js';
import type { Caller, SandboxData } from '../../src/sandbox/types.js';
import { gql, startTestSandbox } from '../helpers/sandbox.js';

const TODAY = '2026-11-21';
const ADMIN: Caller = {
  clientId: 'seed-test',
  companyId: 'company-1',
  scopes: new Set(['jobs:read', 'crew:read']),
};
// biome-ignore lint/suspicious/noExplicitAny: assertions read loosely typed GraphQL answers.
type Json = any;

async function everyPage(data: SandboxData, field: string, selection: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await data.graphql.execute(
      {
        query: `query($page: Int) { ${field}(input: { page: $page }) { pager { pageCount } paginatedList { ${selection} } } }`,
        variables: { page },
      },
      ADMIN,
    );
    const list = (answer.body as Json).data[field];
    items.push(...list.paginatedList);
    if (page >= list.pager.pageCount) return items;
  }
}

async function everything(data: SandboxData): Promise<Json> {
  return {
    crew: await everyPage(
      data,
      'companyCrewAll',
      'id uniqueId firstName lastName email phone status roleTypeIds address { line1 city } createdAt updatedAt profiles { id dataTypes { id answer { value optionNames verifiedOptionNames score updatedAt } } }',
    ),
    jobs: await everyPage(
      data,
      'companyJobs',
      'id date title timezone roles { id startTime endTime quantity total crewJobs { id status attendance crewId } }',
    ),
    leavers: await everyPage(data, 'companyLeavers', 'crewId email leftAt'),
  };
}

describe('crewCount', () => {
  it('adds crew after the default seed without changing any of it', async () => {
    const plain = await everything(createSandboxData({ today: TODAY, seed: 42 }));
    const bigger = await everything(createSandboxData({ today: TODAY, seed: 42, crewCount: 400 }));
    expect(plain.crew).toHaveLength(SEED_CREW_COUNT);
    expect(bigger.crew).toHaveLength(400);
    expect(bigger.crew.slice(0, SEED_CREW_COUNT)).toEqual(plain.crew);
    expect(bigger.jobs).toEqual(plain.jobs);
    expect(bigger.leavers).toEqual(plain.leavers);
    const extra = bigger.crew.slice(SEED_CREW_COUNT);
    const lastDefaultId = Math.max(
      ...plain.crew.map((c: Json) => c.id),
      ...plain.leavers.map((l: Json) => l.crewId),
    );
    expect(extra.every((member: Json) => member.id > lastDefaultId)).toBe(true);
    expect(new Set(bigger.crew.map((member: Json) => member.email)).size).toBe(400);
    // Like the seeded crew: profiles, role types, verified answers; no crew jobs of their own.
    expect(extra.every((member: Json) => member.profiles.length > 0 && member.roleTypeIds.length > 0)).toBe(
      true,
    );
    expect(
      extra.some((member: Json) =>
        member.profiles.some((profile: Json) =>
          profile.dataTypes.some((dataType: Json) => dataType.answer?.verifiedOptionNames?.length),
        ),
      ),
    ).toBe(true);
    const assigned = new Set(
      bigger.jobs.flatMap((job: Json) =>
        job.roles.flatMap((role: Json) => role.crewJobs.map((cj: Json) => cj.crewId)),
      ),
    );
    expect(extra.some((member: Json) => assigned.has(member.id))).toBe(false);
  });

  it('is deterministic for a seed', async () => {
    const first = await everything(createSandboxData({ today: TODAY, seed: 42, crewCount: 300 }));
    const second = await everything(createSandboxData({ today: TODAY, seed: 42, crewCount: 300 }));
    expect(second.crew).toEqual(first.crew);
  });

  it.each([100, 259, 260.5, 100_001])('refuses crewCount %d, naming the allowed range', (crewCount) => {
    expect(() => createSandboxData({ today: TODAY, seed: 42, crewCount })).toThrow(
      /crewCount must be a whole number from 260 .* to 100000/,
    );
  });

  it('serves 10,000 crew through the API, paginated', async () => {
    const sandbox = await startTestSandbox({ crewCount: 10_000 });
    try {
      const answer = await gql(
        sandbox,
        '{ companyCrewAll(input: { page: 100 }) { pager { totalCount pageCount } paginatedList { id } } }',
      );
      expect(answer.body.data.companyCrewAll.pager).toEqual({ totalCount: 10_000, pageCount: 100 });
      expect(answer.body.data.companyCrewAll.paginatedList).toHaveLength(100);
    } finally {
      await sandbox.close();
    }
  });
});

describe('crew-mcp sandbox --crew', () => {
  it('takes the crew count', () => {
    expect(parseSandboxArgs(['--crew', '10000'])).toMatchObject({ crewCount: 10_000 });
    expect(parseSandboxArgs(['--crew=260'])).toMatchObject({ crewCount: 260 });
  });

  it.each([
    [['--crew', '12'], /--crew must be between 260 and 100000/],
    [['--crew', 'many'], /--crew must be a whole number/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSandboxArgs(argv)).toThrow(message);
  });
});
