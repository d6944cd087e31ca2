// 2026-07-28 clients over Streamable HTTP: the SDK's handler (createMcpHandler) serves each POST
// with a server instance built for it. Two costs of that per request are ours to avoid, found by
// profiling 16 clients: the SDK's Node adapter (toNodeHandler) built a second web Request from
// the body we had already read, and every instance registered every tool, resource and prompt,
// where a tools/call reaches one tool. Here the one Request is built once, handed to the SDK,
// and remembers its JSON-RPC method (and tool) for the server factory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo, McpHttpHandler } from '@modelcontextprotocol/server';

const methods = new WeakMap<Request, { method: string; tool?: string }>();

/** The first protocol revision of the per-request era (the SDK's FIRST_MODERN_PROTOCOL_VERSION). */
const FIRST_MODERN_VERSION = '2026-07-28';

/**
 * Whether a /mcp POST is one the SDK's isLegacyRequest would never send to the 2025-era leg, told
 * from what is already at hand: its MCP-Protocol-Version header names a 2026-07-28-era revision
 * and its body is one JSON-RPC request or notification (an object with a method, no result or
 * error). The SDK classifies such a request as modern or refuses it (a header and envelope that
 * disagree), and the modern handler classifies it again anyway; asking isLegacyRequest first was
 * a second pass of zod checks over every 2026-07-28 request. Anything else is left to it.
 */
export function surelyModern(req: IncomingMessage, body: unknown): boolean {
  const header = req.headers['mcp-protocol-version'];
  if (typeof header !== 'string' || header.trim() < FIRST_MODERN_VERSION) return false;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const message = body as Record<string, unknown>;
  return typeof message.method === 'string' && !('result' in message) && !('error' in message);
}

/**
 * The web Request of a /mcp POST whose body was read and parsed already, aborted when the client
 * goes away first. It carries the headers only: the SDK is given the parsed body beside it
 * (parsedBody), so serialising it again into the Request would be work nobody reads.
 */
export function webRequestOf(req: IncomingMessage, res: ServerResponse, body: unknown): Request {
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/mcp'}`, {
    method: 'POST',
    headers,
  });
  // The abort signal is set on the Request itself rather than passed as init.signal: undici
  // follows an init signal with a listener, a WeakRef and a FinalizationRegistry entry, about
  // 11 µs of the 17 µs a Request cost here, and V8 keeps a WeakRef's target through young-
  // generation collections. The SDK reads request.signal; nothing here clones the Request or
  // fetches with it (test/transports/modern-requests.test.ts holds the abort to the client's going away).
  Object.defineProperty(request, 'signal', { value: abort.signal });
  const { method, params } = (body ?? {}) as { method?: unknown; params?: { name?: unknown } };
  if (typeof method === 'string') {
    const tool = method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
    methods.set(request, { method, ...(tool ? { tool } : {}) });
  }
  return request;
}

/**
 * What a server instance for this request (as the SDK hands it to the factory) must register:
 * for tools/call only the tool called, for tools/list the tools, else everything (undefined).
 */
export function reachOf(request: Request | undefined): { tools: 'all' | string } | undefined {
  const seen = request ? methods.get(request) : undefined;
  if (seen?.method === 'tools/list') return { tools: 'all' };
  if (seen?.method === 'tools/call') return { tools: seen.tool ?? 'all' };
  return undefined;
}

/** Serve a 2026-07-28 request with the SDK's handler and write its answer (JSON, or an SSE stream). */
export async function serveModernRequest(
  handler: McpHttpHandler,
  request: Request,
  res: ServerResponse,
  body: unknown,
  authInfo: AuthInfo | undefined,
): Promise<void> {
  const response = await handler.fetch(request, {
    ...(authInfo ? { authInfo } : {}),
    parsedBody: body,
  });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  // Stream it (progress and elicitation answer as SSE), with backpressure; stop when the client left.
  try {
    for await (const chunk of response.body) {
      if (request.signal.aborted) break;
      if (!res.write(chunk)) await drainedOrClosed(res, request.signal);
    }
  } catch {
    // The client went away mid-stream: nothing left to tell it.
  }
  res.end();
}

function drainedOrClosed(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    res.once('drain', done);
    signal.addEventListener('abort', done, { once: true });
  });
}
