import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import { defineTool } from '../src/mcp/define-tool.js';
import {
  addressInput,
  crewProfileInput,
  deprecatedNoop,
  writeNotes as writeNotesSchema,
} from '../src/mcp/params.js';
import { stopOnErrors, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import {
  checkAnswerRefs,
  checkAnswersWithCatalogue,
  type ProfileAnswers,
} from '../src/rules/crew-answers.js';
import type { RuleIssue } from '../src/rules/issues.js';
import { stripDeprecatedInputs } from '../src/rules/requirements.js';
import { crewSummarySchema, toCrewSummary, type UpstreamCrewSummary } from '../src/views/crew.js';

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
  description:
    'Create crew accounts with address and profile answers (profile.dataTypes: a data type by id or uniqueId, own or inherited global). Checked before sending; returns the new crew ids.',
  inputSchema: z.object({ crew: z.array(crewMember).min(1) }),
  outputSchema: z.object({ crew: z.array(crewSummarySchema), ...writeNotesSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['crew:write'],
  toolset: 'crew',
  documents: [document],
  checkWith: 'list_crew (search by email)',
  async handler(input, ctx) {
    const stripped = stripDeprecatedInputs(input);
    const issues: RuleIssue[] = [...stripped.issues];
    const answers: ProfileAnswers[] = stripped.value.crew.flatMap((member, index) =>
      member.profile?.dataTypes?.length
        ? [
            {
              profileId: member.profile.profileId,
              answers: member.profile.dataTypes,
              path: `crew[${index}].profile.dataTypes`,
            },
          ]
        : [],
    );
    issues.push(...answers.flatMap(checkAnswerRefs));
    stopOnErrors(issues, 'createCrew');

    const checked = await checkAnswersWithCatalogue(ctx.lookups.dataTypes, answers, ctx.signal);
    issues.push(...checked.issues);
    stopOnErrors(issues, 'createCrew');

    const data = await ctx.platform.graphql.mutate<Answer>(
      document,
      { input: stripped.value },
      { signal: ctx.signal },
    );
    const created = mutationResult(data.createCrew).crew;
    return {
      data: { crew: created.map(toCrewSummary), ...writeNotes(issues, stripped.dropped, checked.notes) },
    };
  },
});
