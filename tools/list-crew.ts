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
import { crewSummarySchema, toCrewSummary, type UpstreamCrewSummary } from '../src/views/crew.js';
import { crewStatusSchema } from '../src/views/enums.js';

const document = loadDocument('list-crew');

interface Answer {
  companyCrewAll: { paginatedList: UpstreamCrewSummary[]; pager: PageAnswer<unknown>['pager'] };
}

export const listCrew = defineTool({
  name: 'list_crew',
  title: 'List crew',
  description:
    "Crew members (summary: id, name, email, status, profiles). Search by name or email, status, ids, updatedSince. get_crew shows one member's profile answers.",
  inputSchema: z.object({
    search: z.string().min(1).optional().describe('Part of a name or email'),
    status: z.array(crewStatusSchema).optional(),
    crewIds: z.array(z.number().int()).optional(),
    updatedSince: z.string().datetime({ offset: true }).optional().describe('ISO date-time'),
    ...paginationInput,
  }),
  outputSchema: z.object({ crew: z.array(crewSummarySchema), page: pageInfoSchema }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read'],
  toolset: 'crew',
  async handler(input, ctx) {
    const filter = {
      ...(input.search ? { search: input.search } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.crewIds ? { crewIds: input.crewIds } : {}),
      ...(input.updatedSince ? { updatedSince: input.updatedSince } : {}),
    };
    const collected = await collectPages(
      input,
      async (page, perPage) => {
        const data = await ctx.platform.graphql.query<Answer>(
          document,
          { input: { filter, page, perPage } },
          { signal: ctx.signal },
        );
        return { items: data.companyCrewAll.paginatedList, pager: data.companyCrewAll.pager };
      },
      ctx,
    );
    const crew = collected.items.map(toCrewSummary);
    return fitItems(crew, (kept, cut) => ({
      data: { crew: kept, page: collected.info },
      text: `${pageLine(collected.info, 'crew', cut)}\n${renderCompact({ crew: kept })}`,
    }));
  },
});
