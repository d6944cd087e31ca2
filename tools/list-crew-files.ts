import { z } from 'zod';
import { defineTool } from '../src/tooling/define-tool.js';
import { renderCompact } from '../src/tooling/render.js';

/** A file as the platform's REST API describes it. */
export interface UpstreamFile {
  id: string;
  crewId: number;
  name: string;
  mimeType: string;
  size: number;
  dataTypeId?: string | null;
  url?: string | null;
  createdAt: string;
}

export const crewFileSchema = z.object({
  id: z.string(),
  crewId: z.number(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  dataTypeId: z.string().optional(),
  url: z.string().optional(),
  createdAt: z.string(),
});

/** Only the fields we describe, so a richer live answer still matches the output schema. */
export function toCrewFile(file: UpstreamFile): z.output<typeof crewFileSchema> {
  return {
    id: String(file.id),
    crewId: Number(file.crewId),
    name: file.name,
    mimeType: file.mimeType,
    size: file.size,
    ...(file.dataTypeId ? { dataTypeId: String(file.dataTypeId) } : {}),
    ...(file.url ? { url: file.url } : {}),
    createdAt: file.createdAt,
  };
}

export const listCrewFiles = defineTool({
  name: 'list_crew_files',
  title: 'List crew files',
  description: "A crew member's uploaded files: name, type, size, the data type each answers, download URL.",
  inputSchema: z.object({ crewId: z.number().int() }),
  outputSchema: z.object({ files: z.array(crewFileSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read'],
  toolset: 'files',
  async handler(input, ctx) {
    const answer = await ctx.platform.rest.call<{ files: UpstreamFile[] }>({
      method: 'GET',
      path: `/crew/${input.crewId}/files`,
      lookupTool: 'list_crew',
      signal: ctx.signal,
    });
    const files = answer.files.map(toCrewFile);
    return {
      data: { files },
      text: files.length === 0 ? `Crew ${input.crewId} has no files.` : renderCompact({ files }),
    };
  },
});
