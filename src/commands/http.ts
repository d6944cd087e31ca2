// `crew-mcp http`: serve MCP over Streamable HTTP until SIGINT/SIGTERM, and tell the user how
// to connect a client (stdout is free in this mode; logs stay on stderr).
import { createApp } from '../app.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startHttp } from '../transports/http.js';

export async function runHttpCommand(config: Config, logger: Logger): Promise<number> {
  const app = await createApp(config, { transport: 'http', logger });
  let http: Awaited<ReturnType<typeof startHttp>>;
  try {
    http = await startHttp(app);
  } catch (error) {
    // A port in use or a host that cannot be bound: say so, stop the sandbox, exit non-zero.
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${config.http.host}:${config.http.port}`;
    process.stderr.write(
      `crew-mcp: could not serve HTTP on ${where}: ${code === 'EADDRINUSE' ? 'the port is in use' : error instanceof Error ? error.message : String(error)}. Change --port / --host (CREW_HTTP_PORT / CREW_HTTP_HOST).\n`,
    );
    return 1;
  }
  const upstream = app.sandbox
    ? `the embedded sandbox platform at ${app.sandbox.baseUrl} (key ${app.platform.tokens.clientId})`
    : `the platform at ${app.platform.apiUrl}`;
  process.stdout.write(
    [
      `crew-mcp is serving MCP at ${http.mcpUrl}`,
      `  upstream: ${upstream}`,
      `  tools: ${app.selection.listed.map((tool) => tool.name).join(', ')}`,
      '',
      'Connect a client:',
      `  Claude Code:     claude mcp add --transport http crew ${http.mcpUrl}`,
      `  MCP Inspector:   npx @modelcontextprotocol/inspector  (Streamable HTTP, URL ${http.mcpUrl})`,
      `  VS Code/Cursor:  add {"type": "http", "url": "${http.mcpUrl}"} to the MCP servers (see mcp.json)`,
      `  health check:    curl ${http.url}/healthz`,
      '',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await http.close();
  await app.close();
  return 0;
}
