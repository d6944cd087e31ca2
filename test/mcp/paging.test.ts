// The page line of a list result: a result cut to the context budget says how to narrow it,
// and for allPages (several pages read) a smaller perPage is no help.
import { describe, expect, it } from 'vitest';
import { pageLine } from '../../src/mcp/paging.js';

const info = { page: 1, lastPage: 1, perPage: 100, totalCount: 100, pageCount: 1, returned: 100 };

describe('pageLine', () => {
  it('a cut page advises narrower filters or a smaller perPage', () => {
    expect(pageLine(info, 'jobs', 40)).toMatch(
      /40 more fetched but cut to fit the context budget: narrow the filters or lower perPage\./,
    );
  });

  it('a cut allPages result advises narrower filters (or fewer items), not a smaller perPage', () => {
    const line = pageLine(
      { ...info, lastPage: 5, totalCount: 500, pageCount: 5, returned: 500 },
      'jobs',
      300,
    );
    expect(line).toMatch(
      /300 more fetched but cut to fit the context budget: narrow the filters, or lower maxItems\./,
    );
    expect(line).not.toMatch(/perPage/);
  });
});
