// The sandbox platform's in-memory store: the entities as the platform keeps them (not as the
// API shows them; presenters in graphql/present-*.ts do that) plus lookups shared by resolvers
// and the REST/webhook seams. It holds no business rule: rules live in graphql/rules/.

import type { StoredFile } from './types.js';

export type DTType =
  | 'TEXT'
  | 'NUMBER'
  | 'DATE'
  | 'BOOLEAN'
  | 'SINGLE_CHOICE'
  | 'MULTIPLE_CHOICE'
  | 'FILE'
  | 'SCORING';
export type PayType = 'HOURLY' | 'FIXED';
export type Gender = 'FEMALE' | 'MALE' | 'OTHER';
export type RequirementCondition = 'ALL' | 'ANY' | 'NONE' | 'EQUAL';
export type CrewStatus =
  | 'ACTIVE'
  | 'INACTIVE'
  | 'APPROVED'
  | 'INVITED'
  | 'APPLICANT'
  | 'SUSPENDED'
  | 'WAITING_LIST'
  | 'DELETED';
export type CrewJobStatus =
  | 'APPLIED'
  | 'INVITED'
  | 'SHORTLISTED'
  | 'BOOKED'
  | 'DECLINED'
  | 'CANCELLED'
  | 'REMOVED'
  | 'WAITING_LIST';
export type Attendance = 'PENDING' | 'CONFIRMED' | 'CHECKED_IN' | 'CHECKED_OUT' | 'NO_SHOW';

export const CREW_JOB_STATUSES: readonly CrewJobStatus[] = [
  'APPLIED',
  'INVITED',
  'SHORTLISTED',
  'BOOKED',
  'DECLINED',
  'CANCELLED',
  'REMOVED',
  'WAITING_LIST',
];
export const ATTENDANCES: readonly Attendance[] = [
  'PENDING',
  'CONFIRMED',
  'CHECKED_IN',
  'CHECKED_OUT',
  'NO_SHOW',
];

export interface Company {
  id: string;
  name: string;
  /** The profile a new crew member gets when createCrew names none. */
  defaultProfileId: string;
}

export interface Board {
  id: string;
  companyId: string;
  name: string;
  timezone: string;
}

export interface RoleType {
  id: string;
  companyId: string;
  name: string;
}

/** A section groups data types; a global section's data types are inherited by linked profiles. */
export interface Section {
  id: string;
  companyId: string;
  name: string;
  global: boolean;
}

export interface CompanyProfile {
  id: string;
  companyId: string;
  name: string;
  /** The profile's own section (holds its own data types). */
  sectionId: string;
  /** Global sections this profile inherits data types from. */
  globalSectionIds: string[];
}

export interface DataTypeOption {
  id: string;
  name: string;
}

export interface DataType {
  id: string;
  companyId: string;
  sectionId: string;
  uniqueId: string | null;
  title: string;
  type: DTType;
  global: boolean;
  options: DataTypeOption[];
}

export interface Answer {
  value: string | null;
  optionNames: string[];
  /** Options an admin verified; dataType requirements match these only. */
  verifiedOptionNames: string[];
  score: number | null;
  updatedAt: string;
}

export interface Address {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
}

export interface Crew {
  id: number;
  companyId: string;
  uniqueId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  status: CrewStatus;
  address: Address | null;
  roleTypeIds: string[];
  profileIds: string[];
  /** One answer per data type id (a global data type is answered once for every profile). */
  answers: Map<string, Answer>;
  createdAt: string;
  updatedAt: string;
}

export interface Leaver {
  crewId: number;
  companyId: string;
  firstName: string;
  lastName: string;
  email: string;
  leftAt: string;
  reason: string | null;
}

export interface StoredRequirements {
  ageRestriction: { minAge: number | null; maxAge: number | null } | null;
  dataType: { dataTypeId: string; optionNames: string[]; condition: RequirementCondition }[];
  distanceRestriction: { maxDistanceKm: number } | null;
  genderRestriction: { genders: Gender[] } | null;
  profile: { profileIds: string[]; condition: RequirementCondition } | null;
  labels: string[];
  roleType: { roleTypeId: string; condition: RequirementCondition } | null;
  /** Legacy skill requirements of old roles; never written through the API any more. */
  skills: string[];
  tags: string[];
}

export interface Role {
  id: string;
  jobId: string;
  uniqueId: string | null;
  title: string;
  roleTypeId: string | null;
  /** UTC instants (ISO, Z); the local wall-clock times are these read in the job's timezone. */
  startUtc: string;
  endUtc: string;
  quantity: number;
  payType: PayType;
  payRate: number;
  /**
   * The break in minutes as stored. For roles created before 2026-09-21 it is hidden (the API
   * reports 0) although `total` was computed with it (platform-api.md §4.4 rule 7).
   */
  storedBreakMinutes: number;
  total: number;
  requirements: StoredRequirements;
  createdAt: string;
  updatedAt: string;
}

export interface Job {
  id: string;
  companyId: string;
  boardId: string;
  uniqueId: string | null;
  title: string;
  /** Calendar date in the job's timezone. */
  date: string;
  /** Effective IANA timezone (the board's when none was given). */
  timezone: string;
  multiDayJobId: string | null;
  location: string | null;
  roleIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface CrewJob {
  id: string;
  roleId: string;
  crewId: number;
  status: CrewJobStatus;
  attendance: Attendance;
  updatedAt: string;
}

/** Collections plus id counters. Ids of string-keyed entities come from one counter, so no two
 * entities of different kinds share an id (a job id is never accidentally a role id). */
export class SandboxStore {
  readonly companies = new Map<string, Company>();
  readonly boards = new Map<string, Board>();
  readonly roleTypes = new Map<string, RoleType>();
  readonly sections = new Map<string, Section>();
  readonly profiles = new Map<string, CompanyProfile>();
  readonly dataTypes = new Map<string, DataType>();
  readonly crew = new Map<number, Crew>();
  readonly leavers: Leaver[] = [];
  readonly jobs = new Map<string, Job>();
  readonly roles = new Map<string, Role>();
  readonly crewJobs = new Map<string, CrewJob>();
  readonly files = new Map<string, StoredFile>();
  private nextEntityId = 100;
  private nextCrewId = 1;
  private nextFileId = 1;

  constructor(private readonly clock: () => Date) {}

  /** Current time as ISO-8601 UTC; never earlier than the previous call (updatedSince relies on it). */
  nowIso(): string {
    return this.clock().toISOString();
  }

  newId(): string {
    return String(this.nextEntityId++);
  }

  newCrewId(): number {
    return this.nextCrewId++;
  }

  newFileId(): string {
    return `file-${this.nextFileId++}`;
  }

  // ------------------------------------------------------------------ company-scoped lookups

  boardOf(companyId: string, boardId: string): Board | undefined {
    const board = this.boards.get(boardId);
    return board?.companyId === companyId ? board : undefined;
  }

  jobOf(companyId: string, jobId: string): Job | undefined {
    const job = this.jobs.get(jobId);
    return job?.companyId === companyId ? job : undefined;
  }

  crewOf(companyId: string, crewId: number): Crew | undefined {
    const member = this.crew.get(crewId);
    return member?.companyId === companyId ? member : undefined;
  }

  crewByEmail(companyId: string, email: string): Crew | undefined {
    const wanted = email.trim().toLowerCase();
    for (const member of this.crew.values()) {
      if (member.companyId === companyId && member.email.toLowerCase() === wanted) return member;
    }
    return undefined;
  }

  profileOf(companyId: string, profileId: string): CompanyProfile | undefined {
    const profile = this.profiles.get(profileId);
    return profile?.companyId === companyId ? profile : undefined;
  }

  roleTypeOf(companyId: string, roleTypeId: string): RoleType | undefined {
    const roleType = this.roleTypes.get(roleTypeId);
    return roleType?.companyId === companyId ? roleType : undefined;
  }

  dataTypeOf(companyId: string, dataTypeId: string): DataType | undefined {
    const dataType = this.dataTypes.get(dataTypeId);
    return dataType?.companyId === companyId ? dataType : undefined;
  }

  companyDataTypes(companyId: string): DataType[] {
    return [...this.dataTypes.values()].filter((dt) => dt.companyId === companyId);
  }

  /** A profile's own data types followed by the global ones it inherits, in id order each. */
  profileDataTypes(profile: CompanyProfile): DataType[] {
    const own: DataType[] = [];
    const inherited: DataType[] = [];
    for (const dt of this.dataTypes.values()) {
      if (dt.sectionId === profile.sectionId) own.push(dt);
      else if (profile.globalSectionIds.includes(dt.sectionId)) inherited.push(dt);
    }
    return [...own, ...inherited];
  }

  /** Profiles of the company that show this data type (its own profile, or every linked one). */
  profilesShowing(dataType: DataType): CompanyProfile[] {
    return [...this.profiles.values()].filter(
      (p) =>
        p.companyId === dataType.companyId &&
        (p.sectionId === dataType.sectionId || p.globalSectionIds.includes(dataType.sectionId)),
    );
  }

  rolesOfJob(job: Job): Role[] {
    return job.roleIds.map((id) => this.roles.get(id)).filter((r): r is Role => r !== undefined);
  }

  jobsOfMultiDay(companyId: string, multiDayJobId: string): Job[] {
    return [...this.jobs.values()].filter(
      (j) => j.companyId === companyId && j.multiDayJobId === multiDayJobId,
    );
  }

  crewJobsOfRole(roleId: string): CrewJob[] {
    return [...this.crewJobs.values()].filter((cj) => cj.roleId === roleId);
  }
}
