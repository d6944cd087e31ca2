// Where the embedded store lives without --data-dir: $XDG_STATE_HOME/crew-mcp, else
// ~/.local/state/crew-mcp (beside the event log's default), made private to the user; and the
// store key's id recorded there at each start, and the embedded sandbox's port.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export async function storeDataDir(
  given: string | null,
  env: Record<string, string | undefined> = process.env,
) {
  const stateHome = env.XDG_STATE_HOME?.trim() ? env.XDG_STATE_HOME : join(homedir(), '.local', 'state');
  const dir = given ?? join(stateHome, 'crew-mcp');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * The id (a fingerprint, not the key) of the store key the embedded store was last opened with,
 * once all its secrets opened: `crew-mcp check` cannot open the store a running server holds, so
 * it compares its key with this.
 */
const KEY_ID_FILE = 'store-key-id';

export async function recordStoreKeyId(dir: string, keyId: string): Promise<void> {
  await writeFile(join(dir, KEY_ID_FILE), `${keyId}\n`, { mode: 0o600 });
}

export async function recordedStoreKeyId(dir: string): Promise<string | null> {
  try {
    return (await readFile(join(dir, KEY_ID_FILE), 'utf8')).trim() || null;
  } catch {
    return null;
  }
}

/**
 * The embedded sandbox's port, kept across restarts: each grant names its platform by URL, so a
 * sandbox on a new port would leave every connected company on a platform that no longer answers.
 */
const SANDBOX_PORT_FILE = 'sandbox-port';

export async function recordedSandboxPort(dir: string): Promise<number | null> {
  const text = await readFile(join(dir, SANDBOX_PORT_FILE), 'utf8').catch(() => '');
  const port = Number(text.trim());
  return Number.isInteger(port) && port > 0 && port < 65_536 ? port : null;
}

export async function recordSandboxPort(dir: string, port: number): Promise<void> {
  await writeFile(join(dir, SANDBOX_PORT_FILE), `${port}\n`, { mode: 0o600 });
}
