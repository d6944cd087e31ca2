// list_crew_files: a crew member's files as one REST GET, and the platform's "not found" with the
// tool that finds a valid id.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { findUploadTarget, requestsDuring } from '../helpers/sandbox.js';

const suite = useConnectedSandbox();

describe('list_crew_files', () => {
  it("lists a member's files, uploaded ones included, with one GET", async () => {
    const target = await findUploadTarget(suite.sandbox);
    const upload = await suite.call('upload_crew_file', {
      crewId: target.crewId,
      contentBase64: Buffer.from('listed').toString('base64'),
      name: 'listed.txt',
    });
    expect(upload.isError, upload.text).toBe(false);
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('list_crew_files', { crewId: target.crewId }),
    );
    expect(sent).toEqual([{ kind: 'rest', method: 'GET', path: `/rest/crew/${target.crewId}/files` }]);
    expect(result.data.files.map((file: { id: string }) => file.id)).toContain(upload.data.file.id);
    expect(result.text).toMatch(/listed\.txt/);
  });

  it('says when the crew member does not exist, and where to find valid ids', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('list_crew_files', { crewId: 999999 }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/No crew member 999999.*list_crew/s);
    expect(sent).toHaveLength(1);
  });

  it('refuses an id past the platform Int range without sending it', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('list_crew_files', { crewId: 2 ** 40 }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/crewId: 1099511627776 is outside the platform's Int range/);
    expect(sent).toEqual([]);
  });
});
