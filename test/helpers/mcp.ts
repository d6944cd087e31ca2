// Test helpers that drive crew-mcp through a real MCP client: in-process (linked transports,
// against a test sandbox), or as the built CLI over stdio and Streamable HTTP.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { type App, type AppOptions, createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { packagePath } from '../../src/paths.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type AppContext, buildServer } from '../../src/server.js';
import { keepingProtoKey } from '../../src/transports/stdio.js';
import { testClock } from './sandbox.js';

/** What users run: the bundled CLI (scripts/bundle-cli.mjs), as npm's bin and the MCPB manifest name it. */
export const CLI = packagePath('dist', 'bin', 'crew-mcp.js');

export interface Connected {
  client: Client;
  app: App;
  close(): Promise<void>;
}

/** A client connected in-process to a server built from `args` (CLI flags) over a test sandbox (at TEST_TODAY). */
export async function connectInProcess(
  sandbox: RunningSandbox,
  args: string[] = [],
  options: Partial<AppOptions> & { capabilities?: Record<string, unknown> } = {},
): Promise<Connected> {
  const config = loadConfig(args, {});
  // The app's "today" is the test sandbox's (TEST_TODAY), not the calendar's, unless a test moves it.
  const app = await createApp(config, {
    transport: 'stdio',
    logger: silentLogger,
    sandbox,
    now: testClock,
    ...options,
  });
  const served = await connectToContext(app.context, options.capabilities);
  return {
    client: served.client,
    app,
    async close() {
      await served.close();
      await app.close();
    },
  };
}

/** A client connected in-process to a server built from `context` (an app's, or one a test varies). */
export async function connectToContext(
  context: AppContext,
  capabilities: Record<string, unknown> = {},
): Promise<{ client: Client; close(): Promise<void> }> {
  const server = buildServer(context);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  // As over stdio: a tool call's "__proto__" argument reaches the input guard.
  await server.connect(keepingProtoKey(serverTransport));
  const client = new Client({ name: 'crew-mcp-test', version: '1.0.0' }, { capabilities });
  await client.connect(clientTransport);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** The built CLI (or another build's, `cli`: the benchmark's baseline) over stdio, through the SDK's stdio client transport. */
export async function spawnStdio(
  args: string[] = [],
  env: Record<string, string> = {},
  cli = CLI,
): Promise<{ client: Client; close(): Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'stdio', ...args],
    env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn', ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'crew-mcp-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The built CLI with `args`, run to its end with only PATH and `env` set; a server command
 * (`http`) is stopped with SIGTERM once its banner is out.
 */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: timeoutMs },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: `${stderr}${error?.signal ? ` [ended by ${error.signal}]` : ''}` });
      },
    );
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('Press Ctrl+C to stop.')) child.kill('SIGTERM');
    });
  });
}

export interface SpawnedHttp {
  process: ChildProcess;
  mcpUrl: string;
  baseUrl: string;
  stdout: () => string;
  /** Everything the process wrote on stderr (its pino logs) so far. */
  stderr: () => string;
  close(): Promise<void>;
}

/**
 * The built CLI's (or `cli`'s) HTTP transport on a free port; resolves once it prints its MCP URL.
 * `nodeArgs` go to node itself (the benchmark asks for heap snapshots on a signal).
 */
export async function spawnHttp(
  args: string[] = [],
  env: Record<string, string> = {},
  cli = CLI,
  nodeArgs: string[] = [],
): Promise<SpawnedHttp> {
  const child = spawn(process.execPath, [...nodeArgs, cli, 'http', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const mcpUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`http server did not start: ${errors}`)), 20_000);
    child.stdout.on('data', () => {
      const match = output.match(/serving MCP at (http:\/\/\S+\/mcp)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`http server exited with ${code}: ${errors}`));
    });
  });
  return {
    process: child,
    mcpUrl,
    baseUrl: mcpUrl.replace(/\/mcp$/, ''),
    stdout: () => output,
    stderr: () => errors,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * An MCP client over Streamable HTTP. `modern` pins the 2026-07-28 revision; `token` is sent as
 * a Bearer token on every request (--auth bearer or oauth).
 */
export async function connectHttp(
  mcpUrl: string,
  era: 'legacy' | 'modern' = 'legacy',
  token?: string,
): Promise<Client> {
  const client = new Client(
    { name: 'crew-mcp-e2e', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const authProvider = token ? { token: async () => token } : undefined;
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider }));
  return client;
}

/**
 * A raw JSON-RPC POST to an MCP URL as a 2025-11-25 client sends it, with a Bearer `token` and a
 * session id when given: for what an SDK client would not send (a flood, a stolen session id).
 */
export function postJsonRpc(
  mcpUrl: string,
  body: unknown,
  token?: string,
  sessionId?: string,
): Promise<Response> {
  return fetch(mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** What a spawned server printed must hold none of these secrets, and no JWT at all. */
export function secretsIn(output: string, secrets: readonly string[]): string[] {
  const found = secrets.filter((secret) => output.includes(secret));
  const jwt = output.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  return jwt ? [...found, 'a JWT'] : found;
}

/** The text of a tool result's first content block. */
export function textOf(result: { content?: unknown }): string {
  const content = result.content as { type: string; text?: string }[] | undefined;
  return content?.find((block) => block.type === 'text')?.text ?? '';
}

// biome-ignore lint/suspicious/noExplicitAny: tests read structured results loosely
export type AnyResult = any;

/** A platform rule a refusal rests on, from the result's structured data (never its text). */
export interface RuleRef {
  path: string;
  code?: string;
  rule: string;
}

export interface CallResult {
  data: AnyResult;
  text: string;
  isError: boolean;
  /** The rules a refusal cites, by their place in the platform's document. */
  rules: RuleRef[];
}

/** Call a tool and return its structured data, text and error flag. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallResult> {
  const result = await client.callTool({ name, arguments: args });
  return {
    data: result.structuredContent as AnyResult,
    text: textOf(result),
    isError: Boolean(result.isError),
    rules: ((result._meta as Record<string, unknown> | undefined)?.['crew-mcp/rules'] as RuleRef[]) ?? [],
  };
}
