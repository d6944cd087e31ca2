import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { listResult, queryPages } from '../src/mcp/list-result.js';
import { pageInfoSchema, paginationInput } from '../src/mcp/paging.js';
import { readNotes } from '../src/mcp/params.js';
import { readRange, readRangeInput } from '../src/mcp/read-range.js';

const document = loadDocument(new URL('./list-leavers.graphql', import.meta.url));

interface UpstreamLeaver {
  crewId: number;
  firstName: string;
  lastName: string;
  email: string;
  leftAt: string;
  reason?: string | null;
}

const leaverSchema = z.object({
  crewId: z.string(),
  name: z.string(),
  email: z.string(),
  leftAt: z.string(),
  reason: z.string().optional(),
});

export const listLeavers = defineTool({
  name: 'list_leavers',
  title: 'List leavers',
  description: 'Crew who left: when and why. from/to: UTC days unless `timezone`.',
  inputSchema: z.object({
    ...readRangeInput,
    ...paginationInput,
  }),
  outputSchema: z.object({ leavers: z.array(leaverSchema), page: pageInfoSchema, ...readNotes }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read'],
  toolset: 'crew',
  documents: [document],
  async handler(input, ctx) {
    // Leaving is an instant, not a job day: a bare date is read in `timezone`, else UTC.
    const range = readRange({
      from: input.from,
      to: input.to,
      timeZone: input.timezone,
      otherwise: 'Etc/UTC',
    });
    const collected = await queryPages<UpstreamLeaver>(
      ctx,
      document,
      'companyLeavers',
      input,
      (page, perPage) => ({
        input: {
          page,
          perPage,
          ...range.platform,
        },
      }),
    );
    const leavers = collected.items.map((leaver) => ({
      crewId: String(leaver.crewId),
      name: `${leaver.firstName} ${leaver.lastName}`,
      email: leaver.email,
      leftAt: leaver.leftAt,
      ...(leaver.reason ? { reason: leaver.reason } : {}),
    }));
    return listResult(
      'leavers',
      'leavers',
      leavers,
      collected.info,
      (leaver) =>
        `${leaver.crewId} ${leaver.name} <${leaver.email}> left ${leaver.leftAt}${leaver.reason ? `: ${leaver.reason}` : ''}`,
      range.notes,
    );
  },
});
