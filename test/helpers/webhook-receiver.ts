// A webhook receiver for tests: a node:http server on 127.0.0.1 that records every delivery
// (headers, raw body, arrival time) and answers the n-th with `statusFor(n)`.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: string;
  at: number;
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves once `count` deliveries arrived (rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** 'hang' never answers, so that the sender's timeout must fire. */
export async function startReceiver(
  statusFor: (n: number) => number | 'hang' = () => 200,
): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const n = deliveries.length;
      deliveries.push({
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const status = statusFor(n);
      if (status !== 'hang') res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    deliveries,
    async waitFor(count, ms = 5000) {
      const deadline = Date.now() + ms;
      while (deliveries.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${deliveries.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
