// The bundle lists the registry's tools with JSON Schemas converted at build time
// (scripts/bundle-cli.mjs, primeWireSchemas in src/mcp/wire-schema.ts); everything else converts
// them at run time. Both must list exactly the same thing.
import { describe, expect, it } from 'vitest';
import { connectInProcess, spawnStdio } from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';

describe('tool schemas converted at build time', () => {
  it('are the ones converted at run time: the built CLI lists what the sources list', async () => {
    const sandbox = await startTestSandbox();
    const inProcess = await connectInProcess(sandbox);
    const built = await spawnStdio();
    try {
      const [fromBuild, fromSources] = await Promise.all([
        built.client.listTools(),
        inProcess.client.listTools(),
      ]);
      expect(fromBuild.tools.length).toBeGreaterThan(5);
      expect(fromBuild.tools.map((tool) => [tool.name, tool.inputSchema, tool.outputSchema])).toEqual(
        fromSources.tools.map((tool) => [tool.name, tool.inputSchema, tool.outputSchema]),
      );
    } finally {
      await built.close();
      await inProcess.close();
      await sandbox.close();
    }
  });
});
