// Crew, profiles, leavers and crew jobs as the GraphQL API shows them. A profile lists its own
// data types and the inherited global ones, each with this crew member's answer (§2.2).

import type { CompanyProfile, Crew, CrewJob, DataType, Leaver, SandboxStore } from '../store.js';

export function presentCrew(store: SandboxStore, crew: Crew): Record<string, unknown> {
  return {
    id: crew.id,
    uniqueId: crew.uniqueId,
    firstName: crew.firstName,
    lastName: crew.lastName,
    email: crew.email,
    phone: crew.phone,
    status: crew.status,
    address: crew.address,
    roleTypeIds: crew.roleTypeIds,
    profiles: crew.profileIds
      .map((id) => store.profiles.get(id))
      .filter((p): p is CompanyProfile => p !== undefined)
      .map((profile) => presentProfile(store, profile, crew)),
    createdAt: crew.createdAt,
    updatedAt: crew.updatedAt,
  };
}

/** A profile with its data types; answers are those of `crew` (none for a bare profile). */
export function presentProfile(
  store: SandboxStore,
  profile: CompanyProfile,
  crew: Crew | null,
): Record<string, unknown> {
  return {
    id: profile.id,
    name: profile.name,
    dataTypes: store.profileDataTypes(profile).map((dt) => presentDataType(dt, crew)),
  };
}

function presentDataType(dataType: DataType, crew: Crew | null): Record<string, unknown> {
  const answer = crew?.answers.get(dataType.id) ?? null;
  return {
    id: dataType.id,
    uniqueId: dataType.uniqueId,
    title: dataType.title,
    type: dataType.type,
    global: dataType.global,
    sectionId: dataType.sectionId,
    options: dataType.options,
    answer,
  };
}

export function presentLeaver(leaver: Leaver): Record<string, unknown> {
  return {
    crewId: leaver.crewId,
    firstName: leaver.firstName,
    lastName: leaver.lastName,
    email: leaver.email,
    leftAt: leaver.leftAt,
    reason: leaver.reason,
  };
}

/** CrewJob and CrewJobExtended; crew, role and job are resolved by field resolvers from the ids. */
export function presentCrewJob(crewJob: CrewJob): Record<string, unknown> {
  return {
    id: crewJob.id,
    status: crewJob.status,
    attendance: crewJob.attendance,
    crewId: crewJob.crewId,
    roleId: crewJob.roleId,
    updatedAt: crewJob.updatedAt,
  };
}
