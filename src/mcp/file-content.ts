// The file upload_crew_file sends: its bytes and name from exactly one of a local path (stdio
// mode only, inside --files-root: local-file.ts) and base64 content with a name; at most 10 MiB
// (an oversized base64 text is refused before it is decoded), not empty, and a name without
// control characters (it goes into a multipart header). The MIME type is guessed from the name.
import { extname } from 'node:path';
import { echo, hasControlCharacter } from './input-guard.js';
import { readAllowedFile } from './local-file.js';
import { NOTHING_UPLOADED, refuse } from './refuse.js';

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

function tooLarge(path: string, bytes: number): never {
  return refuse({
    field: path,
    problem: `the file is ${mib(bytes)}; the platform takes at most 10 MiB`,
    fix: 'Upload a smaller file.',
    outcome: NOTHING_UPLOADED,
  });
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
    refuse({
      field: 'path',
      problem:
        'local files can only be read when crew-mcp runs over stdio on your machine (this server runs over HTTP)',
      fix: 'Send the content as contentBase64 with a name.',
      outcome: NOTHING_UPLOADED,
    });
  }
  return readAllowedFile(given, roots, MAX_FILE_BYTES, (bytes) => tooLarge('path', bytes));
}

function fromBase64(encoded: string, name: string | undefined): { content: Buffer; name: string } {
  const compact = encoded.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    refuse({
      field: 'contentBase64',
      problem: 'is not valid base64',
      fix: 'Encode the file bytes as standard base64.',
      outcome: NOTHING_UPLOADED,
    });
  }
  // Size from the encoded length, so an oversized file is refused before it is decoded.
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((compact.length * 3) / 4) - padding;
  if (bytes > MAX_FILE_BYTES) tooLarge('contentBase64', bytes);
  if (!name?.trim())
    refuse({
      field: 'name',
      problem: 'is required with contentBase64',
      fix: 'Give the file name with its extension, e.g. cv.pdf.',
      outcome: NOTHING_UPLOADED,
    });
  return { content: Buffer.from(compact, 'base64'), name };
}

/** The name goes into a multipart header: a control character there would break the body. */
function checkName(name: string, field: 'name' | 'path'): string {
  if (hasControlCharacter(name)) {
    refuse({
      field: field,
      problem: `the file name "${echo(name)}" contains a control character`,
      fix: 'Give a plain file name, e.g. cv.pdf.',
      outcome: NOTHING_UPLOADED,
    });
  }
  return name;
}

/** The bytes and the name of the file to upload, from exactly one of path and contentBase64. */
export async function readContent(
  input: ContentInput,
  transport: 'stdio' | 'http',
  roots: readonly string[],
) {
  if ((input.path === undefined) === (input.contentBase64 === undefined)) {
    refuse({
      field: 'path',
      problem: 'give exactly one of path and contentBase64',
      fix: 'Use path (stdio only) or contentBase64 with name.',
      outcome: NOTHING_UPLOADED,
    });
  }
  const read =
    input.path !== undefined
      ? await fromPath(input.path, transport, roots)
      : fromBase64(input.contentBase64 as string, input.name);
  const field = input.path !== undefined ? 'path' : 'contentBase64';
  if (read.content.length === 0)
    refuse({
      field: field,
      problem: 'the file is empty',
      fix: 'Upload a file with content.',
      outcome: NOTHING_UPLOADED,
    });
  const given = input.name?.trim();
  return { content: read.content, name: given ? checkName(given, 'name') : checkName(read.name, 'path') };
}
