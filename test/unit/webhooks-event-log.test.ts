// The durable event log: one JSON line per event, ids unique, the index rebuilt from the file,
// a torn last line (a crash mid-write) tolerated, and the query filters of list_events.
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENTS_FILE, FileEventLog } from '../../src/webhooks/event-log.js';
import type { StoredEvent } from '../../src/webhooks/events.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'crew-mcp-log-test-'));
  dirs.push(dir);
  return dir;
}

function event(id: string, type: string, createdAt: string, data: Record<string, unknown>): StoredEvent {
  return { id, type, createdAt, receivedAt: createdAt, data };
}

async function lines(dir: string): Promise<string[]> {
  return (await readFile(join(dir, EVENTS_FILE), 'utf8')).split('\n').filter(Boolean);
}

describe('FileEventLog', () => {
  it('stores an event once: a repeated id is a duplicate, not a second line', async () => {
    const dir = await freshDir();
    const log = await FileEventLog.open(dir);
    const seen: string[] = [];
    log.onAppend((stored) => seen.push(stored.id));
    const first = event('evt_1', 'job.created', '2026-11-21T10:00:00.000Z', { id: 'job-1' });
    expect(await log.append(first)).toBe('stored');
    expect(await log.append({ ...first, receivedAt: '2026-11-21T10:00:05.000Z' })).toBe('duplicate');
    expect(await lines(dir)).toHaveLength(1);
    expect(JSON.parse((await lines(dir))[0] as string)).toEqual(first);
    expect(seen).toEqual(['evt_1']);
  });

  it('stores concurrent deliveries of the same event once', async () => {
    const dir = await freshDir();
    const log = await FileEventLog.open(dir);
    const same = event('evt_2', 'crew.updated', '2026-11-21T10:00:00.000Z', { id: 7 });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => log.append(same)));
    expect(outcomes.filter((outcome) => outcome === 'stored')).toHaveLength(1);
    expect(await lines(dir)).toHaveLength(1);
  });

  it('rebuilds its id index from the file, and skips a torn last line', async () => {
    const dir = await freshDir();
    const log = await FileEventLog.open(dir);
    await log.append(event('evt_1', 'job.created', '2026-11-21T10:00:00.000Z', { id: 'job-1' }));
    // A write interrupted by a crash: half a record without its newline.
    await appendFile(join(dir, EVENTS_FILE), '{"id":"evt_torn","type":"job.cre');
    const reopened = await FileEventLog.open(dir);
    expect(reopened.size).toBe(1);
    expect(await reopened.append(event('evt_1', 'job.created', '2026-11-21T10:00:00.000Z', {}))).toBe(
      'duplicate',
    );
    expect(
      await reopened.append(event('evt_3', 'job.updated', '2026-11-21T11:00:00.000Z', { id: 'job-1' })),
    ).toBe('stored');
    // The torn line stays on a line of its own; the next record is intact.
    const all = await lines(dir);
    expect(all).toHaveLength(3);
    expect(JSON.parse(all[2] as string).id).toBe('evt_3');
    const third = await FileEventLog.open(dir);
    expect((await third.query({})).map((stored) => stored.id)).toEqual(['evt_3', 'evt_1']);
  });

  it('sees events another process appended to the same directory', async () => {
    const dir = await freshDir();
    const mine = await FileEventLog.open(dir);
    const theirs = await FileEventLog.open(dir);
    await theirs.append(event('evt_9', 'crew.created', '2026-11-21T10:00:00.000Z', { id: 9 }));
    expect((await mine.query({})).map((stored) => stored.id)).toEqual(['evt_9']);
    expect(await mine.append(event('evt_9', 'crew.created', '2026-11-21T10:00:00.000Z', { id: 9 }))).toBe(
      'duplicate',
    );
  });

  it('queries by type or family, time, entity and limit, newest first', async () => {
    const log = await FileEventLog.open(await freshDir());
    await log.append(event('e1', 'job.created', '2026-11-20T10:00:00.000Z', { id: 'job-1', boardId: 'b1' }));
    await log.append(event('e2', 'crew.created', '2026-11-21T10:00:00.000Z', { id: 42 }));
    await log.append(
      event('e3', 'crew_job.updated', '2026-11-22T10:00:00.000Z', { id: 'cj-1', crewId: 42, jobId: 'job-1' }),
    );
    await log.append(event('e4', 'job.updated', '2026-11-23T10:00:00.000Z', { id: 'job-2' }));
    const ids = async (query: Parameters<FileEventLog['query']>[0]) =>
      (await log.query(query)).map((stored) => stored.id);
    expect(await ids({})).toEqual(['e4', 'e3', 'e2', 'e1']);
    expect(await ids({ types: ['job'] })).toEqual(['e4', 'e1']);
    expect(await ids({ types: ['crew'] })).toEqual(['e2']);
    expect(await ids({ types: ['crew_job.updated', 'job.created'] })).toEqual(['e3', 'e1']);
    expect(await ids({ since: '2026-11-21T00:00:00Z', until: '2026-11-22T23:59:59Z' })).toEqual(['e3', 'e2']);
    expect(await ids({ entityId: '42' })).toEqual(['e3', 'e2']);
    expect(await ids({ entityId: 'job-1' })).toEqual(['e3', 'e1']);
    expect(await ids({ limit: 2 })).toEqual(['e4', 'e3']);
  });
});
