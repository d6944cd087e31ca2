// The webhook receiver: POST {id, type, createdAt, data} from the platform. It answers 2xx only
// once the event is durable in the log (the platform retries anything else), and refuses what it
// cannot trust: every delivery when it has no secret (unless the operator explicitly allows
// unsigned ones), a bad or missing signature (timing-safe compare), a
// timestamp more than 5 minutes from now (a replayed capture), a body over 1 MiB (413, without
// reading the rest). An address whose deliveries keep being refused (guessing signatures, or
// flooding the port) is answered 429 before any body is read or any signature computed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AddressOf, clientAddressOf } from '../client-address.js';
import type { AppendOutcome, StoredEvent } from '../contract/event-log.js';
import type { Logger } from '../logger.js';
import { RateLimiter } from '../rate-limit.js';

export const MAX_BODY_BYTES = 1024 * 1024;
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;
/**
 * Refused deliveries per minute one address may make (in bursts of ten seconds' worth) before it
 * is answered 429: a platform with a wrong secret retries far slower; signed deliveries never count.
 */
export const REFUSALS_PER_MINUTE = 120;

export interface ReceiverOptions {
  log: { append(event: StoredEvent): Promise<AppendOutcome> };
  /** The shared secret; null refuses every delivery unless `allowUnsigned`. */
  secret: string | null;
  /** Accept unsigned deliveries when there is no secret (--webhook-allow-unsigned). */
  allowUnsigned?: boolean;
  logger: Logger;
  /** Refused deliveries per minute per address before 429 (default REFUSALS_PER_MINUTE; 0: no limit). */
  refusalsPerMinute?: number;
  /** Whom a delivery comes from (behind trusted proxies, X-Forwarded-For's client); default the peer. */
  addressOf?: AddressOf;
  /** Injected for tests; defaults to the real clock. */
  now?: () => number;
}

export type WebhookHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function answer(
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  close = false,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res
    .writeHead(status, {
      'content-type': 'application/json',
      ...(close ? { connection: 'close' } : {}),
      ...headers,
    })
    .end(JSON.stringify(body));
}

/** Answer without reading the body, and close the connection once the answer is out. */
function answerUnread(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  answer(res, status, body, true, headers);
  res.once('finish', () => req.destroy());
}

export function createWebhookReceiver(options: ReceiverOptions): WebhookHandler {
  const now = options.now ?? Date.now;
  const secret = options.secret ? Buffer.from(options.secret, 'utf8') : null;
  const refusals = new RateLimiter(options.refusalsPerMinute ?? REFUSALS_PER_MINUTE, now);
  const addressOf = options.addressOf ?? clientAddressOf([]);

  return async (req, res) => {
    const address = addressOf(req);
    const held = refusals.peek(address);
    if (!held.allowed) {
      answerUnread(
        req,
        res,
        429,
        {
          error: 'rate_limited',
          message: `Too many refused deliveries from this address; retry after ${held.retryAfterSeconds} s.`,
        },
        { 'retry-after': String(held.retryAfterSeconds) },
      );
      return;
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      answer(res, 405, { error: 'method_not_allowed', message: 'Deliver webhooks with POST.' });
      return;
    }
    let rawBody: Buffer;
    let event: StoredEvent;
    try {
      // Anyone who can reach the port could post events a model then reads: no secret, no events.
      if (!secret && !options.allowUnsigned) {
        throw new Refusal(
          401,
          'This receiver has no webhook secret, so it cannot verify deliveries: set --webhook-secret (or, knowingly, --webhook-allow-unsigned).',
        );
      }
      const timestamp = checkTimestamp(req.headers['x-webhook-timestamp'], now());
      rawBody = await readLimited(req, MAX_BODY_BYTES);
      if (secret) verifySignature(secret, timestamp, rawBody, req.headers['x-webhook-signature']);
      event = parseEvent(rawBody, req.headers['x-webhook-id'], now());
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      refusals.take(address);
      options.logger.warn({ status: error.status, reason: error.message }, 'webhook delivery refused');
      const body = { error: 'refused', message: error.message };
      // After a 413 the rest of the body is not read: close the connection instead.
      if (error.status === 413) answerUnread(req, res, error.status, body);
      else answer(res, error.status, body);
      return;
    }
    let outcome: AppendOutcome;
    try {
      outcome = await options.log.append(event);
    } catch (error) {
      // Not durable, so not acknowledged: the platform will deliver it again.
      options.logger.error({ eventId: event.id, err: String(error) }, 'could not store a webhook event');
      answer(res, 500, { error: 'internal', message: 'The event could not be stored; deliver it again.' });
      return;
    }
    options.logger.debug({ eventId: event.id, type: event.type, outcome }, 'webhook event');
    answer(res, 200, { status: outcome, id: event.id });
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function checkTimestamp(raw: string | string[] | undefined, nowMs: number): string {
  const timestamp = header(raw);
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) {
    throw new Refusal(400, 'X-Webhook-Timestamp must be the delivery time in unix seconds.');
  }
  const skew = Math.abs(nowMs / 1000 - Number(timestamp));
  if (skew > TIMESTAMP_TOLERANCE_SECONDS) {
    throw new Refusal(
      401,
      `Stale delivery: X-Webhook-Timestamp is ${Math.round(skew)} s from now (at most ${TIMESTAMP_TOLERANCE_SECONDS} s).`,
    );
  }
  return timestamp;
}

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`; several comma-separated values during a secret rotation. */
function verifySignature(
  secret: Buffer,
  timestamp: string,
  rawBody: Buffer,
  raw: string | string[] | undefined,
): void {
  const signature = header(raw);
  if (!signature) throw new Refusal(401, 'Missing X-Webhook-Signature.');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const matches = signature
    .split(/[,\s]+/)
    .filter((part) => part.startsWith('v1='))
    .some((part) => {
      const given = Buffer.from(part.slice(3), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  if (!matches) throw new Refusal(401, 'Invalid X-Webhook-Signature.');
}

function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new Refusal(413, `The body exceeds ${limit} bytes.`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        chunks.length = 0;
        reject(new Refusal(413, `The body exceeds ${limit} bytes.`));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function parseEvent(rawBody: Buffer, idHeader: string | string[] | undefined, nowMs: number): StoredEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Refusal(400, 'The body must be JSON {id, type, createdAt, data}.');
  }
  const { id, type, createdAt, data } = (body ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof type !== 'string' || type === '') {
    throw new Refusal(400, 'The event needs a string "id" and "type".');
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new Refusal(400, 'The event "data" must be an object.');
  }
  const headerId = header(idHeader);
  if (headerId !== undefined && headerId !== id) {
    throw new Refusal(400, 'X-Webhook-Id does not match the event id.');
  }
  const receivedAt = new Date(nowMs).toISOString();
  return {
    id,
    type,
    createdAt: typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt)) ? createdAt : receivedAt,
    receivedAt,
    data: data as Record<string, unknown>,
  };
}
