// The file upload_crew_file sends (src/mcp/file-content.ts): from base64 with a name, or a local
// path in stdio mode inside the allowed roots; too large (counted before decoding), empty, a name
// with a control character, or both or neither source: a refusal on the field, saying the fix.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserInputError } from '../../src/mcp/errors.js';
import { guessMimeType, MAX_FILE_BYTES, readContent } from '../../src/mcp/file-content.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'crew-file-content-'));
  await writeFile(join(root, 'cv.pdf'), 'pdf bytes');
  await writeFile(join(root, 'empty.txt'), '');
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function refused(run: () => Promise<unknown>): Promise<{ path: string; message: string; fix: string }> {
  const error = await run().then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UserInputError);
  expect((error as UserInputError).message).toMatch(/Nothing was uploaded\.$/);
  return (error as UserInputError).problems[0] as { path: string; message: string; fix: string };
}

describe('readContent', () => {
  it('decodes base64 with its name, and reads a local file under a root in stdio mode', async () => {
    const fromBase64 = await readContent({ contentBase64: 'eA==', name: 'a.txt' }, 'http', []);
    expect(fromBase64).toEqual({ content: Buffer.from('x'), name: 'a.txt' });
    const local = await readContent({ path: join(root, 'cv.pdf') }, 'stdio', [root]);
    expect(local).toEqual({ content: Buffer.from('pdf bytes'), name: 'cv.pdf' });
    const renamed = await readContent({ path: join(root, 'cv.pdf'), name: 'resume.pdf' }, 'stdio', [root]);
    expect(renamed.name).toBe('resume.pdf');
  });

  it('refuses both sources or neither, naming path', async () => {
    expect(await refused(() => readContent({}, 'stdio', [root]))).toMatchObject({ path: 'path' });
    expect(
      await refused(() => readContent({ path: '/x', contentBase64: 'eA==' }, 'stdio', [root])),
    ).toMatchObject({ path: 'path', message: 'give exactly one of path and contentBase64' });
  });

  it('refuses a local path over HTTP, and one outside the roots', async () => {
    expect(await refused(() => readContent({ path: join(root, 'cv.pdf') }, 'http', [root]))).toMatchObject({
      path: 'path',
      fix: 'Send the content as contentBase64 with a name.',
    });
    expect((await refused(() => readContent({ path: join(root, 'cv.pdf') }, 'stdio', []))).message).toMatch(
      /--files-root/,
    );
  });

  it('refuses bad or oversized base64 before decoding, a missing name and an empty file', async () => {
    expect(await refused(() => readContent({ contentBase64: '***', name: 'a' }, 'http', []))).toMatchObject({
      path: 'contentBase64',
      message: 'is not valid base64',
    });
    const huge = 'A'.repeat(Math.ceil((MAX_FILE_BYTES + 3) / 3) * 4);
    expect(
      (await refused(() => readContent({ contentBase64: huge, name: 'big.bin' }, 'http', []))).message,
    ).toMatch(/the platform takes at most 10 MiB/);
    expect(await refused(() => readContent({ contentBase64: 'eA==' }, 'http', []))).toMatchObject({
      path: 'name',
    });
    expect(await refused(() => readContent({ contentBase64: '', name: 'a.txt' }, 'http', []))).toMatchObject({
      path: 'contentBase64',
      message: 'the file is empty',
    });
    expect(
      await refused(() => readContent({ path: join(root, 'empty.txt') }, 'stdio', [root])),
    ).toMatchObject({
      path: 'path',
      message: 'the file is empty',
    });
  });

  it('refuses a name with a control character, on the field it came from', async () => {
    expect(
      await refused(() => readContent({ contentBase64: 'eA==', name: 'a\r\nb.txt' }, 'http', [])),
    ).toMatchObject({ path: 'name', message: 'the file name "a??b.txt" contains a control character' });
  });
});

describe('guessMimeType', () => {
  it('guesses from the extension, any case, and falls back to octet-stream', () => {
    expect(guessMimeType('cv.PDF')).toBe('application/pdf');
    expect(guessMimeType('photo.jpeg')).toBe('image/jpeg');
    expect(guessMimeType('notes')).toBe('application/octet-stream');
  });
});
