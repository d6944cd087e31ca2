// The staffing lookup's cache (src/lookups/ttl-cache.ts, staffing.ts): one load shared by
// concurrent callers, kept for its stated time, dropped by invalidation; and, through a real
// server, dropped after a write tool ran (src/server.ts) and when a webhook event arrives
// (src/app.ts), so a staffing answer never outlives a change it could know about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crewPlanningDocument } from '../../src/contract/documents.js';
import { STAFFING_TTL_MS, StaffingLookup } from '../../src/lookups/staffing.js';
import { TtlCache } from '../../src/lookups/ttl-cache.js';
import { defineTool } from '../../src/mcp/define-tool.js';
import type { Platform } from '../../src/platform/client.js';
import { readAllPages, readNewestPages } from '../../src/platform/pages.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { allTools } from '../../tools/index.js';
import { type AnyResult, type Connected, callTool, connectInProcess } from '../helpers/mcp.js';
import {
  gql,
  gqlEveryPage,
  type Json,
  requestsDuring,
  rest,
  sandboxPlatform,
  startTestSandbox,
} from '../helpers/sandbox.js';
import { operations, reads } from '../helpers/tool-requests.js';
import { until } from '../helpers/until.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  it('loads a key once for concurrent callers, keeps it for the TTL, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 4, now: () => now });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([
      1, 1, 1,
    ]);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(cache.has('a')).toBe(false);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('drops everything on invalidate; a load running then answers its callers but is not kept', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 4 });
    const slow = deferred<string>();
    const before = cache.get('k', () => slow.promise);
    cache.invalidate();
    const after = cache.get('k', async () => 'fresh');
    slow.resolve('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('fresh');
    expect(await cache.get('k', async () => 'third')).toBe('fresh');
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 4 });
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it("one caller's cancellation stops its wait, not the shared load", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 4 });
    const slow = deferred<string>();
    const controller = new AbortController();
    const cancelled = cache.get('k', () => slow.promise, controller.signal);
    const other = cache.get('k', async () => 'never');
    controller.abort(new Error('client went away'));
    await expect(cancelled).rejects.toThrow('client went away');
    slow.resolve('done');
    expect(await other).toBe('done');
    expect(cache.has('k')).toBe(true);
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
  });
});

describe('StaffingLookup over the sandbox', () => {
  let sandbox: RunningSandbox;
  let platform: Platform;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    platform = sandboxPlatform(sandbox);
  });

  afterAll(() => sandbox?.close());

  it(`states its cache time (${STAFFING_TTL_MS / 1000} s) and reads again once it has passed`, async () => {
    let now = 0;
    const lookup = new StaffingLookup(platform, { now: () => now });
    const first = await requestsDuring(sandbox, () => lookup.crew(['ACTIVE', 'APPROVED']));
    expect(first.result.crew.length).toBeGreaterThan(150);
    expect(operations(reads(first.sent)).every((operation) => operation === 'companyCrewAll')).toBe(true);
    now = STAFFING_TTL_MS - 1;
    expect((await requestsDuring(sandbox, () => lookup.crew(['APPROVED', 'ACTIVE']))).sent).toEqual([]);
    now = STAFFING_TTL_MS;
    expect((await requestsDuring(sandbox, () => lookup.crew(['ACTIVE', 'APPROVED']))).sent.length).toBe(
      first.sent.length,
    );
  });

  it("reads a plan's crew lighter (verified options only, the same facts), or takes the matching read when kept", async () => {
    const statuses = ['ACTIVE', 'APPROVED'];
    const graphql = platform.graphql;
    const query = graphql.query.bind(graphql);
    const documents: string[] = [];
    graphql.query = (document, ...rest) => {
      documents.push(document);
      return query(document, ...rest);
    };
    const planning = await requestsDuring(sandbox, () => new StaffingLookup(platform).planningCrew(statuses));
    graphql.query = query;
    const matching = await requestsDuring(sandbox, () => new StaffingLookup(platform).crew(statuses));
    // The same reads (pages of companyCrewAll), in as many requests, of the lighter document.
    expect(reads(planning.sent)).toEqual(reads(matching.sent));
    expect(new Set(documents)).toEqual(new Set([crewPlanningDocument]));
    expect(crewPlanningDocument).not.toMatch(/^\s*(score|optionNames)\s*$/m);
    const asPlanned = matching.result.crew.map(({ id, name, status, roleTypeIds, profileIds, verified }) => ({
      id,
      name,
      status,
      roleTypeIds,
      profileIds,
      verified,
    }));
    expect(planning.result).toEqual({ crew: asPlanned, truncated: false });
    const lookup = new StaffingLookup(platform);
    const kept = await lookup.crew(statuses);
    const again = await requestsDuring(sandbox, () => lookup.planningCrew(['APPROVED', 'ACTIVE']));
    expect(again.sent).toEqual([]);
    expect(again.result).toBe(kept);
    lookup.invalidateCrew();
    expect((await requestsDuring(sandbox, () => lookup.planningCrew(statuses))).sent.length).toBe(
      planning.sent.length,
    );
  });

  it('keeps verified options only, merged across profiles, and the window crew jobs with their instants', async () => {
    const lookup = new StaffingLookup(platform);
    const { crew } = await lookup.crew(['ACTIVE']);
    const member = crew.find((candidate) => candidate.id === 1)!;
    const raw = await gql(
      sandbox,
      '{ companyCrewOne(crewId: 1) { profiles { dataTypes { id answer { verifiedOptionNames } } } } }',
    );
    for (const profile of raw.body.data.companyCrewOne.profiles)
      for (const dataType of profile.dataTypes)
        for (const name of dataType.answer?.verifiedOptionNames ?? [])
          expect(member.verified.get(dataType.id)?.has(name)).toBe(true);
    const { assignments } = await lookup.assignmentsDuring(
      '2026-11-28T00:00:00.000Z',
      '2026-11-28T23:59:59.999Z',
    );
    expect(assignments.length).toBeGreaterThan(0);
    for (const assignment of assignments) {
      expect(assignment.window.endMs).toBeGreaterThan(Date.parse('2026-11-28T00:00:00.000Z'));
      expect(assignment.window.startMs).toBeLessThanOrEqual(Date.parse('2026-11-28T23:59:59.999Z'));
    }
  });
});

describe('the BOOKED history: the whole of it, or its newest pages when it is longer than the bound', () => {
  let sandbox: RunningSandbox;
  let platform: Platform;
  let booked: Json[];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    platform = sandboxPlatform(sandbox);
    // Every crew job in the platform's order (role start, then id), the BOOKED ones kept.
    booked = (await gqlEveryPage(sandbox, 'companyCrewJobs', 'id status')).filter(
      (crewJob) => crewJob.status === 'BOOKED',
    );
  });

  afterAll(() => sandbox?.close());

  const document =
    'query($input: CompanyCrewJobsInput) { companyCrewJobs(input: $input) { paginatedList { id } pager { currentPage pageCount perPage totalCount } } }';
  const variables = (page: number, perPage: number) => ({
    input: { filter: { crewJobStatus: ['BOOKED'] }, page, perPage },
  });

  it('reads every BOOKED crew job, past and future, in one paged read kept for the next question', async () => {
    expect(booked.length).toBeGreaterThan(300);
    const lookup = new StaffingLookup(platform);
    const { result, sent } = await requestsDuring(sandbox, () => lookup.bookedHistory());
    expect(result.assignments.map((assignment) => assignment.crewJobId)).toEqual(booked.map((cj) => cj.id));
    expect(result).toMatchObject({ truncated: false });
    expect(result.since).toBeUndefined();
    // Page 1 (it tells the page count), then every other page together in one request of
    // aliased reads (at most 10 pages to a request).
    const pageCount = Math.ceil(booked.length / 100);
    expect(reads(sent).map((read) => (read as Json).variables.input.page)).toEqual(
      Array.from({ length: pageCount }, (_, index) => index + 1),
    );
    expect(sent).toHaveLength(1 + Math.ceil((pageCount - 1) / 10));
    expect((await requestsDuring(sandbox, () => lookup.bookedHistory())).sent).toEqual([]);
  });

  it('keeps the newest pages and says the list was cut when the bound is below the whole', async () => {
    const bound = 200;
    const { result, sent } = await requestsDuring(sandbox, () =>
      readNewestPages<{ id: string }>(platform.graphql, document, 'companyCrewJobs', variables, {
        maxItems: bound,
      }),
    );
    const pageCount = Math.ceil(booked.length / 100);
    // Page 1 tells the page count; then the last two pages, the newest crew jobs, in one request.
    expect(reads(sent).map((read) => (read as Json).variables.input.page)).toEqual([
      1,
      pageCount - 1,
      pageCount,
    ]);
    expect(sent).toHaveLength(2);
    expect(result.truncated).toBe(true);
    expect(result.items.map((item) => item.id)).toEqual(
      booked.slice((pageCount - 2) * 100).map((cj) => cj.id),
    );
    const whole = await readNewestPages<{ id: string }>(
      platform.graphql,
      document,
      'companyCrewJobs',
      variables,
      {
        maxItems: 10_000,
      },
    );
    expect(whole).toEqual({ items: booked.map((cj) => ({ id: cj.id })), truncated: false });
  });

  it('converts each item once, page by page as read (convert), keeping page order', async () => {
    const converted: string[] = [];
    const convert = (item: { id: string }) => {
      converted.push(item.id);
      return { crewJobId: item.id };
    };
    const read = { maxItems: 10_000, convert };
    const all = await readAllPages(platform.graphql, document, 'companyCrewJobs', variables, read);
    const newest = await readNewestPages(platform.graphql, document, 'companyCrewJobs', variables, read);
    const expected = booked.map((cj) => ({ crewJobId: cj.id }));
    expect(all).toEqual({ items: expected, truncated: false });
    expect(newest).toEqual({ items: expected, truncated: false });
    expect(converted.sort()).toEqual([...booked, ...booked].map((cj) => cj.id).sort());
  });
});

/** A write tool that changes nothing: proves the server boundary invalidates, without any webhook. */
const touchNothing = defineTool({
  name: 'touch_nothing',
  title: 'Touch nothing',
  description: 'A write tool for tests.',
  inputSchema: z.object({}),
  outputSchema: z.object({}),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['crew:write'],
  toolset: 'crew',
  async handler() {
    return { data: {} };
  },
});

describe('invalidation through a running server', () => {
  let sandbox: RunningSandbox;
  let connected: Connected;
  let role: { jobId: string; roleId: string; startTime: string; endTime: string };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    connected = await connectInProcess(sandbox, [], { tools: [...allTools, touchNothing] });
    // Start what runs beside the transport: the webhook receiver and the server's own subscription.
    await connected.app.start({ httpUrl: null, notify: null });
    const jobs = await gql(
      sandbox,
      '{ companyJobs(input: { filter: { fromRange: "2026-11-28T00:00:00Z", toRange: "2026-11-28T23:59:59Z" } }) { paginatedList { id roles { id startTime endTime requirements { roleType { roleTypeId } dataType { dataTypeId } profile { profileIds } } } } } }',
    );
    const job = jobs.body.data.companyJobs.paginatedList.find((candidate: Json) =>
      candidate.roles.some(
        (r: Json) =>
          !r.requirements.roleType && !r.requirements.profile && r.requirements.dataType.length === 0,
      ),
    );
    const found = job.roles.find(
      (r: Json) =>
        !r.requirements.roleType && !r.requirements.profile && r.requirements.dataType.length === 0,
    );
    role = { jobId: job.id, roleId: found.id, startTime: found.startTime, endTime: found.endTime };
  });

  afterAll(async () => {
    await connected?.close();
    await sandbox?.close();
  });

  const find = () =>
    requestsDuring(sandbox, () =>
      callTool(connected.client, 'find_matching_crew', {
        jobId: role.jobId,
        roleId: role.roleId,
        limit: 100,
      }),
    );

  it('a write tool call drops the cache: the next question reads crew and crew jobs again', async () => {
    await find();
    expect(operations((await find()).sent)).toEqual(['companyJobs']);
    const write = await callTool(connected.client, 'touch_nothing', {});
    expect(write.isError).toBe(false);
    const after = await find();
    expect(operations(reads(after.sent))).toEqual(
      expect.arrayContaining(['companyJobs', 'companyCrewAll', 'companyCrewJobs']),
    );
  });

  it('a real write shows at once: a member suspended with update_crew is no longer a match', async () => {
    const before = (await find()).result.data as AnyResult;
    const member = before.matches[0];
    const updated = await callTool(connected.client, 'update_crew', {
      crewId: member.crewId,
      update: { status: 'SUSPENDED' },
    });
    expect(updated.isError, updated.text).toBe(false);
    const after = (await find()).result.data as AnyResult;
    expect(after.matches.map((match: AnyResult) => match.crewId)).not.toContain(member.crewId);
    expect(after.considered).toBe(before.considered - 1);
  });

  it('a webhook event drops the cache: a crew job booked by the platform apps makes a match unavailable', async () => {
    // The previous test's write announces itself by webhook too, at its own pace: wait until its
    // event has dropped the cache and a question is answered from a warm cache again.
    const before = await until(async () => {
      const first = await find();
      const second = await find();
      return operations(second.sent).join() === 'companyJobs' ? (first.result.data as AnyResult) : undefined;
    });
    // Someone who matches now, and a crew job of theirs on another role at an overlapping time.
    const overlapping = await gql(
      sandbox,
      `{ companyCrewJobs(input: { filter: { fromRange: "${role.startTime}", toRange: "${role.endTime}" } }) { paginatedList { id status crew { id } role { id startTime endTime } job { id } } } }`,
    );
    const spans = (cj: Json) =>
      Date.parse(cj.role.startTime) < Date.parse(role.endTime) &&
      Date.parse(role.startTime) < Date.parse(cj.role.endTime);
    // The ranked list shows the first 100 of ~190 matches: ask about the candidates by crewIds.
    const candidates = overlapping.body.data.companyCrewJobs.paginatedList.filter(
      (cj: Json) => cj.role.id !== role.roleId && cj.status !== 'BOOKED' && spans(cj),
    );
    const asked = await callTool(connected.client, 'find_matching_crew', {
      jobId: role.jobId,
      roleId: role.roleId,
      crewIds: [...new Set(candidates.map((cj: Json) => cj.crew.id))].slice(0, 100),
    });
    const matchIds = new Set(
      (asked.data as AnyResult).crew
        .filter((answer: AnyResult) => answer.verdict === 'match')
        .map((answer: AnyResult) => Number(answer.crewId)),
    );
    expect(before.totalMatches).toBeGreaterThan(0);
    const target = candidates.find((cj: Json) => matchIds.has(cj.crew.id));
    expect(target, 'a pending crew job of a match, overlapping the role').toBeDefined();
    const changed = await rest(sandbox, 'POST', `/_sandbox/crew-jobs/${target.id}`, {
      json: { status: 'BOOKED' },
    });
    expect(changed.status).toBe(200);
    // The event reaches the server's receiver and its log; the next question then reads again.
    const after = await until(async () => {
      const { sent, result } = await find();
      return operations(reads(sent)).includes('companyCrewJobs') ? (result.data as AnyResult) : undefined;
    });
    const unavailable = after.unavailable.find((crew: AnyResult) => crew.crewId === String(target.crew.id));
    expect(unavailable).toEqual({
      crewId: String(target.crew.id),
      name: expect.any(String),
      jobId: target.job.id,
      roleId: target.role.id,
    });
    expect(after.matches.map((match: AnyResult) => match.crewId)).not.toContain(target.crew.id);
  });
});
