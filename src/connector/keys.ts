// The store key (CREW_STORE_KEY or --store-key-file) and the previous one (CREW_STORE_PREVIOUS_KEY)
// as a SecretBox. A missing or malformed key is a configuration error that names the setting.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ConfigError, type ConnectorConfig } from '../config.js';
import { parseStoreKey, SecretBox, StoreKeyError } from '../store/secret-box.js';

export interface StoreKeys {
  box: SecretBox;
  /** Derived from the current key: signs the authorization server's cookies and CSRF tokens. */
  cookieSecret: Buffer;
}

export async function loadStoreKeys(connector: ConnectorConfig): Promise<StoreKeys> {
  let text = connector.storeKey;
  let name = 'CREW_STORE_KEY';
  if (!text && connector.storeKeyFile) {
    name = `The store key file ${connector.storeKeyFile} (--store-key-file)`;
    try {
      text = await readFile(connector.storeKeyFile, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `${name} could not be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
      );
    }
  }
  try {
    const current = parseStoreKey(text ?? '', name);
    const previous = connector.storePreviousKey
      ? [parseStoreKey(connector.storePreviousKey, 'CREW_STORE_PREVIOUS_KEY')]
      : [];
    return {
      box: new SecretBox(current, previous),
      cookieSecret: createHmac('sha256', current).update('crew-mcp connector cookies').digest(),
    };
  } catch (error) {
    if (error instanceof StoreKeyError) throw new ConfigError(error.message);
    throw error;
  }
}
