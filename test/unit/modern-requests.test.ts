// The web Request a 2026-07-28 POST becomes: its signal is what tells the SDK (and through it the
// tool and the platform call) that the client went away, so it must abort when the response closes
// unfinished, and only then.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { reachOf, webRequestOf } from '../../src/transports/modern-requests.js';

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
