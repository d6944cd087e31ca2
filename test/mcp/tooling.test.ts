import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { estimateTokens, fitItems } from '../../src/mcp/budget.js';
import { pageInfo, pageLocally } from '../../src/mcp/paging.js';
import { renderCompact } from '../../src/mcp/render.js';
import { wireSchema } from '../../src/mcp/wire-schema.js';
import { toInputPath } from '../../src/platform/graphql.js';
import { parseRetryAfter } from '../../src/platform/http.js';
import { type PageRequest, collectPages as readPages } from '../../src/platform/pages.js';

/** Pages read and described as a list result describes them. */
async function collectPages(
  request: PageRequest,
  fetchPage: Parameters<typeof readPages<number>>[1],
  onProgress?: (done: number) => Promise<void>,
) {
  return pageInfo(await readPages(request, fetchPage, onProgress), request);
}

describe('renderCompact', () => {
  it('drops nulls, empty arrays and empty objects but keeps ids', () => {
    const text = renderCompact({ jobs: [{ id: '7', title: 'Gala', location: null, roles: [], extra: {} }] });
    expect(text).toBe('jobs:\n- id: 7, title: Gala');
    expect(text).not.toMatch(/null|\[\]|\{\}/);
  });

  it('indents nested data', () => {
    const text = renderCompact({
      crew: { id: 3, profiles: [{ id: 'p1', dataTypes: [{ id: 'd', answer: 'yes' }] }] },
    });
    expect(text).toContain('crew:');
    expect(text).toContain('id: d, answer: yes');
  });
});

describe('fitItems', () => {
  it('keeps everything when it fits and cuts to the budget otherwise', () => {
    const items = Array.from({ length: 500 }, (_, index) => ({ id: index, text: 'x'.repeat(100) }));
    const render = (kept: typeof items, cut: number) => ({
      data: { items: kept, cut },
      text: `${kept.length} shown, ${cut} cut`,
    });
    expect(fitItems(items.slice(0, 10), render).data.cut).toBe(0);
    const fitted = fitItems(items, render, 2000);
    expect(fitted.data.cut).toBeGreaterThan(0);
    expect(fitted.data.items.length + fitted.data.cut).toBe(500);
    expect(estimateTokens(JSON.stringify(fitted.data)) + estimateTokens(fitted.text)).toBeLessThanOrEqual(
      2000,
    );
  });
});

describe('collectPages', () => {
  const pages = (total: number) => async (page: number, perPage: number) => ({
    items: Array.from(
      { length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) },
      (_, i) => (page - 1) * perPage + i,
    ),
    pager: { currentPage: page, perPage, totalCount: total, pageCount: Math.ceil(total / perPage) },
  });

  it('returns one page and says how to get the next', async () => {
    const result = await collectPages({ page: 1, perPage: 10, allPages: false, maxItems: 500 }, pages(35));
    expect(result.items).toHaveLength(10);
    expect(result.info).toMatchObject({ page: 1, lastPage: 1, pageCount: 4, totalCount: 35 });
    expect(result.info.next).toMatch(/page: 2/);
  });

  it('fetches every page up to the bound, in order, reporting progress', async () => {
    const progress: number[] = [];
    const result = await collectPages(
      { page: 1, perPage: 10, allPages: true, maxItems: 25 },
      pages(100),
      async (done) => void progress.push(done),
    );
    expect(result.items).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(result.info.lastPage).toBe(3);
    expect(result.info.next).toMatch(/page: 4/);
    expect(progress.at(-1)).toBe(3);
  });

  it('fetches all pages when the bound allows', async () => {
    const result = await collectPages({ page: 1, perPage: 10, allPages: true, maxItems: 500 }, pages(35));
    expect(result.items).toHaveLength(35);
    expect(result.info.next).toBeUndefined();
  });

  it('pages locally filtered items the same way', () => {
    const result = pageLocally([1, 2, 3, 4, 5], { page: 2, perPage: 2, allPages: false, maxItems: 10 });
    expect(result.items).toEqual([3, 4]);
    expect(result.info).toMatchObject({
      pageCount: 3,
      totalCount: 5,
      next: expect.stringMatching(/page: 3/),
    });
  });
});

describe('platform helpers', () => {
  it('maps upstream paths to tool input paths', () => {
    expect(toInputPath('jobs.0.roles.12.breakPeriod')).toBe('jobs[0].roles[12].breakPeriod');
    expect(toInputPath('crew.3')).toBe('crew[3]');
  });

  it('parses Retry-After in seconds', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('wire schemas', () => {
  const schema = z.object({
    jobs: z.array(
      z.object({ id: z.string(), roles: z.array(z.object({ startTime: z.string() })).optional() }),
    ),
    page: z.number().int().default(1),
    when: z.string().datetime().optional(),
  });

  it('refuses unknown input fields, naming the path and the nearest known field', () => {
    const result = wireSchema(schema, 'input')['~standard'].validate({
      jobs: [{ id: '1', roles: [{ startTime: 'x', startTIme: 'y' }] }],
    }) as { issues?: { path: PropertyKey[]; message: string }[] };
    expect(result.issues).toEqual([
      {
        path: ['jobs', 0, 'roles', 0, 'startTIme'],
        message: 'Unknown field "startTIme"; did you mean "startTime"? Known fields: startTime.',
      },
    ]);
  });

  it('validates and applies defaults like zod otherwise', () => {
    const result = wireSchema(schema, 'input')['~standard'].validate({ jobs: [] }) as { value?: unknown };
    expect(result.value).toEqual({ jobs: [], page: 1 });
  });

  it('describes itself without $schema, safe-integer bounds or format regexes', () => {
    const json = JSON.stringify(
      (
        wireSchema(schema, 'input')['~standard'] as unknown as { jsonSchema: { input: () => unknown } }
      ).jsonSchema.input(),
    );
    expect(json).not.toMatch(/\$schema|9007199254740991|"pattern"/);
    expect(json).toMatch(/"format":"date-time"/);
  });
});
