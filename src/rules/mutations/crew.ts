// createCrew and updateCompanyCrew, checked before sending (§2.2, §4.4 rules 8 and 10, §7): the
// deprecated no-op inputs are left out, and each `profile.dataTypes` answer is resolved among the
// data types of the profile it will be written to, and checked against its type. A uniqueId is
// unique per profile only (§2.2, §4.4 rule 9), so where that profile is not known (no profileId:
// a new member's default profile is not shown by the API; an existing member may have several)
// a uniqueId that names different data types in the possible profiles is refused with a request
// for profileId. The facts: the company's data types (createCrew), the crew member with every
// profile (updateCompanyCrew); without them the platform alone checks the answers, as a note says.

import type { UpstreamCrewProfile } from '../../contract/upstream.js';
import {
  type AnswerScope,
  checkAnswerRef,
  checkCrewAnswers,
  type DataTypeAnswerInput,
  type ProfileScope,
  profileLabel,
  profilesOf,
} from '../data-types.js';
import { wholeNumberIssues } from '../input-shape.js';
import { errorIssue, joinPath, type RuleIssue } from '../issues.js';
import { stripDeprecatedInputs } from '../requirements.js';
import { type Facts, plan, refuseOrNeed, type Verdict } from '../verdict.js';

export interface CrewProfileInputLike {
  profileId?: string;
  dataTypes?: readonly DataTypeAnswerInput[];
}

const ANSWERS_UNCHECKED =
  "The company's data types could not be read (needs crew:read), so the answers were checked by the platform only.";

function refIssues(answers: readonly DataTypeAnswerInput[] | undefined, path: string): RuleIssue[] {
  return (answers ?? []).flatMap((answer, index) => checkAnswerRef(answer, joinPath(path, index)));
}

/** The profiles a new member's answers may go to: the named one, else any profile of the company. */
function newMemberScope(
  profile: CrewProfileInputLike,
  profiles: readonly ProfileScope[],
): AnswerScope | undefined {
  if (!profile.profileId)
    return {
      profiles,
      unknownTarget:
        'profile.profileId is not given, and the API does not show which profile a new crew member gets',
    };
  const named = profiles.find((candidate) => candidate.id === profile.profileId);
  return named ? { profiles: [named] } : undefined;
}

/** The createCrew checker: refuse, ask for the data type catalogue, or the payload. */
export function checkCreateCrew<T extends { crew: readonly { profile?: CrewProfileInputLike }[] }>(
  input: T,
  facts: Facts,
): Verdict<T> {
  const stripped = stripDeprecatedInputs(input);
  const answered = stripped.value.crew.flatMap((member, index) =>
    member.profile?.dataTypes?.length
      ? [{ profile: member.profile, path: joinPath('crew', index, 'profile', 'dataTypes') }]
      : [],
  );
  const issues = answered.flatMap(({ profile, path }) => refIssues(profile.dataTypes, path));
  const early = refuseOrNeed(issues, { catalogue: answered.length > 0 && facts.catalogue === undefined });
  if (early) return early;
  const notes: string[] = [];
  if (answered.length > 0 && !facts.catalogue) notes.push(ANSWERS_UNCHECKED);
  const profiles = facts.catalogue ? profilesOf(facts.catalogue) : [];
  for (const { profile, path } of facts.catalogue ? answered : []) {
    const scope = newMemberScope(profile, profiles);
    if (scope) issues.push(...checkCrewAnswers(profile.dataTypes ?? [], scope, path));
    else
      notes.push(
        `${path}: no crew member carries profile ${profile.profileId}, so its data types are unknown here; the platform checked the answers.`,
      );
  }
  return (
    refuseOrNeed(issues, undefined) ?? plan(stripped.value, issues, { dropped: stripped.dropped, notes })
  );
}

export interface CrewUpdateLike {
  crewId?: number;
  crewEmail?: string;
  update: { profile?: CrewProfileInputLike };
}

/** The member's profiles the answers may go to; an issue when the named profile is not theirs. */
function memberScope(
  member: UpstreamCrewProfile,
  profile: CrewProfileInputLike,
): { scope?: AnswerScope; issues: RuleIssue[] } {
  const theirs = member.profiles.map((candidate) => `${candidate.name} (${candidate.id})`).join(', ');
  if (profile.profileId) {
    const named = member.profiles.find((candidate) => candidate.id === profile.profileId);
    if (named) return { scope: { profiles: [named] }, issues: [] };
    return {
      issues: [
        errorIssue({
          path: 'update.profile.profileId',
          code: 'UNKNOWN_PROFILE',
          rule: "§4.4 rule 8: answers are written to one of the crew member's profiles",
          detail: `crew member ${member.id} has no profile ${profile.profileId}; their profiles: ${theirs || 'none'}.`,
          fix: 'Give one of their profile ids, or leave profileId out to write their first profile.',
        }),
      ],
    };
  }
  return {
    scope: {
      profiles: member.profiles,
      unknownTarget: `crew member ${member.id} has ${member.profiles.length} profiles (${member.profiles.map(profileLabel).join(', ')}) and profile.profileId is not given`,
    },
    issues: [],
  };
}

/** The updateCompanyCrew checker: refuse, ask for the crew member, or the payload. */
export function checkCrewUpdate<T extends CrewUpdateLike>(input: T, facts: Facts): Verdict<T> {
  const issues: RuleIssue[] = [];
  if ((input.crewId === undefined) === (input.crewEmail === undefined)) {
    issues.push(
      errorIssue({
        path: input.crewId === undefined ? 'crewId' : 'crewEmail',
        code: 'CREW_REF',
        rule: 'updateCompanyCrew: the crew member by exactly one of crewId and crewEmail',
        detail: `give exactly one of crewId and crewEmail, not ${input.crewId === undefined ? 'neither' : 'both'}.`,
        fix: 'Send crewId or crewEmail.',
      }),
    );
  }
  issues.push(...wholeNumberIssues(input.crewId, 'crewId'));
  const stripped = stripDeprecatedInputs(input);
  const profile = stripped.value.update.profile;
  const answers = profile?.dataTypes ?? [];
  const path = 'update.profile.dataTypes';
  issues.push(...refIssues(answers, path));
  // The member is read for every update: an unknown id or email must send no mutation at all.
  const early = refuseOrNeed(issues, {
    crewMember:
      facts.crewMember === undefined ? { crewId: input.crewId, crewEmail: input.crewEmail } : undefined,
  });
  if (early) return early;
  const notes: string[] = [];
  const member = facts.crewMember;
  if (member === 'missing') {
    issues.push(
      errorIssue({
        path: input.crewId === undefined ? 'crewEmail' : 'crewId',
        code: 'UNKNOWN_CREW',
        rule: 'updateCompanyCrew: the crew member must exist',
        detail: `no crew member with ${input.crewId === undefined ? `email ${input.crewEmail}` : `id ${input.crewId}`}.`,
        fix: 'Use the id or email of an existing crew member.',
      }),
    );
  } else if (answers.length > 0 && profile && member) {
    const { scope, issues: profileIssues } = memberScope(member, profile);
    issues.push(...profileIssues);
    if (scope) issues.push(...checkCrewAnswers(answers, scope, path));
  } else if (answers.length > 0) {
    notes.push(
      'The crew member could not be read (needs crew:read), so the answers were checked by the platform only.',
    );
  }
  return (
    refuseOrNeed(issues, undefined) ?? plan(stripped.value, issues, { dropped: stripped.dropped, notes })
  );
}
