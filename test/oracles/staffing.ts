// An independent, brute-force reading of "who can work this role?" for tests: the whole company
// is read straight from the sandbox over GraphQL (no product code: not the tools, lookups or
// rules), and every crew member is judged from scratch against §2.3 and the overlap of role
// instants. find_matching_crew and the staffing workload are checked against it.
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gqlEveryPage, type Json, TEST_NOW } from '../helpers/sandbox.js';

export interface Company {
  crew: Json[];
  jobs: Json[];
  /** Every crew job with its crew id, status, role instants and job. */
  crewJobs: Json[];
}

/**
 * A data-type requirement against one member, from raw data: how many of its options the member
 * holds verified (on any profile), and whether that meets the requirement's condition.
 */
export function dataTypeVerdict(member: Json, requirement: Json): { ok: boolean; have: number } {
  const verified = new Set<string>();
  for (const profile of member.profiles)
    for (const dataType of profile.dataTypes)
      if (dataType.id === String(requirement.dataTypeId))
        for (const name of dataType.answer?.verifiedOptionNames ?? []) verified.add(name);
  const have = requirement.optionNames.filter((name: string) => verified.has(name)).length;
  const ok =
    requirement.condition === 'ALL'
      ? have === requirement.optionNames.length
      : requirement.condition === 'ANY'
        ? have > 0
        : have === 0;
  return { ok, have };
}

export async function readCompany(sb: RunningSandbox): Promise<Company> {
  const [crew, jobs, crewJobs] = await Promise.all([
    gqlEveryPage(
      sb,
      'companyCrewAll',
      'id firstName lastName status roleTypeIds profiles { id dataTypes { id title answer { optionNames verifiedOptionNames score } } }',
    ),
    gqlEveryPage(
      sb,
      'companyJobs',
      `id title date timezone multiDayJobId board { id name } roles { id title quantity startTime endTime
        requirements { dataType { dataTypeId dataTypeTitle optionNames condition } roleType { roleTypeId condition }
          profile { profileIds condition } ageRestriction { minAge } distanceRestriction { maxDistanceKm }
          genderRestriction { genders } labels tags }
        crewJobs { id status crewId } }`,
    ),
    gqlEveryPage(
      sb,
      'companyCrewJobs',
      'id status crew { id } role { id startTime endTime } job { id timezone }',
    ),
  ]);
  return { crew, jobs, crewJobs };
}

export interface OracleRole {
  jobId: string;
  roleId: string;
}

export interface OracleAsk {
  /** An existing role, or requirements (data types by id) with an optional window. */
  role?: OracleRole;
  requirements?: Json;
  window?: { start: string; end: string };
  /** The zone of the window's local week (requirements form); UTC by default. */
  timeZone?: string;
  statuses?: string[];
}

export interface OracleAnswer {
  considered: number;
  /**
   * Ranked: applied/invited/shortlisted here; unflagged; fewer BOOKED hours in the role's local
   * Monday-Sunday; latest BOOKED shift started by now, by its local start day; higher mean score
   * (on the required profiles, else all); most verified options held; name; id.
   */
  matches: number[];
  /** Each match's hours in the week, last worked day (null: none) and score, by crew id. */
  facts: Map<
    number,
    { hours: number; lastWorked: string | null; nextShift?: string; score?: number; pendingHere?: string }
  >;
  unavailable: Map<number, { jobId: string; roleId: string }>;
  /** Crew id -> the one requirement kind failed. */
  nearMisses: Map<number, string>;
  /** The near misses' ids, ranked like matches. */
  nearMissRanking: number[];
  booked: number[];
  open?: number;
}

const PENDING = new Set(['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST']);
const PREFERRED = new Set(['APPLIED', 'INVITED', 'SHORTLISTED']);
const DAY = 86_400_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The local date of an instant in a zone, by Intl (no product code). One formatter per zone:
 * building one (what toLocaleDateString does on every call) was a third of find_matching_crew's
 * test time, the oracle asking for the day of every booked crew job of every match of every role.
 */
export function localDay(ms: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(ms);
}

/** The wall clock YYYY-MM-DDTHH:mm of an instant in a zone, by Intl (not the product's time code). */
export function wallClock(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((one) => one.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** The local Monday and Sunday of the week holding the instant's local day. */
export function localWeek(ms: number, timeZone: string): [string, string] {
  const day = Date.parse(`${localDay(ms, timeZone)}T00:00:00Z`);
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
  return [new Date(monday).toISOString().slice(0, 10), new Date(monday + 6 * DAY).toISOString().slice(0, 10)];
}
const WITHDRAWN = new Set(['DECLINED', 'CANCELLED', 'REMOVED']);

export function findRole(company: Company, role: OracleRole): { job: Json; role: Json } {
  const job = company.jobs.find((candidate) => candidate.id === role.jobId);
  const found = job?.roles.find((candidate: Json) => candidate.id === role.roleId);
  if (!job || !found) throw new Error(`no role ${role.jobId}/${role.roleId}`);
  return { job, role: found };
}

const ownJobs = new WeakMap<Company, Map<number, Json[]>>();

/** Each member's crew jobs (an index of the raw list, built once per company read). */
function crewJobsOf(company: Company, crewId: number): Json[] {
  let index = ownJobs.get(company);
  if (!index) {
    index = new Map();
    for (const crewJob of company.crewJobs)
      index.set(crewJob.crew.id, [...(index.get(crewJob.crew.id) ?? []), crewJob]);
    ownJobs.set(company, index);
  }
  return index.get(crewId) ?? [];
}

/**
 * A member's last day worked and next shift at `now`, from their raw crew jobs: the local day (in
 * the job's zone) of the BOOKED one that started latest at or before now, and of the first after it.
 */
export function workDays(own: readonly Json[], now: number): { last: string | null; next?: string } {
  const booked = own
    .filter((crewJob) => crewJob.status === 'BOOKED')
    .map((crewJob) => ({ start: Date.parse(crewJob.role.startTime), zone: crewJob.job.timezone }))
    .sort((a, b) => a.start - b.start);
  const done = booked.filter((shift) => shift.start <= now).at(-1);
  const ahead = booked.find((shift) => shift.start > now);
  return {
    last: done ? localDay(done.start, done.zone) : null,
    ...(ahead ? { next: localDay(ahead.start, ahead.zone) } : {}),
  };
}

/** The kind of each checkable requirement (§2.3) a member fails, from raw data: dataType, roleType, profile. */
export function requirementFailures(member: Json, requirements: Json): string[] {
  const failures: string[] = [];
  for (const requirement of requirements?.dataType ?? [])
    if (!dataTypeVerdict(member, requirement).ok) failures.push('dataType');
  if (requirements?.roleType && !member.roleTypeIds.includes(String(requirements.roleType.roleTypeId)))
    failures.push('roleType');
  if (requirements?.profile) {
    const has = requirements.profile.profileIds.some((id: string) =>
      member.profiles.some((profile: Json) => profile.id === String(id)),
    );
    if (has !== (requirements.profile.condition === 'ANY')) failures.push('profile');
  }
  return failures;
}

/** Judge every crew member from scratch, at `now` (the app's clock: last worked, next shift). */
export function oracle(company: Company, ask: OracleAsk, now = TEST_NOW): OracleAnswer {
  const statuses = ask.statuses ?? ['ACTIVE', 'APPROVED'];
  const target = ask.role ? findRole(company, ask.role) : null;
  const requirements = target ? target.role.requirements : ask.requirements;
  const span = target
    ? [Date.parse(target.role.startTime), Date.parse(target.role.endTime)]
    : ask.window
      ? [Date.parse(ask.window.start), Date.parse(ask.window.end)]
      : null;
  const roleId = target?.role.id;
  const booked = company.crewJobs
    .filter((crewJob) => crewJob.role.id === roleId && crewJob.status === 'BOOKED')
    .map((crewJob) => crewJob.crew.id);
  const answer: OracleAnswer = {
    considered: 0,
    matches: [],
    unavailable: new Map(),
    nearMisses: new Map(),
    nearMissRanking: [],
    facts: new Map(),
    booked: [...new Set(booked)],
    ...(target
      ? {
          open:
            target.role.quantity - target.role.crewJobs.filter((cj: Json) => cj.status === 'BOOKED').length,
        }
      : {}),
  };
  const ranked: {
    id: number;
    name: string;
    flagged: boolean;
    held: number;
    here?: boolean;
    hours?: number;
    last?: string | null;
    score?: number;
  }[] = [];
  const near: typeof ranked = [];
  const zone = target ? target.job.timezone : (ask.timeZone ?? 'UTC');
  const week = span ? localWeek(span[0]!, zone) : null;
  const asked =
    requirements?.profile && requirements.profile.condition !== 'NONE'
      ? new Set(requirements.profile.profileIds.map(String))
      : null;
  for (const member of company.crew) {
    if (!statuses.includes(member.status)) continue;
    answer.considered++;
    if (booked.includes(member.id)) continue;
    const failures = requirementFailures(member, requirements);
    let held = 0;
    for (const requirement of requirements?.dataType ?? [])
      if (requirement.condition !== 'NONE') held += dataTypeVerdict(member, requirement).have;
    let clash: { jobId: string; roleId: string; start: number } | undefined;
    let pending = false;
    let withdrawnHere = false;
    for (const crewJob of crewJobsOf(company, member.id)) {
      if (crewJob.role.id === roleId) {
        if (WITHDRAWN.has(crewJob.status)) withdrawnHere = true;
        continue;
      }
      if (!span) continue;
      const start = Date.parse(crewJob.role.startTime);
      const end = Date.parse(crewJob.role.endTime);
      if (!(start < span[1]! && span[0]! < end)) continue;
      if (crewJob.status === 'BOOKED') {
        if (!clash || start < clash.start) clash = { jobId: crewJob.job.id, roleId: crewJob.role.id, start };
      } else if (PENDING.has(crewJob.status)) pending = true;
    }
    // A member both on this role (pending) and withdrawn is shown by the strongest status only.
    const onRole = crewJobsOf(company, member.id)
      .filter((crewJob) => crewJob.role.id === roleId)
      .map((crewJob) => crewJob.status);
    if (onRole.some((status) => PENDING.has(status))) withdrawnHere = false;
    const entry = {
      id: member.id,
      name: `${member.firstName} ${member.lastName}`,
      flagged: pending || withdrawnHere,
      held,
    };
    if (failures.length === 0 && clash)
      answer.unavailable.set(member.id, { jobId: clash.jobId, roleId: clash.roleId });
    else if (failures.length === 0) {
      const own = crewJobsOf(company, member.id);
      const here = onRole.find((status) => PREFERRED.has(status));
      let hours: number | undefined;
      if (span && week) {
        hours = 0;
        for (const crewJob of own) {
          if (crewJob.status !== 'BOOKED' || crewJob.role.id === roleId) continue;
          const start = Date.parse(crewJob.role.startTime);
          const day = localDay(start, crewJob.job.timezone);
          if (day >= week[0] && day <= week[1])
            hours += (Date.parse(crewJob.role.endTime) - start) / 3_600_000;
        }
      }
      const { last, next } = workDays(own, now);
      const scores = new Map<string, number>();
      for (const profile of member.profiles)
        if (!asked || asked.has(String(profile.id)))
          for (const dataType of profile.dataTypes)
            if (typeof dataType.answer?.score === 'number') scores.set(dataType.id, dataType.answer.score);
      const score = scores.size
        ? Math.round(([...scores.values()].reduce((a, b) => a + b, 0) / scores.size) * 10) / 10
        : undefined;
      ranked.push({ ...entry, here: here !== undefined, hours, last, score });
      answer.facts.set(member.id, {
        hours: hours ?? 0,
        lastWorked: last,
        ...(next ? { nextShift: next } : {}),
        ...(score !== undefined ? { score } : {}),
        ...(here ? { pendingHere: here } : {}),
      });
    } else if (failures.length === 1 && !clash) {
      answer.nearMisses.set(member.id, failures[0]!);
      near.push(entry);
    }
  }
  const rank = (a: (typeof ranked)[number], b: (typeof ranked)[number]) =>
    a.flagged !== b.flagged
      ? Number(a.flagged) - Number(b.flagged)
      : b.held - a.held || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  const byWeight = (a: (typeof ranked)[number], b: (typeof ranked)[number]) =>
    Number(b.here) - Number(a.here) ||
    Number(a.flagged) - Number(b.flagged) ||
    (a.hours ?? 0) - (b.hours ?? 0) ||
    (b.last ?? '').localeCompare(a.last ?? '') ||
    (b.score ?? -1) - (a.score ?? -1) ||
    rank(a, b);
  answer.matches = ranked.sort(byWeight).map((entry) => entry.id);
  answer.nearMissRanking = near.sort(rank).map((entry) => entry.id);
  return answer;
}

/** Roles of the seed, with the job's time zone. */
export function allRoles(
  company: Company,
): { jobId: string; roleId: string; timezone: string; role: Json }[] {
  return company.jobs.flatMap((job) =>
    job.roles.map((role: Json) => ({ jobId: job.id, roleId: role.id, timezone: job.timezone, role })),
  );
}
