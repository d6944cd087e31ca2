// createCrew and updateCompanyCrew (platform-api.md §2.2, §4.4 rules 8 and 10, §7): validate
// every member and answer first, then write all or nothing. The deprecated `attributes` and
// `skills` inputs are accepted and ignored.

import type { Address, Answer, CompanyProfile, Crew, CrewStatus, SandboxStore } from '../../store.js';
import type { ResolverContext } from '../context.js';
import { joinPath, MutationErrors } from '../errors.js';
import type {
  AddressInput,
  CreateCrewMemberInput,
  CrewProfileInput,
  UpdateCompanyCrewInput,
} from '../inputs.js';
import { presentCrew } from '../present-crew.js';
import { validateAnswers } from '../rules/answers.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createCrew(
  _: unknown,
  args: { input: { crew: CreateCrewMemberInput[] } },
  ctx: ResolverContext,
) {
  const { store, caller } = ctx;
  const errors = new MutationErrors();
  const now = store.nowIso();
  const company = store.companies.get(caller.companyId);
  if (args.input.crew.length === 0) errors.add('crew', 'give at least one crew member');
  const batchEmails = new Set<string>();
  const batchUniqueIds = new Set<string>();

  const planned = args.input.crew.map((input, index) => {
    const path = (field: string) => joinPath('crew', index, field);
    checkName(input.firstName, path('firstName'), errors);
    checkName(input.lastName, path('lastName'), errors);
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email)) errors.add(path('email'), `"${input.email}" is not an email address`);
    else if (store.crewByEmail(caller.companyId, email) || batchEmails.has(email)) {
      errors.add(path('email'), `a crew member with email ${email} already exists in the company`);
    }
    batchEmails.add(email);
    if (input.uniqueId != null) {
      if (
        uniqueIdTaken(store, caller.companyId, input.uniqueId, null) ||
        batchUniqueIds.has(input.uniqueId)
      ) {
        errors.add(path('uniqueId'), `uniqueId "${input.uniqueId}" is already used by another crew member`);
      }
      batchUniqueIds.add(input.uniqueId);
    }
    const profileId = input.profile?.profileId ?? company?.defaultProfileId ?? null;
    const profile = profileId ? store.profileOf(caller.companyId, profileId) : undefined;
    if (!profile) {
      errors.notFound(
        path('profile.profileId'),
        `no profile with id ${profileId ?? '(none: the company has no default)'}`,
      );
    }
    const answers = profile
      ? readAnswers(store, profile, input.profile, path('profile'), errors, new Map(), now)
      : new Map<string, Answer>();
    return { input, email, profile, answers };
  });
  if (errors.any) return errors.failure({ crew: [] });

  const created = planned.map(({ input, email, profile, answers }) => {
    const member: Crew = {
      id: store.newCrewId(),
      companyId: caller.companyId,
      uniqueId: input.uniqueId ?? null,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email,
      phone: input.phone ?? null,
      status: 'ACTIVE',
      address: input.address ? mergeAddress(null, input.address) : null,
      roleTypeIds: [],
      profileIds: [profile!.id],
      answers,
      createdAt: now,
      updatedAt: now,
    };
    store.crew.set(member.id, member);
    return presentCrew(store, member);
  });
  for (const member of created) ctx.publish('crew.created', member);
  return { success: true, errors: null, errorCodes: null, crew: created };
}

export function updateCompanyCrew(_: unknown, args: { input: UpdateCompanyCrewInput }, ctx: ResolverContext) {
  const { store, caller } = ctx;
  const { crewId, crewEmail, update } = args.input;
  const errors = new MutationErrors();
  const now = store.nowIso();
  if ((crewId == null) === (crewEmail == null)) {
    errors.add('crewId', 'give exactly one of crewId and crewEmail');
    return errors.failure({ crew: null });
  }
  const member =
    crewId != null ? store.crewOf(caller.companyId, crewId) : store.crewByEmail(caller.companyId, crewEmail!);
  if (!member) {
    if (crewId != null) errors.notFound('crewId', `no crew member with id ${crewId}`);
    else errors.notFound('crewEmail', `no crew member with email ${crewEmail}`);
    return errors.failure({ crew: null });
  }

  if (update.firstName != null) checkName(update.firstName, 'update.firstName', errors);
  if (update.lastName != null) checkName(update.lastName, 'update.lastName', errors);
  if (update.uniqueId != null && uniqueIdTaken(store, caller.companyId, update.uniqueId, member.id)) {
    errors.add('update.uniqueId', `uniqueId "${update.uniqueId}" is already used by another crew member`);
  }
  let answers = new Map<string, Answer>();
  if (update.profile) {
    // The profile to write: one the crew member has; their first profile when omitted [assumed].
    const profileId = update.profile.profileId ?? member.profileIds[0];
    const profile =
      profileId && member.profileIds.includes(profileId)
        ? store.profileOf(caller.companyId, profileId)
        : undefined;
    if (!profile) {
      errors.notFound(
        'update.profile.profileId',
        `crew member ${member.id} has no profile with id ${profileId}`,
      );
    } else {
      answers = readAnswers(store, profile, update.profile, 'update.profile', errors, member.answers, now);
    }
  }
  if (errors.any) return errors.failure({ crew: null });

  if (update.firstName != null) member.firstName = update.firstName.trim();
  if (update.lastName != null) member.lastName = update.lastName.trim();
  if (update.phone !== undefined) member.phone = update.phone;
  if (update.uniqueId != null) member.uniqueId = update.uniqueId;
  if (update.address) member.address = mergeAddress(member.address, update.address);
  if (update.status != null) member.status = update.status as CrewStatus;
  for (const [dataTypeId, answer] of answers) member.answers.set(dataTypeId, answer);
  member.updatedAt = now;
  const presented = presentCrew(store, member);
  ctx.publish('crew.updated', presented);
  return { success: true, errors: null, errorCodes: null, crew: presented };
}

function readAnswers(
  store: SandboxStore,
  profile: CompanyProfile,
  input: CrewProfileInput | null | undefined,
  profilePath: string,
  errors: MutationErrors,
  previous: Map<string, Answer>,
  now: string,
): Map<string, Answer> {
  return validateAnswers(
    store,
    profile,
    input?.dataTypes ?? [],
    joinPath(profilePath, 'dataTypes'),
    errors,
    previous,
    now,
  );
}

function checkName(name: string, path: string, errors: MutationErrors): void {
  if (!name.trim()) errors.add(path, 'must not be empty');
}

function uniqueIdTaken(
  store: SandboxStore,
  companyId: string,
  uniqueId: string,
  exceptCrewId: number | null,
): boolean {
  for (const member of store.crew.values()) {
    if (member.companyId === companyId && member.uniqueId === uniqueId && member.id !== exceptCrewId)
      return true;
  }
  return false;
}

/** Fields given replace the old ones; an explicit null clears a field; absent fields stay. */
function mergeAddress(current: Address | null, input: AddressInput): Address {
  const base: Address = current ?? { line1: null, line2: null, city: null, postcode: null, country: null };
  const next = { ...base };
  for (const key of ['line1', 'line2', 'city', 'postcode', 'country'] as const) {
    if (input[key] !== undefined) next[key] = input[key] ?? null;
  }
  return next;
}
