// How the platform client puts a request on the wire: Node's own http and https modules over
// keep-alive agents. fetch (undici) did the same job for about 0.3 ms more CPU per request and
// some 20 ms of initialisation at start (BENCHMARKS.md: per-call overhead, cold start), paid by
// every tool call and every start. A `fetch` given to the platform client (tests that reshape
// answers) is used through the same interface, and so is fetch for the one body node:http
// cannot send as it is: the multipart FormData of a file upload. node:https (and the TLS stack it
// loads) is imported on the first https:// request, not at start: a server against an http://
// platform (the embedded sandbox) never needs it.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { finished } from 'node:stream';

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | URLSearchParams | FormData;
  signal?: AbortSignal;
}

export interface WireResponse {
  status: number;
  /** A response header, null when absent. */
  header(name: string): string | null;
  /** The whole body as text. */
  text(): Promise<string>;
  /** Let the body go unread. */
  discard(): Promise<void>;
}

export type Wire = (request: WireRequest) => Promise<WireResponse>;

/** Through a fetch implementation (global fetch when none is given, looked up only when used). */
export function fetchWire(fetchImpl?: typeof fetch): Wire {
  return async ({ method, url, headers, body, signal }) => {
    const response = await (fetchImpl ?? fetch)(url, { method, headers, body, signal });
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      text: () => response.text(),
      discard: async () => {
        await response.body?.cancel();
      },
    };
  };
}

/**
 * Idle connections are kept 4 s (undici's default), or less when the server announces a shorter
 * keep-alive: reusing one the server is closing would fail a write whose outcome is then unknown.
 */
const IDLE_SOCKET_MS = 4000;
let httpAgent: HttpAgent | null = null;
let https: Promise<{ request: typeof httpRequest; agent: HttpsAgent }> | null = null;

function plain(): { request: typeof httpRequest; agent: HttpAgent } {
  httpAgent ??= new HttpAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS });
  return { request: httpRequest, agent: httpAgent };
}

function secure(): Promise<{ request: typeof httpRequest; agent: HttpsAgent }> {
  https ??= import('node:https').then(({ Agent, request }) => ({
    request,
    agent: new Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  }));
  return https;
}

/** As fetch asks: a platform (or a proxy before it) may compress large answers. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** fetch named itself; some gateways refuse a request that names no agent. */
const USER_AGENT = 'crew-mcp';

/** The body decoded as its Content-Encoding says (fetch does this by itself). */
async function decoded(body: Buffer, encoding: string | undefined): Promise<Buffer> {
  const coding = encoding?.trim().toLowerCase();
  if (!coding || coding === 'identity') return body;
  const zlib = await import('node:zlib');
  const { promisify } = await import('node:util');
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return promisify(zlib.gunzip)(body);
    case 'br':
      return promisify(zlib.brotliDecompress)(body);
    case 'deflate':
      // "deflate" is zlib-wrapped by the standard, raw from some servers: fetch accepts both.
      return promisify(zlib.inflate)(body).catch(() => promisify(zlib.inflateRaw)(body));
    default:
      throw new Error(`The platform answered with an unsupported Content-Encoding "${coding}".`);
  }
}

/**
 * The whole body. An abort or a connection lost while it arrives rejects (as fetch's text() does):
 * finished() is the end-of-stream check `for await` over the response ran, without the async
 * iterator around it, whose machinery (a generator, a promise per chunk, its own listeners) was
 * the largest part of V8's compiling for a tool's call path still in a server's calls 300-500.
 */
function bodyOf(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    finished(response, (error) => (error ? reject(error) : resolve(Buffer.concat(chunks))));
  });
}

function answerOf(response: IncomingMessage): WireResponse {
  return {
    status: response.statusCode ?? 0,
    header: (name) => {
      const value = response.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    async text() {
      return (await decoded(await bodyOf(response), response.headers['content-encoding'])).toString('utf8');
    },
    async discard() {
      response.resume();
    },
  };
}

/** fetch follows redirects (up to 20); a platform URL given as http:// that answers 308 to https:// keeps working. */
const MAX_REDIRECTS = 20;

/** One exchange over node:http(s), no redirects followed. */
async function exchange(
  target: URL,
  method: string,
  headers: Record<string, string>,
  text: string | undefined,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage> {
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new Error(`Unsupported protocol ${target.protocol} in ${target.origin}.`);
  }
  const { request, agent } = target.protocol === 'https:' ? await secure() : plain();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      {
        method,
        headers: {
          'accept-encoding': ACCEPT_ENCODING,
          'user-agent': USER_AGENT,
          ...headers,
          // A string, as every other header value: a number here deoptimized node:http's
          // setHeader (--trace-deopt "Smi") once a server's calls had made it hot.
          ...(text === undefined ? {} : { 'content-length': String(Buffer.byteLength(text)) }),
        },
        agent,
        signal,
      },
      resolve,
    );
    outgoing.once('error', reject);
    outgoing.end(text);
  });
}

/**
 * Over node:http(s), following redirects as fetch does: 307 and 308 repeat the request (a
 * redirect means it was not run), 301 and 302 turn a POST into a GET, 303 anything into a GET;
 * the Authorization header does not follow to another origin. Multipart bodies go through fetch.
 */
export const nodeWire: Wire = async (request) => {
  const { body, signal } = request;
  if (body !== undefined && typeof body !== 'string' && !(body instanceof URLSearchParams)) {
    return fetchWire()(request);
  }
  let target = new URL(request.url);
  let method = request.method;
  let headers = request.headers;
  let text = body === undefined ? undefined : String(body);
  for (let redirects = 0; ; redirects++) {
    const response = await exchange(target, method, headers, text, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (![301, 302, 303, 307, 308].includes(status) || !location) return answerOf(response);
    response.resume();
    if (redirects >= MAX_REDIRECTS)
      throw new Error(`More than ${MAX_REDIRECTS} redirects from ${request.url}.`);
    const next = new URL(location, target);
    if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      text = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-/i.test(name)));
    }
    if (next.origin !== target.origin) {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'),
      );
    }
    target = next;
  }
};
