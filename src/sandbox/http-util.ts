// Small helpers shared by the sandbox's HTTP handlers: JSON answers, bounded body reading,
// media-type checks. Every error answer of the sandbox is JSON with a `message`.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MIB = 1024 * 1024;
/** Largest JSON request body accepted by /gql and the REST endpoints [assumed, contract]. */
export const JSON_BODY_LIMIT = MIB;

/** An error that maps to one HTTP answer; thrown by handlers and caught by the router. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendNoContent(res: ServerResponse): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(204);
  res.end();
}

export function sendHttpError(res: ServerResponse, error: HttpError): void {
  sendJson(
    res,
    error.status,
    { message: error.message, ...error.extra },
    {
      ...error.headers,
      // The connection cannot carry another request after a body we stopped reading.
      ...(error.status === 413 ? { connection: 'close' } : {}),
    },
  );
  // Discard (never store) the rest of a partly read body: closing the socket with unread bytes
  // would reset the connection, and the client could lose the answer.
  if (!res.req.complete) res.req.resume();
}

/** The media type of the request body without parameters, lower-cased ("" when absent). */
export function mediaTypeOf(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Read the whole request body, refusing more than `limit` bytes with 413. Reading stops at the
 * limit: the handler answers at once and Node discards the rest of the body.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  // Listeners rather than `for await`: leaving an async iterator early destroys the socket, and
  // then the 413 could not be sent.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        stop();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    const stop = (): void => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.pause();
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body exceeds the limit of ${limit} bytes.`);
}

/** Parse a JSON request body; 400 with a message when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON.');
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
