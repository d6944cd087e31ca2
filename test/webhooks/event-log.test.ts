// The durable event log: one JSON line per event, ids unique, the index rebuilt from the file,
// a torn last line (a crash mid-write) tolerated, the query filters of list_events, retention
// by size and age, and a memory footprint that does not grow with the log.
import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/contract/event-log.js';
import { packagePath } from '../../src/paths.js';
import { EVENTS_FILE, FileEventLog } from '../../src/webhooks/event-log.js';

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

describe('FileEventLog retention and memory', () => {
  const padded = (id: string, receivedAt: string, bytes: number): StoredEvent => ({
    id,
    type: 'job.updated',
    createdAt: receivedAt,
    receivedAt,
    data: { id: `job-${id}`, notes: 'x'.repeat(bytes) },
  });

  it('seals segments and drops the oldest to stay under the size limit, forgetting their ids', async () => {
    const dir = await freshDir();
    const log = await FileEventLog.open(dir, { maxBytes: 200_000 });
    const now = new Date().toISOString();
    for (let i = 0; i < 60; i++) await log.append(padded(`evt_${i}`, now, 10_000));
    const files = await readdir(dir);
    const sizes = await Promise.all(files.map(async (name) => (await stat(join(dir, name))).size));
    expect(files.length).toBeGreaterThan(2);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(200_000 + 25_000 + 10_200);
    const kept = (await log.query({ limit: 500 })).map((stored) => stored.id);
    expect(kept[0]).toBe('evt_59');
    expect(kept).not.toContain('evt_0');
    expect(kept.length).toBeLessThan(60);
    expect(log.size).toBe(kept.length);
    // A dropped id is no longer a duplicate: the log keeps no memory of what it let go.
    expect(await log.append(padded('evt_0', now, 10))).toBe('stored');
  });

  it('drops events older than the maximum age, and does not show them meanwhile', async () => {
    const dir = await freshDir();
    let now = Date.parse('2026-11-01T00:00:00Z');
    const clock = () => now;
    const log = await FileEventLog.open(dir, { maxAgeMs: 7 * 24 * 3600_000, maxBytes: 100_000, now: clock });
    await log.append(padded('old', new Date(now).toISOString(), 20_000));
    await log.append(padded('old2', new Date(now).toISOString(), 20_000));
    now += 10 * 24 * 3600_000;
    expect(await log.query({})).toEqual([]);
    await log.append(padded('new', new Date(now).toISOString(), 10));
    expect((await log.query({})).map((stored) => stored.id)).toEqual(['new']);
    const reopened = await FileEventLog.open(dir, { maxAgeMs: 7 * 24 * 3600_000, now: clock });
    expect((await reopened.query({})).map((stored) => stored.id)).toEqual(['new']);
  });

  it('another process sealing the segment loses nothing for this one', async () => {
    const dir = await freshDir();
    const mine = await FileEventLog.open(dir, { maxBytes: 1_000_000 });
    const theirs = await FileEventLog.open(dir, { maxBytes: 130_000 });
    const now = new Date().toISOString();
    await mine.append(padded('a', now, 10));
    for (let i = 0; i < 5; i++) await theirs.append(padded(`t${i}`, now, 5_000));
    expect((await readdir(dir)).filter((name) => name !== EVENTS_FILE).length).toBeGreaterThan(0);
    expect(await mine.append(padded('t1', now, 10))).toBe('duplicate');
    expect((await mine.query({})).map((stored) => stored.id)).toEqual(['t4', 't3', 't2', 't1', 't0', 'a']);
  });

  it('does not hold the log in memory: a 40 MB log opens and answers with little heap', async () => {
    const dir = await freshDir();
    const line = (i: number) => `${JSON.stringify(padded(`evt_${i}`, new Date().toISOString(), 4000))}\n`;
    // Written directly, as a long-running server would have appended it.
    const chunk = Array.from({ length: 1000 }, (_, i) => line(i)).join('');
    for (let part = 0; part < 10; part++) {
      await appendFile(join(dir, EVENTS_FILE), chunk.replaceAll('"evt_', `"evt_${part}_`));
    }
    const size = (await stat(join(dir, EVENTS_FILE))).size;
    expect(size).toBeGreaterThan(40_000_000);
    // In a fresh process, so that the heap measured is the log's alone.
    const script = `
      const { FileEventLog } = await import(${JSON.stringify(packagePath('dist', 'src', 'webhooks', 'event-log.js'))});
      global.gc(); const before = process.memoryUsage().heapUsed;
      const log = await FileEventLog.open(${JSON.stringify(dir)}, { maxBytes: 1e9 });
      const found = await log.query({ entityId: 'job-evt_999', limit: 20 });
      global.gc(); const after = process.memoryUsage().heapUsed;
      process.stdout.write(JSON.stringify({ grown: after - before, size: log.size, found: found.length }));`;
    const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const measured = JSON.parse(run.stdout) as { grown: number; size: number; found: number };
    expect(measured.size).toBe(10_000);
    expect(measured.found).toBe(10);
    expect(measured.grown).toBeLessThan(size / 10);
  }, 60_000);
});
