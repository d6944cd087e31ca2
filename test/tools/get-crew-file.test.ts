// get_crew_file: one file by id as one REST GET (the id URL-encoded), "not found" with the tool
// that finds valid ids, and ids no URL can carry refused before sending.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { findUploadTarget, requestsDuring } from '../helpers/sandbox.js';

const suite = useConnectedSandbox();

describe('get_crew_file', () => {
  it('reads one uploaded file by id, and its content downloads from the URL it gives', async () => {
    const target = await findUploadTarget(suite.sandbox);
    const content = Buffer.from('%PDF-1.4 one file');
    const upload = await suite.call('upload_crew_file', {
      crewId: target.crewId,
      contentBase64: content.toString('base64'),
      name: 'one.pdf',
    });
    const id = upload.data.file.id;
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('get_crew_file', { fileId: id }),
    );
    expect(result.isError, result.text).toBe(false);
    expect(sent).toEqual([{ kind: 'rest', method: 'GET', path: `/rest/files/${id}` }]);
    expect(result.data.file).toEqual(upload.data.file);
    const downloaded = await fetch(result.data.file.url, {
      headers: { authorization: `Bearer ${await suite.connected.app.context.platform.tokens.getToken()}` },
    });
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(content);
  });

  it('encodes the id into the path, and says where to find valid ids when it does not exist', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('get_crew_file', { fileId: 'no such/file' }),
    );
    expect(sent).toEqual([{ kind: 'rest', method: 'GET', path: '/rest/files/no%20such%2Ffile' }]);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/list_crew_files/);
  });

  it('refuses an id with an unpaired surrogate as a field error, sending nothing', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('get_crew_file', { fileId: 'file-\uD800' }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/fileId: contains an unpaired UTF-16 surrogate/);
    expect(result.text).not.toMatch(/unexpected error/);
    expect(sent).toEqual([]);
  });
});
