// Against a live platform whose schema differs from our [assumed] model, the tools whose
// documents no longer validate are found (and then not listed) instead of failing per call.
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaSource } from '../../src/contract/files.js';
import { findMismatches } from '../../src/mcp/live-schema.js';
import { createPlatform } from '../../src/platform/client.js';
import { fetchLiveSchema } from '../../src/platform/introspection.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { allTools } from '../../tools/index.js';
import { startTestSandbox } from '../helpers/sandbox.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe('live schema check', () => {
  it('finds no mismatch against the sandbox, read by introspection over HTTP', async () => {
    const platform = createPlatform({
      credentials: { clientId: 'demo-admin', clientSecret: 'demo-admin-secret', tokenUrl: sandbox.tokenUrl },
      apiUrl: sandbox.baseUrl,
      timeoutMs: 5000,
    });
    const schema = await fetchLiveSchema(platform.graphql);
    expect(schema.getQueryType()?.getFields()).toHaveProperty('companyJobs');
    expect(findMismatches(schema, allTools)).toEqual([]);
  });

  it('flags a tool whose document uses a field the live schema lacks', () => {
    const model = schemaSource();
    const withoutLocation = model.replace(/^ {2}location: String # \[assumed\]\n/m, '');
    expect(withoutLocation).not.toBe(model);
    const mismatches = findMismatches(buildSchema(withoutLocation), allTools);
    const listJobs = mismatches.find((mismatch) => mismatch.tool === 'list_jobs');
    expect(listJobs?.problems.join(' ')).toMatch(/location/);
    expect(mismatches.map((mismatch) => mismatch.tool)).not.toContain('list_crew');
  });
});
