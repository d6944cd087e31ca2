import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import type { UpstreamDataType } from '../src/contract/upstream.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { idInput } from '../src/mcp/ids.js';
import { writeNotes as writeNotesSchema } from '../src/mcp/params.js';
import { checkBeforeSending, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import { dataTypeViewSchema, toDataTypeView } from '../src/present/crew.js';
import { checkProfileDataTypeUpdate } from '../src/rules/mutations/update-profile-data-types.js';

const document = loadDocument(new URL('./update-profile-data-types.graphql', import.meta.url));

interface Answer {
  updateProfileDataTypes: {
    success: boolean;
    errors?: Record<string, string[]>;
    errorCodes?: Record<string, string>;
    profile: { id: string; name: string; dataTypes: UpstreamDataType[] } | null;
  };
}

export const updateProfileDataTypes = defineTool({
  name: 'update_profile_data_types',
  title: 'Update profile data types',
  description:
    "Rename a profile's own or inherited global data types (title, uniqueId); a global one changes for all profiles.",
  inputSchema: z.object({
    profileId: idInput,
    dataTypes: z
      .array(z.object({ id: idInput, uniqueId: z.string().optional(), title: z.string().optional() }))
      .min(1),
  }),
  outputSchema: z.object({
    profile: z.object({ id: z.string(), name: z.string(), dataTypes: z.array(dataTypeViewSchema) }),
    ...writeNotesSchema,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  scopes: ['crew:write'],
  toolset: 'crew',
  documents: [document],
  checkWith: 'get_crew (a crew member with this profile)',
  async handler(input, ctx) {
    const plan = await checkBeforeSending(ctx, 'updateProfileDataTypes', (facts) =>
      checkProfileDataTypeUpdate(input, facts),
    );
    let data: Answer;
    try {
      data = await ctx.platform.graphql.mutate<Answer>(
        document,
        { input: plan.payload },
        { signal: ctx.signal },
      );
    } finally {
      // Titles and uniqueIds may have changed (even when the answer was lost): read them afresh next time.
      ctx.lookups.dataTypes.invalidate();
    }
    const profile = mutationResult(data.updateProfileDataTypes).profile;
    if (!profile) throw new Error('updateProfileDataTypes succeeded without returning the profile.');
    const updated = new Set(input.dataTypes.map((dataType) => dataType.id));
    return {
      data: {
        profile: {
          id: profile.id,
          name: profile.name,
          dataTypes: profile.dataTypes.filter((dataType) => updated.has(dataType.id)).map(toDataTypeView),
        },
        ...writeNotes(plan),
      },
    };
  },
});
