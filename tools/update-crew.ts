import { z } from 'zod';
import type { RuleIssue } from '../src/domain/issues.js';
import { stripDeprecatedInputs } from '../src/domain/requirements.js';
import { UserInputError } from '../src/platform/errors.js';
import { mutationResult } from '../src/platform/graphql.js';
import { defineTool } from '../src/tooling/define-tool.js';
import { loadDocument } from '../src/tooling/documents.js';
import {
  crewSummarySchema,
  dataTypeViewSchema,
  toCrewSummary,
  toDataTypeView,
  type UpstreamCrewProfile,
} from '../src/views/crew.js';
import { crewStatusSchema } from '../src/views/enums.js';
import { stopOnErrors, writeNotes } from '../src/write/checks.js';
import { checkAnswerRefs, checkAnswersWithCatalogue } from '../src/write/crew-answers.js';
import { wholeNumberProblem } from '../src/write/input-shape.js';
import { lookupHint } from '../src/write/lookup-hints.js';
import {
  addressInput,
  crewProfileInput,
  deprecatedNoop,
  writeNotes as writeNotesSchema,
} from '../src/write/schemas.js';

const document = loadDocument('update-crew');

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
      ctx.services.dataTypes,
      given.length ? [entry] : [],
      ctx.signal,
    );
    issues.push(...checked.issues);
    stopOnErrors(issues, 'updateCompanyCrew');

    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: stripped.value },
      { signal: ctx.signal, checkWith: 'get_crew' },
    );
    const crew = mutationResult(data.updateCompanyCrew, lookupHint).crew;
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
