import { z } from 'zod';
import { crewAllDocument as document } from '../src/contract/documents.js';
import { crewStatusSchema } from '../src/contract/enums.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { crewIdInput } from '../src/mcp/ids.js';
import { listResult, queryPages } from '../src/mcp/list-result.js';
import { pageInfoSchema, paginationInput } from '../src/mcp/paging.js';
import {
  crewSummaryLine,
  crewSummarySchema,
  toCrewSummary,
  type UpstreamCrewSummary,
} from '../src/present/crew.js';

export const listCrew = defineTool({
  name: 'list_crew',
  title: 'List crew',
  description: 'Crew members: id, name, email, status, profiles (answers: get_crew).',
  inputSchema: z.object({
    search: z.string().min(1).optional().describe('Part of a name or email'),
    status: z.array(crewStatusSchema).optional(),
    crewIds: z.array(crewIdInput).optional(),
    updatedSince: z.string().datetime({ offset: true }).optional(),
    ...paginationInput,
  }),
  outputSchema: z.object({ crew: z.array(crewSummarySchema), page: pageInfoSchema }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read'],
  toolset: 'crew',
  documents: [document],
  async handler(input, ctx) {
    const filter = {
      ...(input.search ? { search: input.search } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.crewIds ? { crewIds: input.crewIds } : {}),
      ...(input.updatedSince ? { updatedSince: input.updatedSince } : {}),
    };
    const collected = await queryPages<UpstreamCrewSummary>(
      ctx,
      document,
      'companyCrewAll',
      input,
      (page, perPage) => ({
        input: { filter, page, perPage },
      }),
    );
    return listResult('crew', 'crew', collected.items.map(toCrewSummary), collected.info, crewSummaryLine);
  },
});
