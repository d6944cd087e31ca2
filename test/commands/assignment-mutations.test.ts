// `crew-mcp check` names a live mutation that may book or invite crew (the API document has none,
// so no tool is built on one): found by name in the introspected schema, rendered in the report.
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../src/commands/check-report.js';
import { readPackageFile } from '../../src/paths.js';
import { assignmentMutations } from '../../src/platform/schema-diff.js';

describe('assignment mutations in a live schema', () => {
  it('our model of the platform has none', () => {
    expect(assignmentMutations(buildSchema(readPackageFile('src', 'contract', 'schema.graphql')))).toEqual(
      [],
    );
  });

  it('names the ones a live schema has, and check reports them', () => {
    const live = buildSchema(`
      type Query { ok: Boolean }
      type Mutation { bookCrewJob(id: ID!): Boolean, inviteCrew(id: ID!): Boolean, createJobs: Boolean }
    `);
    const found = assignmentMutations(live);
    expect(found).toEqual(['bookCrewJob', 'inviteCrew']);
    const text = renderReport({
      ok: true,
      upstream: {
        kind: 'live',
        apiUrl: 'https://api.example',
        tokenUrl: 'https://auth.example',
        clientId: 'x',
      },
      token: { ok: true },
      graphql: { ok: true, endpoint: 'https://api.example/gql', introspection: true },
      schema: { compared: true, assignmentMutations: found },
      tools: { listed: [], notListed: [] },
      webhooks: { configured: false },
      problems: [],
    });
    expect(text).toContain('bookCrewJob, inviteCrew');
    expect(text).toContain('no tool uses them');
  });
});
