// Resources through a real MCP client (in-process) against the sandbox: the static resources,
// each template with a real id, the lists, clear errors for unknown ids and missing scopes.
// Expectations come from the sandbox's own GraphQL answers, never from the resource code.
import type { Client } from '@modelcontextprotocol/client';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_INDEX_WINDOW_DAYS as WINDOW } from '../../src/lookups/job-index.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type Connected, connectInProcess } from '../helpers/mcp.js';
import { gql, type Json, startTestSandbox, TEST_TODAY } from '../helpers/sandbox.js';

/** The clock of the resources, pinned to the sandbox's seed day (noon UTC: the same date in every seeded zone). */
const NOW = new Date(`${TEST_TODAY}T12:00:00Z`);
const pinned = () => ({ resources: { now: () => NOW } });

let sandbox: RunningSandbox;
let connected: Connected;
let client: Client;

async function readText(uri: string): Promise<string> {
  const result = await client.readResource({ uri });
  const content = result.contents[0] as { uri: string; mimeType?: string; text?: string };
  expect(content.uri).toBe(uri);
  expect(content.mimeType).toBe('text/markdown');
  return content.text ?? '';
}

/** Jobs of the sandbox whose local date is in [from, to], straight from its GraphQL API. */
async function sandboxJobs(from: string, to: string, boardId?: string): Promise<Json[]> {
  const jobs: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await gql(
      sandbox,
      `query($input: CompanyJobsInput) { companyJobs(input: $input) {
        paginatedList { id title date timezone board { id name timezone } roles { id title } }
        pager { pageCount } } }`,
      {
        input: {
          page,
          perPage: 100,
          filter: {
            fromRange: `${from}T00:00:00+14:00`,
            toRange: `${to}T23:59:59-12:00`,
            ...(boardId ? { boardIds: [boardId] } : {}),
          },
        },
      },
    );
    const result = answer.body.data.companyJobs;
    jobs.push(...result.paginatedList);
    if (page >= result.pager.pageCount) break;
  }
  return jobs.filter((job) => job.date >= from && job.date <= to);
}

const plusDays = (date: string, days: number) => DateTime.fromISO(date).plus({ days }).toISODate() as string;

beforeAll(async () => {
  sandbox = await startTestSandbox({
    keys: [
      {
        clientId: 'jobs-only',
        clientSecret: 'jobs-only-secret',
        scopes: ['jobs:read'],
        companyId: 'company-1',
      },
      {
        clientId: 'crew-only',
        clientSecret: 'crew-only-secret',
        scopes: ['crew:read'],
        companyId: 'company-1',
      },
    ],
  });
  connected = await connectInProcess(sandbox, [], pinned());
  client = connected.client;
});

afterAll(async () => {
  await connected?.close();
  await sandbox?.close();
});

describe('listing', () => {
  it('lists the static resources and every template', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
      'crew://boards/{boardId}/schedule',
      'crew://crew/{crewId}',
      'crew://jobs/{jobId}',
    ]);
    for (const template of resourceTemplates) {
      expect(template.mimeType).toBe('text/markdown');
      expect(template.description).toBeTruthy();
    }
    const { resources } = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toContain('crew://boards');
    expect(uris).toContain('crew://schema');
  });

  it('lists a schedule per board, the upcoming jobs and a page of crew, bounded', async () => {
    const { resources } = await client.listResources();
    const schedules = resources.filter((resource) => /^crew:\/\/boards\/[^/]+\/schedule$/.test(resource.uri));
    const jobs = resources.filter((resource) => resource.uri.startsWith('crew://jobs/'));
    const crew = resources.filter((resource) => resource.uri.startsWith('crew://crew/'));
    const boards = new Set(
      (await sandboxJobs(plusDays(TEST_TODAY, -WINDOW.past), plusDays(TEST_TODAY, WINDOW.future))).map(
        (job) => job.board.id,
      ),
    );
    expect(schedules.map((resource) => resource.uri.split('/')[3]).sort()).toEqual([...boards].sort());
    // Upcoming jobs: dated from today on, at most 50 of them.
    const upcoming = await sandboxJobs(TEST_TODAY, plusDays(TEST_TODAY, 13));
    expect(jobs.length).toBe(Math.min(50, upcoming.length));
    const upcomingIds = new Set(upcoming.map((job) => job.id));
    for (const resource of jobs) expect(upcomingIds).toContain(resource.uri.split('/')[3]);
    expect(crew).toHaveLength(25);
    expect(crew[0]?.name).toMatch(/^\S+ \S+/);
  });
});

describe('crew://boards', () => {
  it('lists the boards seen in jobs with their timezones', async () => {
    const text = await readText('crew://boards');
    const jobs = await sandboxJobs(plusDays(TEST_TODAY, -WINDOW.past), plusDays(TEST_TODAY, WINDOW.future));
    const boards = new Map(jobs.map((job) => [job.board.id, job.board]));
    expect(boards.size).toBeGreaterThanOrEqual(3);
    for (const board of boards.values()) {
      expect(text).toContain(`- ${board.id} **${board.name}**: ${board.timezone}`);
      const count = jobs.filter((job) => job.board.id === board.id).length;
      expect(text).toContain(`${board.timezone}; ${count} jobs`);
    }
    expect(text).toContain(
      `Seen in jobs dated ${plusDays(TEST_TODAY, -WINDOW.past)} to ${plusDays(TEST_TODAY, WINDOW.future)}`,
    );
  });
});

describe('crew://boards/{boardId}/schedule', () => {
  it("shows the board's jobs of the next 7 local days, grouped by date, with local times", async () => {
    const [board] = (await sandboxJobs(TEST_TODAY, TEST_TODAY)).map((job) => job.board);
    const text = await readText(`crew://boards/${board.id}/schedule`);
    const last = plusDays(TEST_TODAY, 6);
    expect(text).toContain(`# ${board.name} (board ${board.id}): ${TEST_TODAY} to ${last}`);
    expect(text).toContain(`Timezone ${board.timezone}`);
    const expected = await sandboxJobs(TEST_TODAY, last, board.id);
    expect(expected.length).toBeGreaterThan(0);
    const shown = [...text.matchAll(/^- job (\S+) /gm)].map((match) => match[1]);
    expect(shown.sort()).toEqual(expected.map((job) => job.id).sort());
    // Dates are headings in order; each job sits under its own local date.
    const headings = [...text.matchAll(/^## \w{3} (\d{4}-\d{2}-\d{2})$/gm)].map((match) => match[1]);
    expect(headings).toEqual([...new Set(expected.map((job) => job.date))].sort());
    const dateOfJob = new Map<string, string>();
    let heading = '';
    for (const line of text.split('\n')) {
      heading = line.match(/^## \w{3} (\S+)$/)?.[1] ?? heading;
      const id = line.match(/^- job (\S+) /)?.[1];
      if (id) dateOfJob.set(id, heading);
    }
    for (const job of expected) {
      expect(dateOfJob.get(job.id)).toBe(job.date);
      expect(text).toContain(`- job ${job.id} **${job.title}**`);
      for (const role of job.roles) expect(text).toMatch(new RegExp(`  - ${role.id} .* \\d{2}:\\d{2}–`));
    }
    expect(text).toMatch(/booked \d+\/\d+/);
  });

  it('refuses an unknown board, naming the known ones', async () => {
    await expect(client.readResource({ uri: 'crew://boards/nope/schedule' })).rejects.toThrow(
      /no board "nope" among the boards seen in jobs.*Known boards: \d+ \(/s,
    );
  });
});

describe('crew://jobs/{jobId}', () => {
  it('shows one job with roles in local time, requirements and assignment counts', async () => {
    const job = (await sandboxJobs(plusDays(TEST_TODAY, 7), plusDays(TEST_TODAY, 7))).find(
      (candidate) => candidate.title === 'Requirements Showcase',
    );
    expect(job).toBeDefined();
    const text = await readText(`crew://jobs/${job.id}`);
    expect(text).toContain(`# ${job.title} (job ${job.id})`);
    expect(text).toContain(`timezone ${job.timezone}`);
    expect(text).toContain(`board ${job.board.id} (${job.board.name})`);
    // The same roles, times and requirements as list_jobs shows (its requirements are in its text
    // only, "· needs a; b ·" on the role's line: no view or follow-up reads them as data).
    const answer = await client.callTool({ name: 'list_jobs', arguments: { jobIds: [job.id] } });
    const listed = answer.structuredContent as Json;
    const listedText = (answer.content as { text: string }[])[0]!.text;
    const needs = (roleId: string) =>
      new RegExp(`^  role ${roleId} .*? · needs (.*?)(?: · |$)`, 'm').exec(listedText)?.[1]?.split('; ') ??
      [];
    expect(listed.jobs[0].roles.flatMap((role: Json) => needs(role.id))).toContainEqual(
      expect.stringMatching(/^dataType /),
    );
    for (const role of listed.jobs[0].roles) {
      expect(text).toContain(`- role ${role.id} **${role.title}**`);
      expect(text).toContain(`${role.start} to ${role.end}, ${role.quantity} needed`);
      for (const requirement of needs(role.id)) expect(text).toContain(requirement);
    }
    expect(text).toMatch(/requirements: .*dataType/);
  });

  it('refuses an unknown job id and says how to find one', async () => {
    await expect(client.readResource({ uri: 'crew://jobs/999999' })).rejects.toThrow(
      /crew:\/\/jobs\/999999: no job with id "999999".*list_jobs/,
    );
  });
});

describe('crew://crew/{crewId}', () => {
  it('shows every profile with data types, answers and verified options', async () => {
    const answer = await gql(
      sandbox,
      `{ companyCrewAll(input: { perPage: 100 }) { paginatedList { id firstName lastName
        profiles { id name dataTypes { id title type global answer { optionNames verifiedOptionNames score } } } } } }`,
    );
    const crew: Json[] = answer.body.data.companyCrewAll.paginatedList;
    // A member with a global data type and an unverified chosen option: the interesting case.
    const member = crew.find((candidate) =>
      candidate.profiles.some((profile: Json) =>
        profile.dataTypes.some(
          (dt: Json) =>
            dt.global &&
            dt.answer?.optionNames.some((name: string) => !dt.answer.verifiedOptionNames.includes(name)),
        ),
      ),
    );
    expect(member).toBeDefined();
    const text = await readText(`crew://crew/${member.id}`);
    expect(text).toContain(`# ${member.firstName} ${member.lastName} (crew ${member.id})`);
    for (const profile of member.profiles) {
      expect(text).toContain(`## Profile ${profile.id}: ${profile.name}`);
      for (const dt of profile.dataTypes) expect(text).toContain(`- ${dt.id} "${dt.title}" (${dt.type}`);
    }
    expect(text).toMatch(/\(\w+, global[^)]*\): answer .*; unverified /);
  });

  it('refuses an unknown crew id and a non-numeric one', async () => {
    await expect(client.readResource({ uri: 'crew://crew/999999' })).rejects.toThrow(
      /no crew member with id 999999.*list_crew/,
    );
    await expect(client.readResource({ uri: 'crew://crew/abc' })).rejects.toThrow(/"abc" is not a crew id/);
  });
});

describe('crew://schema', () => {
  it('lists every operation with its input and output types, small enough for a model', async () => {
    const text = await readText('crew://schema');
    for (const operation of [
      'companyJobs(input: CompanyJobsInput): CompanyJobsResponse',
      'companyCrewOne(crewId: Int!): CompanyCrew!',
      'createJobs(input: CreateJobsInput!): CreateJobsResponse!',
      'updateProfileDataTypes(input: UpdateProfileDataTypesInput!): UpdateProfileDataTypesResponse!',
    ]) {
      expect(text).toContain(operation);
    }
    expect(text).toMatch(/- input CreateRoleInput \{ title String!;.*breakPeriod Int=0/);
    expect(text).toContain('payType PayType=HOURLY');
    expect(text).toContain('- enum DTType: TEXT | NUMBER');
    expect(text).not.toMatch(/\[(spec|assumed|public)/);
    const tokens = encode(text).length;
    expect(tokens).toBeGreaterThan(1000);
    expect(tokens).toBeLessThan(3500);
  });
});

describe('scopes', () => {
  it('a key without crew:read gets a clear error for a crew profile, and jobs still read', async () => {
    const jobsOnly = await connectInProcess(sandbox, ['--sandbox-key', 'jobs-only'], pinned());
    try {
      await expect(jobsOnly.client.readResource({ uri: 'crew://crew/5' })).rejects.toThrow(
        /lacks the scope "crew:read"/,
      );
      const boards = await jobsOnly.client.readResource({ uri: 'crew://boards' });
      expect((boards.contents[0] as { text: string }).text).toMatch(/^# Boards/);
      // The crew list of resources/list is left out rather than failing the whole list.
      const { resources } = await jobsOnly.client.listResources();
      expect(resources.some((resource) => resource.uri.startsWith('crew://jobs/'))).toBe(true);
      expect(resources.some((resource) => resource.uri.startsWith('crew://crew/'))).toBe(false);
    } finally {
      await jobsOnly.close();
    }
  });

  it('a key without jobs:read gets a clear error for jobs and boards', async () => {
    const crewOnly = await connectInProcess(sandbox, ['--sandbox-key', 'crew-only'], pinned());
    try {
      await expect(crewOnly.client.readResource({ uri: 'crew://jobs/1' })).rejects.toThrow(
        /Cannot read crew:\/\/jobs\/1: .*lacks the scope "jobs:read"/,
      );
      await expect(crewOnly.client.readResource({ uri: 'crew://boards' })).rejects.toThrow(/jobs:read/);
      const crew = await crewOnly.client.readResource({ uri: 'crew://crew/5' });
      expect((crew.contents[0] as { text: string }).text).toContain('(crew 5)');
    } finally {
      await crewOnly.close();
    }
  });
});
