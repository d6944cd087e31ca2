import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import { crewStatusSchema } from '../src/contract/enums.js';
import type { UpstreamCrewProfile } from '../src/contract/upstream.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { crewIdInput } from '../src/mcp/ids.js';
import {
  addressInput,
  crewProfileInput,
  deprecatedNoop,
  writeNotes as writeNotesSchema,
} from '../src/mcp/params.js';
import { checkBeforeSending, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import { crewSummarySchema, dataTypeViewSchema, toCrewSummary, toDataTypeView } from '../src/present/crew.js';
import { checkCrewUpdate } from '../src/rules/mutations/crew.js';

const document = loadDocument(new URL('./update-crew.graphql', import.meta.url));

const crewUpdate = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  uniqueId: z.string().optional(),
  address: addressInput.optional(),
  status: crewStatusSchema.optional(),
  profile: crewProfileInput.optional(),
  attributes: deprecatedNoop,
  skills: deprecatedNoop,
});

interface Answer {
  updateCompanyCrew: {
    success: boolean;
    errors?: Record<string, string[]>;
    errorCodes?: Record<string, string>;
    crew: UpstreamCrewProfile | null;
  };
}

export const updateCrew = defineTool({
  name: 'update_crew',
  title: 'Update a crew member',
  description:
    'Update one crew member (crewId or crewEmail): details, address, status, profile answers; given fields replace old values.',
  inputSchema: z.object({
    crewId: crewIdInput.optional(),
    crewEmail: z.string().optional(),
    update: crewUpdate,
  }),
  outputSchema: z.object({
    crew: crewSummarySchema,
    answers: z.array(dataTypeViewSchema).optional(),
    ...writeNotesSchema,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:write'],
  toolset: 'crew',
  documents: [document],
  checkWith: 'get_crew',
  lookupTool: 'list_crew',
  async handler(input, ctx) {
    const plan = await checkBeforeSending(ctx, 'updateCompanyCrew', (facts) => checkCrewUpdate(input, facts));
    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: plan.payload },
      { signal: ctx.signal },
    );
    const crew = mutationResult(data.updateCompanyCrew).crew;
    if (!crew) throw new Error('updateCompanyCrew succeeded without returning the crew member.');
    const answers = answersWritten(crew, plan.payload.update.profile?.dataTypes ?? []);
    return {
      data: {
        crew: toCrewSummary(crew),
        ...(answers.length ? { answers } : {}),
        ...writeNotes(plan),
      },
    };
  },
});

/** The member's data types that the answers named, once each. */
function answersWritten(crew: UpstreamCrewProfile, given: readonly { id?: string; uniqueId?: string }[]) {
  const written = new Set(given.flatMap((answer) => [answer.id, answer.uniqueId].filter(Boolean)));
  return crew.profiles
    .flatMap((profile) => profile.dataTypes)
    .filter((dataType) => written.has(dataType.id) || (dataType.uniqueId && written.has(dataType.uniqueId)))
    .filter((dataType, index, all) => all.findIndex((other) => other.id === dataType.id) === index)
    .map(toDataTypeView);
}
