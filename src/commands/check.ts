// `crew-mcp check`: proves the configuration works before a client is pointed at it: gets a
// token, reads its scopes, and says which tools this API key may use and why others are not
// listed. Exit code 0 when a token was obtained, 1 otherwise.
import { createApp } from '../app.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { formatError } from '../mcp/format-error.js';

export async function runCheck(config: Config, logger: Logger): Promise<number> {
  const app = await createApp(config, { transport: 'stdio', logger });
  try {
    await app.platform.tokens.getToken();
    const lines = [
      `upstream: ${app.sandbox ? `embedded sandbox ${app.sandbox.baseUrl}` : app.platform.apiUrl}`,
      `client: ${app.platform.tokens.clientId}`,
      'token: ok',
      `scopes: ${app.grantedScopes ? app.grantedScopes.join(' ') : 'unknown (all tools listed)'}`,
      `tools listed (${app.selection.listed.length}): ${app.selection.listed.map((tool) => tool.name).join(', ')}`,
      ...app.selection.refused.map(({ tool, reason }) => `not listed: ${tool.name} (${reason})`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`crew-mcp check failed: ${formatError(error).text}\n`);
    return 1;
  } finally {
    await app.close();
  }
}
