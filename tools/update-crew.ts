import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import { crewStatusSchema } from '../src/contract/enums.js';
import { defineTool } from '../src/mcp/define-tool.js';
import {
  addressInput,
  crewProfileInput,
  deprecatedNoop,
  writeNotes as writeNotesSchema,
} from '../src/mcp/params.js';
import { stopOnErrors, writeNotes } from '../src/mcp/write-result.js';
import { UserInputError } from '../src/platform/errors.js';
import { mutationResult } from '../src/platform/graphql.js';
import { checkAnswerRefs, checkAnswersWithCatalogue } from '../src/rules/crew-answers.js';
import { wholeNumberProblem } from '../src/rules/input-shape.js';
import type { RuleIssue } from '../src/rules/issues.js';
import { stripDeprecatedInputs } from '../src/rules/requirements.js';
import {
  crewSummarySchema,
  dataTypeViewSchema,
  toCrewSummary,
  toDataTypeView,
  type UpstreamCrewProfile,
} from '../src/views/crew.js';

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
    'Update one crew member, by crewId or crewEmail: details, address, status and profile answers (profile.dataTypes by data type id or uniqueId). Fields given replace the old values. Returns the member and the answers written.',
  inputSchema: z.object({
    crewId: z.number().optional(),
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
    if ((input.crewId === undefined) === (input.crewEmail === undefined)) {
      throw new UserInputError('updateCompanyCrew not sent: name the crew member once.', [
        {
          path: input.crewId === undefined ? 'crewId' : 'crewEmail',
          message: `give exactly one of crewId and crewEmail (updateCompanyCrew input), not ${input.crewId === undefined ? 'neither' : 'both'}.`,
          fix: 'Send crewId (list_crew shows it) or crewEmail.',
        },
      ]);
    }
    const stripped = stripDeprecatedInputs(input);
    const issues: RuleIssue[] = [...stripped.issues];
    const given = stripped.value.update.profile?.dataTypes ?? [];
    const entry = {
      profileId: stripped.value.update.profile?.profileId,
      answers: given,
      path: 'update.profile.dataTypes',
    };
    if (given.length) issues.push(...checkAnswerRefs(entry));
    stopOnErrors(issues, 'updateCompanyCrew', wholeNumberProblem(input.crewId, 'crewId'));

    const checked = await checkAnswersWithCatalogue(
      ctx.lookups.dataTypes,
      given.length ? [entry] : [],
      ctx.signal,
    );
    issues.push(...checked.issues);
    stopOnErrors(issues, 'updateCompanyCrew');

    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: stripped.value },
      { signal: ctx.signal },
    );
    const crew = mutationResult(data.updateCompanyCrew).crew;
    if (!crew) throw new Error('updateCompanyCrew succeeded without returning the crew member.');
    const written = new Set(given.flatMap((answer) => [answer.id, answer.uniqueId].filter(Boolean)));
    const answers = crew.profiles
      .flatMap((profile) => profile.dataTypes)
      .filter((dataType) => written.has(dataType.id) || (dataType.uniqueId && written.has(dataType.uniqueId)))
      .filter((dataType, index, all) => all.findIndex((other) => other.id === dataType.id) === index)
      .map(toDataTypeView);
    return {
      data: {
        crew: toCrewSummary(crew),
        ...(answers.length ? { answers } : {}),
        ...writeNotes(issues, stripped.dropped, checked.notes),
      },
    };
  },
});
