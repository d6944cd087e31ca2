// The platform's list convention: input { page = 1, perPage = 100 (1..100) },
// response { paginatedList, pager { currentPage, pageCount, perPage, totalCount } }.

import { badUserInput } from './errors.js';
import type { PageInput } from './inputs.js';

export const MAX_PER_PAGE = 100;

export interface Page<T> {
  paginatedList: T[];
  pager: { currentPage: number; pageCount: number; perPage: number; totalCount: number };
}

/** Slice one page; a page past the end is empty (pageCount tells the caller where the end is). */
export function paginate<T>(items: T[], input: PageInput | null | undefined): Page<T> {
  const page = input?.page ?? 1;
  const perPage = input?.perPage ?? MAX_PER_PAGE;
  if (!Number.isInteger(page) || page < 1) {
    throw badUserInput(`input.page must be 1 or more (got ${page})`, 'input.page');
  }
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    throw badUserInput(
      `input.perPage must be between 1 and ${MAX_PER_PAGE} (got ${perPage})`,
      'input.perPage',
    );
  }
  const start = (page - 1) * perPage;
  return {
    paginatedList: items.slice(start, start + perPage),
    pager: {
      currentPage: page,
      pageCount: Math.ceil(items.length / perPage),
      perPage,
      totalCount: items.length,
    },
  };
}

/** Paginate first, then present only the page's items (presenting can be costly). */
export function paginateAndPresent<T, R>(
  items: T[],
  input: PageInput | null | undefined,
  present: (item: T) => R,
): Page<R> {
  const page = paginate(items, input);
  return { ...page, paginatedList: page.paginatedList.map(present) };
}
