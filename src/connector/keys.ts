// The store key ring as a SecretBox: the current key (CREW_STORE_KEY or --store-key-file) seals,
// and every key of the ring opens: the previous one (CREW_STORE_PREVIOUS_KEY) and the old keys
// (CREW_STORE_OLD_KEYS). A rotation across replicas goes one replica at a time (README "Rotating
// the store key"): the new key first joins every replica's ring as an opener, then becomes the
// sealer, `crew-mcp store rotate-key` re-seals what is left, and the old key is retired. A missing
// or malformed key is a configuration error that names the setting.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ConfigError, type ConnectorConfig } from '../config.js';
import { parseStoreKey, SecretBox, StoreKeyError } from '../store/secret-box.js';

export interface StoreKeys {
  box: SecretBox;
  /** Derived from the current key: signs the authorization server's cookies and CSRF tokens. */
  cookieSecret: Buffer;
  /**
   * Derived from every key of the ring, the current one's first: cookies signed by a replica that
   * seals with another key of the ring (midway through a rotation) are still accepted here.
   */
  cookieSecrets: Buffer[];
}

const cookieSecretOf = (key: Buffer) =>
  createHmac('sha256', key).update('crew-mcp connector cookies').digest();

async function currentKeyText(connector: ConnectorConfig): Promise<{ text: string; name: string }> {
  if (connector.storeKey || !connector.storeKeyFile) {
    return { text: connector.storeKey ?? '', name: 'CREW_STORE_KEY' };
  }
  const name = `The store key file ${connector.storeKeyFile} (--store-key-file)`;
  try {
    return { text: await readFile(connector.storeKeyFile, 'utf8'), name };
  } catch (error) {
    throw new ConfigError(
      `${name} could not be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
}

export async function loadStoreKeys(connector: ConnectorConfig): Promise<StoreKeys> {
  const { text, name } = await currentKeyText(connector);
  try {
    const current = parseStoreKey(text, name);
    const openers = [
      ...(connector.storePreviousKey
        ? [parseStoreKey(connector.storePreviousKey, 'CREW_STORE_PREVIOUS_KEY')]
        : []),
      ...connector.storeOldKeys.map((key, index) =>
        parseStoreKey(key, `CREW_STORE_OLD_KEYS (key ${index + 1})`),
      ),
    ].filter((key) => !key.equals(current));
    return {
      box: new SecretBox(current, openers),
      cookieSecret: cookieSecretOf(current),
      cookieSecrets: [current, ...openers].map(cookieSecretOf),
    };
  } catch (error) {
    if (error instanceof StoreKeyError) throw new ConfigError(error.message);
    throw error;
  }
}
