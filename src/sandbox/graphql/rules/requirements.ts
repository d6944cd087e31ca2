// Role requirement rules (platform-api.md §2.3, §7): validates a RoleRequirementsInput and turns
// it into what the platform stores. The deprecated `attributes` and `skills` kinds are accepted
// and dropped (§4.4 rule 10).

import type { RequirementCondition, SandboxStore, StoredRequirements } from '../../store.js';
import { joinPath, type MutationErrors } from '../errors.js';
import type { DataTypeRequirementInput, RoleRequirementsInput } from '../inputs.js';

const MIN_AGE_BOUND = 0;
const MAX_AGE_BOUND = 120;
const CHOICE_TYPES = new Set(['SINGLE_CHOICE', 'MULTIPLE_CHOICE']);

export function emptyRequirements(): StoredRequirements {
  return {
    ageRestriction: null,
    dataType: [],
    distanceRestriction: null,
    genderRestriction: null,
    profile: null,
    labels: [],
    roleType: null,
    skills: [],
    tags: [],
  };
}

interface RequirementScope {
  store: SandboxStore;
  companyId: string;
  errors: MutationErrors;
}

/** Validate requirements at `path`; returns what to store (meaningful only when no error was added). */
export function validateRequirements(
  input: RoleRequirementsInput | null | undefined,
  path: string,
  scope: RequirementScope,
): StoredRequirements {
  const stored = emptyRequirements();
  if (!input) return stored;
  const { errors } = scope;

  if (input.ageRestriction) {
    stored.ageRestriction = validateAge(input.ageRestriction, joinPath(path, 'ageRestriction'), errors);
  }
  (input.dataType ?? []).forEach((requirement, index) => {
    const saved = validateDataTypeRequirement(requirement, joinPath(path, 'dataType', index), scope);
    if (saved) stored.dataType.push(saved);
  });
  if (input.distanceRestriction) {
    const km = input.distanceRestriction.maxDistanceKm;
    if (!(Number.isFinite(km) && km > 0)) {
      errors.add(
        joinPath(path, 'distanceRestriction.maxDistanceKm'),
        `maxDistanceKm must be more than 0 (got ${km})`,
      );
    }
    stored.distanceRestriction = { maxDistanceKm: km };
  }
  if (input.genderRestriction) {
    const genders = [...new Set(input.genderRestriction.genders)];
    if (genders.length === 0) {
      errors.add(
        joinPath(path, 'genderRestriction.genders'),
        'genders must name at least one of FEMALE, MALE, OTHER',
      );
    }
    stored.genderRestriction = { genders };
  }
  if (input.profile) {
    stored.profile = validateProfileRequirement(input.profile, joinPath(path, 'profile'), scope);
  }
  if (input.roleType) {
    const roleTypePath = joinPath(path, 'roleType');
    if (!scope.store.roleTypeOf(scope.companyId, input.roleType.roleTypeId)) {
      errors.notFound(
        joinPath(roleTypePath, 'roleTypeId'),
        `no role type with id ${input.roleType.roleTypeId}`,
      );
    }
    if (input.roleType.condition !== 'EQUAL') {
      errors.add(joinPath(roleTypePath, 'condition'), 'a roleType requirement takes condition EQUAL');
    }
    stored.roleType = { roleTypeId: input.roleType.roleTypeId, condition: 'EQUAL' };
  }
  stored.labels = cleanWords(input.labels, joinPath(path, 'labels'), errors);
  stored.tags = cleanWords(input.tags, joinPath(path, 'tags'), errors);
  return stored;
}

function validateAge(
  age: { minAge?: number | null; maxAge?: number | null },
  path: string,
  errors: MutationErrors,
): StoredRequirements['ageRestriction'] {
  const minAge = age.minAge ?? null;
  const maxAge = age.maxAge ?? null;
  if (minAge === null && maxAge === null) errors.add(path, 'give minAge, maxAge or both');
  for (const [field, value] of [
    ['minAge', minAge],
    ['maxAge', maxAge],
  ] as const) {
    if (value !== null && (value < MIN_AGE_BOUND || value > MAX_AGE_BOUND)) {
      errors.add(joinPath(path, field), `${field} must be between ${MIN_AGE_BOUND} and ${MAX_AGE_BOUND}`);
    }
  }
  if (minAge !== null && maxAge !== null && minAge > maxAge) {
    errors.add(joinPath(path, 'minAge'), `minAge (${minAge}) must not exceed maxAge (${maxAge})`);
  }
  return { minAge, maxAge };
}

function validateDataTypeRequirement(
  requirement: DataTypeRequirementInput,
  path: string,
  { store, companyId, errors }: RequirementScope,
): StoredRequirements['dataType'][number] | null {
  const byId = requirement.dataTypeId ?? null;
  const byTitle = requirement.dataTypeTitle ?? null;
  if ((byId === null) === (byTitle === null)) {
    errors.add(path, 'give exactly one of dataTypeId and dataTypeTitle');
    return null;
  }
  if (!['ALL', 'ANY', 'NONE'].includes(requirement.condition)) {
    errors.add(joinPath(path, 'condition'), 'a dataType requirement takes condition ALL, ANY or NONE');
  }
  let dataTypeId: string;
  if (byId !== null) {
    const found = store.dataTypeOf(companyId, byId);
    if (!found) {
      errors.notFound(joinPath(path, 'dataTypeId'), `no data type with id ${byId}`);
      return null;
    }
    dataTypeId = found.id;
  } else {
    const title = (byTitle as string).trim();
    const matches = store.companyDataTypes(companyId).filter((dt) => dt.title === title);
    if (matches.length === 0) {
      errors.notFound(joinPath(path, 'dataTypeTitle'), `no data type titled "${title}"`);
      return null;
    }
    if (matches.length > 1) {
      const ids = matches.map((dt) => dt.id).join(', ');
      errors.add(
        joinPath(path, 'dataTypeTitle'),
        `the title "${title}" is shared by data types ${ids}; use dataTypeId instead`,
        'AMBIGUOUS',
      );
      return null;
    }
    dataTypeId = (matches[0] as { id: string }).id;
  }
  const dataType = store.dataTypes.get(dataTypeId)!;
  if (!CHOICE_TYPES.has(dataType.type)) {
    errors.add(
      joinPath(path, 'dataTypeId'),
      `data type "${dataType.title}" is ${dataType.type}; a dataType requirement needs a choice data type`,
    );
  }
  const optionNames = [...new Set(requirement.optionNames)];
  if (optionNames.length === 0) errors.add(joinPath(path, 'optionNames'), 'name at least one option');
  const known = new Set(dataType.options.map((o) => o.name));
  requirement.optionNames.forEach((name, index) => {
    if (!known.has(name)) {
      const valid = dataType.options.map((o) => o.name).join(', ') || 'none';
      errors.add(
        joinPath(path, 'optionNames', index),
        `"${name}" is not an option of data type "${dataType.title}" (options: ${valid})`,
      );
    }
  });
  return { dataTypeId, optionNames, condition: requirement.condition };
}

function validateProfileRequirement(
  requirement: { profileIds: string[]; condition: RequirementCondition },
  path: string,
  { store, companyId, errors }: RequirementScope,
): StoredRequirements['profile'] {
  const profileIds = [...new Set(requirement.profileIds)];
  if (profileIds.length === 0) errors.add(joinPath(path, 'profileIds'), 'name at least one profile');
  requirement.profileIds.forEach((id, index) => {
    if (!store.profileOf(companyId, id))
      errors.notFound(joinPath(path, 'profileIds', index), `no profile with id ${id}`);
  });
  if (requirement.condition !== 'ANY' && requirement.condition !== 'NONE') {
    errors.add(joinPath(path, 'condition'), 'a profile requirement takes condition ANY or NONE');
  }
  return { profileIds, condition: requirement.condition };
}

function cleanWords(words: string[] | null | undefined, path: string, errors: MutationErrors): string[] {
  const cleaned: string[] = [];
  (words ?? []).forEach((word, index) => {
    const trimmed = word.trim();
    if (!trimmed) errors.add(joinPath(path, index), 'must not be empty');
    else if (!cleaned.includes(trimmed)) cleaned.push(trimmed);
  });
  return cleaned;
}
