// Shared by the crew write tools' tests: the seeded profiles with their data types, and a way to
// give a data type a uniqueId another profile already uses (uniqueIds are unique per profile
// only, §2.2), set directly on the sandbox so that the tool under test is not its own fixture.
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql } from '../helpers/sandbox.js';
import type { Any } from './write-support.js';

export interface SeededProfile {
  id: string;
  dataTypes: Any[];
}

/** Every profile the seeded crew carry, by name, with its own and inherited data types. */
export async function seededProfiles(sandbox: RunningSandbox): Promise<Record<string, SeededProfile>> {
  const { body } = await gql(
    sandbox,
    '{ companyCrewAll(input: { perPage: 100 }) { paginatedList { profiles { id name dataTypes { id uniqueId title type global options { name } } } } } }',
  );
  const profiles: Record<string, SeededProfile> = {};
  for (const crew of body.data.companyCrewAll.paginatedList)
    for (const profile of crew.profiles)
      profiles[profile.name] = { id: profile.id, dataTypes: profile.dataTypes };
  return profiles;
}

export function dataTypeOf(profiles: Record<string, SeededProfile>, profile: string, title: string): Any {
  const found = profiles[profile]?.dataTypes.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no data type "${title}" on ${profile}`);
  return found;
}

/** Security's "Licence level" gets the uniqueId Hospitality's "Years behind a bar" has: bar_years. */
export async function shareBarYearsWithSecurity(sandbox: RunningSandbox): Promise<Any> {
  const profiles = await seededProfiles(sandbox);
  const level = dataTypeOf(profiles, 'Security', 'Licence level');
  const { body } = await gql(
    sandbox,
    'mutation($input: UpdateProfileDataTypesInput!) { updateProfileDataTypes(input: $input) { success errors } }',
    { input: { profileId: profiles.Security?.id, dataTypes: [{ id: level.id, uniqueId: 'bar_years' }] } },
  );
  if (!body.data.updateProfileDataTypes.success)
    throw new Error(JSON.stringify(body.data.updateProfileDataTypes.errors));
  return level;
}

/** The first seeded crew member whose profiles are exactly these, by name. */
export async function memberWithProfiles(
  sandbox: RunningSandbox,
  names: string[],
): Promise<{ id: number; email: string }> {
  const { body } = await gql(
    sandbox,
    '{ companyCrewAll(input: { perPage: 100 }) { paginatedList { id email profiles { name } } } }',
  );
  const member = body.data.companyCrewAll.paginatedList.find(
    (crew: Any) => crew.profiles.map((profile: Any) => profile.name).join('+') === names.join('+'),
  );
  if (!member) throw new Error(`no seeded crew member with profiles ${names.join('+')}`);
  return member;
}
