// The client most hosts embed, the v1 TypeScript SDK (@modelcontextprotocol/sdk 1.x), over the
// CLI's stdio: as a host does, it lists the tools first, so that its callTool validates each
// result's structuredContent against the tool's outputSchema (its own Ajv validators). Beside the
// v2 SDK client and the bare JSON-RPC client, it shows what the answer costs the library most
// users meet (issue 30's goal: list_jobs of 25 jobs within 4 ms of the direct call, get_crew 1 ms).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI } from '../helpers/mcp.js';

export interface V1Stdio {
  /** tools/call that must succeed. */
  callTool(name: string, args: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export async function spawnV1Stdio(env: Record<string, string>, cli = CLI): Promise<V1Stdio> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'stdio'],
    env: { PATH: process.env.PATH ?? '', CREW_LOG_LEVEL: 'warn', ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'crew-mcp-bench-v1', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return {
    async callTool(name, args) {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) throw new Error(`${name} failed (v1 client): ${JSON.stringify(result.content)}`);
    },
    close: () => client.close(),
  };
}
