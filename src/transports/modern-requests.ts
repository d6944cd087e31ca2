// 2026-07-28 clients over Streamable HTTP: the SDK's handler (createMcpHandler) serves each POST
// with a server instance built for it. Two costs of that per request are ours to avoid, found by
// profiling 16 clients: the SDK's Node adapter (toNodeHandler) built a second web Request from
// the body we had already read, and every instance registered the resources and prompts, which
// a tools/* request cannot reach. Here the one Request is built once, handed to the SDK, and
// remembers its JSON-RPC method for the server factory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo, McpHttpHandler } from '@modelcontextprotocol/server';

const methods = new WeakMap<Request, string>();

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
    signal: abort.signal,
  });
  const method = (body as { method?: unknown } | null)?.method;
  if (typeof method === 'string') methods.set(request, method);
  return request;
}

/** True when the request (as the SDK hands it to a server factory) calls tools/list or tools/call. */
export function callsToolsOnly(request: Request | undefined): boolean {
  const method = request ? methods.get(request) : undefined;
  return method === 'tools/list' || method === 'tools/call';
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
