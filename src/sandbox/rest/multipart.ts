// Reads a multipart/form-data upload with busboy: one part "file" (at most 10 MiB) and small
// text fields. Refuses with 413 as soon as the file passes the limit, before buffering more.
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { HttpError, MIB } from '../http-util.js';

export const FILE_SIZE_LIMIT = 10 * MIB;
const FIELD_SIZE_LIMIT = 4096;

export interface MultipartUpload {
  file: { name: string; mimeType: string; content: Buffer };
  fields: Record<string, string | undefined>;
}

export function readMultipartUpload(req: IncomingMessage): Promise<MultipartUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy reports the limit when a file reaches it, so one byte more tells "at the limit" from "past it".
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: FILE_SIZE_LIMIT + 1, fields: 10, fieldSize: FIELD_SIZE_LIMIT },
      });
    } catch {
      reject(new HttpError(400, 'Malformed multipart/form-data request (missing boundary?).'));
      return;
    }
    const fields: Record<string, string | undefined> = {};
    const chunks: Buffer[] = [];
    let fileInfo: { name: string; mimeType: string } | null = null;
    let settled = false;
    const fail = (error: HttpError): void => {
      if (settled) return;
      settled = true;
      // Stop parsing and drop what was buffered; the caller answers and discards the rest.
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      chunks.length = 0;
      reject(error);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(400, `Field ${name} is too long.`));
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || fileInfo !== null) {
        stream.resume();
        return;
      }
      fileInfo = { name: info.filename || 'file', mimeType: info.mimeType || 'application/octet-stream' };
      stream.on('data', (chunk: Buffer) => {
        if (!settled) chunks.push(chunk);
      });
      stream.on('limit', () =>
        fail(new HttpError(413, `File exceeds the limit of ${FILE_SIZE_LIMIT} bytes.`)),
      );
    });
    parser.on('error', () => fail(new HttpError(400, 'Malformed multipart/form-data body.')));
    // busboy closes after every part's stream has ended, so all file bytes are in `chunks` here.
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (!fileInfo) reject(new HttpError(400, 'The upload needs a part named "file".'));
      else resolve({ file: { ...fileInfo, content: Buffer.concat(chunks) }, fields });
    });
    req.pipe(parser);
  });
}
