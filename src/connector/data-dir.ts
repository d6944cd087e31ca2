// Where the embedded store lives without --data-dir: $XDG_STATE_HOME/crew-mcp, else
// ~/.local/state/crew-mcp (beside the event log's default), made private to the user.
import { mkdir } from 'node:fs/promises';
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
