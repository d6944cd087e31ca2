// Pagination over the platform's { page, perPage } lists. A model asks for one page, or for
// every page up to a bound (`allPages` + `maxItems`): page 1 tells how many pages there are, the
// rest are fetched concurrently (a few at a time, to be kind to the platform), with progress
// notifications when the client sent a progress token.
import { z } from 'zod';
import type { ToolContext } from './define-tool.js';

export const PLATFORM_MAX_PER_PAGE = 100;
const CONCURRENT_PAGES = 4;

export const paginationInput = {
  page: z.number().int().min(1).default(1).describe('Page number, from 1'),
  perPage: z
    .number()
    .int()
    .min(1)
    .max(PLATFORM_MAX_PER_PAGE)
    .default(25)
    .describe('Items per page, at most 100'),
  allPages: z.boolean().default(false).describe('Fetch every page from `page` on, up to maxItems'),
  maxItems: z.number().int().min(1).max(2000).default(500).describe('Bound for allPages'),
};

export const pageInfoSchema = z.object({
  page: z.number().int(),
  lastPage: z.number().int().describe('Last page fetched'),
  perPage: z.number().int(),
  totalCount: z.number().int(),
  pageCount: z.number().int(),
  returned: z.number().int(),
  next: z.string().optional().describe('How to get more, when there is more'),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export interface Pager {
  currentPage: number;
  pageCount: number;
  perPage: number;
  totalCount: number;
}

export interface PageAnswer<T> {
  items: T[];
  pager: Pager | null | undefined;
}

export interface PageRequest {
  page: number;
  perPage: number;
  allPages: boolean;
  maxItems: number;
}

export interface Collected<T> {
  items: T[];
  info: PageInfo;
}

/** Fetch one page, or pages from `page` on up to `maxItems`, and describe what was returned. */
export async function collectPages<T>(
  request: PageRequest,
  fetchPage: (page: number, perPage: number) => Promise<PageAnswer<T>>,
  ctx: Pick<ToolContext, 'progress'>,
): Promise<Collected<T>> {
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
    await ctx.progress(done, total, `fetched page ${request.page}`);
    await mapConcurrent(pages, CONCURRENT_PAGES, async (page) => {
      const answer = await fetchPage(page, request.perPage);
      results.set(page, answer.items);
      done++;
      await ctx.progress(done, total, `fetched page ${page} of ${pager.pageCount}`);
    });
    for (const page of pages) items.push(...(results.get(page) ?? []));
    lastPage = pages.at(-1) ?? request.page;
  }
  const kept = items.slice(0, request.maxItems);
  const info: PageInfo = {
    page: request.page,
    lastPage,
    perPage: request.perPage,
    totalCount: pager.totalCount,
    pageCount: pager.pageCount,
    returned: kept.length,
  };
  if (lastPage < pager.pageCount) {
    info.next = `call again with page: ${lastPage + 1} (${pager.pageCount - lastPage} more page(s), ${pager.totalCount} in all)`;
  }
  return { items: kept, info };
}

function range(from: number, to: number): number[] {
  const result: number[] = [];
  for (let value = from; value <= to; value++) result.push(value);
  return result;
}

async function mapConcurrent<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(workers);
}

/** One line saying which part of the list this is, for the text rendering. */
export function pageLine(info: PageInfo, noun: string, cut = 0): string {
  const pages = info.page === info.lastPage ? `page ${info.page}` : `pages ${info.page}-${info.lastPage}`;
  let line = `${info.returned - cut} ${noun} shown (${pages} of ${info.pageCount}, ${info.totalCount} in all).`;
  if (cut > 0)
    line += ` ${cut} more fetched but cut to fit the context budget: narrow the filters or lower perPage.`;
  if (info.next) line += ` More: ${info.next}.`;
  return line;
}

/** Page through items already fetched and filtered here (same request shape as the platform's). */
export function pageLocally<T>(items: T[], request: PageRequest): Collected<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / request.perPage));
  const start = (request.page - 1) * request.perPage;
  const end = Math.min(items.length, request.allPages ? start + request.maxItems : start + request.perPage);
  const kept = items.slice(start, end);
  const lastPage = Math.max(request.page, Math.ceil(end / request.perPage));
  const info: PageInfo = {
    page: request.page,
    lastPage,
    perPage: request.perPage,
    totalCount: items.length,
    pageCount,
    returned: kept.length,
  };
  if (lastPage < pageCount)
    info.next = `call again with page: ${lastPage + 1} (${pageCount - lastPage} more page(s))`;
  return { items: kept, info };
}
