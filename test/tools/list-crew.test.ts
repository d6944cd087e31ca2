// list_crew against the sandbox: the search it sends, concurrent pages with progress, one shared
// token for concurrent calls, and input refused before anything is read.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { connectInProcess } from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { seeing, variablesOf } from '../helpers/sent.js';
import { operations, reads } from '../helpers/tool-requests.js';
import type { Any } from './write-support.js';

const suite = useConnectedSandbox();
const see = (args: Record<string, unknown>) => seeing(suite.sandbox, () => suite.call('list_crew', args));

describe('list_crew', () => {
  it('searches crew by name or email, sending the search as the filter', async () => {
    const someone = (await see({ perPage: 1 })).data.crew[0];
    const surname = someone.name.split(' ').at(-1).toLowerCase();
    const result = await see({ search: surname });
    expect(result.isError).toBe(false);
    expect(variablesOf(result.sent, 'companyCrewAll')).toMatchObject({
      input: { filter: { search: surname }, page: 1 },
    });
    expect(result.data.crew.some((member: Any) => member.id === String(someone.id))).toBe(true);
    for (const member of result.data.crew)
      expect(`${member.name} ${member.email}`.toLowerCase()).toContain(surname);
  });

  it('reads every page up to maxItems concurrently, reporting progress in order', async () => {
    const progress: number[] = [];
    const result = await seeing(suite.sandbox, async () => {
      const raw = await suite.client.callTool(
        { name: 'list_crew', arguments: { perPage: 50, allPages: true, maxItems: 300 } },
        { onprogress: (event) => void progress.push(event.progress) },
      );
      return { data: raw.structuredContent, text: '', isError: Boolean(raw.isError), rules: [] };
    });
    expect(result.isError).toBe(false);
    // Page 1 (it tells the page count), then pages 2 to 6 together as aliased reads of one request.
    expect(operations(reads(result.sent))).toEqual(Array(6).fill('companyCrewAll'));
    expect(result.sent).toHaveLength(2);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('refuses an unknown field, naming it, before anything is read', async () => {
    const result = await see({ serach: 'ada' });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/Unknown field "serach" Known fields: search,/);
  });

  it('50 concurrent tool calls cause exactly one token request', async () => {
    const fresh = await startTestSandbox();
    const session = await connectInProcess(fresh);
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          session.client.callTool({ name: index % 2 ? 'list_crew' : 'list_jobs', arguments: { perPage: 1 } }),
        ),
      );
      expect(results.every((result) => !result.isError)).toBe(true);
      expect(fresh.stats.tokenRequests).toBe(1);
      // One read each; reads of the same moment go 10 to a request (src/platform/read-batcher.ts).
      expect(reads(fresh.stats.requests)).toHaveLength(50);
      expect(fresh.stats.graphqlRequests).toBe(5);
    } finally {
      await session.close();
      await fresh.close();
    }
  });
});
