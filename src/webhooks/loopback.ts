// In stdio mode there is no HTTP transport to host /webhooks, so the receiver gets a small HTTP
// server of its own on the loopback interface (port 0 picks a free one).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.js';
import type { WebhookHandler } from './receiver.js';

export const WEBHOOK_PATH = '/webhooks';

export interface LoopbackReceiver {
  /** e.g. http://127.0.0.1:41234/webhooks */
  url: string;
  close(): Promise<void>;
}

export async function startLoopbackReceiver(
  handler: WebhookHandler,
  port: number,
  logger: Logger,
): Promise<LoopbackReceiver> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== WEBHOOK_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'not_found', message: `Webhooks are received at ${WEBHOOK_PATH}.` }));
      return;
    }
    handler(req, res).catch((error: unknown) => {
      logger.error({ err: String(error) }, 'webhook receiver failed');
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${WEBHOOK_PATH}`;
  logger.info({ url }, 'webhook receiver listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
