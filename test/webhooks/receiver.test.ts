// The webhook receiver over real HTTP (its stdio-mode loopback server) with a real event log:
// signatures (as the sandbox's dispatcher signs them), stale timestamps, replays, body limits.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { signWebhook } from '../../src/sandbox/webhooks.js';
import { EVENTS_FILE, FileEventLog } from '../../src/webhooks/event-log.js';
import { type LoopbackReceiver, startLoopbackReceiver } from '../../src/webhooks/loopback.js';
import { createWebhookReceiver, MAX_BODY_BYTES } from '../../src/webhooks/receiver.js';

const SECRET = 'receiver-test-secret';
let dir: string;
let log: FileEventLog;
let signed: LoopbackReceiver;
let unsigned: LoopbackReceiver;
let secretless: LoopbackReceiver;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crew-mcp-receiver-test-'));
  log = await FileEventLog.open(dir);
  signed = await startLoopbackReceiver(
    createWebhookReceiver({ log, secret: SECRET, logger: silentLogger }),
    0,
    silentLogger,
  );
  const other = await FileEventLog.open(join(dir, 'unsigned'));
  unsigned = await startLoopbackReceiver(
    createWebhookReceiver({ log: other, secret: null, allowUnsigned: true, logger: silentLogger }),
    0,
    silentLogger,
  );
  secretless = await startLoopbackReceiver(
    createWebhookReceiver({ log: other, secret: null, logger: silentLogger }),
    0,
    silentLogger,
  );
});

afterAll(async () => {
  await signed?.close();
  await unsigned?.close();
  await secretless?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
}

/** POST with node:http, so a body the server stops reading is still answered (or cut) visibly. */
function post(
  url: string,
  body: Buffer | string,
  headers: Record<string, string>,
  chunked = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    if (chunked) {
      // Write in pieces without a content-length, as a streaming client would.
      const data = Buffer.from(body);
      for (let offset = 0; offset < data.length; offset += 64 * 1024)
        req.write(data.subarray(offset, offset + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

function delivery(id: string, secret: string | null = SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify({
    id,
    type: 'job.created',
    createdAt: new Date().toISOString(),
    data: { id: `job-${id}` },
  });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-webhook-id': id,
    'x-webhook-timestamp': String(timestamp),
  };
  if (secret) headers['x-webhook-signature'] = signWebhook(secret, String(timestamp), body);
  return { body, headers };
}

async function storedIds(): Promise<string[]> {
  const text = await readFile(join(dir, EVENTS_FILE), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).id);
}

describe('webhook receiver', () => {
  it('stores a signed event before answering 2xx, and a replay once', async () => {
    const { body, headers } = delivery('evt_ok');
    const first = await post(signed.url, body, headers);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ status: 'stored', id: 'evt_ok' });
    expect(await storedIds()).toContain('evt_ok');
    // The platform delivers at least once: the same delivery again, and re-signed later.
    expect(JSON.parse((await post(signed.url, body, headers)).body).status).toBe('duplicate');
    const again = delivery('evt_ok');
    expect((await post(signed.url, again.body, again.headers)).status).toBe(200);
    expect((await storedIds()).filter((id) => id === 'evt_ok')).toHaveLength(1);
    const [stored] = await log.query({ entityId: 'job-evt_ok' });
    expect(stored).toMatchObject({ id: 'evt_ok', type: 'job.created', receivedAt: expect.any(String) });
  });

  it('rejects a bad or missing signature with 401 and stores nothing', async () => {
    const wrongSecret = delivery('evt_bad', 'not-the-secret');
    expect((await post(signed.url, wrongSecret.body, wrongSecret.headers)).status).toBe(401);
    const tampered = delivery('evt_tampered');
    const changed = tampered.body.replace('job-evt_tampered', 'job-evil');
    expect((await post(signed.url, changed, tampered.headers)).status).toBe(401);
    const missing = delivery('evt_unsigned', null);
    const answer = await post(signed.url, missing.body, missing.headers);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatch(/Missing X-Webhook-Signature/);
    for (const id of ['evt_bad', 'evt_tampered', 'evt_unsigned']) expect(await storedIds()).not.toContain(id);
  });

  it('rejects a correctly signed delivery whose timestamp is over 5 minutes old or ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = delivery('evt_stale', SECRET, now - 6 * 60);
    const answer = await post(signed.url, stale.body, stale.headers);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatch(/Stale delivery/);
    const ahead = delivery('evt_ahead', SECRET, now + 6 * 60);
    expect((await post(signed.url, ahead.body, ahead.headers)).status).toBe(401);
    const recent = delivery('evt_recent', SECRET, now - 4 * 60);
    expect((await post(signed.url, recent.body, recent.headers)).status).toBe(200);
    expect(await storedIds()).not.toContain('evt_stale');
    expect(await storedIds()).not.toContain('evt_ahead');
  });

  it('answers 413 to a body over 1 MiB, declared or streamed, and stores nothing', async () => {
    const big = JSON.stringify({
      id: 'evt_big',
      type: 'job.created',
      data: { pad: 'x'.repeat(MAX_BODY_BYTES) },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(SECRET, timestamp, big),
    };
    const declared = await post(signed.url, big, {
      ...headers,
      'content-length': String(Buffer.byteLength(big)),
    });
    expect(declared.status).toBe(413);
    const streamed = await post(signed.url, big, headers, true).catch((error: Error) => ({
      status: -1,
      body: error.message,
    }));
    // The receiver answers as soon as it passes the limit and closes; the client may still be writing.
    expect([413, -1]).toContain(streamed.status);
    if (streamed.status === -1) expect(streamed.body).toMatch(/EPIPE|ECONNRESET|socket hang up/);
    expect(await storedIds()).not.toContain('evt_big');
  });

  it('refuses malformed events and other methods', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const sign = (body: string) => ({
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(SECRET, timestamp, body),
    });
    expect((await post(signed.url, '{not json', sign('{not json'))).status).toBe(400);
    const noData = JSON.stringify({ id: 'evt_x', type: 'job.created' });
    expect((await post(signed.url, noData, sign(noData))).status).toBe(400);
    const { body } = delivery('evt_mismatch');
    expect((await post(signed.url, body, { ...sign(body), 'x-webhook-id': 'evt_other' })).status).toBe(400);
    expect((await post(signed.url, body, { 'x-webhook-signature': 'v1=00' })).status).toBe(400);
    expect((await fetch(signed.url)).status).toBe(405);
    expect((await fetch(signed.url.replace('/webhooks', '/other'), { method: 'POST' })).status).toBe(404);
  });

  it('without a secret refuses every delivery unless unsigned ones are explicitly allowed', async () => {
    const plain = delivery('evt_no_secret', null);
    const answer = await post(secretless.url, plain.body, plain.headers);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatch(/no webhook secret.*--webhook-secret.*--webhook-allow-unsigned/);
    const signedAnyway = delivery('evt_no_secret_signed');
    expect((await post(secretless.url, signedAnyway.body, signedAnyway.headers)).status).toBe(401);
  });

  it('with --webhook-allow-unsigned accepts unsigned deliveries (and still refuses stale ones)', async () => {
    const plain = delivery('evt_plain', null);
    expect((await post(unsigned.url, plain.body, plain.headers)).status).toBe(200);
    const stale = delivery('evt_plain_stale', null, Math.floor(Date.now() / 1000) - 3600);
    expect((await post(unsigned.url, stale.body, stale.headers)).status).toBe(401);
  });

  it('answers 429 to an address whose deliveries keep being refused, before reading or verifying, until it waits', async () => {
    let now = Date.now();
    const held = await FileEventLog.open(join(dir, 'held'));
    // 6 a minute: a bucket of one refusal, refilled in 10 s.
    const receiver = await startLoopbackReceiver(
      createWebhookReceiver({
        log: held,
        secret: SECRET,
        logger: silentLogger,
        refusalsPerMinute: 6,
        now: () => now,
      }),
      0,
      silentLogger,
    );
    try {
      const guess = delivery('evt_guess', 'not-the-secret');
      expect((await post(receiver.url, guess.body, guess.headers)).status).toBe(401);
      // Held now: even a correctly signed delivery from this address waits, and nothing is stored.
      const good = delivery('evt_after_guess');
      const refused = await new Promise<{ status: number; retryAfter?: string; body: string }>(
        (resolve, reject) => {
          const req = request(receiver.url, { method: 'POST', headers: good.headers }, (res) => {
            let text = '';
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: text }),
            );
          });
          req.on('error', reject);
          req.end(good.body);
        },
      );
      expect(refused).toMatchObject({ status: 429, retryAfter: '10' });
      expect(refused.body).toMatch(/Too many refused deliveries from this address; retry after 10 s/);
      expect(await held.query({})).toEqual([]);
      // Signed deliveries never count: after the wait, one is stored, and the next one too.
      now += 10_000;
      const later = delivery('evt_later', SECRET, Math.floor(now / 1000));
      expect((await post(receiver.url, later.body, later.headers)).status).toBe(200);
      const next = delivery('evt_next', SECRET, Math.floor(now / 1000));
      expect((await post(receiver.url, next.body, next.headers)).status).toBe(200);
      expect((await held.query({})).map((event) => event.id).sort()).toEqual(['evt_later', 'evt_next']);
    } finally {
      await receiver.close();
    }
  });
});
