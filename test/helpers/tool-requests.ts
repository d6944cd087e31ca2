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
