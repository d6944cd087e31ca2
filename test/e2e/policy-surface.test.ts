// The tool policy reaches the whole surface a client sees: --toolsets narrows resources and
// prompts too, and a write call in read-only mode says read-only mode is why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { callTool, connectInProcess } from '../helpers/mcp.js';
import { requestsDuring, startTestSandbox } from '../helpers/sandbox.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

async function surface(args: string[]) {
  const connected = await connectInProcess(sandbox, args);
  try {
    const [resources, templates, prompts, tools] = await Promise.all([
      connected.client.listResources(),
      connected.client.listResourceTemplates(),
      connected.client.listPrompts(),
      connected.client.listTools(),
    ]);
    return {
      uris: [
        ...resources.resources.map((resource) => resource.uri),
        ...templates.resourceTemplates.map((template) => template.uriTemplate),
      ],
      prompts: prompts.prompts.map((prompt) => prompt.name).sort(),
      tools: tools.tools.map((tool) => tool.name),
    };
  } finally {
    await connected.close();
  }
}

describe('--toolsets narrows resources and prompts', () => {
  it('all toolsets: every resource and prompt', async () => {
    const all = await surface([]);
    expect(all.uris).toEqual(
      expect.arrayContaining(['crew://boards', 'crew://crew/{crewId}', 'crew://schema', 'crew://events']),
    );
    expect(all.prompts).toHaveLength(6);
  });

  it('--toolsets jobs: no crew profiles, no events, no schema, and only prompts whose tools are listed', async () => {
    const jobs = await surface(['--toolsets', 'jobs']);
    expect(jobs.uris).toContain('crew://boards');
    expect(jobs.uris).toContain('crew://jobs/{jobId}');
    expect(jobs.uris.filter((uri) => /crew:\/\/(crew|events|schema)/.test(uri))).toEqual([]);
    expect(jobs.uris.filter((uri) => uri.startsWith('ui://'))).toEqual(['ui://crew/board-week.html']);
    expect(jobs.prompts).toEqual(['move_job_timezone', 'plan_multi_day_job', 'weekly_schedule_digest']);
  });

  it('--toolsets crew: crew profiles only, and the crew audit prompt', async () => {
    const crew = await surface(['--toolsets', 'crew']);
    expect(crew.uris).toContain('crew://crew/{crewId}');
    const views = crew.uris.filter((uri) => uri.startsWith('ui://'));
    expect(
      crew.uris.filter((uri) => !views.includes(uri)).every((uri) => uri.startsWith('crew://crew/')),
    ).toBe(true);
    // The views of the crew toolset's tools, and no other.
    expect(views).toEqual(['ui://crew/role-candidates.html', 'ui://crew/staffing-plan.html']);
    expect(crew.prompts).toEqual(['audit_crew_profiles']);
  });

  it('--read-only: prompts that need a write tool are not offered', async () => {
    const readOnly = await surface(['--read-only']);
    expect(readOnly.prompts).not.toContain('move_job_timezone');
    expect(readOnly.prompts).toContain('weekly_schedule_digest');
  });
});

describe('read-only mode', () => {
  it('a write call says read-only mode is why, and sends nothing', async () => {
    const connected = await connectInProcess(sandbox, ['--read-only']);
    try {
      const { result, sent } = await requestsDuring(sandbox, () =>
        callTool(connected.client, 'create_jobs', { jobs: [] }),
      );
      expect(result.isError).toBe(true);
      expect(result.text).toBe(
        'create_jobs is not available: the server runs in read-only mode (--read-only).',
      );
      expect(sent).toEqual([]);
    } finally {
      await connected.close();
    }
  });

  it('a tool the key may not use says which scope it lacks', async () => {
    const connected = await connectInProcess(sandbox, ['--sandbox-key', 'demo-readonly']);
    try {
      const result = await callTool(connected.client, 'update_crew', { crewId: 1 });
      expect(result.text).toBe('update_crew is not available: the API key lacks the scope crew:write.');
    } finally {
      await connected.close();
    }
  });
});
