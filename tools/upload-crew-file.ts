import { extname } from 'node:path';
import { z } from 'zod';
import { defineTool } from '../src/mcp/define-tool.js';
import { echo, hasControlCharacter } from '../src/mcp/input-guard.js';
import { readAllowedFile } from '../src/mcp/local-file.js';
import { UserInputError } from '../src/platform/errors.js';
import { crewFileSchema, toCrewFile, type UpstreamFile } from '../src/present/file.js';

/** The platform refuses larger files (413); we refuse them before sending anything. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const MIME_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.heic': 'image/heic',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.zip': 'application/zip',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
};

export function guessMimeType(name: string): string {
  return MIME_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function refuse(path: string, message: string, fix: string): never {
  throw new UserInputError(`${path}: ${message}. Nothing was uploaded.`, [{ path, message, fix }]);
}

function tooLarge(path: string, bytes: number): never {
  return refuse(
    path,
    `the file is ${mib(bytes)}; the platform takes at most 10 MiB`,
    'Upload a smaller file.',
  );
}

interface ContentInput {
  path?: string;
  contentBase64?: string;
  name?: string;
}

/** Local files are the user's own machine only in stdio mode; over HTTP they would be the server's. */
async function fromPath(
  given: string,
  transport: 'stdio' | 'http',
  roots: readonly string[],
): Promise<{ content: Buffer; name: string }> {
  if (transport !== 'stdio') {
    refuse(
      'path',
      'local files can only be read when crew-mcp runs over stdio on your machine (this server runs over HTTP)',
      'Send the content as contentBase64 with a name.',
    );
  }
  return readAllowedFile(given, roots, MAX_FILE_BYTES, (bytes) => tooLarge('path', bytes));
}

function fromBase64(encoded: string, name: string | undefined): { content: Buffer; name: string } {
  const compact = encoded.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    refuse('contentBase64', 'is not valid base64', 'Encode the file bytes as standard base64.');
  }
  // Size from the encoded length, so an oversized file is refused before it is decoded.
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((compact.length * 3) / 4) - padding;
  if (bytes > MAX_FILE_BYTES) tooLarge('contentBase64', bytes);
  if (!name?.trim())
    refuse('name', 'is required with contentBase64', 'Give the file name with its extension, e.g. cv.pdf.');
  return { content: Buffer.from(compact, 'base64'), name };
}

/** The name goes into a multipart header: a control character there would break the body. */
function checkName(name: string, field: 'name' | 'path'): string {
  if (hasControlCharacter(name)) {
    refuse(
      field,
      `the file name "${echo(name)}" contains a control character`,
      'Give a plain file name, e.g. cv.pdf.',
    );
  }
  return name;
}

async function readContent(input: ContentInput, transport: 'stdio' | 'http', roots: readonly string[]) {
  if ((input.path === undefined) === (input.contentBase64 === undefined)) {
    refuse(
      'path',
      'give exactly one of path and contentBase64',
      'Use path (stdio only) or contentBase64 with name.',
    );
  }
  const read =
    input.path !== undefined
      ? await fromPath(input.path, transport, roots)
      : fromBase64(input.contentBase64 as string, input.name);
  const field = input.path !== undefined ? 'path' : 'contentBase64';
  if (read.content.length === 0) refuse(field, 'the file is empty', 'Upload a file with content.');
  const given = input.name?.trim();
  return { content: read.content, name: given ? checkName(given, 'name') : checkName(read.name, 'path') };
}

export const uploadCrewFile = defineTool({
  name: 'upload_crew_file',
  title: 'Upload a crew file',
  description:
    'Upload a file (max 10 MiB) for a crew member, optionally answering a FILE data type (dataTypeId or dataTypeUniqueId). Content: contentBase64 with name, or a local absolute path (stdio).',
  inputSchema: z.object({
    crewId: z.number().int(),
    path: z.string().optional(),
    contentBase64: z.string().optional(),
    name: z.string().optional(),
    mimeType: z.string().optional().describe('Default: from the extension'),
    dataTypeId: z.string().optional(),
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
      refuse('dataTypeUniqueId', 'give dataTypeId or dataTypeUniqueId, not both', 'Remove one of the two.');
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
