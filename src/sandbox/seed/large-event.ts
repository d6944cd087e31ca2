// A generated large event for planning runs (SandboxOptions.eventPlaces, `crew-mcp sandbox
// --event-places N`): one three-day multi-day job on the first board, starting two weeks after
// today, whose roles have exactly N open places in all. Each day has the same nine shifts of a
// festival (bars, security, doors, stewards, waiting, drivers, team leaders) with the
// requirements such roles carry (a role type, an age, languages, a driving licence), and shifts
// that end late enough that the next morning's breaks the 10-hour rest. A few crew applied or
// were invited (nobody is BOOKED, so every place is open). It is generated after the rest of
// the seed (and any extra crew) from a PRNG of its own, so the default data stays as it is.

import { payTotal } from '../graphql/rules/pay.js';
import { emptyRequirements } from '../graphql/rules/requirements.js';
import { wallClockToUtc } from '../graphql/rules/wall-clock.js';
import type { Job, Role, StoredRequirements } from '../store.js';
import { apportion } from './apportion.js';
import type { ROLE_TYPES } from './catalogue.js';
import { DAY_MS, HOUR_MS, isoAt, type SeedContext } from './context.js';
import { REGIONS } from './regions.js';
import { Rng } from './rng.js';

/** Mixed into the seed so the event's draws never repeat the default seed's or the extra crew's. */
const LARGE_EVENT_SALT = 0x0e7e_2026;
export const LARGE_EVENT_TITLE = 'Harbour Lights Festival (generated)';
export const LARGE_EVENT_DAYS = 3;
/** Days from today to the event's first day. */
export const LARGE_EVENT_OFFSET_DAYS = 14;
export const MIN_EVENT_PLACES = 27;
export const MAX_EVENT_PLACES = 3_000;

interface Shift {
  roleType: (typeof ROLE_TYPES)[number];
  /** Local start hour (may be fractional) and length in hours. */
  start: number;
  hours: number;
  breakMinutes: number;
  /** Share of the day's places. */
  weight: number;
  requirements: (ctx: SeedContext) => StoredRequirements;
}

function dataTypeId(ctx: SeedContext, title: string): string {
  return [...ctx.store.dataTypes.values()].find((dataType) => dataType.title === title)?.id ?? '';
}

function roleTypeId(ctx: SeedContext, title: string): string {
  return [...ctx.store.roleTypes.values()].find((roleType) => roleType.name === title)?.id ?? '';
}

function needs(options: {
  roleType?: string;
  minAge?: number;
  languages?: string[];
  licence?: string[];
}): (ctx: SeedContext) => StoredRequirements {
  return (ctx) => {
    const requirements = emptyRequirements();
    if (options.roleType)
      requirements.roleType = { roleTypeId: roleTypeId(ctx, options.roleType), condition: 'EQUAL' };
    if (options.minAge) requirements.ageRestriction = { minAge: options.minAge, maxAge: null };
    if (options.languages)
      requirements.dataType.push({
        dataTypeId: dataTypeId(ctx, 'Languages'),
        optionNames: options.languages,
        condition: 'ANY',
      });
    if (options.licence)
      requirements.dataType.push({
        dataTypeId: dataTypeId(ctx, 'Licence categories'),
        optionNames: options.licence,
        condition: 'ANY',
      });
    return requirements;
  };
}

const SHIFTS: Shift[] = [
  {
    roleType: 'Bartender',
    start: 10,
    hours: 8,
    breakMinutes: 30,
    weight: 3,
    requirements: needs({ roleType: 'Bartender', minAge: 18 }),
  },
  {
    roleType: 'Bartender',
    start: 16,
    hours: 8,
    breakMinutes: 30,
    weight: 5,
    requirements: needs({ roleType: 'Bartender', minAge: 18 }),
  },
  {
    roleType: 'Security Officer',
    start: 8,
    hours: 12,
    breakMinutes: 60,
    weight: 4,
    requirements: needs({ roleType: 'Security Officer', minAge: 18 }),
  },
  {
    roleType: 'Door Supervisor',
    start: 18,
    hours: 8,
    breakMinutes: 30,
    weight: 3,
    requirements: needs({ roleType: 'Door Supervisor', minAge: 18 }),
  },
  {
    roleType: 'Event Steward',
    start: 7,
    hours: 8,
    breakMinutes: 30,
    weight: 4,
    requirements: needs({ roleType: 'Event Steward' }),
  },
  {
    roleType: 'Event Steward',
    start: 15,
    hours: 8,
    breakMinutes: 30,
    weight: 4,
    requirements: needs({ roleType: 'Event Steward' }),
  },
  {
    roleType: 'Waiter',
    start: 11,
    hours: 8,
    breakMinutes: 30,
    weight: 3,
    requirements: needs({ languages: ['English', 'Spanish'] }),
  },
  {
    roleType: 'Driver',
    start: 6,
    hours: 8,
    breakMinutes: 45,
    weight: 1,
    requirements: needs({ roleType: 'Driver', licence: ['B', 'BE'] }),
  },
  {
    roleType: 'Team Leader',
    start: 7.5,
    hours: 14,
    breakMinutes: 60,
    weight: 1,
    requirements: needs({ roleType: 'Team Leader', minAge: 21 }),
  },
];

/** Places per role (day by day, shift by shift) summing to exactly `places`, at least 1 each. */
export function eventQuantities(places: number): number[] {
  return apportion(
    places,
    Array.from({ length: LARGE_EVENT_DAYS }, () => SHIFTS.map((shift) => shift.weight)).flat(),
  );
}

export function seedLargeEvent(ctx: SeedContext, seed: number, places: number): void {
  const { store } = ctx;
  const rng = new Rng((seed ^ LARGE_EVENT_SALT) >>> 0);
  const board = [...store.boards.values()][0]!;
  const region = REGIONS.find((candidate) => candidate.timezone === board.timezone)!;
  const multiDayJobId = store.newId();
  const location = rng.pick(region.venues);
  const quantities = eventQuantities(places);
  const crewIds = [...store.crew.values()]
    .filter((crew) => crew.status === 'ACTIVE' || crew.status === 'APPROVED')
    .map((crew) => crew.id);
  const createdMs = ctx.todayMs - 20 * DAY_MS + 10 * HOUR_MS;
  for (let day = 0; day < LARGE_EVENT_DAYS; day++) {
    const date = isoAt(ctx.todayMs + (LARGE_EVENT_OFFSET_DAYS + day) * DAY_MS).slice(0, 10);
    const job: Job = {
      id: store.newId(),
      companyId: ctx.companyId,
      boardId: board.id,
      uniqueId: `EV-HLF-${day + 1}`,
      title: LARGE_EVENT_TITLE,
      date,
      timezone: board.timezone,
      multiDayJobId,
      location,
      roleIds: [],
      createdAt: isoAt(createdMs),
      updatedAt: isoAt(createdMs),
    };
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    SHIFTS.forEach((shift, index) => {
      const local = { year: y, month: m, day: d, hour: Math.floor(shift.start), second: 0 };
      const start = wallClockToUtc({ ...local, minute: (shift.start % 1) * 60 }, board.timezone);
      const startMs = start.ok ? start.utcMs : Date.parse(`${date}T12:00:00Z`);
      const payRate =
        Math.round((region.hourlyRate[0] + rng.next() * (region.hourlyRate[1] - region.hourlyRate[0])) * 4) /
        4;
      const role: Role = {
        id: store.newId(),
        jobId: job.id,
        uniqueId: null,
        title: shift.roleType,
        roleTypeId: roleTypeId(ctx, shift.roleType) || null,
        startUtc: isoAt(startMs),
        endUtc: isoAt(startMs + shift.hours * HOUR_MS),
        quantity: quantities[day * SHIFTS.length + index] ?? 1,
        payType: 'HOURLY',
        payRate,
        storedBreakMinutes: shift.breakMinutes,
        total: payTotal('HOURLY', payRate, shift.hours * 60, shift.breakMinutes),
        requirements: shift.requirements(ctx),
        createdAt: job.createdAt,
        updatedAt: job.updatedAt,
      };
      store.roles.set(role.id, role);
      job.roleIds.push(role.id);
      // About one in ten places has someone who applied or was invited (none is BOOKED).
      const people = rng.sample(
        crewIds,
        Math.min(crewIds.length, Math.floor(role.quantity / 10) + rng.int(0, 1)),
      );
      for (const crewId of people) {
        const id = store.newId();
        store.crewJobs.set(id, {
          id,
          roleId: role.id,
          crewId,
          status: rng.pick(['APPLIED', 'INVITED', 'SHORTLISTED'] as const),
          attendance: 'PENDING',
          updatedAt: job.updatedAt,
        });
      }
    });
    store.jobs.set(job.id, job);
  }
}
