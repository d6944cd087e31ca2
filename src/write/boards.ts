// Board timezones, for create_jobs without a job timezone (§4.4 rule 1: the job then uses its
// board's). The API has no board query, so a board's zone is read from one of its jobs
// (companyJobs with a boardIds filter); boards seen in any job read or write result are
// remembered. A board without jobs, or a key without jobs:read, leaves the zone unknown: the
// platform then decides and the result says so.
import type { Platform } from '../platform/client.js';
import { loadDocument } from '../tooling/documents.js';
import type { UpstreamJob } from '../views/job.js';

const listJobs = loadDocument('list-jobs');
/** Boards rarely change zone; a stale zone only weakens a local check, the platform still decides. */
const TTL_MS = 15 * 60_000;

const cache = new WeakMap<Platform, Map<string, { zone: string; at: number }>>();

function boardsOf(platform: Platform): Map<string, { zone: string; at: number }> {
  let boards = cache.get(platform);
  if (!boards) {
    boards = new Map();
    cache.set(platform, boards);
  }
  return boards;
}

/** Remember the boards of jobs the platform returned. */
export function rememberBoards(platform: Platform, jobs: readonly UpstreamJob[]): void {
  const boards = boardsOf(platform);
  for (const job of jobs) {
    if (job.board?.timezone) boards.set(String(job.board.id), { zone: job.board.timezone, at: Date.now() });
  }
}

/** Cached board zones (no request). */
export function cachedBoardZones(platform: Platform): Map<string, string> {
  const zones = new Map<string, string>();
  for (const [id, entry] of boardsOf(platform)) {
    if (Date.now() - entry.at < TTL_MS) zones.set(id, entry.zone);
  }
  return zones;
}

/** Zones of the given boards: cached ones, the rest read concurrently; unknown boards are absent. */
export async function boardZones(
  platform: Platform,
  boardIds: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const zones = cachedBoardZones(platform);
  const missing = [...new Set(boardIds)].filter((id) => !zones.has(id));
  await Promise.all(
    missing.map(async (boardId) => {
      try {
        const data = await platform.graphql.query<{ companyJobs: { paginatedList: UpstreamJob[] } }>(
          listJobs,
          { input: { filter: { boardIds: [boardId] }, page: 1, perPage: 1 } },
          { signal },
        );
        rememberBoards(platform, data.companyJobs.paginatedList);
      } catch {
        // Unknown zone: the platform applies the board's own; the caller says so.
      }
    }),
  );
  const fresh = cachedBoardZones(platform);
  return new Map([...fresh].filter(([id]) => boardIds.includes(id)));
}
