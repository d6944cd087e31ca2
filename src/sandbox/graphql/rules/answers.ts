// Crew answers through `profile.dataTypes` (platform-api.md §4.4 rule 8, §7): each entry names a
// data type by exactly one of id and uniqueId, among the profile's own and inherited global data
// types, and carries an answer of that data type's kind.

import type { Answer, CompanyProfile, DataType, SandboxStore } from '../../store.js';
import { joinPath, type MutationErrors } from '../errors.js';
import type { DataTypeAnswerInput } from '../inputs.js';
import { isValidDate } from './wall-clock.js';

/** A data type the profile shows (its own or inherited), by id or by uniqueId. */
export function findProfileDataType(
  store: SandboxStore,
  profile: CompanyProfile,
  ref: { id?: string | null; uniqueId?: string | null },
): DataType | undefined {
  const visible = store.profileDataTypes(profile);
  if (ref.id != null) return visible.find((dt) => dt.id === ref.id);
  if (ref.uniqueId != null) return visible.find((dt) => dt.uniqueId === ref.uniqueId);
  return undefined;
}

/**
 * Validate the answers at `path` (the `dataTypes` list) against a profile; returns the answers
 * to write keyed by data type id. `previous` keeps verification of options that stay chosen.
 */
export function validateAnswers(
  store: SandboxStore,
  profile: CompanyProfile,
  inputs: DataTypeAnswerInput[],
  path: string,
  errors: MutationErrors,
  previous: Map<string, Answer>,
  nowIso: string,
): Map<string, Answer> {
  const answers = new Map<string, Answer>();
  inputs.forEach((input, index) => {
    const entryPath = joinPath(path, index);
    const hasId = input.id != null;
    const hasUniqueId = input.uniqueId != null;
    if (hasId === hasUniqueId) {
      errors.add(entryPath, 'give exactly one of id and uniqueId');
      return;
    }
    const dataType = findProfileDataType(store, profile, input);
    if (!dataType) {
      const ref = hasId ? `id ${input.id}` : `uniqueId "${input.uniqueId}"`;
      errors.notFound(
        joinPath(entryPath, hasId ? 'id' : 'uniqueId'),
        `no data type with ${ref} among the own and inherited data types of profile "${profile.name}" (${profile.id})`,
      );
      return;
    }
    if (answers.has(dataType.id)) {
      errors.add(entryPath, `data type ${dataType.id} is answered twice`);
      return;
    }
    const answer = validateAnswer(dataType, input, entryPath, errors, previous.get(dataType.id), nowIso);
    if (answer) answers.set(dataType.id, answer);
  });
  return answers;
}

function validateAnswer(
  dataType: DataType,
  input: DataTypeAnswerInput,
  path: string,
  errors: MutationErrors,
  previous: Answer | undefined,
  nowIso: string,
): Answer | null {
  const base: Answer = {
    value: null,
    optionNames: [],
    verifiedOptionNames: [],
    score: null,
    updatedAt: nowIso,
  };
  const value = input.value ?? null;
  const valuePath = joinPath(path, 'value');
  const needValue = (check: (v: string) => boolean, form: string): Answer | null => {
    if (value === null || !check(value)) {
      errors.add(valuePath, `a ${dataType.type} answer to "${dataType.title}" needs value ${form}`);
      return null;
    }
    return { ...base, value };
  };
  switch (dataType.type) {
    case 'TEXT':
      return needValue(() => true, 'as text');
    case 'NUMBER':
      return needValue((v) => v.trim() !== '' && Number.isFinite(Number(v)), 'as a number, e.g. "12.5"');
    case 'DATE':
      return needValue(isValidDate, 'as a date YYYY-MM-DD');
    case 'BOOLEAN':
      return needValue((v) => v === 'true' || v === 'false', '"true" or "false"');
    case 'FILE':
      errors.add(
        valuePath,
        `"${dataType.title}" is a FILE data type; upload the file with POST /rest/crew/{crewId}/files`,
      );
      return null;
    case 'SCORING': {
      const score = input.score ?? null;
      if (score === null || !Number.isFinite(score)) {
        errors.add(joinPath(path, 'score'), `a SCORING answer to "${dataType.title}" needs a numeric score`);
        return null;
      }
      return { ...base, score };
    }
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const chosen = [...new Set(input.optionNames ?? [])];
      const known = new Set(dataType.options.map((o) => o.name));
      let ok = true;
      (input.optionNames ?? []).forEach((name, index) => {
        if (!known.has(name)) {
          ok = false;
          errors.add(
            joinPath(path, 'optionNames', index),
            `"${name}" is not an option of "${dataType.title}" (options: ${[...known].join(', ')})`,
          );
        }
      });
      if (dataType.type === 'SINGLE_CHOICE' && chosen.length !== 1) {
        errors.add(
          joinPath(path, 'optionNames'),
          `"${dataType.title}" is SINGLE_CHOICE: choose exactly one option`,
        );
        return null;
      }
      if (!ok) return null;
      // Options chosen through the API are unverified; an option that stays chosen keeps its verification.
      const verified = (previous?.verifiedOptionNames ?? []).filter((name) => chosen.includes(name));
      return { ...base, optionNames: chosen, verifiedOptionNames: verified };
    }
  }
}
