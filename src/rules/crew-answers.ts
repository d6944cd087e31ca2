// Crew answers (createCrew / updateCompanyCrew `profile.dataTypes`, §4.4 rule 8) against the
// company's data types. With a named profile that the catalogue knows, the answers are checked
// against exactly that profile's own and inherited data types. Without one (the platform then
// writes the default or first profile, which the API does not show) they are checked against all
// the company's data types: a reference found nowhere is certainly wrong; one that exists only
// on another profile is left to the platform (ITEM_NOT_FOUND, with the lookup hint).

import type { DataTypeCatalog, KnownDataType } from '../lookups/data-types.js';
import { checkCrewAnswers, type DataTypeAnswerInput, resolveDataTypeRef } from './data-types.js';
import type { RuleIssue } from './issues.js';

export interface ProfileAnswers {
  profileId?: string;
  answers: readonly DataTypeAnswerInput[];
  /** Path of the answers list, e.g. `crew[0].profile.dataTypes`. */
  path: string;
}

/** Exactly one of id and uniqueId per answer: needs no data. */
export function checkAnswerRefs(entry: ProfileAnswers): RuleIssue[] {
  return entry.answers.flatMap((answer, index) =>
    resolveDataTypeRef(answer, [], `${entry.path}[${index}]`).issues.filter(
      (issue) => issue.code === 'DATA_TYPE_REF',
    ),
  );
}

export function checkAnswersAgainst(entry: ProfileAnswers, catalogue: readonly KnownDataType[]): RuleIssue[] {
  const ofProfile = entry.profileId
    ? catalogue.filter((dataType) => dataType.profileIds.includes(entry.profileId as string))
    : [];
  return checkCrewAnswers(entry.answers, ofProfile.length > 0 ? ofProfile : catalogue, entry.path);
}

export const ANSWERS_UNCHECKED =
  "The company's data types could not be read (needs crew:read), so the answers were checked by the platform only.";

/**
 * Check answers against the company's data types when the catalogue can be read; otherwise
 * the result notes that the platform will check them.
 */
export async function checkAnswersWithCatalogue(
  catalogue: DataTypeCatalog | undefined,
  entries: ProfileAnswers[],
  signal: AbortSignal,
): Promise<{ issues: RuleIssue[]; notes: string[] }> {
  if (entries.length === 0) return { issues: [], notes: [] };
  const known = (await catalogue?.get(signal)) ?? null;
  if (!known) return { issues: [], notes: [ANSWERS_UNCHECKED] };
  return { issues: entries.flatMap((entry) => checkAnswersAgainst(entry, known)), notes: [] };
}
