// Request counters: tests elsewhere prove request counts (token caching, retries, batching) by them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationKeyOf } from '../../src/sandbox/stats.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { fetchToken, gql, rest, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(() => sb.resetStats());

describe('stats', () => {
  it('tokenRequests counts every POST to the token endpoint, refused ones too', async () => {
    await fetchToken(sb);
    await fetchToken(sb, 'demo-readonly');
    await fetch(sb.tokenUrl, { method: 'POST', body: 'grant_type=password' });
    expect(sb.stats.tokenRequests).toBe(3);
  });

  it('graphqlRequests and graphqlByOperation count by root field names', async () => {
    const token = await fetchToken(sb);
    await gql(sb, '{ __typename }', undefined, { token });
    await gql(sb, 'query Two { a: __typename __schema { queryType { name } } }', undefined, { token });
    await gql(sb, 'query A { __typename } query B { __schema { description } }', undefined, {
      token,
      operationName: 'B',
    });
    await gql(sb, 'not graphql', undefined, { token });
    expect(sb.stats.graphqlRequests).toBe(4);
    expect(sb.stats.graphqlByOperation).toEqual({
      __typename: 1,
      '__typename,__schema': 1,
      __schema: 1,
      unknown: 1,
    });
  });

  it('requests refused at the gate (401) still count as having reached the platform', async () => {
    await fetch(`${sb.baseUrl}/gql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    await fetch(`${sb.baseUrl}/rest/webhooks`);
    expect(sb.stats.graphqlRequests).toBe(1);
    expect(sb.stats.graphqlByOperation).toEqual({ __typename: 1 });
    expect(sb.stats.restRequests).toBe(1);
  });

  it('restRequests counts REST calls; resetStats zeroes every counter in place', async () => {
    const stats = sb.stats;
    await rest(sb, 'GET', '/rest/webhooks');
    await rest(sb, 'GET', '/rest/nothing');
    expect(stats.restRequests).toBe(2);
    expect(stats.requests.slice(-2)).toEqual([
      { kind: 'rest', method: 'GET', path: '/rest/webhooks' },
      { kind: 'rest', method: 'GET', path: '/rest/nothing' },
    ]);
    expect(stats.tokenRequests).toBeGreaterThanOrEqual(0);
    sb.resetStats();
    expect(sb.stats).toBe(stats);
    expect(stats).toEqual({
      tokenRequests: 0,
      graphqlRequests: 0,
      graphqlByOperation: {},
      restRequests: 0,
      webhookDeliveries: 0,
      requests: [],
    });
  });

  it('logs what each GraphQL request asked for: the operation and its variables', async () => {
    sb.resetStats();
    await gql(
      sb,
      'query Q($input: CompanyJobsInput) { companyJobs(input: $input) { pager { totalCount } } }',
      {
        input: { page: 2, perPage: 3 },
      },
    );
    expect(sb.stats.requests).toEqual([
      { kind: 'graphql', operation: 'companyJobs', variables: { input: { page: 2, perPage: 3 } } },
    ]);
  });
});

describe('operationKeyOf', () => {
  it('names root fields, not aliases, and follows root fragments', () => {
    expect(operationKeyOf('{ jobs: companyJobs { pager { totalCount } } }')).toBe('companyJobs');
    expect(
      operationKeyOf(
        'query { ...Root ... on Query { companyCrewAll { pager { totalCount } } } } fragment Root on Query { companyJobs { pager { totalCount } } }',
      ),
    ).toBe('companyJobs,companyCrewAll');
  });

  it('falls back to "unknown" for unparsable documents, missing queries and unknown operation names', () => {
    expect(operationKeyOf('{')).toBe('unknown');
    expect(operationKeyOf(undefined)).toBe('unknown');
    expect(operationKeyOf('query A { companyJobs { pager { totalCount } } }', 'B')).toBe('unknown');
  });
});
