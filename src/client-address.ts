// Whom a request comes from, for the limits kept per address (failed token attempts, anonymous
// callers, refused webhook deliveries). Behind a load balancer every request arrives from the
// balancer: counted by that address, one guesser would use up the limit for everyone (new
// clients' discovery, the platform's deliveries). When the peer is a trusted proxy
// (--trusted-proxies), the address is the one X-Forwarded-For names: walking from the right,
// the first hop that is not itself a trusted proxy (a client can put anything on the left of
// the header; only what the proxies appended is believed).
import type { IncomingMessage } from 'node:http';

/** `::ffff:127.0.0.1` and `127.0.0.1` are one peer. */
function plain(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

export type AddressOf = (req: IncomingMessage) => string;

export function clientAddressOf(trustedProxies: readonly string[]): AddressOf {
  const trusted = new Set(trustedProxies.map(plain));
  return (req) => {
    const peer = plain(req.socket.remoteAddress ?? 'unknown');
    if (!trusted.has(peer)) return peer;
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map(plain)
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as string;
      if (!trusted.has(hop)) return hop;
    }
    return peer;
  };
}
