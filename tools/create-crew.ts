import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import type { UpstreamCrewSummary } from '../src/contract/upstream.js';
import { defineTool } from '../src/mcp/define-tool.js';
import {
  addressInput,
  crewProfileInput,
  deprecatedNoop,
  writeNotes as writeNotesSchema,
} from '../src/mcp/params.js';
import { checkBeforeSending, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import { crewSummarySchema, toCrewSummary } from '../src/present/crew.js';
import { checkCreateCrew } from '../src/rules/mutations/crew.js';

const document = loadDocument(new URL('./create-crew.graphql', import.meta.url));

const crewMember = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  uniqueId: z.string().optional(),
  address: addressInput.optional(),
  profile: crewProfileInput.optional(),
  attributes: deprecatedNoop,
  skills: deprecatedNoop,
});

interface Answer {
  createCrew: {
    success: boolean;
    errors?: Record<string, string[]>;
    errorCodes?: Record<string, string>;
    crew: UpstreamCrewSummary[];
  };
}

export const createCrew = defineTool({
  name: 'create_crew',
  title: 'Create crew',
  description: 'Create crew members, with address and profile answers.',
  inputSchema: z.object({ crew: z.array(crewMember).min(1) }),
  outputSchema: z.object({ crew: z.array(crewSummarySchema), ...writeNotesSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['crew:write'],
  toolset: 'crew',
  documents: [document],
  checkWith: 'list_crew (search by email)',
  async handler(input, ctx) {
    const plan = await checkBeforeSending(ctx, 'createCrew', (facts) => checkCreateCrew(input, facts));
    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: plan.payload },
      { signal: ctx.signal },
    );
    const created = mutationResult(data.createCrew).crew;
    return { data: { crew: created.map(toCrewSummary), ...writeNotes(plan) } };
  },
});
