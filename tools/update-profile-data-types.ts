import { z } from 'zod';
import { loadDocument } from '../src/contract/documents.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { writeNotes as writeNotesSchema } from '../src/mcp/params.js';
import { stopOnErrors, writeNotes } from '../src/mcp/write-result.js';
import { mutationResult } from '../src/platform/graphql.js';
import { checkProfileDataTypeUpdates } from '../src/rules/data-types.js';
import type { RuleIssue } from '../src/rules/issues.js';
import { dataTypeViewSchema, toDataTypeView, type UpstreamDataType } from '../src/views/crew.js';

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
    "Set the title or uniqueId of a profile's own or inherited global data types (a global one changes for every profile). A uniqueId must be unique across the profile's data types. Returns the updated data types.",
  inputSchema: z.object({
    profileId: z.string(),
    dataTypes: z
      .array(z.object({ id: z.string(), uniqueId: z.string().optional(), title: z.string().optional() }))
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
    const issues: RuleIssue[] = [];
    const notes: string[] = [];
    const catalogue = await ctx.lookups.dataTypes.get(ctx.signal);
    const ofProfile = catalogue?.filter((dataType) => dataType.profileIds.includes(input.profileId)) ?? [];
    if (ofProfile.length > 0)
      issues.push(...checkProfileDataTypeUpdates(input.dataTypes, ofProfile, 'dataTypes'));
    else
      notes.push(
        catalogue
          ? `Profile ${input.profileId} has no crew, so its data types are unknown here; the platform checked the update.`
          : "The company's data types could not be read (needs crew:read), so the platform checked the update.",
      );
    stopOnErrors(issues, 'updateProfileDataTypes');

    let data: Answer;
    try {
      data = await ctx.platform.graphql.mutate<Answer>(document, { input }, { signal: ctx.signal });
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
        ...writeNotes(issues, [], notes),
      },
    };
  },
});
