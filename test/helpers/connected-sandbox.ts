// A test-suite fixture: a fresh sandbox and an in-process MCP client for the whole file (or
// describe block), started in beforeAll and closed in afterAll. Kept apart from mcp.ts, which
// the benchmarks import outside vitest.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../../src/app.js';
import type { RunningSandbox, SandboxOptions } from '../../src/sandbox/types.js';
import { type CallResult, type Connected, callTool, connectInProcess } from './mcp.js';
import { startTestSandbox } from './sandbox.js';

export interface ConnectedSandbox {
  readonly sandbox: RunningSandbox;
  readonly connected: Connected;
  readonly client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallResult>;
}

export function useConnectedSandbox(
  cliArgs: string[] = [],
  sandboxOptions: SandboxOptions = {},
  appOptions: Partial<AppOptions> = {},
): ConnectedSandbox {
  let sandbox: RunningSandbox | undefined;
  let connected: Connected | undefined;
  beforeAll(async () => {
    sandbox = await startTestSandbox(sandboxOptions);
    connected = await connectInProcess(sandbox, cliArgs, appOptions);
  });
  afterAll(async () => {
    await connected?.close();
    await sandbox?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useConnectedSandbox: used before beforeAll ran');
    return value;
  };
  return {
    get sandbox() {
      return started(sandbox);
    },
    get connected() {
      return started(connected);
    },
    get client() {
      return started(connected).client;
    },
    call: (name, args = {}) => callTool(started(connected).client, name, args),
  };
}
