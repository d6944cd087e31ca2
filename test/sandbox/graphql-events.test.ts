// Events of the data layer (SandboxData.onEvent): published after each committed mutation, never
// for a refused one; and the file seam used by REST uploads (addFile, listFiles, getFile).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformEvent, RunningSandbox } from '../../src/sandbox/types.js';
import { gql, type Json, startTestSandbox } from '../helpers/sandbox.js';

let sb: RunningSandbox;
let events: PlatformEvent[];
let boardId: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  sb.data.onEvent((event) => events.push(event));
  const jobs = await gql(sb, '{ companyJobs(input: { perPage: 1 }) { paginatedList { board { id } } } }');
  boardId = jobs.body.data.companyJobs.paginatedList[0].board.id;
});
beforeEach(() => {
  events = [];
});
afterAll(() => sb.close());

const CREATE_JOBS =
  'mutation($input: CreateJobsInput!) { createJobs(input: $input) { success jobs { id } } }';

function twoDayInput(title: string): Json {
  return {
    multiDay: true,
    jobs: ['2026-12-14', '2026-12-15'].map((date) => ({
      boardId,
      title,
      date,
      roles: [{ title: 'Steward', startTime: `${date}T10:00`, endTime: `${date}T14:00` }],
    })),
  };
}

describe('events after committed mutations', () => {
  it('createJobs publishes one job.created per job, with increasing unique ids and the company', async () => {
    const answer = await gql(sb, CREATE_JOBS, { input: twoDayInput('Events create') });
    const ids = answer.body.data.createJobs.jobs.map((j: Json) => j.id);
    expect(events.map((e) => [e.type, e.data['id']])).toEqual(ids.map((id: string) => ['job.created', id]));
    expect(events.every((e) => e.companyId === 'company-1')).toBe(true);
    expect(events[0]!.data).toMatchObject({
      title: 'Events create',
      timezone: expect.any(String),
      roles: [expect.any(Object)],
    });
    const [first, second] = events.map((e) => e.id);
    expect(first).not.toBe(second);
    expect([first, second].sort()).toEqual([first, second]);
  });

  it('updateJobs publishes job.updated for every changed job, including multi-day siblings', async () => {
    const created = await gql(sb, CREATE_JOBS, { input: twoDayInput('Events update') });
    const ids: string[] = created.body.data.createJobs.jobs.map((j: Json) => j.id);
    events = [];
    await gql(
      sb,
      `mutation { updateJobs(input: { jobs: [{ id: "${ids[0]}", timezone: "Asia/Tokyo" }] }) { success } }`,
    );
    expect(events.map((e) => e.type)).toEqual(['job.updated', 'job.updated']);
    expect(events.map((e) => e.data['id']).sort()).toEqual([...ids].sort());
    expect(events.every((e) => e.data['timezone'] === 'Asia/Tokyo')).toBe(true);
  });

  it('createCrew and updateCompanyCrew publish crew.created and crew.updated', async () => {
    const created = await gql(
      sb,
      'mutation { createCrew(input: { crew: [{ firstName: "Ev", lastName: "Ent", email: "ev.ent@example.com" }] }) { crew { id } } }',
    );
    const crewId = created.body.data.createCrew.crew[0].id;
    await gql(
      sb,
      `mutation { updateCompanyCrew(input: { crewId: ${crewId}, update: { lastName: "Entwistle" } }) { success } }`,
    );
    expect(events.map((e) => [e.type, e.data['id']])).toEqual([
      ['crew.created', crewId],
      ['crew.updated', crewId],
    ]);
    expect(events[1]!.data['lastName']).toBe('Entwistle');
  });

  it('a refused mutation publishes nothing', async () => {
    const input = twoDayInput('Events refused');
    input.jobs[1].timezone = 'Europe/Paris';
    const answer = await gql(sb, CREATE_JOBS, { input });
    expect(answer.body.data.createJobs.success).toBe(false);
    expect(events).toEqual([]);
  });
});

describe('files (the REST upload seam)', () => {
  async function crewWithPhotoId(): Promise<{ crewId: number; dataTypeId: string }> {
    const answer = await gql(
      sb,
      '{ companyCrewOne(crewId: 1) { id profiles { dataTypes { id uniqueId type } } } }',
    );
    const member = answer.body.data.companyCrewOne;
    const photo = member.profiles[0].dataTypes.find((d: Json) => d.uniqueId === 'photo_id');
    return { crewId: member.id, dataTypeId: photo.id };
  }

  it('findCrewDataType resolves own and inherited data types by id or uniqueId', async () => {
    const { crewId, dataTypeId } = await crewWithPhotoId();
    expect(sb.data.findCrewDataType('company-1', crewId, { uniqueId: 'photo_id' })).toMatchObject({
      id: dataTypeId,
      type: 'FILE',
    });
    expect(sb.data.findCrewDataType('company-1', crewId, { id: dataTypeId })).toMatchObject({
      uniqueId: 'photo_id',
    });
    expect(sb.data.findCrewDataType('company-1', crewId, { uniqueId: 'nope' })).toBeNull();
    expect(sb.data.findCrewDataType('company-2', crewId, { uniqueId: 'photo_id' })).toBeNull();
    expect(sb.data.hasCrew('company-1', crewId)).toBe(true);
    expect(sb.data.hasCrew('company-1', 999_999)).toBe(false);
  });

  it('addFile with a FILE data type sets that answer to the file name and publishes crew.updated', async () => {
    const { crewId, dataTypeId } = await crewWithPhotoId();
    const content = Buffer.from('passport scan');
    const stored = sb.data.addFile('company-1', {
      crewId,
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      size: content.length,
      dataTypeId,
      content,
    });
    expect(stored.id).toBeTruthy();
    expect(sb.data.getFile('company-1', stored.id)).toEqual(stored);
    expect(sb.data.getFile('company-2', stored.id)).toBeNull();
    expect(sb.data.listFiles('company-1', crewId).map((f) => f.id)).toContain(stored.id);
    expect(events.map((e) => [e.type, e.data['id']])).toEqual([['crew.updated', crewId]]);
    const answer = await gql(
      sb,
      `{ companyCrewOne(crewId: ${crewId}) { profiles { dataTypes { id answer { value } } } } }`,
    );
    const photo = answer.body.data.companyCrewOne.profiles[0].dataTypes.find(
      (d: Json) => d.id === dataTypeId,
    );
    expect(photo.answer.value).toBe('passport.pdf');
  });

  it('addFile refuses a data type that is not FILE', async () => {
    const answer = await gql(sb, '{ companyCrewOne(crewId: 1) { profiles { dataTypes { id type } } } }');
    const text = answer.body.data.companyCrewOne.profiles[0].dataTypes.find((d: Json) => d.type !== 'FILE');
    const content = Buffer.from('x');
    expect(() =>
      sb.data.addFile('company-1', {
        crewId: 1,
        name: 'x.txt',
        mimeType: 'text/plain',
        size: 1,
        dataTypeId: text.id,
        content,
      }),
    ).toThrow(/FILE/);
    expect(events).toEqual([]);
  });
});
