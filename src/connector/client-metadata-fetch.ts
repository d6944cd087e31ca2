// --connector-allow-loopback-client-metadata (tests, loopback binds only): client metadata
// documents may come from 127.0.0.0/8 or ::1. Every other special-use address stays refused, as
// oidc-provider refuses them all by default: a connection to one is destroyed before the request.
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

/** Refused: a special-use address other than loopback. */
export function refusedAddress(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const bare = address.replace(/^::ffff:/, '');
  const bareFamily = isIP(bare) === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(bare, bareFamily)) return false;
  return PRIVATE.check(bare, bareFamily) || PRIVATE.check(address, family);
}

type Dispatcher = { on(event: 'connect', listener: (origin: unknown, targets: unknown[]) => void): void };

let dispatcher: Dispatcher | undefined;

/** The global fetch dispatcher's class (undici's Agent), as oidc-provider finds it. */
function agentClass(): (new () => Dispatcher) | undefined {
  const global = globalThis as Record<symbol, { constructor: new () => Dispatcher } | undefined>;
  return (global[Symbol.for('undici.globalDispatcher.2')] ?? global[Symbol.for('undici.globalDispatcher.1')])
    ?.constructor;
}

function loopbackDispatcher(): Dispatcher | undefined {
  if (dispatcher) return dispatcher;
  const Agent = agentClass();
  if (!Agent) return undefined;
  dispatcher = new Agent();
  dispatcher.on('connect', (_origin, targets) => {
    const client = targets.at(-1) as Record<symbol, { remoteAddress?: string; destroy(e: Error): void }>;
    const symbol = Object.getOwnPropertySymbols(client).find((s) => s.description === 'socket');
    const socket = symbol ? client[symbol] : undefined;
    if (socket?.remoteAddress && refusedAddress(socket.remoteAddress)) {
      socket.destroy(new Error('client metadata documents are not fetched from private addresses'));
    }
  });
  return dispatcher;
}

export const loopbackAwareFetch = ((url: string, options: RequestInit & { dispatcher?: unknown }) =>
  fetch(url, { ...options, dispatcher: loopbackDispatcher() } as RequestInit)) as typeof fetch;
