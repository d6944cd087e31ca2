// upload_crew_file through a real MCP client against the sandbox: base64 and local-path content,
// FILE data type answers, local files only under --files-root (never /proc, /dev, /sys or a
// symlink out of the root), names that would break the multipart body, the 10 MiB limit checked
// before sending, and the platform's refusals. Each case asserts what reached the platform.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { type CallResult, type Connected, callTool, connectInProcess } from '../helpers/mcp.js';
import { findUploadTarget, requestsDuring, startTestSandbox, type UploadTarget } from '../helpers/sandbox.js';

const TEN_MIB = 10 * 1024 * 1024;
let sandbox: RunningSandbox;
/** A server allowed to read files under `root` (--files-root). */
let withRoot: Connected;
/** A server started without --files-root: base64 only. */
let withoutRoot: Connected;
let target: UploadTarget;
let dir: string;
let root: string;
let outside: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  dir = await mkdtemp(join(tmpdir(), 'crew-mcp-upload-test-'));
  root = join(dir, 'allowed');
  outside = join(dir, 'outside');
  await mkdir(root);
  await mkdir(outside);
  withRoot = await connectInProcess(sandbox, ['--files-root', root]);
  withoutRoot = await connectInProcess(sandbox);
  target = await findUploadTarget(sandbox);
});

afterAll(async () => {
  await withRoot?.close();
  await withoutRoot?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Call upload_crew_file and return its result with what reached the platform meanwhile. */
async function upload(connected: Connected, args: Record<string, unknown>) {
  const { result, sent } = await requestsDuring(sandbox, () =>
    callTool(connected.client, 'upload_crew_file', { crewId: target.crewId, ...args }),
  );
  return { ...result, sent };
}

function refusedLocally(result: CallResult & { sent: unknown[] }, expected: RegExp): void {
  expect(result.isError, result.text).toBe(true);
  expect(result.text).toMatch(expected);
  expect(result.sent).toEqual([]);
}

describe('upload_crew_file', () => {
  it('uploads base64 content with one multipart POST, guessing the mime type', async () => {
    const content = Buffer.from('%PDF-1.4 certificate');
    const result = await upload(withoutRoot, {
      contentBase64: content.toString('base64'),
      name: 'first-aid.pdf',
    });
    expect(result.isError, result.text).toBe(false);
    expect(result.sent).toEqual([
      { kind: 'rest', method: 'POST', path: `/rest/crew/${target.crewId}/files` },
    ]);
    expect(result.data.file).toMatchObject({
      crewId: String(target.crewId),
      name: 'first-aid.pdf',
      mimeType: 'application/pdf',
      size: content.length,
    });
    expect(result.text).toMatch(/Uploaded first-aid.pdf/);
  });

  it('answers a FILE data type by id or uniqueId', async () => {
    const byId = await upload(withoutRoot, {
      contentBase64: Buffer.from('scan').toString('base64'),
      name: 'passport.png',
      dataTypeId: target.fileDataType.id,
    });
    expect(byId.isError, byId.text).toBe(false);
    expect(byId.data.file).toMatchObject({ dataTypeId: target.fileDataType.id, mimeType: 'image/png' });
    expect(byId.text).toMatch(`answering data type ${target.fileDataType.id}`);
    if (target.fileDataType.uniqueId) {
      const byUniqueId = await upload(withoutRoot, {
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

  it('uploads a local file under --files-root, in stdio mode', async () => {
    const path = join(root, 'contract.docx');
    await writeFile(path, 'docx bytes');
    const result = await upload(withRoot, { path });
    expect(result.isError, result.text).toBe(false);
    expect(result.sent).toHaveLength(1);
    expect(result.data.file).toMatchObject({
      name: 'contract.docx',
      size: 10,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    // A symbolic link that stays inside the root is fine.
    await symlink(path, join(root, 'link-inside.docx'));
    expect((await upload(withRoot, { path: join(root, 'link-inside.docx') })).isError).toBe(false);
  });

  it('reads no local file at all without --files-root', async () => {
    const path = join(root, 'contract.docx');
    refusedLocally(
      await upload(withoutRoot, { path }),
      /reading local files is off.*--files-root.*Fix: Send the content as contentBase64/s,
    );
  });

  it('never reads /proc, /dev or /sys, even when the root would include them', async () => {
    const everything = await connectInProcess(sandbox, ['--files-root', '/']);
    try {
      for (const path of ['/proc/self/environ', '/dev/zero', '/sys/kernel/hostname']) {
        refusedLocally(await upload(everything, { path }), /system pseudo-file/);
      }
    } finally {
      await everything.close();
    }
  });

  it('refuses a path outside the root, and a symlink inside it that leads out', async () => {
    const secret = join(outside, 'secret.txt');
    await writeFile(secret, 'not for upload');
    refusedLocally(await upload(withRoot, { path: secret }), /outside the directories this server may read/);
    await symlink(secret, join(root, 'escape.txt'));
    refusedLocally(
      await upload(withRoot, { path: join(root, 'escape.txt') }),
      /outside the directories this server may read \(it is a symbolic link to .*secret\.txt\)/,
    );
    await symlink('/proc/self/environ', join(root, 'environ'));
    refusedLocally(await upload(withRoot, { path: join(root, 'environ') }), /system pseudo-file/);
    refusedLocally(await upload(withRoot, { path: join(root, '..', 'outside', 'secret.txt') }), /outside/);
  });

  it('does not hang on a FIFO under the root', async () => {
    const fifo = join(root, 'pipe');
    execFileSync('mkfifo', [fifo]);
    refusedLocally(await upload(withRoot, { path: fifo }), /not a regular file/);
  });

  it('refuses a file name with a control character, which would break the multipart body', async () => {
    refusedLocally(
      await upload(withoutRoot, { contentBase64: 'eA==', name: 'cv\r\nContent-Type: text/html.pdf' }),
      /name: the file name "cv\?\?Content-Type: text\/html\.pdf" contains a control character/,
    );
    const odd = join(root, 'line\nbreak.txt');
    await writeFile(odd, 'x');
    refusedLocally(
      await upload(withRoot, { path: odd }),
      /path: the file name .* contains a control character/,
    );
  });

  it('refuses a file over 10 MiB before sending anything, by path or base64', async () => {
    const path = join(root, 'huge.pdf');
    await writeFile(path, '');
    await truncate(path, TEN_MIB + 1);
    refusedLocally(
      await upload(withRoot, { path }),
      /path: the file is 10\.0 MiB; the platform takes at most 10 MiB/,
    );
    refusedLocally(
      await upload(withoutRoot, {
        contentBase64: Buffer.alloc(TEN_MIB + 3).toString('base64'),
        name: 'huge.bin',
      }),
      // Past the base64 length of 10 MiB, the input schema refuses it (its maxLength).
      /contentBase64: the file is over 10 MiB; the platform takes at most 10 MiB/s,
    );
  });

  it('refuses unclear input with the field and the fix, sending nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /give exactly one of path and contentBase64/],
      [{ path: '/tmp/x', contentBase64: 'eA==' }, /give exactly one of path and contentBase64/],
      [
        { path: 'relative/cv.pdf' },
        /"relative\/cv.pdf" is not an absolute path.*\n.*Fix: Give the full path/s,
      ],
      [{ path: join(root, 'missing.pdf') }, /no file at/],
      [{ path: root }, /is not a regular file/],
      [{ contentBase64: 'eA==' }, /name: is required with contentBase64/],
      [{ contentBase64: 'eA==', name: '   ' }, /name: is required with contentBase64/],
      [{ contentBase64: 'not base64!', name: 'a.txt' }, /contentBase64: is not valid base64/],
      [{ contentBase64: '', name: 'a.txt' }, /the file is empty/],
      [
        { contentBase64: 'eA==', name: 'a.pdf', dataTypeId: '1', dataTypeUniqueId: 'y' },
        /dataTypeId or dataTypeUniqueId, not both/,
      ],
      [
        { crewId: 2 ** 31, contentBase64: 'eA==', name: 'a.txt' },
        /crewId: 2147483648 is outside the platform's Int range/,
      ],
    ];
    for (const [args, expected] of cases) refusedLocally(await upload(withRoot, args), expected);
  });

  it("reports the platform's refusals: unknown crew, unknown or non-FILE data type", async () => {
    const content = { contentBase64: 'eA==', name: 'a.pdf' };
    const unknownCrew = await upload(withoutRoot, { ...content, crewId: 999999 });
    expect(unknownCrew.isError).toBe(true);
    expect(unknownCrew.text).toMatch(/No crew member 999999.*list_crew/s);
    expect(unknownCrew.sent).toEqual([{ kind: 'rest', method: 'POST', path: '/rest/crew/999999/files' }]);
    const unknownType = await upload(withoutRoot, { ...content, dataTypeId: 999_998 });
    expect(unknownType.text).toMatch(/has no data type 999998.*get_crew/s);
    const notFile = await upload(withoutRoot, { ...content, dataTypeId: target.otherDataTypeId });
    expect(notFile.isError).toBe(true);
    // The request reached the platform: the answer must not claim that nothing was sent.
    expect(notFile.text).toMatch(/rejected the request: Data type .* not FILE/);
    expect(notFile.text).not.toMatch(/Nothing was (sent|changed)/);
    expect(notFile.sent).toHaveLength(1);
  });

  it("refuses a local path over HTTP, where the file system is the server's, not the user's", async () => {
    const overHttp = await connectInProcess(sandbox, [], { transport: 'http' });
    try {
      const refused = await upload(overHttp, { path: join(root, 'contract.docx') });
      refusedLocally(
        refused,
        /only be read when crew-mcp runs over stdio.*Fix: Send the content as contentBase64/s,
      );
      const base64 = await upload(overHttp, { contentBase64: 'eA==', name: 'x.txt' });
      expect(base64.isError, base64.text).toBe(false);
    } finally {
      await overHttp.close();
    }
  });

  it('is not offered with a read-only key', async () => {
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
