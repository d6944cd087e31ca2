// Reads sent together (src/platform/read-batcher.ts, merge-reads.ts) against the sandbox over real
// HTTP: reads issued at the same moment go as one document of aliased root fields, each getting
// exactly what it gets alone; a read alone is sent as before; at most READS_PER_REQUEST to a
// request; never a mutation; an error that belongs to one read stays that read's; and a platform
// that refuses merged documents (a root-field limit, as alias or cost limits answer) gets one
// read per request, at once and for the client's life.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crewJobsWindowDocument,
  crewMatchingDocument,
  crewOneDocument,
} from '../../src/contract/documents.js';
import type { Platform } from '../../src/platform/client.js';
import { NotFoundError } from '../../src/platform/errors.js';
import { READS_PER_REQUEST } from '../../src/platform/read-batcher.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql, requestsDuring, sandboxPlatform, startTestSandbox } from '../helpers/sandbox.js';
import { operations, reads } from '../helpers/tool-requests.js';

const crewPage = (page: number) => ({ input: { filter: { status: ['ACTIVE'] }, page, perPage: 20 } });
const bookedPage = (page: number) => ({
  input: { filter: { crewJobStatus: ['BOOKED'] }, page, perPage: 20 },
});

describe('reads sent together', () => {
  let sandbox: RunningSandbox;
  let platform: Platform;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    platform = sandboxPlatform(sandbox);
  });

  afterAll(() => sandbox?.close());

  it('sends reads of one moment as one document, each answered as it is alone', async () => {
    const alone = [
      await platform.graphql.query(crewMatchingDocument, crewPage(1)),
      await platform.graphql.query(crewJobsWindowDocument, bookedPage(1)),
      await platform.graphql.query(crewMatchingDocument, crewPage(2)),
    ];
    const { result, sent } = await requestsDuring(sandbox, () =>
      Promise.all([
        platform.graphql.query(crewMatchingDocument, crewPage(1), { batch: true }),
        platform.graphql.query(crewJobsWindowDocument, bookedPage(1), { batch: true }),
        platform.graphql.query(crewMatchingDocument, crewPage(2), { batch: true }),
      ]),
    );
    expect(result).toEqual(alone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'graphql',
      operation: 'companyCrewAll,companyCrewJobs,companyCrewAll',
      fields: [
        { alias: 'r0_companyCrewAll', field: 'companyCrewAll', arguments: crewPage(1) },
        { alias: 'r1_companyCrewJobs', field: 'companyCrewJobs', arguments: bookedPage(1) },
        { alias: 'r2_companyCrewAll', field: 'companyCrewAll', arguments: crewPage(2) },
      ],
    });
    expect(reads(sent)).toEqual([
      { kind: 'graphql', operation: 'companyCrewAll', variables: crewPage(1) },
      { kind: 'graphql', operation: 'companyCrewJobs', variables: bookedPage(1) },
      { kind: 'graphql', operation: 'companyCrewAll', variables: crewPage(2) },
    ]);
  });

  it('sends a read alone in its moment as it is, without aliases', async () => {
    const { sent } = await requestsDuring(sandbox, () =>
      platform.graphql.query(crewMatchingDocument, crewPage(1), { batch: true }),
    );
    expect(sent).toEqual([{ kind: 'graphql', operation: 'companyCrewAll', variables: crewPage(1) }]);
  });

  it(`puts at most ${READS_PER_REQUEST} reads in one request`, async () => {
    const pages = Array.from({ length: 2 * READS_PER_REQUEST + 3 }, (_, index) => index + 1);
    const { result, sent } = await requestsDuring(sandbox, () =>
      Promise.all(
        pages.map((page) => platform.graphql.query(crewMatchingDocument, crewPage(page), { batch: true })),
      ),
    );
    expect(result).toHaveLength(pages.length);
    expect(sent.map((request) => reads([request]).length)).toEqual([READS_PER_REQUEST, READS_PER_REQUEST, 3]);
    expect(
      reads(sent).map(
        (read) => (read as unknown as { variables: ReturnType<typeof crewPage> }).variables.input.page,
      ),
    ).toEqual(pages);
  });

  it('never sends a mutation together with anything: it is refused before sending', async () => {
    const mutation =
      'mutation M($input: UpdateCompanyCrewInput!) { updateCompanyCrew(input: $input) { success } }';
    const { result, sent } = await requestsDuring(sandbox, () =>
      platform.graphql.query(mutation, {}, { batch: true }).then(
        () => 'sent',
        (error: Error) => error.message,
      ),
    );
    expect(result).toMatch(/only a query may be sent together/);
    expect(sent).toEqual([]);
  });

  it("lets one caller stop waiting without stopping the others' reads", async () => {
    const controller = new AbortController();
    const { result, sent } = await requestsDuring(sandbox, () => {
      const stopped = platform.graphql.query(crewMatchingDocument, crewPage(1), {
        batch: true,
        signal: controller.signal,
      });
      const kept = platform.graphql.query(crewMatchingDocument, crewPage(2), { batch: true });
      controller.abort(new Error('the client went away'));
      return Promise.allSettled([stopped, kept]);
    });
    expect(result[0]).toMatchObject({ status: 'rejected', reason: new Error('the client went away') });
    expect(result[1]).toMatchObject({ status: 'fulfilled' });
    // Abandoned before the request left: only the other read was sent, alone.
    expect(sent).toEqual([{ kind: 'graphql', operation: 'companyCrewAll', variables: crewPage(2) }]);
  });

  it('keeps an error to its own read: the others get their data, and merging goes on', async () => {
    const { result, sent } = await requestsDuring(sandbox, () =>
      Promise.allSettled([
        platform.graphql.query(crewMatchingDocument, crewPage(1), { batch: true }),
        platform.graphql.query(crewOneDocument, { crewId: 999_999 }, { batch: true }),
      ]),
    );
    expect(result[0]).toMatchObject({ status: 'fulfilled' });
    expect(result[1]).toMatchObject({ status: 'rejected', reason: expect.any(NotFoundError) });
    // The missing crew member nulls the whole answer (a non-null root field): the crew page, which
    // has no error of its own, is asked again alone.
    expect(operations(sent)).toEqual(['companyCrewAll,companyCrewOne', 'companyCrewAll']);
    expect(platform.graphql.readsPerRequest).toBe(READS_PER_REQUEST);
  });
});

describe('a platform that refuses documents of several root fields', () => {
  let sandbox: RunningSandbox;
  let platform: Platform;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ schemaVariant: { maxRootFields: 1 } });
    platform = sandboxPlatform(sandbox);
  });

  afterAll(() => sandbox?.close());

  it('refuses the whole document as a server with an alias limit does: HTTP 400, no data, no path', async () => {
    const answer = await gql(
      sandbox,
      '{ a: companyCrewAll(input: { perPage: 1 }) { pager { totalCount } } b: companyCrewAll(input: { perPage: 2 }) { pager { totalCount } } }',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/2 root fields .* at most 1/),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      }),
    ]);
    expect(answer.body.errors[0].path).toBeUndefined();
  });

  it('sends each read again alone, answers every caller, and sends one read per request from then on', async () => {
    expect(platform.graphql.readsPerRequest).toBe(READS_PER_REQUEST);
    const issue = () =>
      Promise.all([
        platform.graphql.query(crewMatchingDocument, crewPage(1), { batch: true }),
        platform.graphql.query(crewJobsWindowDocument, bookedPage(1), { batch: true }),
        platform.graphql.query(crewMatchingDocument, crewPage(2), { batch: true }),
      ]);
    const first = await requestsDuring(sandbox, issue);
    expect(first.sent.map((request) => reads([request]).length)).toEqual([3, 1, 1, 1]);
    expect(reads(first.sent.slice(1))).toEqual(reads(first.sent.slice(0, 1)));
    const alone = [
      await platform.graphql.query(crewMatchingDocument, crewPage(1)),
      await platform.graphql.query(crewJobsWindowDocument, bookedPage(1)),
      await platform.graphql.query(crewMatchingDocument, crewPage(2)),
    ];
    expect(first.result).toEqual(alone);
    // Remembered: the next reads of one moment go one to a request, without another refusal.
    expect(platform.graphql.readsPerRequest).toBe(1);
    const second = await requestsDuring(sandbox, issue);
    expect(second.result).toEqual(alone);
    expect(operations(second.sent).sort()).toEqual(['companyCrewAll', 'companyCrewAll', 'companyCrewJobs']);
  });
});
