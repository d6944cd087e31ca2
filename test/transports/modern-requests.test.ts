// The web Request a 2026-07-28 POST becomes: its signal is what tells the SDK (and through it the
// tool and the platform call) that the client went away, so it must abort when the response closes
// unfinished, and only then.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLegacyRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { reachOf, surelyModern, webRequestOf } from '../../src/transports/modern-requests.js';

function exchange(finished: boolean) {
  const req = {
    headers: {
      host: '127.0.0.1:3000',
      'content-type': 'application/json',
      'content-length': '99',
      'x-many': ['a', 'b'],
    },
    url: '/mcp?x=1',
  } as unknown as IncomingMessage;
  const res = Object.assign(new EventEmitter(), { writableFinished: finished }) as unknown as ServerResponse;
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_crew', arguments: {} } };
  return { request: webRequestOf(req, res, body), res };
}

describe('webRequestOf', () => {
  it('aborts the request signal when the client goes away before the answer is written', () => {
    const { request, res } = exchange(false);
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.signal.aborted).toBe(false);
    let heard = false;
    request.signal.addEventListener('abort', () => {
      heard = true;
    });
    res.emit('close');
    expect(request.signal.aborted).toBe(true);
    expect(heard).toBe(true);
  });

  it('leaves it alone when the answer was written before the connection closed', () => {
    const { request, res } = exchange(true);
    res.emit('close');
    expect(request.signal.aborted).toBe(false);
  });

  it('carries the headers but not the body framing, and remembers the tool called', () => {
    const { request } = exchange(false);
    expect(request.url).toBe('http://127.0.0.1:3000/mcp?x=1');
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('x-many')).toBe('a, b');
    expect(request.headers.has('content-length')).toBe(false);
    expect(reachOf(request)).toEqual({ tools: 'get_crew' });
  });
});

describe('surelyModern', () => {
  const envelope = { _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28' } };
  const bodies: unknown[] = [
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: envelope },
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_crew', arguments: {}, ...envelope } },
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {} },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, ...envelope } },
    { jsonrpc: '2.0', id: 1, result: {} },
    { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } },
    { jsonrpc: '2.0', id: 1, method: 'tools/list', result: {} },
    [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }],
    { id: 1, method: 'tools/list' },
    'tools/list',
    null,
  ];
  const headers = [
    undefined,
    '2025-11-25',
    '2025-06-18',
    '2026-07-28',
    ' 2026-07-28 ',
    '2026-07-28, 2025-11-25',
    'zzz',
  ];

  it('names modern only requests the SDK would never route to its 2025-era leg', async () => {
    let modern = 0;
    for (const header of headers) {
      for (const body of bodies) {
        const req = {
          headers: { host: '127.0.0.1', ...(header === undefined ? {} : { 'mcp-protocol-version': header }) },
          url: '/mcp',
        } as unknown as IncomingMessage;
        if (!surelyModern(req, body)) continue;
        modern += 1;
        const request = new Request('http://127.0.0.1/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'mcp-protocol-version': header as string },
          body: JSON.stringify(body),
        });
        expect(await isLegacyRequest(request), `${header} ${JSON.stringify(body)}`).toBe(false);
      }
    }
    // The fast path is taken for every body with a method and no result or error (8 of them)
    // under each of the 4 modern headers, never without one.
    expect(modern).toBe(32);
  });
});
