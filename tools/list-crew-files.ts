import { z } from 'zod';
import { defineTool } from '../src/mcp/define-tool.js';
import { crewIdInput } from '../src/mcp/ids.js';
import { renderCompact } from '../src/mcp/render.js';
import { crewFileSchema, toCrewFile, type UpstreamFile } from '../src/present/file.js';

export const listCrewFiles = defineTool({
  name: 'list_crew_files',
  title: 'List crew files',
  description: "A crew member's uploaded files: name, type, size, data type answered, download URL.",
  inputSchema: z.object({ crewId: crewIdInput }),
  outputSchema: z.object({ files: z.array(crewFileSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read'],
  toolset: 'files',
  lookupTool: 'list_crew',
  async handler(input, ctx) {
    const answer = await ctx.platform.rest.call<{ files: UpstreamFile[] }>({
      method: 'GET',
      path: `/crew/${input.crewId}/files`,
      signal: ctx.signal,
    });
    const files = answer.files.map(toCrewFile);
    return {
      data: { files },
      text: files.length === 0 ? `Crew ${input.crewId} has no files.` : renderCompact({ files }),
    };
  },
});
