// Platform secrets at rest: AES-256-GCM with the store key (CREW_STORE_KEY or --store-key-file),
// a fresh 96-bit nonce per secret, and the row's id as associated data, so a ciphertext copied to
// another grant does not decrypt. A sealed value names its key by a short fingerprint: with a
// ring of keys configured (CREW_STORE_OLD_KEYS, CREW_STORE_PREVIOUS_KEY), values sealed under any
// of them open, and re-encryption (at start, or `crew-mcp store rotate-key`) moves them to the
// current key.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class StoreKeyError extends Error {}

/** A 32-byte key from its text form: 64 hex digits or base64/base64url of 32 bytes. */
export function parseStoreKey(text: string, name: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64url');
  if (key.length !== 32) {
    throw new StoreKeyError(
      `${name} must be 32 random bytes as 64 hex digits or base64 (e.g. from "openssl rand -base64 32"), got ${key.length} bytes.`,
    );
  }
  return key;
}

function fingerprint(key: Buffer): string {
  return createHash('sha256').update('crew-mcp store key').update(key).digest('base64url').slice(0, 8);
}

export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string;

  constructor(current: Buffer, previous: Buffer[] = []) {
    this.currentKeyId = fingerprint(current);
    this.keys.set(this.currentKeyId, current);
    for (const key of previous) this.keys.set(fingerprint(key), key);
  }

  /** `secret` sealed for the row `context` (e.g. a grant id). */
  seal(secret: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKeyId) as Buffer, nonce);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [VERSION, this.currentKeyId, nonce.toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The secret, or an error that names no part of it (unknown key, tampered value, wrong row). */
  open(sealed: string, context: string): string {
    const [version, keyId, nonce, body] = sealed.split('.');
    if (version !== VERSION || !keyId || !nonce || !body) throw new StoreKeyError('Not a sealed secret.');
    const key = this.keys.get(keyId);
    if (!key) {
      throw new StoreKeyError(
        `A secret is sealed with store key ${keyId}, which is not configured: add it to CREW_STORE_OLD_KEYS (or give it as CREW_STORE_PREVIOUS_KEY) to read it.`,
      );
    }
    const bytes = Buffer.from(body, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new StoreKeyError(
        'A sealed secret failed its integrity check (tampered, or sealed for another row).',
      );
    }
  }

  /** Whether `keyId` (a sealed value's second part) is the current key's or a previous one's. */
  knows(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /** The id of the key `sealed` was sealed with (a fingerprint, not the key). */
  static keyIdOf(sealed: string): string {
    return sealed.split('.')[1] ?? '?';
  }

  /** Sealed under a key other than the current one: re-encryption should move it. */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.currentKeyId;
  }
}
