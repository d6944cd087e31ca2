// What a tool call sent upstream, for the tool tests (test/tools/): call a tool and see the
// requests that reached the sandbox meanwhile (GraphQL operation and variables, REST method and
// path), then assert on them. Built on requestsDuring (helpers/sandbox.ts).
import type { LoggedRequest, RunningSandbox } from '../../src/sandbox/types.js';
import type { CallResult } from './mcp.js';
import { requestsDuring } from './sandbox.js';
import { operations } from './tool-requests.js';

export interface SeenCall extends CallResult {
  /** Every request that reached the sandbox during the call, in order. */
  sent: LoggedRequest[];
}

/** Run a tool call and return its result with what it sent. */
export async function seeing(sandbox: RunningSandbox, call: () => Promise<CallResult>): Promise<SeenCall> {
  const { result, sent } = await requestsDuring(sandbox, call);
  return { ...result, sent };
}

/** The variables of the one request of `operation`; throws when there is not exactly one. */
export function variablesOf(sent: readonly LoggedRequest[], operation: string): Record<string, unknown> {
  const found = sent.filter((request) => request.kind === 'graphql' && request.operation === operation);
  if (found.length !== 1)
    throw new Error(`expected one ${operation} request, saw ${operations(sent).join(', ') || 'none'}`);
  return (found[0] as { variables: Record<string, unknown> | null }).variables ?? {};
}
