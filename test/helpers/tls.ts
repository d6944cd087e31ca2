// TLS on 127.0.0.1 for tests: a self-signed certificate made with openssl, and a TLS-terminating
// reverse proxy in front of a plain-http server, as a deployment's proxy is (it adds
// X-Forwarded-Proto: https and keeps the Host header).
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { forward } from './forward.js';

export interface Certificate {
  keyFile: string;
  certFile: string;
}

/** A P-256 certificate for IP 127.0.0.1, valid one day, written to `dir`. */
export function selfSignedCertificate(dir: string): Certificate {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { keyFile, certFile };
}

export interface TlsProxy {
  /** https://127.0.0.1:port */
  url: string;
  /** Where requests go from now on (e.g. once the server behind is listening). */
  target: string;
  close(): Promise<void>;
}

/**
 * An https server on a free loopback port that forwards every request to `proxy.target`; with
 * `forwardedProto` false it adds nothing to the client's headers (Host kept), as nginx does
 * unless told to send X-Forwarded-Proto.
 */
export async function startTlsProxy(key: Buffer, cert: Buffer, forwardedProto = true): Promise<TlsProxy> {
  const proxy: TlsProxy = { url: '', target: '', close: async () => undefined };
  const server: Server = createServer({ key, cert }, (req, res) => {
    const headers = forwardedProto ? { ...req.headers, 'x-forwarded-proto': 'https' } : req.headers;
    req.pipe(forward(new URL(req.url ?? '/', proxy.target), req, res, headers));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
