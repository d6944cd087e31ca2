// Pagination as a model sees it: the page/perPage/allPages/maxItems inputs every list tool takes,
// the page state every list result carries (with how to get more), and the one-line summary of
// the text rendering. Reading the pages is src/platform/pages.ts.
import { z } from 'zod';
import { type PageRequest, type Pages, PLATFORM_MAX_PER_PAGE } from '../platform/pages.js';

/**
 * On every list tool, so each word here is paid four times: the names, bounds and defaults say
 * it (allPages fetches from `page` on, up to maxItems; the server instructions say so once), and
 * every result says which pages it holds and how to get more (`next`).
 */
export const paginationInput = {
  page: z.number().int().min(1).default(1),
  perPage: z.number().int().min(1).max(PLATFORM_MAX_PER_PAGE).default(25),
  allPages: z.boolean().default(false),
  maxItems: z.number().int().min(1).max(2000).default(500),
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

export interface Collected<T> {
  items: T[];
  info: PageInfo;
}

/** What a list result says about the pages it holds. */
export function pageInfo<T>(pages: Pages<T>, request: PageRequest): Collected<T> {
  const info: PageInfo = {
    page: request.page,
    lastPage: pages.lastPage,
    perPage: request.perPage,
    totalCount: pages.pager.totalCount,
    pageCount: pages.pager.pageCount,
    returned: pages.items.length,
  };
  if (pages.lastPage < pages.pager.pageCount) {
    info.next = `call again with page: ${pages.lastPage + 1} (${pages.pager.pageCount - pages.lastPage} more page(s), ${pages.pager.totalCount} in all)`;
  }
  return { items: pages.items, info };
}

/** One line saying which part of the list this is, for the text rendering. */
export function pageLine(info: PageInfo, noun: string, cut = 0): string {
  const pages = info.page === info.lastPage ? `page ${info.page}` : `pages ${info.page}-${info.lastPage}`;
  let line = `${info.returned - cut} ${noun} shown (${pages} of ${info.pageCount}, ${info.totalCount} in all).`;
  if (cut > 0) {
    // Several pages means allPages: a smaller perPage would fetch the same items in more pages.
    const advice =
      info.lastPage > info.page
        ? 'narrow the filters, or lower maxItems'
        : 'narrow the filters or lower perPage';
    line += ` ${cut} more fetched but cut to fit the context budget: ${advice}.`;
  }
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
