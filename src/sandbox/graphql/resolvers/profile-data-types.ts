// updateProfileDataTypes (platform-api.md §2.2, §4.4 rule 9): edit title and uniqueId of a
// profile's own or inherited global data types. A uniqueId must be unique across the data types
// a profile shows (own + inherited); since a global data type shows in every linked profile, we
// check every profile that shows an edited data type, which includes the targeted one.

import type { DataType } from '../../store.js';
import type { ResolverContext } from '../context.js';
import { joinPath, MutationErrors } from '../errors.js';
import type { UpdateProfileDataTypesInput } from '../inputs.js';
import { presentProfile } from '../present-crew.js';
import { findProfileDataType } from '../rules/answers.js';

export function updateProfileDataTypes(
  _: unknown,
  args: { input: UpdateProfileDataTypesInput },
  ctx: ResolverContext,
) {
  const { store, caller } = ctx;
  const { profileId, dataTypes } = args.input;
  const errors = new MutationErrors();
  const profile = store.profileOf(caller.companyId, profileId);
  if (!profile) {
    errors.notFound('profileId', `no profile with id ${profileId}`);
    return errors.failure({ profile: null });
  }

  // Draft the edited data types, then check uniqueness against the drafted state.
  const drafts = new Map<string, DataType>();
  const pathOf = new Map<string, string>();
  dataTypes.forEach((edit, index) => {
    const path = joinPath('dataTypes', index);
    const dataType = findProfileDataType(store, profile, { id: edit.id });
    if (!dataType) {
      errors.notFound(
        joinPath(path, 'id'),
        `no data type with id ${edit.id} among the own and inherited data types of profile "${profile.name}"`,
      );
      return;
    }
    if (drafts.has(dataType.id)) {
      errors.add(joinPath(path, 'id'), `data type ${dataType.id} is listed more than once`);
      return;
    }
    const draft = { ...dataType };
    if (edit.title != null) {
      if (!edit.title.trim()) errors.add(joinPath(path, 'title'), 'title must not be empty');
      draft.title = edit.title.trim();
    }
    if (edit.uniqueId != null) {
      if (!edit.uniqueId.trim()) errors.add(joinPath(path, 'uniqueId'), 'uniqueId must not be empty');
      draft.uniqueId = edit.uniqueId.trim();
    }
    drafts.set(dataType.id, draft);
    pathOf.set(dataType.id, joinPath(path, 'uniqueId'));
  });

  for (const draft of drafts.values()) {
    if (!draft.uniqueId || draft.uniqueId === store.dataTypes.get(draft.id)?.uniqueId) continue;
    for (const shown of store.profilesShowing(draft)) {
      const clash = store
        .profileDataTypes(shown)
        .map((dt) => drafts.get(dt.id) ?? dt)
        .find((dt) => dt.id !== draft.id && dt.uniqueId === draft.uniqueId);
      if (clash) {
        errors.add(
          pathOf.get(draft.id)!,
          `uniqueId "${draft.uniqueId}" is already used by data type ${clash.id} ("${clash.title}") in profile "${shown.name}"`,
        );
        break;
      }
    }
  }
  if (errors.any) return errors.failure({ profile: null });

  for (const draft of drafts.values()) store.dataTypes.set(draft.id, draft);
  return { success: true, errors: null, errorCodes: null, profile: presentProfile(store, profile, null) };
}
