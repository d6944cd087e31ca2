// deploy/haproxy.cfg logs what its comment says (issue 34): abnormal requests only (a 5xx, a cut
// connection), not every request. The shipped file through Debian's HAProxy, in front of a small
// server on loopback that answers 200, or 500 on /fail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, type Haproxy, startHaproxy } from '../helpers/replicas.js';
import { until } from '../helpers/until.js';

let backend: Server;
let haproxy: Haproxy;

beforeAll(async () => {
  backend = createServer((req, res) => {
    res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'text/plain' }).end('answer');
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  haproxy = await startHaproxy(await freePort(), [(backend.address() as AddressInfo).port]);
}, 30_000);
afterAll(async () => {
  await haproxy?.close();
  backend?.close();
});

it('logs a 5xx answer and not a normal request', async () => {
  for (const path of ['/normal-request', '/fail', '/another-normal-one']) {
    await (await fetch(`${haproxy.url}${path}`)).text();
  }
  await until(() => (haproxy.output().includes('/fail') ? true : undefined), 5000);
  expect(haproxy.output()).toMatch(/crew_mcp\/replica1 .* 500 .*"GET \/fail HTTP\/1\.1"/);
  expect(haproxy.output()).not.toContain('normal');
});
