// updateProfileDataTypes, checked before sending (§2.2, §4.4 rule 9): the data types named must
// be the profile's own or inherited ones, and a new uniqueId must be unique in every profile that
// shows the data type. The fact: the company's data types, from crew profiles; a profile no crew
// member carries is unknown there, and the platform alone checks it, as a note says.

import { checkProfileDataTypeUpdates, type ProfileDataTypeUpdate, profilesOf } from '../data-types.js';
import { type Facts, plan, refuseOrNeed, type Verdict } from '../verdict.js';

export function checkProfileDataTypeUpdate<
  T extends { profileId: string; dataTypes: readonly ProfileDataTypeUpdate[] },
>(input: T, facts: Facts): Verdict<T> {
  const need = refuseOrNeed([], { catalogue: facts.catalogue === undefined });
  if (need) return need;
  if (!facts.catalogue)
    return plan(input, [], {
      notes: [
        "The company's data types could not be read (needs crew:read), so the platform checked the update.",
      ],
    });
  const profiles = profilesOf(facts.catalogue);
  const target = profiles.find((profile) => profile.id === input.profileId);
  if (!target)
    return plan(input, [], {
      notes: [
        `No crew member carries profile ${input.profileId}, so its data types are unknown here; the platform checked the update.`,
      ],
    });
  const issues = checkProfileDataTypeUpdates(input.dataTypes, target, profiles, 'dataTypes');
  return refuseOrNeed(issues, undefined) ?? plan(input, issues);
}
