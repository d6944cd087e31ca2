// What the platform returns for the shared read documents (src/contract/graphql/), as our
// contract models it: the wire shapes that the rules reason about (a job's roles and totals, a
// profile's data types), the lookups read and the views present. Fields the selections leave
// out are absent here too.

export interface UpstreamRequirements {
  ageRestriction?: { minAge?: number | null; maxAge?: number | null } | null;
  dataType?: { dataTypeId: string; dataTypeTitle: string; optionNames: string[]; condition: string }[] | null;
  distanceRestriction?: { maxDistanceKm: number } | null;
  genderRestriction?: { genders: string[] } | null;
  profile?: { profileIds: string[]; condition: string } | null;
  labels?: string[] | null;
  roleType?: { roleTypeId: string; condition: string } | null;
  tags?: string[] | null;
}

export interface UpstreamRole {
  id: string;
  uniqueId?: string | null;
  title: string;
  roleTypeId?: string | null;
  /** ISO instants with the job zone's offset. */
  startTime: string;
  endTime: string;
  quantity: number;
  payType: string;
  payRate: number;
  /** Minutes [assumed unit]; 0 for roles created before 2026-09-21 (§4.4 rule 7). */
  breakPeriod: number;
  total: number;
  createdAt?: string | null;
  requirements?: UpstreamRequirements | null;
  crewJobs?: { id: string; status: string }[] | null;
}

export interface UpstreamJob {
  id: string;
  uniqueId?: string | null;
  title: string;
  date: string;
  timezone: string;
  board: { id: string; name: string; timezone?: string };
  multiDayJobId?: string | null;
  location?: string | null;
  roles: UpstreamRole[];
}

export interface UpstreamCrewSummary {
  id: number;
  uniqueId?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  status: string;
  roleTypeIds?: string[] | null;
  address?: Record<string, string | null> | null;
  profiles: { id: string; name: string }[];
}

export interface UpstreamDataType {
  id: string;
  uniqueId?: string | null;
  title: string;
  type: string;
  global: boolean;
  options?: { name: string }[] | null;
  answer?: {
    value?: string | null;
    optionNames?: string[] | null;
    verifiedOptionNames?: string[] | null;
    score?: number | null;
    updatedAt?: string | null;
  } | null;
}

export interface UpstreamProfile {
  id: string;
  name: string;
  dataTypes: UpstreamDataType[];
}

export interface UpstreamCrewProfile extends Omit<UpstreamCrewSummary, 'profiles'> {
  createdAt?: string;
  updatedAt?: string;
  profiles: UpstreamProfile[];
}
