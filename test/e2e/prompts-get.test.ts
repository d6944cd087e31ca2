// Prompts through a real MCP client (in-process): listed with their arguments as the prompt files
// declare them, and each one got with arguments: the text carries the arguments, names the tools
// it walks through in order, and links the resources its ids name.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrompts } from '../../src/prompts/loader.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type Connected, connectInProcess } from '../helpers/mcp.js';
import { startTestSandbox, TEST_TODAY } from '../helpers/sandbox.js';

let sandbox: RunningSandbox;
let connected: Connected;
let client: Client;

/** Each prompt, the arguments it is got with, and the tools its text must name, in that order. */
const CASES: Record<string, { args: Record<string, string>; tools: string[]; links: string[] }> = {
  staff_role: {
    args: { jobId: '736', role: 'Chef' },
    tools: ['list_jobs', 'find_open_roles', 'find_matching_crew', 'get_crew', 'list_crew_jobs'],
    links: ['crew://jobs/736'],
  },
  staff_event: {
    args: { event: 'multiDayJobId 185' },
    tools: ['find_open_roles', 'plan_staffing'],
    links: [],
  },
  plan_multi_day_job: {
    args: { boardId: '102', title: 'Harbour Festival', firstDate: '2026-12-04', lastDate: '2026-12-06' },
    tools: ['list_jobs', 'create_jobs'],
    links: ['crew://boards/102/schedule'],
  },
  move_job_timezone: {
    args: { jobId: '754', timezone: 'Europe/Lisbon' },
    tools: ['list_jobs', 'update_jobs'],
    links: ['crew://jobs/754'],
  },
  weekly_schedule_digest: {
    args: { boardId: '100', weekStart: '2026-11-23' },
    tools: ['list_jobs', 'list_crew_jobs'],
    links: ['crew://boards/100/schedule'],
  },
  audit_crew_profiles: {
    args: { crewIds: '5, 8' },
    tools: ['list_crew', 'get_crew', 'update_crew', 'update_profile_data_types'],
    links: ['crew://crew/5', 'crew://crew/8'],
  },
};

function textOfPrompt(result: { messages: { content: { type: string; text?: string } }[] }): string {
  return result.messages[0]?.content.text ?? '';
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const now = () => new Date(`${TEST_TODAY}T12:00:00Z`);
  connected = await connectInProcess(sandbox, [], { resources: { now } });
  client = connected.client;
});

afterAll(async () => {
  await connected?.close();
  await sandbox?.close();
});

describe('prompts/list', () => {
  it('lists the five prompts with the arguments their files declare', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(Object.keys(CASES).sort());
    for (const spec of loadPrompts()) {
      const listed = prompts.find((prompt) => prompt.name === spec.name);
      expect(listed?.title).toBe(spec.title);
      expect(listed?.description).toBe(spec.description);
      expect(listed?.arguments).toEqual(
        spec.arguments.map((argument) => ({
          name: argument.name,
          description: argument.description,
          required: argument.required,
        })),
      );
    }
  });
});

describe('prompts/get', () => {
  for (const [name, { args, tools, links }] of Object.entries(CASES)) {
    it(`${name}: fills in its arguments and walks through ${tools.join(', ')}`, async () => {
      const result = await client.getPrompt({ name, arguments: args });
      const text = textOfPrompt(result);
      for (const value of Object.values(args)) expect(text).toContain(value);
      expect(text).not.toMatch(/\{\{/);
      let at = -1;
      for (const tool of tools) {
        const found = text.indexOf(`\`${tool}\``, at + 1);
        expect(found, `${tool} after the tools before it`).toBeGreaterThan(at);
        at = found;
      }
      const linked = result.messages
        .map((message) => message.content)
        .filter((content) => content.type === 'resource_link')
        .map((content) => (content as { uri: string }).uri);
      expect(linked).toEqual(links);
    });
  }

  it('uses the declared default of an optional argument that is not given', async () => {
    const text = textOfPrompt(await client.getPrompt({ name: 'staff_role', arguments: { jobId: '736' } }));
    expect(text).toContain('Role: the role with the most open places');
    const digest = textOfPrompt(
      await client.getPrompt({ name: 'weekly_schedule_digest', arguments: { boardId: '100' } }),
    );
    expect(digest).toContain('seven days from today (in the board');
  });

  it('states the rules that bite', async () => {
    const plan = textOfPrompt(
      await client.getPrompt({ name: 'plan_multi_day_job', arguments: CASES.plan_multi_day_job!.args }),
    );
    expect(plan).toMatch(/one timezone/);
    expect(plan).toMatch(/multiDay: true/);
    expect(plan).toMatch(/breakPeriod/);
    expect(plan).toMatch(/DST|clock-change/);
    const move = textOfPrompt(
      await client.getPrompt({ name: 'move_job_timezone', arguments: CASES.move_job_timezone!.args }),
    );
    expect(move).toMatch(/wall-clock/);
    expect(move).toMatch(/every job of the group moves/);
    expect(move).toMatch(/confirm: true/);
    const audit = textOfPrompt(await client.getPrompt({ name: 'audit_crew_profiles', arguments: {} }));
    expect(audit).toMatch(/SCORING/);
    expect(audit).toMatch(/verified/);
    expect(audit).toMatch(/uniqueId/);
    expect(audit).toMatch(/Duplicate titles/);
  });

  it('refuses a prompt without its required argument', async () => {
    await expect(
      client.getPrompt({ name: 'move_job_timezone', arguments: { jobId: '754' } }),
    ).rejects.toThrow(/timezone/);
  });
});
