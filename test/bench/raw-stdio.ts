// A JSON-RPC client over the CLI's stdio that does nothing but write a request line and JSON.parse
// the answer line: no schema checks of the envelope, no output validation. Beside the SDK client
// (which validates structuredContent against the tool's outputSchema, as official clients do), it
// splits a tool call's added time into the server's share (this path minus the direct call) and
// the client's (the SDK path minus this one).
import { spawn } from 'node:child_process';
import { CLI } from '../helpers/mcp.js';

export interface RawStdio {
  /** The server process's id (to read its CPU time). */
  pid: number;
  /** One request; resolves to the parsed answer's `result`, rejects on a JSON-RPC error. */
  request(method: string, params: Record<string, unknown>): Promise<unknown>;
  /** tools/call that must succeed. */
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

interface Answer {
  id?: number;
  result?: { isError?: boolean; content?: unknown };
  error?: { message: string };
}

export async function spawnRawStdio(
  env: Record<string, string>,
  cli = CLI,
  nodeFlags: string[] = [],
): Promise<RawStdio> {
  const child = spawn(process.execPath, [...nodeFlags, cli, 'stdio'], {
    env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const waiting = new Map<number, (answer: Answer) => void>();
  let buffer = '';
  let lastId = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const answer = JSON.parse(buffer.slice(0, end)) as Answer;
      buffer = buffer.slice(end + 1);
      if (answer.id === undefined) continue;
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const request = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    const id = ++lastId;
    const answer = await new Promise<Answer>((resolve, reject) => {
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`, (error) => {
        if (error) reject(error);
      });
    });
    if (answer.error) throw new Error(`${method} failed: ${answer.error.message}`);
    return answer.result;
  };
  await request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'crew-mcp-bench-raw', version: '1.0.0' },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return {
    pid: child.pid ?? 0,
    request,
    async callTool(name, args) {
      const result = (await request('tools/call', { name, arguments: args })) as Answer['result'];
      if (result?.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
      return result;
    },
    async close() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
