// MCP over stdio. stdout belongs to the protocol; logs go to stderr. The SDK's serveStdio picks
// the protocol era from the client's opening message and pins one server instance to the
// connection. When the client closes stdin, or on SIGINT/SIGTERM, calls in flight get up to
// --shutdown-timeout-ms to finish (the rest are answered as cut), their answers are flushed, and
// the app (event log, embedded sandbox) is closed so the process exits.
import type { Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { keepProtoKey } from '../mcp/input-guard.js';
import { serverFactory } from '../server.js';
import type { ServedApp } from './routes.js';

/**
 * The transport, with each inbound tool call's "__proto__" argument kept for the input guard
 * (the SDK's request parsing would drop it silently). Any transport: tests wrap theirs too.
 */
export function keepingProtoKey(transport: Transport): Transport {
  return new Proxy(transport, {
    set(target, property, value) {
      if (property === 'onmessage' && typeof value === 'function') {
        const deliver = value as (message: unknown, extra?: unknown) => void;
        return Reflect.set(target, property, (message: unknown, extra?: unknown) =>
          deliver(keepProtoKey(message), extra),
        );
      }
      return Reflect.set(target, property, value);
    },
  });
}

/** Resolves once everything written to stdout so far has been handed to the OS. */
function flushStdout(): Promise<void> {
  return new Promise((resolve) => process.stdout.write('', () => resolve()));
}

export type StdioEnd = 'end of input' | 'SIGINT' | 'SIGTERM';

export async function runStdio(app: ServedApp): Promise<StdioEnd> {
  await app.start({ httpUrl: null, notify: null });
  const handle = serveStdio(serverFactory(app.contextFor(undefined), { longLived: true }), {
    transport: keepingProtoKey(new StdioServerTransport()),
    onerror: (error) => app.logger.warn({ err: error.message }, 'stdio protocol error'),
  });
  const end = await new Promise<StdioEnd>((resolve) => {
    process.stdin.once('end', () => resolve('end of input'));
    process.stdin.once('close', () => resolve('end of input'));
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  const outcome = await app.calls.drain(app.config.security.shutdownTimeoutMs);
  app.logger.info({ reason: end, ...outcome }, 'stopping: calls in flight finished or cut');
  await flushStdout();
  await handle.close().catch(() => undefined);
  await app.close();
  return end;
}
