// Crew files [contract]: upload (multipart/form-data, the only upload path of the platform, §1),
// list, metadata and content. An upload is read whole (at most 10 MiB) before anything is
// stored, so a refused upload leaves no trace.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.js';
import { HttpError, mediaTypeOf, sendJson } from '../http-util.js';
import type { Caller, StoredFile } from '../types.js';
import { readMultipartUpload } from './multipart.js';

/** The file type a data type must have to take an upload as its answer. */
const FILE_DATA_TYPE = 'FILE';

export async function uploadCrewFile(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
  caller: Caller,
  [crewParam]: string[],
): Promise<void> {
  if (mediaTypeOf(req) !== 'multipart/form-data') {
    throw new HttpError(415, 'Upload with Content-Type: multipart/form-data (part "file").');
  }
  const upload = await readMultipartUpload(req);
  const crewId = knownCrewId(ctx, caller, crewParam!);
  const { dataTypeId, dataTypeUniqueId } = upload.fields;
  if (dataTypeId !== undefined && dataTypeUniqueId !== undefined) {
    throw new HttpError(400, 'Give either dataTypeId or dataTypeUniqueId, not both.');
  }
  let resolvedDataTypeId: string | null = null;
  if (dataTypeId !== undefined || dataTypeUniqueId !== undefined) {
    const ref = dataTypeId !== undefined ? { id: dataTypeId } : { uniqueId: dataTypeUniqueId! };
    const dataType = ctx.data.findCrewDataType(caller.companyId, crewId, ref);
    if (!dataType) {
      throw new HttpError(404, `Crew member ${crewId} has no data type ${dataTypeId ?? dataTypeUniqueId}.`);
    }
    if (dataType.type !== FILE_DATA_TYPE) {
      throw new HttpError(
        422,
        `Data type ${dataType.id} is of type ${dataType.type}, not ${FILE_DATA_TYPE}.`,
      );
    }
    resolvedDataTypeId = dataType.id;
  }
  const stored = ctx.data.addFile(caller.companyId, {
    crewId,
    name: upload.file.name,
    mimeType: upload.file.mimeType,
    size: upload.file.content.length,
    dataTypeId: resolvedDataTypeId,
    content: upload.file.content,
  });
  sendJson(res, 201, describeFile(stored, ctx.baseUrl));
}

export function listCrewFiles(
  _req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
  caller: Caller,
  [crewParam]: string[],
): void {
  const crewId = knownCrewId(ctx, caller, crewParam!);
  const files = ctx.data.listFiles(caller.companyId, crewId).map((file) => describeFile(file, ctx.baseUrl));
  sendJson(res, 200, { files });
}

export function getFile(
  _req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
  caller: Caller,
  [fileId]: string[],
): void {
  sendJson(res, 200, describeFile(existingFile(ctx, caller, fileId!), ctx.baseUrl));
}

export function getFileContent(
  _req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
  caller: Caller,
  [fileId]: string[],
): void {
  const file = existingFile(ctx, caller, fileId!);
  res.writeHead(200, {
    'content-type': file.mimeType,
    'content-length': file.content.length,
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  });
  res.end(file.content);
}

function describeFile(file: StoredFile, baseUrl: string): Record<string, unknown> {
  return {
    id: file.id,
    crewId: file.crewId,
    name: file.name,
    mimeType: file.mimeType,
    size: file.size,
    dataTypeId: file.dataTypeId,
    url: `${baseUrl}/rest/files/${encodeURIComponent(file.id)}/content`,
    createdAt: file.createdAt,
  };
}

function knownCrewId(ctx: SandboxContext, caller: Caller, crewParam: string): number {
  const crewId = /^\d+$/.test(crewParam) ? Number(crewParam) : Number.NaN;
  if (!Number.isSafeInteger(crewId) || !ctx.data.hasCrew(caller.companyId, crewId)) {
    throw new HttpError(404, `No crew member ${crewParam}.`);
  }
  return crewId;
}

function existingFile(ctx: SandboxContext, caller: Caller, fileId: string): StoredFile {
  const file = ctx.data.getFile(caller.companyId, fileId);
  if (!file) throw new HttpError(404, `No file ${fileId}.`);
  return file;
}
