// The RS256 key pair that signs one sandbox's tokens. Generating it is a search for two large
// primes: 80 to 170 ms on this project's machines, on a libuv worker thread rather than the
// main one. The CLI starts it before loading the rest of the server, so the wait overlaps module
// loading instead of delaying the first token. Web Crypto directly (what jose does inside), so
// that starting it loads nothing else.
import { webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;

export interface SigningKeyPair {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

export function generateSigningKeys(): Promise<SigningKeyPair> {
  return webcrypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    // The public half is exported as the JWKS; the private half never leaves the sandbox.
    false,
    ['sign', 'verify'],
  ) as Promise<SigningKeyPair>;
}
