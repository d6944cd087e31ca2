// Pagination over the platform's { page, perPage } lists (response { paginatedList, pager }), in
// one place for every reader: list tools, lookups and resources. Page `page` comes first and
// tells how many pages there are; with `allPages` the rest follow up to `maxItems`, asked all at
// once so that the client sends them together (aliased reads, up to READS_PER_REQUEST pages to a
// request, read-batcher.ts), a few requests at a time to be kind to the platform. A first page
// read beside other lists' first pages (a question's reads) goes in their request too.
import type { GraphqlClient } from './graphql.js';

/** The platform's largest page (its contract): page count cannot be cut by page size. */
export const PLATFORM_MAX_PER_PAGE = 100;
/** Requests of one list in flight at once. */
const CONCURRENT_REQUESTS = 4;

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

type FetchPage<T> = (page: number, perPage: number) => Promise<PageAnswer<T>>;

/** `pages` read `pagesAtOnce` at a time, their items in page order; progress after each. */
async function itemsOfPages<T>(
  pages: readonly number[],
  perPage: number,
  fetch: { page: FetchPage<T>; pagesAtOnce: number },
  progress?: { done: number; total: number; pageCount: number; onProgress: PageProgress },
): Promise<T[]> {
  const results = new Map<number, T[]>();
  let done = progress?.done ?? 0;
  await mapConcurrent(pages, fetch.pagesAtOnce, async (page) => {
    const answer = await fetch.page(page, perPage);
    results.set(page, answer.items);
    done++;
    if (progress) await progress.onProgress(done, progress.total, page, progress.pageCount);
  });
  return pages.flatMap((page) => results.get(page) ?? []);
}

/**
 * Read one page, or pages from `request.page` on up to `maxItems`, with any page source; the
 * pages after the first `pagesAtOnce` at a time (a page source that batches takes more).
 */
export async function collectPages<T>(
  request: PageRequest,
  fetchPage: FetchPage<T>,
  onProgress?: PageProgress,
  pagesAtOnce = CONCURRENT_REQUESTS,
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
    const total = pages.length + 1;
    await onProgress?.(1, total, request.page, pager.pageCount);
    const progress = onProgress ? { done: 1, total, pageCount: pager.pageCount, onProgress } : undefined;
    items.push(...(await itemsOfPages(pages, request.perPage, { page: fetchPage, pagesAtOnce }, progress)));
    lastPage = pages.at(-1) ?? request.page;
  }
  return { items: items.slice(0, request.maxItems), pager, firstPage: request.page, lastPage };
}

export interface ReadPagesOptions<R = never, T = R> {
  signal?: AbortSignal;
  onProgress?: PageProgress;
  /**
   * Each item as the reader keeps it, converted as its page arrives: a long list's conversion
   * overlaps the wait for its next pages instead of following the last one.
   */
  convert?: (item: R) => T;
}

/** Pages of `root` (a paginated query field of `document`), with `variables(page, perPage)`. */
export function readPages<T, R = T>(
  graphql: GraphqlClient,
  document: string,
  root: string,
  request: PageRequest,
  variables: (page: number, perPage: number) => Record<string, unknown>,
  options: ReadPagesOptions<R, T> = {},
): Promise<Pages<T>> {
  return collectPages<T>(
    request,
    pageReader<T, R>(graphql, document, root, variables, options),
    options.onProgress,
    pagesAtOnce(graphql),
  );
}

/** Pages in flight at once: CONCURRENT_REQUESTS requests of as many pages as one request carries. */
const pagesAtOnce = (graphql: GraphqlClient) => CONCURRENT_REQUESTS * graphql.readsPerRequest;

/** One page of `root`, as a read the client may send together with others. */
function pageReader<T, R = T>(
  graphql: GraphqlClient,
  document: string,
  root: string,
  variables: (page: number, perPage: number) => Record<string, unknown>,
  { signal, convert }: Pick<ReadPagesOptions<R, T>, 'signal' | 'convert'>,
): FetchPage<T> {
  return async (page, perPage) => {
    const data = await graphql.query<Record<string, { paginatedList: R[]; pager?: Pager | null }>>(
      document,
      variables(page, perPage),
      { signal, batch: true },
    );
    const list = data[root];
    const items = list?.paginatedList ?? [];
    // Without convert the reader keeps the items as read (T is R).
    return { items: convert ? items.map(convert) : (items as unknown as T[]), pager: list?.pager };
  };
}

/** What a read of every page takes: the client, the query, its list's root field, a page's variables, the bound. */
type EveryPageRead<R, T> = [
  graphql: GraphqlClient,
  document: string,
  root: string,
  filterVariables: (page: number, perPage: number) => Record<string, unknown>,
  options: ReadPagesOptions<R, T> & { maxItems: number },
];

/** Every item of `root` up to `maxItems`; `truncated` when the bound cut the list. */
export async function readAllPages<T, R = T>(
  ...[graphql, document, root, filterVariables, options]: EveryPageRead<R, T>
): Promise<{ items: T[]; truncated: boolean }> {
  const pages = await readPages<T, R>(
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
 * question needs. Page 1 comes first (it tells how many pages there are), then the newest pages
 * all asked at once; `truncated` when the bound cut the oldest pages.
 */
export async function readNewestPages<T, R = T>(
  ...[graphql, document, root, filterVariables, options]: EveryPageRead<R, T>
): Promise<{ items: T[]; truncated: boolean }> {
  const perPage = PLATFORM_MAX_PER_PAGE;
  const single = { perPage, allPages: false, maxItems: perPage };
  const first = await readPages<T, R>(
    graphql,
    document,
    root,
    { page: 1, ...single },
    filterVariables,
    options,
  );
  const pageCount = first.pager.pageCount;
  if (pageCount <= 1) return { items: first.items, truncated: false };
  const from = Math.max(2, pageCount - Math.max(1, Math.floor(options.maxItems / perPage)) + 1);
  const pages = range(from, pageCount);
  const onProgress = options.onProgress;
  const rest = await itemsOfPages(
    pages,
    perPage,
    {
      page: pageReader<T, R>(graphql, document, root, filterVariables, options),
      pagesAtOnce: pagesAtOnce(graphql),
    },
    onProgress ? { done: 0, total: pages.length, pageCount, onProgress } : undefined,
  );
  return { items: from === 2 ? [...first.items, ...rest] : rest, truncated: from > 2 };
}
