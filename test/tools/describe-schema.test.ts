// describe_schema: where a model starts before graphql_query. Our model of the schema, or against
// a live platform the schema it introspected at start; no call reaches the platform.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { callTool, connectInProcess, textOf } from '../helpers/mcp.js';
import { DIFFERING_SCHEMA, liveFlagsFor, requestsDuring, startTestSandbox } from '../helpers/sandbox.js';

const suite = useConnectedSandbox(['--sandbox-key', 'demo-readonly']);

describe('describe_schema', () => {
  it('lists every operation and type name when asked for none, without calling the platform', async () => {
    suite.sandbox.resetStats();
    const result = await suite.connected.client.callTool({ name: 'describe_schema', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/companyJobs.*createJobs.*CreateRoleInput/s);
    expect(suite.sandbox.stats.graphqlRequests).toBe(0);
  });

  it('describes operations and types by name, case-insensitively', async () => {
    const result = await suite.connected.client.callTool({
      name: 'describe_schema',
      arguments: { names: ['createJobs', 'createroleinput', 'DTType'] },
    });
    const [operation, input, enumeration] = (result.structuredContent as { definitions: string[] })
      .definitions;
    expect(operation).toMatch(/^mutation createJobs\(input: CreateJobsInput!\): CreateJobsResponse!/);
    expect(input).toMatch(/^input CreateRoleInput \{.*breakPeriod Int=0/);
    expect(enumeration).toMatch(/^enum DTType: .*SCORING/);
  });

  it('shows the input rules the tool schemas leave out (docs/TOOL-TEXT.md), without calling the platform', async () => {
    suite.sandbox.resetStats();
    const names = [
      'CreateJobsInput',
      'RoleTypeRequirementInput',
      'ProfileRequirementInput',
      'GenderRestrictionInput',
      'UpdateRoleInput',
      'DataTypeAnswerInput',
    ];
    const result = await suite.connected.client.callTool({ name: 'describe_schema', arguments: { names } });
    expect(result.isError).toBeFalsy();
    const [multiDay, roleType, profile, gender, roleEdit, answer] = (
      result.structuredContent as { definitions: string[] }
    ).definitions;
    expect(multiDay).toMatch(
      /multiDay Boolean=false \(the jobs form one multi-day job; they must then share one timezone and board\)/,
    );
    expect(roleType).toMatch(/condition RequirementCondition! \(must be EQUAL\)/);
    expect(profile).toMatch(/profileIds \[ID!\]!; condition RequirementCondition! \(ANY or NONE\)/);
    expect(gender).toMatch(/genders \[Gender!\]!/);
    expect(roleEdit).toMatch(/breakPeriod cannot be changed/);
    expect(answer).toMatch(/by id or by uniqueId \(exactly one\); own or inherited global data types/);
    expect(suite.sandbox.stats.graphqlRequests).toBe(0);
  });

  it('names unknown entries and suggests close ones', async () => {
    suite.sandbox.resetStats();
    const result = await suite.connected.client.callTool({
      name: 'describe_schema',
      arguments: { names: ['CreateRole'] },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /names\[0\]: "CreateRole" is neither an operation nor a type.*CreateRoleInput/s,
    );
    expect(suite.sandbox.stats.graphqlRequests).toBe(0);
  });

  it('is listed for a read-only key: it needs no scope', async () => {
    const { tools } = await suite.connected.client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'describe_schema');
    expect(tool?._meta?.['crew-mcp/scopes']).toEqual([]);
  });
});

describe('describe_schema against a live platform', () => {
  it('shows the live schema, read at start: the renamed field, not the missing operation', async () => {
    const differing = await startTestSandbox({ schemaVariant: DIFFERING_SCHEMA });
    const eventsDir = mkdtempSync(join(tmpdir(), 'crew-mcp-describe-'));
    const connected = await connectInProcess(differing, [
      ...liveFlagsFor(differing),
      '--events-dir',
      eventsDir,
    ]);
    try {
      const { result, sent } = await requestsDuring(differing, () =>
        callTool(connected.client, 'describe_schema', { names: ['Job'] }),
      );
      expect(result.data.definitions[0]).toMatch(/\bvenue\b/);
      expect(result.data.definitions[0]).not.toMatch(/\blocation\b/);
      expect(sent).toEqual([]);
      const names = await callTool(connected.client, 'describe_schema', {});
      expect(names.text).not.toMatch(/companyLeavers/);
    } finally {
      await connected.close();
      await differing.close();
      rmSync(eventsDir, { recursive: true, force: true });
    }
  });
});
