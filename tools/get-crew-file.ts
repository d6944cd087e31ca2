import { z } from 'zod';
import { defineTool } from '../src/mcp/define-tool.js';
import { opaqueIdInput } from '../src/mcp/ids.js';
import { renderCompact } from '../src/mcp/render.js';
import { crewFileSchema, toCrewFile, type UpstreamFile } from '../src/present/file.js';

export const getCrewFile = defineTool({
  name: 'get_crew_file',
  title: 'Get a crew file',
  description: 'One uploaded file: owner, name, type, size, data type answered, download URL.',
  inputSchema: z.object({ fileId: opaqueIdInput.describe('From list_crew_files') }),
  outputSchema: z.object({ file: crewFileSchema }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read'],
  toolset: 'files',
  lookupTool: 'list_crew_files',
  async handler(input, ctx) {
    const file = toCrewFile(
      await ctx.platform.rest.call<UpstreamFile>({
        method: 'GET',
        path: `/files/${encodeURIComponent(input.fileId)}`,
        signal: ctx.signal,
      }),
    );
    return { data: { file }, text: renderCompact(file) };
  },
});
