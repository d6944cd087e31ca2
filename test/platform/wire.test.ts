// The platform client's wire (src/platform/wire.ts) over node:http, as fetch behaved before it:
// compressed answers are decoded, a body cut off or aborted rejects, what it sends is complete.
// Against a local HTTP server on 127.0.0.1 that answers as each test needs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWire } from '../../src/platform/wire.js';

const BODY = JSON.stringify({
  data: { crew: Array.from({ length: 50 }, (_, id) => ({ id, name: 'Ngaio' })) },
});
const ENCODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gzipSync,
  br: brotliCompressSync,
  deflate: deflateSync,
  'deflate-raw': deflateRawSync,
};

let server: Server;
let base: string;
/** Another origin (another port), for redirects that leave the first. */
let other: Server;
let otherBase: string;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
  received.push({ headers: req.headers, body });
  const path = req.url ?? '/';
  if (path.startsWith('/encoded/')) {
    const coding = path.slice('/encoded/'.length);
    const encode = ENCODERS[coding];
    const encoded = encode ? encode(Buffer.from(BODY)) : Buffer.from(BODY);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-encoding': coding.replace('-raw', ''),
    });
    res.end(encoded);
    return;
  }
  const redirect = /^\/redirect\/(\d{3})(\/.*)$/.exec(path);
  if (redirect) {
    res.writeHead(Number(redirect[1]), { location: redirect[2]!.replace('/to-other/', otherBase) }).end();
    return;
  }
  if (path === '/loop') {
    res.writeHead(307, { location: '/loop' }).end();
    return;
  }
  if (path === '/cut') {
    // Promise more than is sent, then drop the connection.
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write(BODY.slice(0, 10));
    setTimeout(() => res.destroy(), 20);
    return;
  }
  if (path === '/slow') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data":');
    return; // never ends: the caller aborts
  }
  res.writeHead(200, { 'content-type': 'application/json', 'x-answer': 'plain' }).end(BODY);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  other = createServer((req, res) => {
    received.push({ headers: req.headers, body: '' });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"other":true}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  for (const each of [server, other]) {
    each.closeAllConnections();
    await new Promise((resolve) => each.close(resolve));
  }
});

describe('the platform wire over node:http', () => {
  it('sends the method, headers and body whole, and asks for compressed answers as fetch does', async () => {
    const response = await nodeWire({
      method: 'POST',
      url: `${base}/plain`,
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"query":"{ é }"}',
    });
    expect(response.status).toBe(200);
    expect(response.header('X-Answer')).toBe('plain');
    expect(response.header('retry-after')).toBeNull();
    expect(JSON.parse(await response.text())).toEqual(JSON.parse(BODY));
    const sent = received.at(-1)!;
    expect(sent.body).toBe('{"query":"{ é }"}');
    expect(sent.headers['content-length']).toBe(String(Buffer.byteLength('{"query":"{ é }"}')));
    expect(sent.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(sent.headers['user-agent']).toBe('crew-mcp');
    expect(sent.headers.authorization).toBe('Bearer t');
  });

  it.each(Object.keys(ENCODERS))('decodes a %s answer', async (coding) => {
    const response = await nodeWire({ method: 'GET', url: `${base}/encoded/${coding}`, headers: {} });
    expect(await response.text()).toBe(BODY);
  });

  it('refuses an encoding it cannot read rather than returning bytes as text', async () => {
    const response = await nodeWire({ method: 'GET', url: `${base}/encoded/zstd`, headers: {} });
    await expect(response.text()).rejects.toThrow(/unsupported Content-Encoding "zstd"/);
  });

  it('rejects when the answer is cut off, and when the caller aborts mid-answer', async () => {
    const cut = await nodeWire({ method: 'GET', url: `${base}/cut`, headers: {} });
    await expect(cut.text()).rejects.toThrow();
    const controller = new AbortController();
    const slow = await nodeWire({
      method: 'GET',
      url: `${base}/slow`,
      headers: {},
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(slow.text()).rejects.toThrow();
  });

  it('follows redirects as fetch does: 307/308 repeat the request, 302 makes a POST a GET', async () => {
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":1}' };
    const kept = await nodeWire({ ...post, url: `${base}/redirect/308/plain` });
    expect(JSON.parse(await kept.text())).toEqual(JSON.parse(BODY));
    expect(received.at(-1)).toMatchObject({
      body: '{"q":1}',
      headers: { 'content-type': 'application/json' },
    });
    const changed = await nodeWire({ ...post, url: `${base}/redirect/302/plain` });
    expect(changed.status).toBe(200);
    expect(received.at(-1)!.body).toBe('');
    expect(received.at(-1)!.headers['content-type']).toBeUndefined();
    await expect(nodeWire({ method: 'GET', url: `${base}/loop`, headers: {} })).rejects.toThrow(
      /More than 20 redirects/,
    );
  });

  it('does not take the Authorization header to another origin', async () => {
    const headers = { authorization: 'Bearer secret-token' };
    const same = await nodeWire({ method: 'GET', url: `${base}/redirect/307/plain`, headers });
    await same.text();
    expect(received.at(-1)!.headers.authorization).toBe('Bearer secret-token');
    const away = await nodeWire({ method: 'GET', url: `${base}/redirect/307/to-other/`, headers });
    expect(await away.text()).toBe('{"other":true}');
    expect(received.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('fails to connect with the code the retry policy reads', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      nodeWire({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: {} }),
    ).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
