// upload_crew_file and list_crew_files through a real MCP client against the sandbox: base64 and
// local-path content, FILE data type answers, the 10 MiB limit checked before sending, and the
// platform's refusals in the same error families as GraphQL.
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type Connected, callTool, connectInProcess } from '../helpers/mcp.js';
import { findUploadTarget, startTestSandbox, type UploadTarget } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read structured results loosely
type Any = any;

const TEN_MIB = 10 * 1024 * 1024;
let sandbox: RunningSandbox;
let connected: Connected;
let client: Client;
let target: UploadTarget;
let dir: string;

const call = callTool;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  connected = await connectInProcess(sandbox);
  client = connected.client;
  target = await findUploadTarget(sandbox);
  dir = await mkdtemp(join(tmpdir(), 'crew-mcp-upload-test-'));
});

afterAll(async () => {
  await connected?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('upload_crew_file and list_crew_files', () => {
  it('uploads base64 content, guesses the mime type, and lists the file', async () => {
    const content = Buffer.from('%PDF-1.4 certificate');
    const upload = await call(client, 'upload_crew_file', {
      crewId: target.crewId,
      contentBase64: content.toString('base64'),
      name: 'first-aid.pdf',
    });
    expect(upload.isError, upload.text).toBe(false);
    expect(upload.data.file).toMatchObject({
      crewId: target.crewId,
      name: 'first-aid.pdf',
      mimeType: 'application/pdf',
      size: content.length,
    });
    expect(upload.text).toMatch(/Uploaded first-aid.pdf/);
    const listed = await call(client, 'list_crew_files', { crewId: target.crewId });
    expect(listed.data.files.map((file: Any) => file.id)).toContain(upload.data.file.id);
    const downloaded = await fetch(listed.data.files.find((f: Any) => f.id === upload.data.file.id).url, {
      headers: { authorization: `Bearer ${await connected.app.platform.tokens.getToken()}` },
    });
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(content);
    const one = await call(client, 'get_crew_file', { fileId: upload.data.file.id });
    expect(one.data.file).toEqual(upload.data.file);
  });

  it('says when a file id does not exist, and where to find valid ones', async () => {
    const missing = await call(client, 'get_crew_file', { fileId: 'file-does-not-exist' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/list_crew_files/);
  });

  it('answers a FILE data type by id or uniqueId', async () => {
    const byId = await call(client, 'upload_crew_file', {
      crewId: target.crewId,
      contentBase64: Buffer.from('scan').toString('base64'),
      name: 'passport.png',
      dataTypeId: target.fileDataType.id,
    });
    expect(byId.isError, byId.text).toBe(false);
    expect(byId.data.file).toMatchObject({ dataTypeId: target.fileDataType.id, mimeType: 'image/png' });
    expect(byId.text).toMatch(`answering data type ${target.fileDataType.id}`);
    if (target.fileDataType.uniqueId) {
      const byUniqueId = await call(client, 'upload_crew_file', {
        crewId: target.crewId,
        contentBase64: Buffer.from('scan 2').toString('base64'),
        name: 'passport.jpg',
        mimeType: 'image/x-custom',
        dataTypeUniqueId: target.fileDataType.uniqueId,
      });
      expect(byUniqueId.data.file).toMatchObject({
        dataTypeId: target.fileDataType.id,
        mimeType: 'image/x-custom',
      });
    }
  });

  it('uploads a local file by absolute path in stdio mode', async () => {
    const path = join(dir, 'contract.docx');
    await writeFile(path, 'docx bytes');
    const upload = await call(client, 'upload_crew_file', { crewId: target.crewId, path });
    expect(upload.isError, upload.text).toBe(false);
    expect(upload.data.file).toMatchObject({
      name: 'contract.docx',
      size: 10,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('refuses a file over 10 MiB before sending anything, by path or base64', async () => {
    const path = join(dir, 'huge.pdf');
    await writeFile(path, '');
    await truncate(path, TEN_MIB + 1);
    sandbox.resetStats();
    const byPath = await call(client, 'upload_crew_file', { crewId: target.crewId, path });
    expect(byPath.isError).toBe(true);
    expect(byPath.text).toMatch(/path: the file is 10\.0 MiB; the platform takes at most 10 MiB/);
    const byBase64 = await call(client, 'upload_crew_file', {
      crewId: target.crewId,
      contentBase64: Buffer.alloc(TEN_MIB + 3).toString('base64'),
      name: 'huge.bin',
    });
    expect(byBase64.isError).toBe(true);
    expect(byBase64.text).toMatch(/contentBase64: the file is .* at most 10 MiB/);
    expect(byBase64.text).toMatch(/Nothing was sent to the platform/);
    expect(sandbox.stats.restRequests).toBe(0);
  });

  it('refuses unclear input with the field and the fix, sending nothing', async () => {
    sandbox.resetStats();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /give exactly one of path and contentBase64/],
      [{ path: '/tmp/x', contentBase64: 'eA==' }, /give exactly one of path and contentBase64/],
      [
        { path: 'relative/cv.pdf' },
        /"relative\/cv.pdf" is not an absolute path.*\n.*Fix: Give the full path/s,
      ],
      [{ path: join(dir, 'missing.pdf') }, /no file at/],
      [{ path: dir }, /is not a regular file/],
      [{ contentBase64: 'eA==' }, /name: is required with contentBase64/],
      [{ contentBase64: 'not base64!', name: 'a.txt' }, /contentBase64: is not valid base64/],
      [{ contentBase64: '', name: 'a.txt' }, /the file is empty/],
      [
        { contentBase64: 'eA==', name: 'a.pdf', dataTypeId: 'x', dataTypeUniqueId: 'y' },
        /dataTypeId or dataTypeUniqueId, not both/,
      ],
    ];
    for (const [args, expected] of cases) {
      const result = await call(client, 'upload_crew_file', { crewId: target.crewId, ...args });
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.text).toMatch(expected);
    }
    expect(sandbox.stats.restRequests).toBe(0);
  });

  it("reports the platform's refusals: unknown crew, unknown or non-FILE data type", async () => {
    const content = { contentBase64: 'eA==', name: 'a.pdf' };
    const unknownCrew = await call(client, 'upload_crew_file', { crewId: 999999, ...content });
    expect(unknownCrew.isError).toBe(true);
    expect(unknownCrew.text).toMatch(/No crew member 999999.*list_crew/s);
    const unknownType = await call(client, 'upload_crew_file', {
      crewId: target.crewId,
      ...content,
      dataTypeId: 'no-such-type',
    });
    expect(unknownType.text).toMatch(/has no data type no-such-type.*get_crew/s);
    const notFile = await call(client, 'upload_crew_file', {
      crewId: target.crewId,
      ...content,
      dataTypeId: target.otherDataTypeId,
    });
    expect(notFile.isError).toBe(true);
    expect(notFile.text).toMatch(/rejected the request: Data type .* not FILE/);
    const listUnknown = await call(client, 'list_crew_files', { crewId: 999999 });
    expect(listUnknown.text).toMatch(/No crew member 999999.*list_crew/s);
  });

  it("refuses a local path over HTTP, where the file system is the server's, not the user's", async () => {
    const overHttp = await connectInProcess(sandbox, [], { transport: 'http' });
    try {
      const path = join(dir, 'contract.docx');
      sandbox.resetStats();
      const result = await call(overHttp.client, 'upload_crew_file', { crewId: target.crewId, path });
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(
        /only be read when crew-mcp runs over stdio.*Fix: Send the content as contentBase64/s,
      );
      expect(sandbox.stats.restRequests).toBe(0);
      const base64 = await call(overHttp.client, 'upload_crew_file', {
        crewId: target.crewId,
        contentBase64: 'eA==',
        name: 'x.txt',
      });
      expect(base64.isError, base64.text).toBe(false);
    } finally {
      await overHttp.close();
    }
  });

  it('with a read-only key lists files but offers no upload', async () => {
    const readonly = await connectInProcess(sandbox, ['--sandbox-key', 'demo-readonly']);
    try {
      const names = (await readonly.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('list_crew_files');
      expect(names).not.toContain('upload_crew_file');
    } finally {
      await readonly.close();
    }
  });
});
