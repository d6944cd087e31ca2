// A generated busy season for planning runs (SandboxOptions.season, `crew-mcp sandbox --season N`):
// N Monday-Sunday weeks from the first Monday after today, shaped like a coordinator's real weeks
// rather than one festival. Every board (four zones) has a day event and an evening event each
// day, whose roles overlap (day shifts from 07:00, evening and night shifts running past midnight),
// each with the requirements such a role carries. Half of the company's crew are already BOOKED on
// one of the week's roles (on a role of a type they hold), and 400-600 places a week stay open; a
// few crew applied or were invited to open places. It is generated after everything else, from a
// PRNG of its own, so the default seed stays exactly as it is.

import { payTotal } from '../graphql/rules/pay.js';
import { emptyRequirements } from '../graphql/rules/requirements.js';
import { wallClockToUtc } from '../graphql/rules/wall-clock.js';
import type { Board, Crew, Job, Role, StoredRequirements } from '../store.js';
import { apportion } from './apportion.js';
import { DAY_MS, HOUR_MS, isoAt, type SeedContext } from './context.js';
import { EVENT_TITLES } from './event-titles.js';
import { REGIONS } from './regions.js';
import { Rng } from './rng.js';

/** Mixed into the seed so the season's draws never repeat the default seed's, the extra crew's or the event's. */
const SEASON_SALT = 0x5ea5_0a11;
export const MIN_SEASON_WEEKS = 1;
export const MAX_SEASON_WEEKS = 12;
/** Crew in the company with a season (at least; a larger crewCount stays as given). */
export const SEASON_CREW_COUNT = 3_000;
export const MIN_SEASON_OPEN_PLACES = 400;
export const MAX_SEASON_OPEN_PLACES = 600;
/** Season jobs' unique ids start so (`SN-<board>-<date>-D|E`): tests and runs find them by it. */
export const SEASON_UNIQUE_PREFIX = 'SN-';

interface SeasonShift {
  roleType: string;
  /** Local start hour and length in hours; evening shifts run past midnight. */
  start: number;
  hours: number;
  breakMinutes: number;
  /** Share of a board-day's places. */
  weight: number;
  minAge?: number;
  languages?: string[];
  /** Part of the evening event (starts 16:00 or later), else of the day event. */
  evening: boolean;
}

const SHIFTS: SeasonShift[] = [
  { roleType: 'Event Steward', start: 7, hours: 8, breakMinutes: 30, weight: 4, evening: false },
  { roleType: 'Chef', start: 8, hours: 9, breakMinutes: 45, weight: 2, evening: false },
  {
    roleType: 'Waiter',
    start: 11,
    hours: 8,
    breakMinutes: 30,
    weight: 3,
    languages: ['English', 'Spanish'],
    evening: false,
  },
  {
    roleType: 'Security Officer',
    start: 12,
    hours: 10,
    breakMinutes: 45,
    weight: 3,
    minAge: 18,
    evening: false,
  },
  { roleType: 'Bartender', start: 16, hours: 8, breakMinutes: 30, weight: 4, minAge: 18, evening: true },
  {
    roleType: 'Door Supervisor',
    start: 19,
    hours: 8,
    breakMinutes: 30,
    weight: 3,
    minAge: 18,
    evening: true,
  },
  { roleType: 'Team Leader', start: 17, hours: 10, breakMinutes: 60, weight: 1, minAge: 21, evening: true },
  {
    roleType: 'Security Officer',
    start: 22,
    hours: 8,
    breakMinutes: 30,
    weight: 2,
    minAge: 18,
    evening: true,
  },
];

export function seedSeason(ctx: SeedContext, seed: number, weeks: number): void {
  const rng = new Rng((seed ^ SEASON_SALT) >>> 0);
  const season: SeasonContext = {
    ...ctx,
    rng,
    roleTypeIds: roleTypeIdsByName(ctx),
    dataTypeIds: dataTypeIdsByTitle(ctx),
  };
  const boards = [...ctx.store.boards.values()].filter((board) => board.companyId === ctx.companyId);
  const crew = [...ctx.store.crew.values()].filter(
    (member) =>
      member.companyId === ctx.companyId && (member.status === 'ACTIVE' || member.status === 'APPROVED'),
  );
  const bookedPerWeek = Math.min(crew.length, Math.floor(ctx.store.crew.size / 2));
  const firstMonday = firstMondayAfter(ctx.todayMs);
  for (let week = 0; week < weeks; week++) {
    const shifts: SeededShift[] = [];
    for (let day = 0; day < 7; day++) {
      const date = isoAt(firstMonday + (week * 7 + day) * DAY_MS).slice(0, 10);
      for (const [index, board] of boards.entries()) shifts.push(...seedBoardDay(season, board, index, date));
    }
    const open = rng.int(MIN_SEASON_OPEN_PLACES, MAX_SEASON_OPEN_PLACES);
    const quantities = spread(
      rng,
      bookedPerWeek + open,
      shifts.map(({ shift }) => shift.weight),
    );
    const roles = shifts.map(({ role }, index) => {
      role.quantity = quantities[index] ?? 1;
      role.total = payTotal('HOURLY', role.payRate, minutesOf(role), role.storedBreakMinutes);
      return role;
    });
    bookWeek(season, roles, openPlaces(rng, quantities, open), crew);
  }
}

interface SeededShift {
  role: Role;
  shift: SeasonShift;
}

interface SeasonContext extends SeedContext {
  roleTypeIds: Map<string, string>;
  dataTypeIds: Map<string, string>;
}

function roleTypeIdsByName(ctx: SeedContext): Map<string, string> {
  return new Map([...ctx.store.roleTypes.values()].map((roleType) => [roleType.name, roleType.id]));
}

function dataTypeIdsByTitle(ctx: SeedContext): Map<string, string> {
  return new Map([...ctx.store.dataTypes.values()].map((dataType) => [dataType.title, dataType.id]));
}

/** UTC midnight of the first Monday strictly after today (today's own week may be half gone). */
function firstMondayAfter(todayMs: number): number {
  const weekday = new Date(todayMs).getUTCDay(); // 0 Sunday .. 6 Saturday
  return todayMs + ((8 - weekday) % 7 || 7) * DAY_MS;
}

/** The day event and the evening event of one board on one date, their roles with quantity 0 for now. */
function seedBoardDay(season: SeasonContext, board: Board, boardIndex: number, date: string): SeededShift[] {
  const { store, rng } = season;
  const region = REGIONS.find((candidate) => candidate.timezone === board.timezone) ?? REGIONS[0]!;
  const createdMs = season.todayMs - rng.int(10, 40) * DAY_MS + rng.int(8, 18) * HOUR_MS;
  const seeded: SeededShift[] = [];
  for (const evening of [false, true]) {
    const job: Job = {
      id: store.newId(),
      companyId: season.companyId,
      boardId: board.id,
      uniqueId: `${SEASON_UNIQUE_PREFIX}${boardIndex + 1}-${date.replaceAll('-', '')}-${evening ? 'E' : 'D'}`,
      title: rng.pick(EVENT_TITLES),
      date,
      timezone: board.timezone,
      multiDayJobId: null,
      location: rng.pick(region.venues),
      roleIds: [],
      createdAt: isoAt(createdMs),
      updatedAt: isoAt(createdMs),
    };
    for (const shift of SHIFTS.filter((candidate) => candidate.evening === evening)) {
      const role = seasonRole(season, job, shift, region.hourlyRate);
      job.roleIds.push(role.id);
      seeded.push({ role, shift });
    }
    store.jobs.set(job.id, job);
  }
  return seeded;
}

function seasonRole(season: SeasonContext, job: Job, shift: SeasonShift, rate: [number, number]): Role {
  const { rng } = season;
  const [year, month, day] = job.date.split('-').map(Number) as [number, number, number];
  const local = { year, month, day, hour: shift.start, minute: 0, second: 0 };
  // A start in a spring-forward gap moves an hour on, as the default seed's roles do.
  let start = wallClockToUtc(local, job.timezone);
  if (!start.ok) start = wallClockToUtc({ ...local, hour: shift.start + 1 }, job.timezone);
  const startMs = start.ok ? start.utcMs : Date.parse(`${job.date}T12:00:00Z`);
  const payRate = Math.round((rate[0] + rng.next() * (rate[1] - rate[0])) * 4) / 4;
  const role: Role = {
    id: season.store.newId(),
    jobId: job.id,
    uniqueId: null,
    title: shift.roleType,
    roleTypeId: season.roleTypeIds.get(shift.roleType) ?? null,
    startUtc: isoAt(startMs),
    endUtc: isoAt(startMs + shift.hours * HOUR_MS),
    quantity: 0,
    payType: 'HOURLY',
    payRate,
    storedBreakMinutes: shift.breakMinutes,
    total: 0,
    requirements: requirementsOf(season, shift),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
  season.store.roles.set(role.id, role);
  return role;
}

function requirementsOf(season: SeasonContext, shift: SeasonShift): StoredRequirements {
  const requirements = emptyRequirements();
  const roleTypeId = season.roleTypeIds.get(shift.roleType);
  if (roleTypeId) requirements.roleType = { roleTypeId, condition: 'EQUAL' };
  if (shift.minAge) requirements.ageRestriction = { minAge: shift.minAge, maxAge: null };
  const languages = season.dataTypeIds.get('Languages');
  if (shift.languages && languages)
    requirements.dataType.push({ dataTypeId: languages, optionNames: shift.languages, condition: 'ANY' });
  return requirements;
}

/** Whole places per role summing to exactly `total`, at least 1 each, by weight with a little jitter. */
function spread(rng: Rng, total: number, weights: number[]): number[] {
  return apportion(
    total,
    weights.map((weight) => weight * (0.75 + rng.next() * 0.5)),
  );
}

/** Which of each role's places stay open: `open` of all the week's places, drawn at random. */
function openPlaces(rng: Rng, quantities: number[], open: number): number[] {
  const places = quantities.flatMap((quantity, index) => Array.from({ length: quantity }, () => index));
  const openPerRole = quantities.map(() => 0);
  for (const index of rng.sample(places, open)) openPerRole[index] = (openPerRole[index] ?? 0) + 1;
  return openPerRole;
}

/**
 * Books the week's filled places, one role each for half of the crew: people who hold the role's
 * type first, anyone left after them; then about one open place in ten gets an application or
 * an invitation from someone not booked that week.
 */
function bookWeek(season: SeasonContext, roles: Role[], openPerRole: number[], crew: Crew[]): void {
  const { rng } = season;
  const queue = rng.sample(crew, crew.length);
  const booked = new Set<number>();
  roles.forEach((role, index) => {
    const open = openPerRole[index] ?? 0;
    for (const crewId of pickUnbooked(queue, booked, role.roleTypeId, role.quantity - open)) {
      booked.add(crewId);
      addCrewJob(season, role, crewId, 'BOOKED');
    }
    const free = queue.filter((member) => !booked.has(member.id));
    for (const member of rng.sample(free, Math.floor(open / 10) + rng.int(0, 1)))
      addCrewJob(season, role, member.id, rng.pick(['APPLIED', 'INVITED', 'SHORTLISTED'] as const));
  });
}

function pickUnbooked(
  queue: Crew[],
  booked: Set<number>,
  roleTypeId: string | null,
  count: number,
): number[] {
  const chosen: number[] = [];
  const others: number[] = [];
  for (const member of queue) {
    if (chosen.length >= count) break;
    if (booked.has(member.id)) continue;
    if (roleTypeId !== null && member.roleTypeIds.includes(roleTypeId)) chosen.push(member.id);
    else if (others.length < count) others.push(member.id);
  }
  return [...chosen, ...others].slice(0, count);
}

function minutesOf(role: Role): number {
  return (Date.parse(role.endUtc) - Date.parse(role.startUtc)) / 60_000;
}

function addCrewJob(
  season: SeasonContext,
  role: Role,
  crewId: number,
  status: 'BOOKED' | 'APPLIED' | 'INVITED' | 'SHORTLISTED',
): void {
  const id = season.store.newId();
  season.store.crewJobs.set(id, {
    id,
    roleId: role.id,
    crewId,
    status,
    attendance: 'PENDING',
    updatedAt: role.updatedAt,
  });
}
