// Completions through a real MCP client (in-process): every template variable and every
// completable prompt argument, checked against the sandbox's own answers.
import type { Client } from '@modelcontextprotocol/client';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type Connected, connectInProcess } from '../helpers/mcp.js';
import { gql, type Json, startTestSandbox, TEST_TODAY } from '../helpers/sandbox.js';

const NOW = new Date(`${TEST_TODAY}T12:00:00Z`);

let sandbox: RunningSandbox;
let connected: Connected;
let client: Client;
let upcoming: Json[];

async function completeTemplate(uri: string, name: string, value: string): Promise<string[]> {
  const result = await client.complete({ ref: { type: 'ref/resource', uri }, argument: { name, value } });
  return result.completion.values;
}

async function completePrompt(prompt: string, name: string, value: string): Promise<string[]> {
  const result = await client.complete({
    ref: { type: 'ref/prompt', name: prompt },
    argument: { name, value },
  });
  return result.completion.values;
}

async function crewMatching(search: string): Promise<Json[]> {
  const answer = await gql(
    sandbox,
    'query($input: CompanyCrewAllInput) { companyCrewAll(input: $input) { paginatedList { id firstName lastName } } }',
    { input: { filter: { search }, perPage: 20 } },
  );
  return answer.body.data.companyCrewAll.paginatedList;
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  connected = await connectInProcess(sandbox, [], { resources: { now: () => NOW } });
  client = connected.client;
  const last = DateTime.fromISO(TEST_TODAY).plus({ days: 13 }).toISODate();
  const answer = await gql(
    sandbox,
    'query($input: CompanyJobsInput) { companyJobs(input: $input) { paginatedList { id title date board { id name } } } }',
    {
      input: {
        perPage: 100,
        filter: { fromRange: `${TEST_TODAY}T00:00:00+14:00`, toRange: `${last}T23:59:59-12:00` },
      },
    },
  );
  upcoming = answer.body.data.companyJobs.paginatedList.filter(
    (job: Json) => job.date >= TEST_TODAY && job.date <= (last as string),
  );
});

afterAll(async () => {
  await connected?.close();
  await sandbox?.close();
});

describe('boardId', () => {
  it('completes board ids by name prefix, case-insensitive, and by id prefix', async () => {
    const boards = new Map<string, string>(upcoming.map((job) => [job.board.id, job.board.name]));
    const all = await completeTemplate('crew://boards/{boardId}/schedule', 'boardId', '');
    expect(all.sort()).toEqual([...boards.keys()].sort());
    const [id, name] = [...boards.entries()][0] as [string, string];
    const byName = await completeTemplate(
      'crew://boards/{boardId}/schedule',
      'boardId',
      name.slice(0, 3).toUpperCase(),
    );
    expect(byName).toContain(id);
    expect(
      byName.every((candidate) =>
        boards.get(candidate)?.toLowerCase().startsWith(name.slice(0, 3).toLowerCase()),
      ),
    ).toBe(true);
    // A later word of the name works too ("harb" finds "Sydney Harbour").
    const secondWord = name.split(' ')[1] as string;
    expect(
      await completeTemplate('crew://boards/{boardId}/schedule', 'boardId', secondWord.slice(0, 4)),
    ).toContain(id);
    expect(await completeTemplate('crew://boards/{boardId}/schedule', 'boardId', id)).toEqual([id]);
    expect(await completeTemplate('crew://boards/{boardId}/schedule', 'boardId', 'zzz')).toEqual([]);
  });

  it('completes the board arguments of plan_multi_day_job and weekly_schedule_digest', async () => {
    const sydney = upcoming.find((job) => job.board.name.startsWith('Sydney'))?.board;
    expect(sydney).toBeDefined();
    expect(await completePrompt('plan_multi_day_job', 'boardId', 'syd')).toEqual([sydney.id]);
    expect(await completePrompt('weekly_schedule_digest', 'boardId', 'syd')).toEqual([sydney.id]);
  });
});

describe('jobId', () => {
  it('completes upcoming job ids by title and by id', async () => {
    const job = upcoming[upcoming.length - 1];
    const prefix = job.title.slice(0, 5).toLowerCase();
    const hasWord = (title: string) =>
      title
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .some((word) => word.startsWith(prefix));
    const byTitle = await completeTemplate('crew://jobs/{jobId}', 'jobId', prefix);
    const expected = upcoming
      .filter((candidate) => hasWord(candidate.title))
      .map((candidate) => candidate.id);
    expect(byTitle.length).toBe(Math.min(20, expected.length));
    for (const id of byTitle) expect(expected).toContain(id);
    expect(await completeTemplate('crew://jobs/{jobId}', 'jobId', job.id)).toContain(job.id);
  });

  it('leaves out past jobs', async () => {
    const past = await gql(
      sandbox,
      'query($input: CompanyJobsInput) { companyJobs(input: $input) { paginatedList { id date } } }',
      {
        input: { perPage: 5, filter: { fromRange: '2026-11-01T00:00:00Z', toRange: '2026-11-05T00:00:00Z' } },
      },
    );
    const pastJob = past.body.data.companyJobs.paginatedList.find((job: Json) => job.date < '2026-11-05');
    expect(pastJob).toBeDefined();
    expect(await completeTemplate('crew://jobs/{jobId}', 'jobId', pastJob.id)).not.toContain(pastJob.id);
  });

  it('completes the job arguments of staff_role and move_job_timezone', async () => {
    const job = upcoming[0];
    expect(await completePrompt('staff_role', 'jobId', job.id)).toContain(job.id);
    expect(await completePrompt('move_job_timezone', 'jobId', job.id)).toContain(job.id);
  });
});

describe('crewId', () => {
  it('completes crew ids by name search', async () => {
    const expected = await crewMatching('khan');
    expect(expected.length).toBeGreaterThan(0);
    const values = await completeTemplate('crew://crew/{crewId}', 'crewId', 'khan');
    expect(values).toEqual(expected.map((member) => String(member.id)));
  });

  it('completes an id typed so far, the exact id first', async () => {
    const values = await completeTemplate('crew://crew/{crewId}', 'crewId', '12');
    expect(values[0]).toBe('12');
    for (const value of values) expect(value.startsWith('12')).toBe(true);
  });

  it('completes the last id of audit_crew_profiles crewIds, keeping the earlier ones', async () => {
    const expected = await crewMatching('khan');
    const values = await completePrompt('audit_crew_profiles', 'crewIds', '5, khan');
    expect(values).toEqual(expected.map((member) => `5, ${member.id}`));
  });

  it('completes a timezone argument with IANA names, by area or by city', async () => {
    expect(await completePrompt('move_job_timezone', 'timezone', 'Europe/Lis')).toEqual(['Europe/Lisbon']);
    expect(await completePrompt('move_job_timezone', 'timezone', 'lisb')).toEqual(['Europe/Lisbon']);
    expect(await completePrompt('plan_multi_day_job', 'timezone', 'America/New')).toEqual([
      'America/New_York',
    ]);
    expect(await completePrompt('plan_multi_day_job', 'timezone', 'America/')).toHaveLength(100);
  });

  it('offers nothing for an argument that names no job, board, crew or timezone', async () => {
    expect(await completePrompt('staff_role', 'count', '2')).toEqual([]);
  });
});
