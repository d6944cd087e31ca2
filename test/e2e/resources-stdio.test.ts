// The built CLI over stdio (run `npm run build` first), with its embedded sandbox and the real
// clock: the server instructions at initialize, resources and templates listed and read,
// a completion and a prompt, as a desktop client would see them.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnStdio } from '../helpers/mcp.js';

let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ client, close } = await spawnStdio());
});

afterAll(async () => {
  await close?.();
});

async function read(uri: string): Promise<string> {
  const result = await client.readResource({ uri });
  return (result.contents[0] as { text: string }).text;
}

describe('over stdio', () => {
  it('sends short instructions covering tools, time zones and safety', () => {
    const text = client.getInstructions() ?? '';
    const words = text.split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThan(100);
    expect(words).toBeLessThanOrEqual(350);
    for (const phrase of [
      'list_jobs',
      'crew://boards',
      'staff_role',
      'find_matching_crew',
      'IANA',
      'wall-clock',
      'DST',
      '2026-09-21',
      'no operation to book or invite crew',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('lists and reads the resources and templates', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining([
        'crew://boards/{boardId}/schedule',
        'crew://jobs/{jobId}',
        'crew://crew/{crewId}',
      ]),
    );
    const { resources } = await client.listResources();
    const boards = await read('crew://boards');
    const schedule = resources.find((resource) => resource.uri.endsWith('/schedule'));
    const job = resources.find((resource) => resource.uri.startsWith('crew://jobs/'));
    const crew = resources.find((resource) => resource.uri.startsWith('crew://crew/'));
    expect(schedule && job && crew).toBeTruthy();
    const boardId = schedule?.uri.split('/')[3] as string;
    expect(boards).toMatch(new RegExp(`^- ${boardId} \\*\\*.+\\*\\*: \\w+/\\w+`, 'm'));
    expect(await read(schedule?.uri as string)).toMatch(
      new RegExp(`\\(board ${boardId}\\): \\d{4}-\\d{2}-\\d{2} to `),
    );
    expect(await read(job?.uri as string)).toContain(`(job ${job?.uri.split('/')[3]})`);
    expect(await read(crew?.uri as string)).toContain(`(crew ${crew?.uri.split('/')[3]})`);
    expect(await read('crew://schema')).toContain('createJobs(input: CreateJobsInput!)');
  });

  it('completes a board id and gets a prompt with it', async () => {
    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: 'weekly_schedule_digest' },
      argument: { name: 'boardId', value: '' },
    });
    expect(completion.values.length).toBeGreaterThanOrEqual(3);
    const boardId = completion.values[0] as string;
    const prompt = await client.getPrompt({ name: 'weekly_schedule_digest', arguments: { boardId } });
    const text = (prompt.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
    expect(text).toContain(`board ${boardId}`);
    expect(text).toContain('`list_jobs`');
  });

  it('answers an unknown job with a clear error', async () => {
    await expect(client.readResource({ uri: 'crew://jobs/no-such-job' })).rejects.toThrow(
      /no job with id "no-such-job"/,
    );
  });
});
