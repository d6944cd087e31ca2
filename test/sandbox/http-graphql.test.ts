// §4.1 and the contract's GraphQL envelope: POST {base_url}/gql with JSON {query, variables,
// operationName}, routed with the caller of the token to the data layer's executor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { fetchToken, gql, readJson, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let token: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  token = await fetchToken(sb);
});
afterAll(() => sb.close());

function postGql(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sb.baseUrl}/gql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('§4.1: GraphQL endpoint', () => {
  it('§4.1: POST /gql runs the query and answers the executor result as JSON', async () => {
    const answer = await gql(sb, 'query Probe { __typename }');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ __typename: 'Query' });
  });

  it('§4.1: variables and operationName reach the executor', async () => {
    const document = 'query A { __typename } query B($skip: Boolean!) { t: __typename @skip(if: $skip) }';
    const answer = await gql(sb, document, { skip: true }, { operationName: 'B' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({});
  });

  it('§4.1: GET /gql is 405 with Allow: POST', async () => {
    const response = await fetch(`${sb.baseUrl}/gql?query=%7B__typename%7D`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await readJson(response)).toEqual({ message: expect.any(String) });
  });

  it('§4.1: a body that is not JSON is 400 with a message', async () => {
    const response = await postGql('{"query": ');
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message: expect.stringMatching(/JSON/) });
  });

  it('§4.1: an envelope without a query string or with non-object variables is 400', async () => {
    for (const body of [{}, { query: 42 }, { query: '{ __typename }', variables: [1] }, []]) {
      const response = await postGql(JSON.stringify(body));
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ message: expect.any(String) });
    }
  });

  it('§8 [contract]: a JSON body over 1 MiB is 413', async () => {
    const huge = JSON.stringify({ query: `{ __typename }${' '.repeat(1024 * 1024)}` });
    const response = await postGql(huge);
    expect(response.status).toBe(413);
    expect(await readJson(response)).toEqual({ message: expect.any(String) });
  });

  it('§8 [contract]: a chunked JSON body (no Content-Length) is cut off at 1 MiB with 413', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 2 MiB in all, unless the server stops reading first.
        if (sent >= 32) controller.close();
        else controller.enqueue(chunk);
        sent += 1;
      },
    });
    const response = await fetch(`${sb.baseUrl}/gql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('§4.1: a body that is not declared as JSON is 415', async () => {
    const response = await postGql(JSON.stringify({ query: '{ __typename }' }), {
      'content-type': 'text/plain',
    });
    expect(response.status).toBe(415);
  });
});

describe('§4.1 [contract scopes]: scope enforcement reaches GraphQL', () => {
  it('§4.1: demo-readonly calling a write gets FORBIDDEN with requiredScope', async () => {
    const answer = await gql(
      sb,
      'mutation { createJobs(input: { jobs: [] }) { success } }',
      {},
      { clientId: 'demo-readonly' },
    );
    const error = answer.body.errors?.[0];
    expect(error?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'jobs:write' });
  });

  it('§4.1: the same write with demo-admin is not refused for scope', async () => {
    const answer = await gql(sb, 'mutation { createJobs(input: { jobs: [] }) { success } }');
    const codes = (answer.body.errors ?? []).map(
      (e: { extensions?: { code?: string } }) => e.extensions?.code,
    );
    expect(codes).not.toContain('FORBIDDEN');
  });
});
