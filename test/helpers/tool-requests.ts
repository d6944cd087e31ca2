// One tool call through a real MCP client, with what it sent to the sandbox and what its result
// costs a model: the three things a tool test asserts together.
import type { Client } from '@modelcontextprotocol/client';
import type { LoggedRequest, RunningSandbox } from '../../src/sandbox/types.js';
import { type ResultCost, resultCost } from '../bench/tokens.js';
import { type AnyResult, textOf } from './mcp.js';
import { requestsDuring } from './sandbox.js';

export interface CountedCall {
  data: AnyResult;
  text: string;
  isError: boolean;
  cost: ResultCost;
  /** GraphQL and REST requests that reached the sandbox during the call. */
  sent: LoggedRequest[];
}

export async function callCounted(
  sandbox: RunningSandbox,
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CountedCall> {
  const { result, sent } = await requestsDuring(sandbox, () => client.callTool({ name, arguments: args }));
  return {
    data: result.structuredContent as AnyResult,
    text: textOf(result),
    isError: Boolean(result.isError),
    cost: resultCost(result),
    sent,
  };
}

/** The operation (GraphQL) or method and path (REST) of each request, in order. */
export function operations(sent: readonly LoggedRequest[]): string[] {
  return sent.map((request) =>
    request.kind === 'graphql' ? request.operation : `${request.method} ${request.path}`,
  );
}

/**
 * Each read the requests carried, in order: a request of one root field as it was logged; a
 * request of several (reads sent together as aliased root fields, src/platform/read-batcher.ts)
 * as one entry per field, its arguments standing for the variables that read would have sent
 * alone (every product read passes its root field's one argument as the same-named variable:
 * `companyCrewAll(input: $input)`). What a tool asked for, whatever the requests it took.
 */
export function reads(sent: readonly LoggedRequest[]): LoggedRequest[] {
  return sent.flatMap((request): LoggedRequest[] =>
    request.kind === 'graphql' && request.fields
      ? request.fields.map((field) => ({
          kind: 'graphql',
          operation: field.field,
          variables: field.arguments,
        }))
      : [request],
  );
}
