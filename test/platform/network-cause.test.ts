// A failed fetch is reported with its cause (issue 34): Node's fetch says only "fetch failed" and
// keeps why in `cause`. Real failures on loopback (refused, TLS against a plain HTTP server) and
// the shapes Node gives the ones a test cannot cause on loopback (DNS, an expired certificate).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeError, networkCause } from '../../src/platform/network-cause.js';

async function failureOf(url: string): Promise<unknown> {
  return fetch(url).then(
    () => new Error('answered'),
    (error: unknown) => error,
  );
}

describe('networkCause', () => {
  it('a refused connection', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const error = await failureOf(`http://127.0.0.1:${port}/`);
    expect((error as Error).message).toBe('fetch failed');
    expect(describeError(error)).toBe(
      'fetch failed: connection refused: nothing listens there (ECONNREFUSED)',
    );
  });

  it('https to a plain HTTP server: a TLS failure', async () => {
    const server = createServer((_req, res) => res.end('plain'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const error = await failureOf(`https://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(networkCause(error)).toMatch(
        /^TLS handshake failed \(plain HTTP on an https URL\?\) \((EPROTO|ERR_SSL_WRONG_VERSION_NUMBER)\)$/,
      );
    } finally {
      server.close();
    }
  });

  it('DNS, an expired certificate, a timeout, and errors that are no fetch failure', () => {
    const fetchFailed = (code: string) =>
      new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    expect(networkCause(fetchFailed('ENOTFOUND'))).toBe('host not found (DNS) (ENOTFOUND)');
    expect(networkCause(fetchFailed('CERT_HAS_EXPIRED'))).toBe('TLS: certificate expired (CERT_HAS_EXPIRED)');
    expect(networkCause(fetchFailed('ESOMETHING'))).toBe('network error (ESOMETHING)');
    expect(networkCause(new DOMException('The operation timed out.', 'TimeoutError'))).toBe('timed out');
    expect(describeError(new Error('HTTP 500'))).toBe('HTTP 500');
    expect(describeError('text')).toBe('text');
  });
});
