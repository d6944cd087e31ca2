import { z } from 'zod';
import { crewOneDocument as document } from '../src/contract/documents.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { crewIdInput } from '../src/mcp/ids.js';
import { renderCompact } from '../src/mcp/render.js';
import { crewProfileSchema, toCrewProfile, type UpstreamCrewProfile } from '../src/present/crew.js';

export const getCrew = defineTool({
  name: 'get_crew',
  title: 'Get a crew member',
  description:
    'One crew member: every profile and data type (own, inherited global), answers and verified options.',
  inputSchema: z.object({ crewId: crewIdInput.describe('From list_crew') }),
  outputSchema: z.object({ crew: crewProfileSchema }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:read'],
  toolset: 'crew',
  documents: [document],
  lookupTool: 'list_crew',
  async handler(input, ctx) {
    const data = await ctx.platform.graphql.query<{ companyCrewOne: UpstreamCrewProfile }>(
      document,
      { crewId: input.crewId },
      { signal: ctx.signal },
    );
    const crew = toCrewProfile(data.companyCrewOne);
    return { data: { crew }, text: renderCompact(crew) };
  },
});
