// A role's requirements: random ones (the deprecated skill kind only on legacy roles), or the
// showcase set with every requirement kind.

import { emptyRequirements } from '../graphql/rules/requirements.js';
import type { DataType, StoredRequirements } from '../store.js';
import type { SeedContext } from './context.js';

function dataTypeByTitle(ctx: SeedContext, title: string): DataType {
  return [...ctx.store.dataTypes.values()].find((dt) => dt.title === title)!;
}

export function randomRequirements(
  ctx: SeedContext,
  roleTypeIds: string[],
  profileIds: string[],
  legacy: boolean,
): StoredRequirements {
  const { rng } = ctx;
  const requirements = emptyRequirements();
  if (rng.chance(0.3)) requirements.ageRestriction = { minAge: 18, maxAge: rng.chance(0.3) ? 65 : null };
  if (rng.chance(0.2)) {
    const [title, options, condition] = rng.pick([
      ['Languages', ['English', 'Spanish'], 'ANY'],
      ['Licence categories', ['C1'], 'ALL'],
      ['T-shirt size', ['XXL'], 'NONE'],
    ] as const);
    requirements.dataType.push({
      dataTypeId: dataTypeByTitle(ctx, title).id,
      optionNames: [...options],
      condition,
    });
  }
  if (rng.chance(0.25))
    requirements.distanceRestriction = { maxDistanceKm: rng.int(10, 80) + rng.pick([0, 0.5]) };
  if (rng.chance(0.05)) requirements.genderRestriction = { genders: [rng.pick(['FEMALE', 'MALE'] as const)] };
  if (rng.chance(0.2))
    requirements.profile = {
      profileIds: [rng.pick(profileIds)],
      condition: rng.pick(['ANY', 'NONE'] as const),
    };
  if (rng.chance(0.2))
    requirements.labels = [rng.pick(['VIP area', 'Outdoor', 'Backstage', 'Cash handling'])];
  if (rng.chance(0.3)) requirements.roleType = { roleTypeId: rng.pick(roleTypeIds), condition: 'EQUAL' };
  if (rng.chance(0.2)) requirements.tags = [rng.pick(['priority', 'returning-client', 'night-shift'])];
  // The deprecated skill kind survives only on old roles.
  if (legacy && rng.chance(0.2)) requirements.skills = [rng.pick(['Customer service', 'Cash handling'])];
  return requirements;
}

/** One role showing every requirement kind, so clients can see them all in the demo data. */
export function showcaseRequirements(
  ctx: SeedContext,
  roleTypeIds: string[],
  profileIds: string[],
): StoredRequirements {
  return {
    ageRestriction: { minAge: 18, maxAge: 70 },
    dataType: [
      {
        dataTypeId: dataTypeByTitle(ctx, 'Languages').id,
        optionNames: ['English', 'French'],
        condition: 'ALL',
      },
      { dataTypeId: dataTypeByTitle(ctx, 'T-shirt size').id, optionNames: ['XS'], condition: 'NONE' },
    ],
    distanceRestriction: { maxDistanceKm: 32.5 },
    genderRestriction: { genders: ['FEMALE', 'OTHER'] },
    profile: { profileIds: [profileIds[0]!], condition: 'ANY' },
    labels: ['VIP area'],
    roleType: { roleTypeId: roleTypeIds[0]!, condition: 'EQUAL' },
    skills: [],
    tags: ['priority'],
  };
}
