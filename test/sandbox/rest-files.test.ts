// §1 and [contract] REST files: upload (multipart, only in REST), list, metadata, content; the
// 10 MiB limit, unknown crew or data type (404), a data type that is not FILE (422), scopes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import {
  fetchToken,
  findUploadTarget,
  gql,
  type Json,
  readJson,
  rest,
  startTestSandbox,
  type UploadTarget,
} from '../helpers/sandbox.js';

const MIB = 1024 * 1024;

let sb: RunningSandbox;
let crewId: number;
let fileDataType: UploadTarget['fileDataType'];
let otherDataTypeId: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  ({ crewId, fileDataType, otherDataTypeId } = await findUploadTarget(sb));
});
afterAll(() => sb.close());

function dataTypesOf(member: Json): Json[] {
  return member.profiles.flatMap((profile: Json) => profile.dataTypes);
}

function uploadForm(
  content: Uint8Array | string,
  fields: Record<string, string> = {},
  name = 'cv.pdf',
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content], { type: 'application/pdf' }), name);
  return form;
}

const upload = (form: FormData, id: number | string = crewId, clientId = 'demo-admin') =>
  rest(sb, 'POST', `/rest/crew/${id}/files`, { form, clientId });

describe('[contract] POST /rest/crew/{crewId}/files', () => {
  it('uploads a file: 201 with {id, crewId, name, mimeType, size, dataTypeId, url, createdAt}', async () => {
    const answer = await upload(uploadForm('%PDF-1.4 hello'));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      crewId,
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      size: 14,
      dataTypeId: null,
      url: `${sb.baseUrl}/rest/files/${answer.body.id}/content`,
      createdAt: expect.any(String),
    });
  });

  it('the url serves the uploaded bytes with the file media type', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252]);
    const { body } = await upload(uploadForm(bytes));
    const response = await fetch(body.url, { headers: { authorization: `Bearer ${await fetchToken(sb)}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('with dataTypeId of a FILE data type, the upload becomes that answer', async () => {
    const answer = await upload(uploadForm('answer file', { dataTypeId: fileDataType.id }, 'licence.pdf'));
    expect(answer.status).toBe(201);
    expect(answer.body.dataTypeId).toBe(fileDataType.id);
    const crew = await gql(
      sb,
      'query($id: Int!) { companyCrewOne(crewId: $id) { profiles { dataTypes { id answer { value } } } } }',
      { id: crewId },
    );
    const answered = dataTypesOf(crew.body.data.companyCrewOne).find((dt: Json) => dt.id === fileDataType.id);
    expect(answered.answer.value).toBe('licence.pdf');
  });

  it('dataTypeUniqueId resolves like dataTypeId', async () => {
    if (!fileDataType.uniqueId) return;
    const answer = await upload(uploadForm('x', { dataTypeUniqueId: fileDataType.uniqueId }));
    expect(answer.status).toBe(201);
    expect(answer.body.dataTypeId).toBe(fileDataType.id);
  });

  it('accepts exactly 10 MiB and refuses 10 MiB + 1 byte with 413, storing nothing', async () => {
    const before = (await rest(sb, 'GET', `/rest/crew/${crewId}/files`)).body.files.length;
    const atLimit = await upload(uploadForm(new Uint8Array(10 * MIB)));
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.size).toBe(10 * MIB);
    const tooBig = await upload(uploadForm(new Uint8Array(10 * MIB + 1)));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ message: expect.any(String) });
    const after = (await rest(sb, 'GET', `/rest/crew/${crewId}/files`)).body.files.length;
    expect(after).toBe(before + 1);
  });

  it('an unknown crew member is 404', async () => {
    for (const id of [99_999_999, 'abc']) {
      const answer = await upload(uploadForm('x'), id);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
  });

  it('an unknown data type is 404', async () => {
    const unknownRefs: Record<string, string>[] = [{ dataTypeId: 'nope' }, { dataTypeUniqueId: 'nope' }];
    for (const fields of unknownRefs) {
      const answer = await upload(uploadForm('x', fields));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
  });

  it('a data type that is not FILE is 422', async () => {
    const answer = await upload(uploadForm('x', { dataTypeId: otherDataTypeId }));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });

  it('a form without a "file" part, both data type fields, or a non-multipart body is refused', async () => {
    const noFile = new FormData();
    noFile.append('dataTypeId', fileDataType.id);
    expect((await upload(noFile)).status).toBe(400);
    const both = uploadForm('x', { dataTypeId: fileDataType.id, dataTypeUniqueId: 'u' });
    expect((await upload(both)).status).toBe(400);
    const json = await rest(sb, 'POST', `/rest/crew/${crewId}/files`, { json: { file: 'x' } });
    expect(json.status).toBe(415);
  });

  it('uploading needs crew:write: demo-readonly gets 403 with requiredScope', async () => {
    const answer = await upload(uploadForm('x'), crewId, 'demo-readonly');
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: expect.any(String), requiredScope: 'crew:write' });
  });
});

describe('[contract] GET /rest/crew/{crewId}/files and /rest/files/{fileId}', () => {
  it("lists a crew member's files and reads one file's metadata (crew:read suffices)", async () => {
    const { body: created } = await upload(uploadForm('listed', {}, 'listed.txt'));
    const listed = await rest(sb, 'GET', `/rest/crew/${crewId}/files`, { clientId: 'demo-readonly' });
    expect(listed.status).toBe(200);
    expect(listed.body.files).toContainEqual(created);
    const one = await rest(sb, 'GET', `/rest/files/${created.id}`, { clientId: 'demo-readonly' });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created);
  });

  it('an unknown file is 404 {message}', async () => {
    const answer = await rest(sb, 'GET', '/rest/files/no-such-file');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: expect.any(String) });
    const content = await rest(sb, 'GET', '/rest/files/no-such-file/content');
    expect(content.status).toBe(404);
  });

  it('listing files of an unknown crew member is 404', async () => {
    expect((await rest(sb, 'GET', '/rest/crew/99999999/files')).status).toBe(404);
  });

  it('a file request without a token is 401 (§7)', async () => {
    const response = await fetch(`${sb.baseUrl}/rest/files/anything`);
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ message: 'JWT is missing' });
  });
});
