import { z } from 'zod';
import { defineTool } from '../src/mcp/define-tool.js';
import { guessMimeType, MAX_FILE_BYTES, readContent } from '../src/mcp/file-content.js';
import { crewIdInput, idInput } from '../src/mcp/ids.js';
import { NOTHING_UPLOADED, refuse } from '../src/mcp/refuse.js';
import { crewFileSchema, toCrewFile, type UpstreamFile } from '../src/present/file.js';

/** The longest base64 text of a file the platform takes (10 MiB): 4 characters per 3 bytes. */
const BASE64_LIMIT = 4 * Math.ceil(MAX_FILE_BYTES / 3);

export const uploadCrewFile = defineTool({
  name: 'upload_crew_file',
  title: 'Upload a crew file',
  description:
    "Upload a crew member's file (max 10 MiB), optionally answering a FILE data type (by id or uniqueId): contentBase64 + name, or a local absolute path (stdio).",
  inputSchema: z.object({
    crewId: crewIdInput,
    path: z.string().optional(),
    contentBase64: z
      .string()
      .max(BASE64_LIMIT, { error: 'the file is over 10 MiB; the platform takes at most 10 MiB' })
      .optional(),
    name: z.string().optional(),
    mimeType: z.string().optional().describe('Default: from the extension'),
    dataTypeId: idInput.optional(),
    dataTypeUniqueId: z.string().optional(),
  }),
  outputSchema: z.object({ file: crewFileSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['crew:write'],
  toolset: 'files',
  checkWith: 'list_crew_files',
  // A 404 is an unknown crew member, or a data type this member's profiles do not have.
  lookupTool: (input) => (input.dataTypeId || input.dataTypeUniqueId ? 'get_crew' : 'list_crew'),
  async handler(input, ctx) {
    if (input.dataTypeId !== undefined && input.dataTypeUniqueId !== undefined) {
      refuse({
        field: 'dataTypeUniqueId',
        problem: 'give dataTypeId or dataTypeUniqueId, not both',
        fix: 'Remove one of the two.',
        outcome: NOTHING_UPLOADED,
      });
    }
    const { content, name } = await readContent(input, ctx.transport, ctx.filesRoots);
    const mimeType = input.mimeType ?? guessMimeType(name);
    const form = new FormData();
    if (input.dataTypeId !== undefined) form.append('dataTypeId', input.dataTypeId);
    if (input.dataTypeUniqueId !== undefined) form.append('dataTypeUniqueId', input.dataTypeUniqueId);
    form.append('file', new Blob([new Uint8Array(content)], { type: mimeType }), name);
    const answer = await ctx.platform.rest.call<UpstreamFile>({
      method: 'POST',
      path: `/crew/${input.crewId}/files`,
      form,
      signal: ctx.signal,
    });
    const file = toCrewFile(answer);
    const answers = file.dataTypeId ? `, answering data type ${file.dataTypeId}` : '';
    return {
      data: { file },
      text: `Uploaded ${file.name} (${file.size} bytes, ${file.mimeType}) as file ${file.id} of crew ${file.crewId}${answers}.`,
    };
  },
});
