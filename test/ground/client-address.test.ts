// Whom a request comes from, behind trusted load balancers and not.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../src/client-address.js';
import { ConfigError, loadConfig } from '../../src/config.js';

function request(peer: string, forwardedFor?: string | string[]): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('clientAddressOf', () => {
  const behindBalancers = clientAddressOf(['10.0.0.5', '10.0.0.6']);

  it('believes X-Forwarded-For only from a trusted proxy', () => {
    expect(behindBalancers(request('10.0.0.5', '203.0.113.7'))).toBe('203.0.113.7');
    expect(behindBalancers(request('198.51.100.1', '203.0.113.7'))).toBe('198.51.100.1');
    expect(clientAddressOf([])(request('10.0.0.5', '203.0.113.7'))).toBe('10.0.0.5');
  });

  it('takes the last hop a trusted proxy appended, not what the client wrote on the left', () => {
    expect(behindBalancers(request('10.0.0.5', '6.6.6.6, 203.0.113.7'))).toBe('203.0.113.7');
    // Two balancers in a row: the client is the first hop from the right that is not one.
    expect(behindBalancers(request('10.0.0.5', '6.6.6.6, 203.0.113.7, 10.0.0.6'))).toBe('203.0.113.7');
    expect(behindBalancers(request('10.0.0.5', ['6.6.6.6', '203.0.113.8']))).toBe('203.0.113.8');
  });

  it('falls back to the peer when the header is missing or names only proxies', () => {
    expect(behindBalancers(request('10.0.0.5'))).toBe('10.0.0.5');
    expect(behindBalancers(request('10.0.0.5', '10.0.0.6'))).toBe('10.0.0.5');
  });

  it('treats an IPv4-mapped IPv6 peer as its IPv4 address', () => {
    expect(clientAddressOf(['127.0.0.1'])(request('::ffff:127.0.0.1', '203.0.113.9'))).toBe('203.0.113.9');
  });
});

describe('--trusted-proxies', () => {
  it('takes IP addresses and refuses anything else, naming the setting', () => {
    const config = loadConfig(['http', '--trusted-proxies', '10.0.0.5, ::1'], {});
    expect(config.security.trustedProxies).toEqual(['10.0.0.5', '::1']);
    expect(loadConfig(['http'], {}).security.trustedProxies).toEqual([]);
    expect(() => loadConfig(['http'], { CREW_TRUSTED_PROXIES: 'lb.internal' })).toThrow(ConfigError);
    expect(() => loadConfig(['http'], { CREW_TRUSTED_PROXIES: 'lb.internal' })).toThrow(
      /--trusted-proxies \(CREW_TRUSTED_PROXIES\).*"lb\.internal" is not one/,
    );
  });
});
