// Resources, a completion and a prompt over Streamable HTTP with the built CLI, in both protocol
// eras (2025-11-25 and 2026-07-28): one server instance per request, so the catalog cache and
// the loaded prompts are shared across instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, type SpawnedHttp, spawnHttp } from '../helpers/mcp.js';

let server: SpawnedHttp;

beforeAll(async () => {
  server = await spawnHttp();
});

afterAll(async () => {
  await server?.close();
});

describe.each(['legacy', 'modern'] as const)('over HTTP (%s era)', (era) => {
  it('reads a board schedule found by completion, and gets a prompt naming it', async () => {
    const client = await connectHttp(server.mcpUrl, era);
    try {
      const { completion } = await client.complete({
        ref: { type: 'ref/resource', uri: 'crew://boards/{boardId}/schedule' },
        argument: { name: 'boardId', value: '' },
      });
      const boardId = completion.values[0] as string;
      expect(boardId).toBeTruthy();
      const schedule = await client.readResource({ uri: `crew://boards/${boardId}/schedule` });
      expect((schedule.contents[0] as { text: string }).text).toContain(`(board ${boardId})`);
      const prompt = await client.getPrompt({
        name: 'plan_multi_day_job',
        arguments: { boardId, title: 'Fair', firstDate: '2026-12-01', lastDate: '2026-12-02' },
      });
      const kinds = prompt.messages.map((message) => message.content.type);
      expect(kinds).toEqual(['text', 'resource_link']);
      await expect(client.readResource({ uri: 'crew://crew/999999' })).rejects.toThrow(
        /no crew member with id 999999/,
      );
    } finally {
      await client.close();
    }
  });
});
