// The two halves every list tool shares: read pages of one paginated root field (with progress
// notifications), and render the kept items with the page line, cut to the context budget.
import { type PageRequest, readPages } from '../platform/pages.js';
import { fitItems, type Rendered } from './budget.js';
import type { ToolContext } from './define-tool.js';
import { type Collected, type PageInfo, pageInfo, pageLine } from './paging.js';

/** Pages of `root` (a paginated query field: { paginatedList, pager }) for this request. */
export async function queryPages<T>(
  ctx: Pick<ToolContext, 'platform' | 'signal' | 'progress'>,
  document: string,
  root: string,
  request: PageRequest,
  variables: (page: number, perPage: number) => Record<string, unknown>,
): Promise<Collected<T>> {
  const pages = await readPages<T>(ctx.platform.graphql, document, root, request, variables, {
    signal: ctx.signal,
    onProgress: (done, total, page, pageCount) =>
      ctx.progress(done, total, `fetched page ${page}${page === request.page ? '' : ` of ${pageCount}`}`),
  });
  return pageInfo(pages, request);
}

/**
 * `{ [key]: items, page }` with a text rendering, cut to the budget with a note when needed.
 * `line` renders one item on one line: a list's items share their keys, so naming them on every
 * line (as the generic compact rendering does) would be most of the text. `notes` say how the
 * filter was read (src/mcp/read-range.ts), when there is something to say.
 */
export function listResult<K extends string, T>(
  key: K,
  noun: string,
  items: T[],
  info: PageInfo,
  line: (item: T) => string,
  notes: readonly string[] = [],
): Rendered<{ page: PageInfo; notes?: string[] } & Record<K, T[]>> {
  return shapedListResult(key, noun, items, info, line, notes, (item) => item);
}

/**
 * listResult whose structuredContent keeps `shape(item)` of each item: what views and follow-up
 * calls need, when that is less than the text says (the budget counts the shaped data).
 */
export function shapedListResult<K extends string, T, D>(
  key: K,
  noun: string,
  items: T[],
  info: PageInfo,
  line: (item: T) => string,
  notes: readonly string[],
  shape: (item: T) => D,
): Rendered<{ page: PageInfo; notes?: string[] } & Record<K, D[]>> {
  return fitItems(items, (kept, cut) => ({
    data: { [key]: kept.map(shape), page: info, ...(notes.length ? { notes: [...notes] } : {}) } as {
      page: PageInfo;
      notes?: string[];
    } & Record<K, D[]>,
    text: [...notes.map((note) => `Note: ${note}`), pageLine(info, noun, cut), ...kept.map(line)].join('\n'),
  }));
}
