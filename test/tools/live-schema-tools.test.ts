// Tools against a live platform whose schema differs from our model (a test sandbox serving a
// renamed field, lacking an operation, with an extra enum value, reached with credentials as a
// live platform is): the tools adapt instead of failing on every call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type Connected, callTool, connectInProcess } from '../helpers/mcp.js';
import { DIFFERING_SCHEMA, liveFlagsFor, requestsDuring, startTestSandbox } from '../helpers/sandbox.js';

let sandbox: RunningSandbox;
let connected: Connected;
const eventsDir = mkdtempSync(join(tmpdir(), 'crew-mcp-live-schema-'));

beforeAll(async () => {
  sandbox = await startTestSandbox({ schemaVariant: DIFFERING_SCHEMA });
  connected = await connectInProcess(sandbox, [...liveFlagsFor(sandbox), '--events-dir', eventsDir]);
});
afterAll(async () => {
  await connected?.close();
  await sandbox?.close();
  rmSync(eventsDir, { recursive: true, force: true });
});

describe('tools against a differing live schema', () => {
  it('list_jobs works without the field the platform renamed', async () => {
    const { result, sent } = await requestsDuring(sandbox, () =>
      callTool(connected.client, 'list_jobs', { from: '2026-11-21', perPage: 5 }),
    );
    expect(result.isError).toBe(false);
    expect(result.data.jobs.length).toBeGreaterThan(0);
    expect(result.data.jobs.every((job: { location?: string }) => job.location === undefined)).toBe(true);
    expect(sent.map((request) => request.kind === 'graphql' && request.operation)).toContain('companyJobs');
  });

  it('does not list a tool whose operation the platform lacks, and a call says why', async () => {
    const { tools } = await connected.client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('list_leavers');
    const { result, sent } = await requestsDuring(sandbox, () => callTool(connected.client, 'list_leavers'));
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/list_leavers is not available: .*no operation companyLeavers/);
    expect(sent).toEqual([]);
  });

  it("takes the platform's enum values for tool inputs", async () => {
    const { tools } = await connected.client.listTools();
    const listCrewJobs = tools.find((tool) => tool.name === 'list_crew_jobs');
    expect(JSON.stringify(listCrewJobs?.inputSchema)).toContain('WAITLISTED');
    const { result, sent } = await requestsDuring(sandbox, () =>
      callTool(connected.client, 'list_crew_jobs', { status: ['WAITLISTED'] }),
    );
    expect(result.isError).toBe(false);
    expect(sent).toContainEqual(
      expect.objectContaining({
        kind: 'graphql',
        operation: 'companyCrewJobs',
        variables: expect.objectContaining({
          input: expect.objectContaining({
            filter: expect.objectContaining({ crewJobStatus: ['WAITLISTED'] }),
          }),
        }),
      }),
    );
  });
});
