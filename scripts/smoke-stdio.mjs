// One MCP session with an installed crew-mcp, as a client has it: `npx --no-install crew-mcp`
// started in the directory given (where the packed tarball was installed), over stdio, through
// the SDK's client. Lists the tools and calls list_jobs against the embedded sandbox.
// Usage: node scripts/smoke-stdio.mjs <install dir>
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const cwd = process.argv[2];
if (!cwd) throw new Error('usage: node scripts/smoke-stdio.mjs <install dir>');
const transport = new StdioClientTransport({
  command: 'npx',
  args: ['--no-install', 'crew-mcp'],
  cwd,
  env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn' },
});
const client = new Client({ name: 'crew-mcp-smoke', version: '1.0.0' });
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  const result = await client.callTool({ name: 'list_jobs', arguments: { perPage: 3 } });
  if (result.isError || tools.length === 0)
    throw new Error(`list_jobs failed: ${JSON.stringify(result.content)}`);
  process.stdout.write(
    `stdio MCP session: ${tools.length} tools listed; list_jobs returned ${result.structuredContent.jobs.length} jobs\n`,
  );
} finally {
  await client.close();
}
