// Boards by name, where people use names: each entry of a tool's `boardIds` is a board id or a
// board's name. The API has no board query, so the boards are those seen in the job index of the
// window around today (job-index.ts, shared with the resources and kept as long); a name the kept
// list does not know is looked for again in a fresh read before it is refused.
// Resolution, per entry: digits are an id as given (ids are numeric; nothing is read for them);
// else an exact id, then the exact name, then a unique name starting with it, then a unique name
// containing it (all case-insensitive). Several candidates or none: a problem naming the entry's
// path, the candidates (id and name) or the nearest names, and the fix.
import type { Platform } from '../platform/client.js';
import type { FieldProblem } from '../platform/errors.js';
import { JobIndex } from './job-index.js';

const NEAREST = 3;

export interface BoardRef {
  id: string;
  name: string;
}

export interface BoardList {
  boards: BoardRef[];
  /** The window held more jobs than were read: a board may be missing. */
  truncated: boolean;
}

/** One entry against the boards: the id it names, or the candidates (several, or none). */
export function matchBoard(entry: string, boards: readonly BoardRef[]): string | { candidates: BoardRef[] } {
  const text = entry.trim().toLowerCase();
  const byId = boards.find((board) => board.id === entry.trim());
  if (byId) return byId.id;
  for (const test of [
    (name: string) => name === text,
    (name: string) => name.startsWith(text),
    (name: string) => name.includes(text),
  ]) {
    const found = text ? boards.filter((board) => test(board.name.toLowerCase())) : [];
    if (found.length === 1) return (found[0] as BoardRef).id;
    if (found.length > 1) return { candidates: found };
  }
  return { candidates: [] };
}

/** Letter pairs of a name (lower case), for a likeness that survives typos and word order. */
function pairs(text: string): string[] {
  const clean = text.toLowerCase().replace(/\s+/g, ' ');
  return Array.from({ length: Math.max(0, clean.length - 1) }, (_, index) => clean.slice(index, index + 2));
}

/** The boards whose names are most like `entry` (Dice coefficient of letter pairs), best first. */
export function nearestBoards(entry: string, boards: readonly BoardRef[], count = NEAREST): BoardRef[] {
  const asked = pairs(entry);
  const likeness = (board: BoardRef) => {
    const theirs = pairs(board.name);
    const shared = asked.filter((pair) => theirs.includes(pair)).length;
    return (2 * shared) / (asked.length + theirs.length || 1);
  };
  return [...boards]
    .map((board) => ({ board, score: likeness(board) }))
    .sort((a, b) => b.score - a.score || a.board.name.localeCompare(b.board.name))
    .slice(0, count)
    .map((entry) => entry.board);
}

const listed = (boards: readonly BoardRef[]) =>
  boards.map((board) => `${board.name} (${board.id})`).join(', ');

/** An entry that names no single board: its path, why, and what to give instead. */
export interface BoardProblem extends FieldProblem {
  code: 'AMBIGUOUS' | 'ITEM_NOT_FOUND';
  fix: string;
}

/** The ids the entries name (an entry without one kept as given), and a problem per such entry. */
export interface BoardResolution {
  ids: string[];
  problems: BoardProblem[];
}

/** The ids `entries` name, and a problem for every entry that names no single board. */
export function resolveBoards(entries: readonly string[], list: BoardList, field: string): BoardResolution {
  const problems: BoardProblem[] = [];
  const ids = entries.map((entry, index) => {
    if (/^\d+$/.test(entry)) return entry;
    const found = matchBoard(entry, list.boards);
    if (typeof found === 'string') return found;
    const path = `${field}[${index}]`;
    if (found.candidates.length)
      problems.push({
        path,
        code: 'AMBIGUOUS',
        message: `${path}: "${entry}" matches ${found.candidates.length} boards: ${listed(found.candidates)}.`,
        fix: 'Give one of their ids or full names.',
      });
    else
      problems.push({
        path,
        code: 'ITEM_NOT_FOUND',
        message: `${path}: no board named "${entry}"${list.truncated ? ' among the boards read' : ''}; nearest: ${listed(nearestBoards(entry, list.boards)) || 'none'}.`,
        fix: "Give a board id or name; list_jobs shows each job's board.",
      });
    return entry;
  });
  return { ids, problems };
}

export class BoardLookup {
  private readonly index: JobIndex;

  constructor(
    platform: Platform,
    /**
     * `index`: the company's job index (Lookups.jobIndex); standalone, one of its own with `ttlMs`
     * and `now` (the app's clock, for the window's "today" and the kept read's age).
     */
    options: { ttlMs?: number; now?: () => number; index?: JobIndex } = {},
  ) {
    this.index = options.index ?? new JobIndex(platform, { ttlMs: options.ttlMs, now: options.now });
  }

  /**
   * The board ids `entries` name (`field` is the input's path, e.g. "boardIds"), with a problem for
   * each entry that names no single board (the tool refuses them: src/mcp/board-ids.ts). Entries
   * that are all ids cost no request; a name costs one read of the index, kept for later calls.
   */
  async resolve(entries: readonly string[], field: string, signal?: AbortSignal): Promise<BoardResolution> {
    if (entries.every((entry) => /^\d+$/.test(entry))) return { ids: [...entries], problems: [] };
    const kept = this.index.has();
    const first = resolveBoards(entries, await this.boards(signal), field);
    if (!kept || !first.problems.some((problem) => problem.code === 'ITEM_NOT_FOUND')) return first;
    // A board renamed or new since the kept read: look once more before refusing.
    this.index.invalidate();
    return resolveBoards(entries, await this.boards(signal), field);
  }

  /** Forget the kept index (tests start cold). */
  invalidate(): void {
    this.index.invalidate();
  }

  /** The boards seen in the jobs of the index, by name. */
  async boards(signal?: AbortSignal): Promise<BoardList> {
    const { jobs, truncated } = await this.index.read(signal);
    const boards = new Map<string, BoardRef>();
    for (const job of jobs) boards.set(job.board.id, { id: job.board.id, name: job.board.name });
    return { boards: [...boards.values()].sort((a, b) => a.name.localeCompare(b.name)), truncated };
  }
}
