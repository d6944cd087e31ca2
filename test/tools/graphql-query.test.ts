// graphql_query: a GraphQL document the model wrote, checked before anything is sent (syntax,
// kind, the schema, the key's scopes, variables), sent once, and cut to the result budget.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { callTool, connectInProcess } from '../helpers/mcp.js';
import { requestsDuring } from '../helpers/sandbox.js';

const JOBS =
  'query Jobs($n: Int) { companyJobs(input: { perPage: $n }) { paginatedList { id title timezone } } }';

describe('graphql_query', () => {
  const suite = useConnectedSandbox([], {
    keys: [
      {
        clientId: 'jobs-only',
        clientSecret: 'jobs-only-secret',
        scopes: ['jobs:read'],
        companyId: 'company-1',
      },
    ],
  });

  it('runs a query and returns its data, sending exactly that operation', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('graphql_query', { query: JOBS, variables: { n: 3 } }),
    );
    expect(result.isError).toBe(false);
    expect(result.data.data.companyJobs.paginatedList).toHaveLength(3);
    expect(result.data.data.companyJobs.paginatedList[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      timezone: expect.stringMatching(/\//),
    });
    expect(sent).toEqual([{ kind: 'graphql', operation: 'companyJobs', variables: { n: 3 } }]);
  });

  it('refuses a field the schema does not have, pointing at describe_schema, and sends nothing', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('graphql_query', { query: '{ companyJobs { paginatedList { id venue } } }' }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/query: Cannot query field "venue" on type "Job"/);
    expect(result.text).toMatch(/describe_schema/);
    expect(sent).toEqual([]);
  });

  it('refuses a mutation unless the operator allowed them, and sends nothing', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('graphql_query', {
        query: 'mutation { updateProfileDataTypes(input: { profileId: "1", dataTypes: [] }) { success } }',
      }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/queries only on this server .*--allow-graphql-mutations/);
    expect(result.text).toMatch(
      /no operation to book or invite crew: the coordinator books crew in the platform/,
    );
    expect(sent).toEqual([]);
  });

  it('refuses bad syntax, several operations and badly typed variables before sending', async () => {
    const { result: syntax } = await requestsDuring(suite.sandbox, () =>
      suite.call('graphql_query', { query: '{ companyJobs { ' }),
    );
    expect(syntax.text).toMatch(/query: Syntax Error/);
    const { result: two } = await requestsDuring(suite.sandbox, () =>
      suite.call('graphql_query', { query: `${JOBS} query Other { __typename }` }),
    );
    expect(two.text).toMatch(/the document has 2 operations/);
    const { result: variables, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('graphql_query', { query: JOBS, variables: { n: 'three' } }),
    );
    expect(variables.text).toMatch(
      /variables: Variable "\$n" got invalid value "three"; Int cannot represent/,
    );
    expect(sent).toEqual([]);
  });

  it('refuses a query touching an operation whose scope the key lacks, naming the scope', async () => {
    const jobsOnly = await connectInProcess(suite.sandbox, ['--sandbox-key', 'jobs-only']);
    try {
      const { result, sent } = await requestsDuring(suite.sandbox, () =>
        callTool(jobsOnly.client, 'graphql_query', {
          query: '{ companyJobs { pager { totalCount } } companyCrewAll { pager { totalCount } } }',
        }),
      );
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/lacks the scope "crew:read"/);
      expect(sent).toEqual([]);
    } finally {
      await jobsOnly.close();
    }
  });

  it('cuts the longest list of a large answer to the result budget, with a note', async () => {
    const query =
      '{ companyCrewAll(input: { perPage: 100 }) { paginatedList { id firstName lastName email profiles { id dataTypes { id title type uniqueId } } } } }';
    const { data, text, isError } = await suite.call('graphql_query', { query });
    expect(isError).toBe(false);
    expect(data.note).toMatch(
      /^\d+ of 100 items of companyCrewAll\.paginatedList cut to fit the result budget/,
    );
    expect(text.length + JSON.stringify(data).length).toBeLessThan(2.5 * 20_000);
  });

  it('is a read-only tool by default', async () => {
    const { tools } = await suite.client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'graphql_query');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });
});

describe('graphql_query with --allow-graphql-mutations', () => {
  const suite = useConnectedSandbox(['--allow-graphql-mutations']);

  it('is declared destructive and sends a mutation once, not retried', async () => {
    const { tools } = await suite.client.listTools();
    expect(tools.find((tool) => tool.name === 'graphql_query')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('graphql_query', {
        query:
          'mutation { updateProfileDataTypes(input: { profileId: "no-such-profile", dataTypes: [] }) { success } }',
      }),
    );
    expect(sent).toEqual([{ kind: 'graphql', operation: 'updateProfileDataTypes', variables: {} }]);
    expect(result.text).not.toMatch(/queries only/);
  });
});
