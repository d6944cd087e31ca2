// Board names (src/lookups/boards.ts): how one entry of boardIds finds its board (id, exact name,
// unique prefix, unique contains, all case-insensitive), what a refusal lists (candidates with ids,
// or the nearest names), and the lookup against the sandbox: ids cost no request, the boards are
// read once and kept, and a name the kept list does not know is looked for in a fresh read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BoardLookup,
  type BoardRef,
  matchBoard,
  nearestBoards,
  resolveBoards,
} from '../../src/lookups/boards.js';
import { JOB_INDEX_TTL_MS as BOARD_NAMES_TTL_MS } from '../../src/lookups/job-index.js';
import type { Platform } from '../../src/platform/client.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import {
  gqlEveryPage,
  requestsDuring,
  sandboxPlatform,
  startTestSandbox,
  TEST_NOW,
  testClock,
} from '../helpers/sandbox.js';

const BOARDS: BoardRef[] = [
  { id: 'b-1', name: 'London' },
  { id: 'b-2', name: 'London Events' },
  { id: 'b-3', name: 'New York Venues' },
  { id: 'b-4', name: 'Sydney Harbour' },
  { id: 'b-5', name: 'Harbour Bridge Events' },
];

describe('matchBoard', () => {
  it('takes an exact id, then the exact name, a unique prefix, a unique contained part, in any case', () => {
    expect(matchBoard('b-3', BOARDS)).toBe('b-3');
    expect(matchBoard('london', BOARDS)).toBe('b-1');
    expect(matchBoard(' LONDON EVENTS ', BOARDS)).toBe('b-2');
    expect(matchBoard('new', BOARDS)).toBe('b-3');
    expect(matchBoard('Sydney', BOARDS)).toBe('b-4');
    expect(matchBoard('venues', BOARDS)).toBe('b-3');
    // "harbour" starts one name and is inside another: the prefix decides.
    expect(matchBoard('harbour', BOARDS)).toBe('b-5');
  });

  it('answers the candidates when several names match at the first step that matches any, none otherwise', () => {
    expect(matchBoard('lon', BOARDS)).toEqual({ candidates: [BOARDS[0], BOARDS[1]] });
    expect(matchBoard('events', BOARDS)).toEqual({ candidates: [BOARDS[1], BOARDS[4]] });
    expect(matchBoard('Paris', BOARDS)).toEqual({ candidates: [] });
    expect(matchBoard('  ', BOARDS)).toEqual({ candidates: [] });
  });
});

describe('resolveBoards', () => {
  it('keeps digits as ids and resolves the names, in order', () => {
    expect(resolveBoards(['42', 'sydney', 'b-2'], { boards: BOARDS, truncated: false }, 'boardIds')).toEqual({
      ids: ['42', 'b-4', 'b-2'],
      problems: [],
    });
  });

  it('names every entry that names no single board at once, each by its path, with the fix', () => {
    const error = resolveBoards(
      ['sydney', 'events', 'Sydnee Harbor'],
      { boards: BOARDS, truncated: false },
      'boardIds',
    );
    expect(error.problems.map((problem) => [problem.path, problem.code])).toEqual([
      ['boardIds[1]', 'AMBIGUOUS'],
      ['boardIds[2]', 'ITEM_NOT_FOUND'],
    ]);
    expect(error.problems[0]?.message).toBe(
      'boardIds[1]: "events" matches 2 boards: London Events (b-2), Harbour Bridge Events (b-5).',
    );
    expect(error.problems[0]?.fix).toMatch(/ids or full names/);
    expect(error.problems[1]?.message).toMatch(
      /^boardIds\[2\]: no board named "Sydnee Harbor"; nearest: Sydney Harbour \(b-4\), /,
    );
    expect(error.problems[1]?.fix).toMatch(/list_jobs/);
  });

  it('says the boards were only partly read when the window held more jobs than were read', () => {
    const { problems } = resolveBoards(['Oslo'], { boards: BOARDS, truncated: true }, 'boardIds');
    expect(problems[0]?.message).toMatch(/no board named "Oslo" among the boards read/);
  });
});

describe('nearestBoards', () => {
  it('ranks by likeness of letter pairs, so typos and word order still find the board', () => {
    expect(nearestBoards('Harbor Sydney', BOARDS, 1)).toEqual([BOARDS[3]]);
    expect(nearestBoards('Nwe Yrok Venus', BOARDS, 1)).toEqual([BOARDS[2]]);
    expect(nearestBoards('x', [], 3)).toEqual([]);
  });
});

describe('BoardLookup against the sandbox', () => {
  let sandbox: RunningSandbox;
  let platform: Platform;
  let names: Map<string, string>;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    platform = sandboxPlatform(sandbox);
    const jobs = await gqlEveryPage(sandbox, 'companyJobs', 'board { id name }');
    names = new Map(jobs.map((job) => [job.board.name, job.board.id]));
  });

  afterAll(() => sandbox?.close());

  it('knows every board of the raw jobs by name; ids cost no request; the list is kept for its time', async () => {
    // The clock of the kept list's age and of the window's today (the test sandbox's).
    let now = TEST_NOW;
    const lookup = new BoardLookup(platform, { now: () => now });
    const ids = await requestsDuring(sandbox, () => lookup.resolve(['7', '12'], 'boardIds'));
    expect(ids).toEqual({ result: { ids: ['7', '12'], problems: [] }, sent: [] });
    const list = await lookup.boards();
    expect(list.boards.map((board) => [board.name, board.id])).toEqual(
      [...names.entries()].sort((a, b) => a[0].localeCompare(b[0])),
    );
    expect(list.truncated).toBe(false);
    const kept = await requestsDuring(sandbox, () =>
      lookup.resolve(['mumbai', 'NEW YORK VENUES'], 'boardIds'),
    );
    expect(kept).toEqual({
      result: { ids: [names.get('Mumbai Conferences'), names.get('New York Venues')], problems: [] },
      sent: [],
    });
    now = TEST_NOW + BOARD_NAMES_TTL_MS;
    const expired = await requestsDuring(sandbox, () => lookup.resolve(['london'], 'boardIds'));
    expect(expired.result.ids).toEqual([names.get('London Events')]);
    expect(expired.sent.length).toBeGreaterThan(0);
  });

  it('reads again before refusing a name the kept list does not know, and not for an ambiguous one', async () => {
    const lookup = new BoardLookup(platform, { now: testClock });
    await lookup.boards();
    const unknown = await requestsDuring(sandbox, () => lookup.resolve(['Atlantis'], 'boardIds'));
    expect(unknown.result.problems.map((problem) => problem.code)).toEqual(['ITEM_NOT_FOUND']);
    expect(unknown.sent.length).toBeGreaterThan(0);
    const ambiguous = await requestsDuring(sandbox, () => lookup.resolve(['on'], 'boardIds'));
    expect(ambiguous.result.problems[0]?.code).toBe('AMBIGUOUS');
    expect(ambiguous.sent).toEqual([]);
  });
});
