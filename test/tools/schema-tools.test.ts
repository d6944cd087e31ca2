import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { textOf } from '../helpers/mcp.js';

const suite = useConnectedSandbox(['--sandbox-key', 'demo-readonly']);

describe('describe_schema', () => {
  it('lists every operation and type name when asked for none, without calling the platform', async () => {
    suite.sandbox.resetStats();
    const result = await suite.connected.client.callTool({ name: 'describe_schema', arguments: {} });
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

  it('names unknown entries and suggests close ones', async () => {
    const result = await suite.connected.client.callTool({
      name: 'describe_schema',
      arguments: { names: ['CreateRole'] },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /names\[0\]: "CreateRole" is neither an operation nor a type.*CreateRoleInput/s,
    );
  });

  it('is listed for a read-only key: it needs no scope', async () => {
    const { tools } = await suite.connected.client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'describe_schema');
    expect(tool?.description).toMatch(/Scope: none\.$/);
  });
});
