// Pagination over the platform's { page, perPage } lists (response { paginatedList, pager }), in
// one place for every reader: list tools, lookups and resources. Page `page` comes first and
// tells how many pages there are; with `allPages` the rest follow concurrently, a few at a time
// to be kind to the platform, up to `maxItems`.
import type { GraphqlClient } from './graphql.js';

export const PLATFORM_MAX_PER_PAGE = 100;
const CONCURRENT_PAGES = 4;

export interface Pager {
  currentPage: number;
  pageCount: number;
  perPage: number;
  totalCount: number;
}

export interface PageRequest {
  page: number;
  perPage: number;
  /** Read every page from `page` on, up to maxItems; else only `page`. */
  allPages: boolean;
  maxItems: number;
}

export interface PageAnswer<T> {
  items: T[];
  pager: Pager | null | undefined;
}

export interface Pages<T> {
  items: T[];
  pager: Pager;
  firstPage: number;
  /** The last page read; below pager.pageCount when there is more. */
  lastPage: number;
}

/** Called after each page: pages done so far, pages planned, and the page just read. */
export type PageProgress = (
  done: number,
  total: number,
  page: number,
  pageCount: number,
) => Promise<void> | void;

/** Run `work` over `items`, at most `limit` at a time. */
export async function mapConcurrent<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(workers);
}

function range(from: number, to: number): number[] {
  const result: number[] = [];
  for (let value = from; value <= to; value++) result.push(value);
  return result;
}

/** Read one page, or pages from `request.page` on up to `maxItems`, with any page source. */
export async function collectPages<T>(
  request: PageRequest,
  fetchPage: (page: number, perPage: number) => Promise<PageAnswer<T>>,
  onProgress?: PageProgress,
): Promise<Pages<T>> {
  const first = await fetchPage(request.page, request.perPage);
  const pager = first.pager ?? {
    currentPage: request.page,
    pageCount: request.page,
    perPage: request.perPage,
    totalCount: first.items.length,
  };
  const items = [...first.items];
  let lastPage = request.page;
  if (request.allPages && pager.pageCount > request.page && items.length < request.maxItems) {
    const wanted = Math.ceil((request.maxItems - items.length) / request.perPage);
    const pages = range(request.page + 1, Math.min(pager.pageCount, request.page + wanted));
    const results = new Map<number, T[]>();
    let done = 1;
    const total = pages.length + 1;
    await onProgress?.(done, total, request.page, pager.pageCount);
    await mapConcurrent(pages, CONCURRENT_PAGES, async (page) => {
      const answer = await fetchPage(page, request.perPage);
      results.set(page, answer.items);
      done++;
      await onProgress?.(done, total, page, pager.pageCount);
    });
    for (const page of pages) items.push(...(results.get(page) ?? []));
    lastPage = pages.at(-1) ?? request.page;
  }
  return { items: items.slice(0, request.maxItems), pager, firstPage: request.page, lastPage };
}

export interface ReadPagesOptions {
  signal?: AbortSignal;
  onProgress?: PageProgress;
}

/** Pages of `root` (a paginated query field of `document`), with `variables(page, perPage)`. */
export function readPages<T>(
  graphql: GraphqlClient,
  document: string,
  root: string,
  request: PageRequest,
  variables: (page: number, perPage: number) => Record<string, unknown>,
  options: ReadPagesOptions = {},
): Promise<Pages<T>> {
  return collectPages<T>(
    request,
    async (page, perPage) => {
      const data = await graphql.query<Record<string, { paginatedList: T[]; pager?: Pager | null }>>(
        document,
        variables(page, perPage),
        { signal: options.signal },
      );
      const list = data[root];
      return { items: list?.paginatedList ?? [], pager: list?.pager };
    },
    options.onProgress,
  );
}

/** What a read of every page takes: the client, the query, its list's root field, a page's variables, the bound. */
type EveryPageRead = [
  graphql: GraphqlClient,
  document: string,
  root: string,
  filterVariables: (page: number, perPage: number) => Record<string, unknown>,
  options: ReadPagesOptions & { maxItems: number },
];

/** Every item of `root` up to `maxItems`; `truncated` when the bound cut the list. */
export async function readAllPages<T>(
  ...[graphql, document, root, filterVariables, options]: EveryPageRead
): Promise<{ items: T[]; truncated: boolean }> {
  const pages = await readPages<T>(
    graphql,
    document,
    root,
    { page: 1, perPage: PLATFORM_MAX_PER_PAGE, allPages: true, maxItems: options.maxItems },
    filterVariables,
    options,
  );
  return { items: pages.items, truncated: pages.lastPage < pages.pager.pageCount };
}

/**
 * Every item of `root` up to `maxItems`, keeping the LAST pages when the list is longer: for a
 * list in time order (crew jobs by role start) the newest items are the ones a "last worked"
 * question needs. Page 1 comes first (it tells how many pages there are); `truncated` when the
 * bound cut the oldest pages.
 */
export async function readNewestPages<T>(
  ...[graphql, document, root, filterVariables, options]: EveryPageRead
): Promise<{ items: T[]; truncated: boolean }> {
  const perPage = PLATFORM_MAX_PER_PAGE;
  const single = { perPage, allPages: false, maxItems: perPage };
  const first = await readPages<T>(graphql, document, root, { page: 1, ...single }, filterVariables, options);
  const pageCount = first.pager.pageCount;
  if (pageCount <= 1) return { items: first.items, truncated: false };
  const from = Math.max(2, pageCount - Math.max(1, Math.floor(options.maxItems / perPage)) + 1);
  const rest = await readPages<T>(
    graphql,
    document,
    root,
    { page: from, perPage, allPages: true, maxItems: (pageCount - from + 1) * perPage },
    filterVariables,
    options,
  );
  return { items: from === 2 ? [...first.items, ...rest.items] : rest.items, truncated: from > 2 };
}
