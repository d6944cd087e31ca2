import { z } from 'zod';
import { checkProfileDataTypeUpdates } from '../src/domain/data-types.js';
import type { RuleIssue } from '../src/domain/issues.js';
import { mutationResult } from '../src/platform/graphql.js';
import { defineTool } from '../src/tooling/define-tool.js';
import { loadDocument } from '../src/tooling/documents.js';
import { dataTypeViewSchema, toDataTypeView, type UpstreamDataType } from '../src/views/crew.js';
import { stopOnErrors, writeNotes } from '../src/write/checks.js';
import { lookupHint } from '../src/write/lookup-hints.js';
import { writeNotes as writeNotesSchema } from '../src/write/schemas.js';

const document = loadDocument('update-profile-data-types');

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
  async handler(input, ctx) {
    const issues: RuleIssue[] = [];
    const notes: string[] = [];
    const catalogue = (await ctx.services.dataTypes?.get(ctx.signal)) ?? null;
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
      data = await ctx.platform.graphql.mutate<Answer>(
        document,
        { input },
        { signal: ctx.signal, checkWith: 'get_crew (a crew member with this profile)' },
      );
    } finally {
      // Titles and uniqueIds may have changed (even when the answer was lost): read them afresh next time.
      ctx.services.dataTypes?.invalidate();
    }
    const profile = mutationResult(data.updateProfileDataTypes, lookupHint).profile;
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
