// TypeScript shapes of the GraphQL inputs after graphql-js coerced them (so types and enums are
// already checked; absent optional fields are undefined, explicit nulls are null).

import type { Gender, PayType, RequirementCondition } from '../store.js';

type Maybe<T> = T | null | undefined;

export interface PageInput {
  page?: Maybe<number>;
  perPage?: Maybe<number>;
}

export interface DataTypeRequirementInput {
  dataTypeId?: Maybe<string>;
  dataTypeTitle?: Maybe<string>;
  optionNames: string[];
  condition: RequirementCondition;
}

export interface RoleRequirementsInput {
  ageRestriction?: Maybe<{ minAge?: Maybe<number>; maxAge?: Maybe<number> }>;
  dataType?: Maybe<DataTypeRequirementInput[]>;
  distanceRestriction?: Maybe<{ maxDistanceKm: number }>;
  genderRestriction?: Maybe<{ genders: Gender[] }>;
  profile?: Maybe<{ profileIds: string[]; condition: RequirementCondition }>;
  labels?: Maybe<string[]>;
  roleType?: Maybe<{ roleTypeId: string; condition: RequirementCondition }>;
  tags?: Maybe<string[]>;
  /** Deprecated no-op. */
  attributes?: Maybe<string[]>;
  /** Deprecated no-op. */
  skills?: Maybe<string[]>;
}

export interface CreateRoleInput {
  title: string;
  uniqueId?: Maybe<string>;
  roleTypeId?: Maybe<string>;
  startTime: string;
  endTime: string;
  quantity?: Maybe<number>;
  payType?: Maybe<PayType>;
  payRate?: Maybe<number>;
  breakPeriod?: Maybe<number>;
  requirements?: Maybe<RoleRequirementsInput>;
}

export interface CreateJobInput {
  boardId: string;
  title: string;
  date: string;
  uniqueId?: Maybe<string>;
  timezone?: Maybe<string>;
  location?: Maybe<string>;
  roles: CreateRoleInput[];
}

export interface CreateJobsInput {
  jobs: CreateJobInput[];
  multiDay?: Maybe<boolean>;
}

export interface UpdateRoleInput {
  id: string;
  title?: Maybe<string>;
  startTime?: Maybe<string>;
  endTime?: Maybe<string>;
  quantity?: Maybe<number>;
  payRate?: Maybe<number>;
}

export interface UpdateJobInput {
  id: string;
  title?: Maybe<string>;
  location?: Maybe<string>;
  timezone?: Maybe<string>;
  roles?: Maybe<UpdateRoleInput[]>;
}

export interface UpdateJobsInput {
  jobs: UpdateJobInput[];
}

export interface AddressInput {
  line1?: Maybe<string>;
  line2?: Maybe<string>;
  city?: Maybe<string>;
  postcode?: Maybe<string>;
  country?: Maybe<string>;
}

export interface DataTypeAnswerInput {
  id?: Maybe<string>;
  uniqueId?: Maybe<string>;
  value?: Maybe<string>;
  optionNames?: Maybe<string[]>;
  score?: Maybe<number>;
}

export interface CrewProfileInput {
  profileId?: Maybe<string>;
  dataTypes?: Maybe<DataTypeAnswerInput[]>;
}

export interface CreateCrewMemberInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: Maybe<string>;
  uniqueId?: Maybe<string>;
  address?: Maybe<AddressInput>;
  profile?: Maybe<CrewProfileInput>;
  attributes?: Maybe<string[]>;
  skills?: Maybe<string[]>;
}

export interface CompanyCrewUpdate {
  firstName?: Maybe<string>;
  lastName?: Maybe<string>;
  phone?: Maybe<string>;
  uniqueId?: Maybe<string>;
  address?: Maybe<AddressInput>;
  status?: Maybe<string>;
  profile?: Maybe<CrewProfileInput>;
}

export interface UpdateCompanyCrewInput {
  crewId?: Maybe<number>;
  crewEmail?: Maybe<string>;
  update: CompanyCrewUpdate;
}

export interface UpdateProfileDataTypesInput {
  profileId: string;
  dataTypes: { id: string; uniqueId?: Maybe<string>; title?: Maybe<string> }[];
}
