// Where the event log lives when --events-dir is not given. Events from the embedded sandbox
// belong to that sandbox alone (its event ids restart with every process), so each run gets a
// fresh temporary directory, removed at close. Events from a live platform are the user's
// durable state: $XDG_STATE_HOME/crew-mcp/events, else ~/.local/state/crew-mcp/events.
import { mkdtemp } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export function liveEventsDir(env: Record<string, string | undefined> = process.env): string {
  const stateHome = env.XDG_STATE_HOME?.trim() ? env.XDG_STATE_HOME : join(homedir(), '.local', 'state');
  return join(stateHome, 'crew-mcp', 'events');
}

export function sandboxEventsDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'crew-mcp-events-'));
}
