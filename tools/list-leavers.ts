import { z } from 'zod';
import { fitItems } from '../src/tooling/budget.js';
import { defineTool } from '../src/tooling/define-tool.js';
import { loadDocument } from '../src/tooling/documents.js';
import {
  collectPages,
  type PageAnswer,
  pageInfoSchema,
  pageLine,
  paginationInput,
} from '../src/tooling/pagination.js';
import { renderCompact } from '../src/tooling/render.js';
import { resolveRange } from '../src/tooling/time-range.js';

const document = loadDocument('list-leavers');

interface UpstreamLeaver {
  crewId: number;
  firstName: string;
  lastName: string;
  email: string;
  leftAt: string;
  reason?: string | null;
}

const leaverSchema = z.object({
  crewId: z.number(),
  name: z.string(),
  email: z.string(),
  leftAt: z.string(),
  reason: z.string().optional(),
});

export const listLeavers = defineTool({
  name: 'list_leavers',
  title: 'List leavers',
  description:
    'Crew who left the company, with when and why. Filter by from/to (dates are UTC days unless `timezone`).',
  inputSchema: z.object({
    from: z.string().optional().describe('YYYY-MM-DD or ISO date-time'),
    to: z.string().optional(),
    timezone: z.string().optional(),
    ...paginationInput,
  }),
  outputSchema: z.object({ leavers: z.array(leaverSchema), page: pageInfoSchema }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read'],
  toolset: 'crew',
  async handler(input, ctx) {
    // Leaving is an instant, not a job day: a bare date is read in `timezone`, else UTC.
    const range = resolveRange(input.from, input.to, input.timezone ?? 'UTC');
    const collected = await collectPages(
      input,
      async (page, perPage) => {
        const data = await ctx.platform.graphql.query<{
          companyLeavers: { paginatedList: UpstreamLeaver[]; pager: PageAnswer<unknown>['pager'] };
        }>(
          document,
          {
            input: {
              page,
              perPage,
              ...(range.fromUtc ? { fromRange: range.fromUtc } : {}),
              ...(range.toUtc ? { toRange: range.toUtc } : {}),
            },
          },
          { signal: ctx.signal },
        );
        return { items: data.companyLeavers.paginatedList, pager: data.companyLeavers.pager };
      },
      ctx,
    );
    const leavers = collected.items.map((leaver) => ({
      crewId: leaver.crewId,
      name: `${leaver.firstName} ${leaver.lastName}`,
      email: leaver.email,
      leftAt: leaver.leftAt,
      ...(leaver.reason ? { reason: leaver.reason } : {}),
    }));
    return fitItems(leavers, (kept, cut) => ({
      data: { leavers: kept, page: collected.info },
      text: `${pageLine(collected.info, 'leavers', cut)}\n${renderCompact({ leavers: kept })}`,
    }));
  },
});
