// MCP over stdio. stdout belongs to the protocol; logs go to stderr. The SDK's serveStdio picks
// the protocol era from the client's opening message and pins one server instance to the
// connection. When the client closes stdin, we close the app (and its embedded sandbox) so the
// process exits.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { App } from '../app.js';
import { serverFactory } from '../server.js';

export async function runStdio(app: App): Promise<void> {
  await app.start({ httpUrl: null, notify: null });
  const handle = serveStdio(serverFactory(app, { longLived: true }), {
    onerror: (error) => app.logger.warn({ err: error.message }, 'stdio protocol error'),
  });
  await new Promise<void>((resolve) => {
    const finish = () => resolve();
    process.stdin.once('end', finish);
    process.stdin.once('close', finish);
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
  });
  await handle.close().catch(() => undefined);
  await app.close();
}
