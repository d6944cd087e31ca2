// Deterministic demo data for the sandbox: one company ("company-1") with boards in four
// timezones (DST north and south, a half-hour offset), profiles with own and inherited global
// data types, 260 crew with answers, leavers, and jobs over the 60 days around `today` with
// roles, requirements and crew jobs. The only randomness is a seeded PRNG, so the same seed
// and today give identical data; no timestamp depends on the real clock.

import { DateTime } from 'luxon';
import { BREAK_FIX_DATE, payTotal } from './graphql/rules/pay.js';
import { emptyRequirements } from './graphql/rules/requirements.js';
import { wallClockToUtc } from './graphql/rules/wall-clock.js';
import {
  ATTENDANCES,
  type Attendance,
  type Board,
  CREW_JOB_STATUSES,
  type Crew,
  type CrewJobStatus,
  type CrewStatus,
  type DataType,
  type DTType,
  type Job,
  type Role,
  type SandboxStore,
  type StoredRequirements,
} from './store.js';

export const SEED_COMPANY_ID = 'company-1';
export const SEED_CREW_COUNT = 260;
export const SEED_LEAVER_COUNT = 12;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** mulberry32: small, fast, good enough for demo data, and reproducible everywhere. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0)
      chosen.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0] as T);
    return chosen;
  }
  weighted<T extends string>(weights: Record<T, number>): T {
    const entries = Object.entries(weights) as [T, number][];
    let roll = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
}

// ------------------------------------------------------------------------------ catalogue

interface DataTypeSpec {
  title: string;
  type: DTType;
  uniqueId?: string;
  options?: string[];
}

const GLOBAL_DATA_TYPES: DataTypeSpec[] = [
  { title: 'Date of birth', type: 'DATE', uniqueId: 'date_of_birth' },
  { title: 'Right to work checked', type: 'BOOLEAN' },
  {
    title: 'Languages',
    type: 'MULTIPLE_CHOICE',
    uniqueId: 'languages',
    options: ['English', 'Spanish', 'French', 'German', 'Hindi', 'Mandarin', 'Arabic'],
  },
  { title: 'T-shirt size', type: 'SINGLE_CHOICE', options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
  { title: 'Reliability score', type: 'SCORING', uniqueId: 'reliability_score' },
  { title: 'Emergency contact', type: 'TEXT' },
  { title: 'Photo ID', type: 'FILE', uniqueId: 'photo_id' },
  { title: 'Height (cm)', type: 'NUMBER' },
];

interface ProfileSpec {
  name: string;
  dataTypes: DataTypeSpec[];
}

const PROFILES: ProfileSpec[] = [
  {
    name: 'Hospitality',
    dataTypes: [
      { title: 'Years behind a bar', type: 'NUMBER', uniqueId: 'bar_years' },
      // "Certifications" also exists in Security: a title lookup for it is ambiguous on purpose.
      {
        title: 'Certifications',
        type: 'MULTIPLE_CHOICE',
        options: ['Food Hygiene Level 2', 'Personal Licence', 'Allergen Awareness', 'Barista'],
      },
      { title: 'Food hygiene certificate', type: 'FILE' },
      { title: 'Service score', type: 'SCORING' },
      { title: 'Knows the cocktail menu', type: 'BOOLEAN' },
    ],
  },
  {
    name: 'Security',
    dataTypes: [
      { title: 'SIA licence number', type: 'TEXT', uniqueId: 'sia_licence' },
      { title: 'SIA licence expiry', type: 'DATE' },
      {
        title: 'Certifications',
        type: 'MULTIPLE_CHOICE',
        options: ['SIA Door Supervisor', 'SIA CCTV', 'First Aid at Work', 'Conflict Management'],
      },
      {
        title: 'Licence level',
        type: 'SINGLE_CHOICE',
        options: ['Security Guard', 'Door Supervisor', 'Close Protection'],
      },
    ],
  },
  {
    name: 'Drivers',
    dataTypes: [
      {
        title: 'Licence categories',
        type: 'MULTIPLE_CHOICE',
        uniqueId: 'licence_categories',
        options: ['B', 'BE', 'C1', 'C', 'D1', 'D'],
      },
      { title: 'Years driving', type: 'NUMBER' },
      { title: 'Clean licence', type: 'BOOLEAN' },
      { title: 'Driving licence scan', type: 'FILE' },
      { title: 'Driving assessment', type: 'SCORING' },
    ],
  },
  {
    name: 'Event staff',
    dataTypes: [
      { title: 'Previous events', type: 'TEXT' },
      { title: 'Steward level', type: 'SINGLE_CHOICE', options: ['Level 1', 'Level 2', 'Supervisor'] },
      { title: 'Crowd safety score', type: 'SCORING' },
      { title: 'Available from', type: 'DATE' },
    ],
  },
];

const ROLE_TYPES = [
  'Bartender',
  'Waiter',
  'Chef',
  'Security Officer',
  'Door Supervisor',
  'Driver',
  'Event Steward',
  'Team Leader',
];

interface Region {
  board: string;
  timezone: string;
  country: string;
  cities: { city: string; postcodes: string[] }[];
  streets: string[];
  firstNames: string[];
  lastNames: string[];
  phone: (rng: Rng) => string;
  hourlyRate: [number, number];
  venues: string[];
}

const digits = (rng: Rng, count: number) => Array.from({ length: count }, () => rng.int(0, 9)).join('');

const REGIONS: Region[] = [
  {
    board: 'London Events',
    timezone: 'Europe/London',
    country: 'United Kingdom',
    cities: [
      { city: 'London', postcodes: ['E1 6AN', 'SE1 9SG', 'N1 9GU', 'W2 1HB', 'SW11 4NJ'] },
      { city: 'Manchester', postcodes: ['M1 1AE', 'M4 6WX'] },
      { city: 'Brighton', postcodes: ['BN1 1AE', 'BN2 0GY'] },
    ],
    streets: [
      'High Street',
      'Station Road',
      'Church Lane',
      'Victoria Road',
      'Mill Lane',
      'Kings Road',
      'Queens Avenue',
    ],
    firstNames: [
      'Oliver',
      'Amelia',
      'George',
      'Isla',
      'Harry',
      'Ava',
      'Noah',
      'Mia',
      'Jack',
      'Sophie',
      'Aisha',
      'Mohammed',
      'Chloe',
      'Callum',
      'Niamh',
      'Priya',
    ],
    lastNames: [
      'Smith',
      'Jones',
      'Taylor',
      'Brown',
      'Williams',
      'Wilson',
      'Evans',
      'Khan',
      'Patel',
      "O'Brien",
      'Hughes',
      'Walker',
      'Robinson',
      'Clarke',
    ],
    phone: (rng) => `+44 7${digits(rng, 3)} ${digits(rng, 6)}`,
    hourlyRate: [12, 24],
    venues: ['ExCeL London', 'The O2 Arena', 'Olympia London', 'Alexandra Palace', 'Tobacco Dock'],
  },
  {
    board: 'New York Venues',
    timezone: 'America/New_York',
    country: 'United States',
    cities: [
      { city: 'New York', postcodes: ['10001', '10013', '10019', '10036'] },
      { city: 'Brooklyn', postcodes: ['11201', '11211'] },
      { city: 'Jersey City', postcodes: ['07302'] },
    ],
    streets: [
      'Broadway',
      'Main Street',
      'Park Avenue',
      'Atlantic Avenue',
      'Bedford Avenue',
      'Madison Avenue',
    ],
    firstNames: [
      'Liam',
      'Emma',
      'Ethan',
      'Olivia',
      'Mason',
      'Sofia',
      'Lucas',
      'Harper',
      'Mateo',
      'Zoe',
      'Jamal',
      'Keisha',
      'Daniel',
      'Grace',
      'Carlos',
      'Mei',
    ],
    lastNames: [
      'Johnson',
      'Garcia',
      'Miller',
      'Davis',
      'Rodriguez',
      'Martinez',
      'Lee',
      'Nguyen',
      'Thompson',
      'Washington',
      'Kim',
      'Rivera',
      'Cohen',
      'Murphy',
    ],
    phone: (rng) => `+1 (${rng.pick(['212', '646', '718', '917'])}) ${digits(rng, 3)}-${digits(rng, 4)}`,
    hourlyRate: [17, 35],
    venues: ['Javits Center', 'Madison Square Garden', 'Brooklyn Navy Yard', 'Pier 36', 'Barclays Center'],
  },
  {
    board: 'Sydney Harbour',
    timezone: 'Australia/Sydney',
    country: 'Australia',
    cities: [
      { city: 'Sydney', postcodes: ['2000', '2010', '2026', '2060'] },
      { city: 'Parramatta', postcodes: ['2150'] },
      { city: 'Newcastle', postcodes: ['2300'] },
    ],
    streets: [
      'George Street',
      'Pitt Street',
      'Oxford Street',
      'Crown Street',
      'Military Road',
      'Church Street',
    ],
    firstNames: [
      'Charlotte',
      'Jack',
      'Matilda',
      'William',
      'Ruby',
      'Thomas',
      'Chloe',
      'Lachlan',
      'Isabella',
      'Cooper',
      'Mia',
      'Hamish',
      'Ngaio',
      'Tahlia',
    ],
    lastNames: [
      'Smith',
      'Nguyen',
      'Wilson',
      'Anderson',
      'Mitchell',
      'Kelly',
      'Campbell',
      'Tran',
      'Harris',
      'Ryan',
      'Chen',
      'Martin',
      'Stewart',
    ],
    phone: (rng) => `+61 4${digits(rng, 2)} ${digits(rng, 3)} ${digits(rng, 3)}`,
    hourlyRate: [26, 45],
    venues: [
      'ICC Sydney',
      'Sydney Showground',
      'Carriageworks',
      'Overseas Passenger Terminal',
      'Hordern Pavilion',
    ],
  },
  {
    board: 'Mumbai Conferences',
    timezone: 'Asia/Kolkata',
    country: 'India',
    cities: [
      { city: 'Mumbai', postcodes: ['400001', '400050', '400051', '400076'] },
      { city: 'Pune', postcodes: ['411001'] },
      { city: 'Thane', postcodes: ['400601'] },
    ],
    streets: ['Marine Drive', 'Linking Road', 'Hill Road', 'MG Road', 'Carter Road', 'SV Road'],
    firstNames: [
      'Aarav',
      'Ananya',
      'Vivaan',
      'Diya',
      'Arjun',
      'Saanvi',
      'Rohan',
      'Isha',
      'Kabir',
      'Meera',
      'Rahul',
      'Pooja',
      'Farhan',
      'Zara',
    ],
    lastNames: [
      'Sharma',
      'Patel',
      'Iyer',
      'Reddy',
      'Nair',
      'Gupta',
      'Desai',
      'Mehta',
      'Kulkarni',
      'Fernandes',
      'Singh',
      'Joshi',
      'Shaikh',
    ],
    phone: (rng) => `+91 9${digits(rng, 4)} ${digits(rng, 5)}`,
    hourlyRate: [250, 900],
    venues: ['Jio World Centre', 'Bombay Exhibition Centre', 'NSCI Dome', 'Taj Lands End', 'Nehru Centre'],
  },
];

const EVENT_TITLES = [
  'Winter Gala Dinner',
  'Stadium Concert',
  'Corporate Conference',
  'Christmas Market',
  'Food Festival',
  'Charity Ball',
  'Product Launch',
  'Wedding Reception',
  'Trade Show',
  'Marathon Support',
  'Awards Night',
  'Music Festival',
];
const LEAVE_REASONS = ['Moved away', 'Found full-time work', 'Returned to study', 'Personal reasons', null];

// ------------------------------------------------------------------------------ seeding

interface SeedContext {
  store: SandboxStore;
  rng: Rng;
  today: string;
  todayMs: number;
  companyId: string;
}

export function seedStore(store: SandboxStore, options: { today: string; seed: number }): void {
  const todayMs = Date.parse(`${options.today}T00:00:00Z`);
  if (Number.isNaN(todayMs)) throw new Error(`today must be YYYY-MM-DD (got ${options.today})`);
  const ctx: SeedContext = {
    store,
    rng: new Rng(options.seed),
    today: options.today,
    todayMs,
    companyId: SEED_COMPANY_ID,
  };
  const boards = seedBoards(ctx);
  const roleTypeIds = ROLE_TYPES.map((name) => {
    const id = store.newId();
    store.roleTypes.set(id, { id, companyId: ctx.companyId, name });
    return id;
  });
  const profileIds = seedProfiles(ctx);
  for (let i = 0; i < SEED_CREW_COUNT; i++) seedCrewMember(ctx, profileIds, roleTypeIds);
  for (let i = 0; i < SEED_LEAVER_COUNT; i++) seedLeaver(ctx);
  seedJobs(ctx, boards, roleTypeIds, profileIds);
  ensureEveryCrewJobState(ctx);
}

function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

function seedBoards(ctx: SeedContext): Board[] {
  return REGIONS.map((region) => {
    const board: Board = {
      id: ctx.store.newId(),
      companyId: ctx.companyId,
      name: region.board,
      timezone: region.timezone,
    };
    ctx.store.boards.set(board.id, board);
    return board;
  });
}

function seedProfiles(ctx: SeedContext): string[] {
  const { store, companyId } = ctx;
  const globalSection = { id: store.newId(), companyId, name: 'Company-wide', global: true };
  store.sections.set(globalSection.id, globalSection);
  addDataTypes(ctx, globalSection.id, true, GLOBAL_DATA_TYPES);
  const profileIds = PROFILES.map((spec) => {
    const section = { id: store.newId(), companyId, name: `${spec.name} profile`, global: false };
    store.sections.set(section.id, section);
    const profile = {
      id: store.newId(),
      companyId,
      name: spec.name,
      sectionId: section.id,
      globalSectionIds: [globalSection.id],
    };
    store.profiles.set(profile.id, profile);
    addDataTypes(ctx, section.id, false, spec.dataTypes);
    return profile.id;
  });
  const defaultProfileId = profileIds[PROFILES.findIndex((p) => p.name === 'Event staff')]!;
  store.companies.set(companyId, { id: companyId, name: 'Northwind Crew Co.', defaultProfileId });
  return profileIds;
}

function addDataTypes(ctx: SeedContext, sectionId: string, global: boolean, specs: DataTypeSpec[]): void {
  for (const spec of specs) {
    const dataType: DataType = {
      id: ctx.store.newId(),
      companyId: ctx.companyId,
      sectionId,
      uniqueId: spec.uniqueId ?? null,
      title: spec.title,
      type: spec.type,
      global,
      options: (spec.options ?? []).map((name) => ({ id: ctx.store.newId(), name })),
    };
    ctx.store.dataTypes.set(dataType.id, dataType);
  }
}

const CREW_STATUS_WEIGHTS: Record<CrewStatus, number> = {
  ACTIVE: 60,
  APPROVED: 14,
  INVITED: 5,
  APPLICANT: 5,
  INACTIVE: 5,
  SUSPENDED: 3,
  WAITING_LIST: 4,
  DELETED: 2,
};

function asciiName(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

function seedCrewMember(ctx: SeedContext, profileIds: string[], roleTypeIds: string[]): Crew {
  const { store, rng } = ctx;
  const region = rng.pick(REGIONS);
  const id = store.newCrewId();
  const firstName = rng.pick(region.firstNames);
  const lastName = rng.pick(region.lastNames);
  const place = rng.pick(region.cities);
  const createdMs = ctx.todayMs - rng.int(30, 900) * DAY_MS + rng.int(8, 18) * HOUR_MS;
  const updatedMs = Math.min(ctx.todayMs - HOUR_MS, createdMs + rng.int(0, 400) * DAY_MS);
  const crew: Crew = {
    id,
    companyId: ctx.companyId,
    uniqueId: rng.chance(0.4) ? `EMP-${String(1000 + id)}` : null,
    firstName,
    lastName,
    email: `${asciiName(firstName)}.${asciiName(lastName)}${id}@${rng.pick(['example.com', 'example.net', 'example.org'])}`,
    phone: rng.chance(0.95) ? region.phone(rng) : null,
    status: id === 1 ? 'ACTIVE' : rng.weighted(CREW_STATUS_WEIGHTS),
    address: {
      line1: `${rng.int(1, 240)} ${rng.pick(region.streets)}`,
      line2: rng.chance(0.2) ? `Flat ${rng.int(1, 40)}` : null,
      city: place.city,
      postcode: rng.pick(place.postcodes),
      country: region.country,
    },
    roleTypeIds: rng.sample(roleTypeIds, rng.int(1, 3)),
    profileIds: rng.sample(profileIds, rng.chance(0.55) ? 1 : 2),
    answers: new Map(),
    createdAt: isoAt(createdMs),
    updatedAt: isoAt(updatedMs),
  };
  const seen = new Set<string>();
  for (const profileId of crew.profileIds) {
    for (const dataType of store.profileDataTypes(store.profiles.get(profileId)!)) {
      if (seen.has(dataType.id)) continue;
      seen.add(dataType.id);
      // The first crew member answers everything, so examples always have every kind of answer.
      if (id !== 1 && !rng.chance(0.8)) continue;
      seedAnswer(ctx, crew, dataType, updatedMs);
    }
  }
  store.crew.set(id, crew);
  return crew;
}

function seedAnswer(ctx: SeedContext, crew: Crew, dataType: DataType, updatedMs: number): void {
  const { rng } = ctx;
  const answer = {
    value: null as string | null,
    optionNames: [] as string[],
    verifiedOptionNames: [] as string[],
    score: null as number | null,
    updatedAt: isoAt(updatedMs),
  };
  const dateFrom = (fromDays: number, toDays: number) =>
    isoAt(ctx.todayMs + rng.int(fromDays, toDays) * DAY_MS).slice(0, 10);
  switch (dataType.type) {
    case 'TEXT':
      answer.value = dataType.title.startsWith('SIA')
        ? digits(rng, 16)
        : dataType.title === 'Emergency contact'
          ? `${rng.pick(['Partner', 'Parent', 'Sibling', 'Friend'])}: ${rng.pick(['Sam', 'Alex', 'Jo', 'Chris'])} ${crew.lastName}`
          : `${rng.pick(EVENT_TITLES)} ${2020 + rng.int(0, 5)}, ${rng.pick(EVENT_TITLES)}`;
      break;
    case 'NUMBER':
      answer.value = String(dataType.title.startsWith('Height') ? rng.int(150, 200) : rng.int(0, 20));
      break;
    case 'DATE':
      answer.value = dataType.title === 'Date of birth' ? dateFrom(-22000, -6600) : dateFrom(-30, 900);
      break;
    case 'BOOLEAN':
      answer.value = rng.chance(0.8) ? 'true' : 'false';
      break;
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const count = dataType.type === 'SINGLE_CHOICE' ? 1 : rng.int(1, Math.min(3, dataType.options.length));
      answer.optionNames = rng.sample(dataType.options, count).map((o) => o.name);
      // Some chosen options are verified by an admin, some not (requirements match verified ones).
      answer.verifiedOptionNames = answer.optionNames.filter((_, i) =>
        crew.id === 1 ? i === 0 : rng.chance(0.6),
      );
      break;
    }
    case 'SCORING':
      answer.score = Math.round((40 + rng.next() * 60) * 10) / 10;
      break;
    case 'FILE': {
      const name = `${asciiName(dataType.title)}-${crew.id}.${rng.pick(['pdf', 'jpg', 'png'])}`;
      const mimeType = name.endsWith('pdf')
        ? 'application/pdf'
        : name.endsWith('png')
          ? 'image/png'
          : 'image/jpeg';
      const content = Buffer.from(`sandbox file ${name}`);
      const id = ctx.store.newFileId();
      ctx.store.files.set(id, {
        id,
        crewId: crew.id,
        name,
        mimeType,
        size: content.length,
        dataTypeId: dataType.id,
        createdAt: answer.updatedAt,
        content,
      });
      answer.value = name;
      break;
    }
  }
  crew.answers.set(dataType.id, answer);
}

function seedLeaver(ctx: SeedContext): void {
  const { rng } = ctx;
  const region = rng.pick(REGIONS);
  const crewId = ctx.store.newCrewId();
  const firstName = rng.pick(region.firstNames);
  const lastName = rng.pick(region.lastNames);
  ctx.store.leavers.push({
    crewId,
    companyId: ctx.companyId,
    firstName,
    lastName,
    email: `${asciiName(firstName)}.${asciiName(lastName)}${crewId}@example.com`,
    leftAt: isoAt(ctx.todayMs - rng.int(1, 180) * DAY_MS + rng.int(9, 17) * HOUR_MS),
    reason: rng.pick(LEAVE_REASONS),
  });
}

// ------------------------------------------------------------------------------ jobs

interface JobPlan {
  board: Board;
  date: string;
  title: string;
  multiDayJobId: string | null;
  /** Force roles that cross a DST change (starting 00:30 local). */
  dstDay?: boolean;
  showcase?: boolean;
}

function dateOffset(ctx: SeedContext, days: number): string {
  return isoAt(ctx.todayMs + days * DAY_MS).slice(0, 10);
}

function seedJobs(ctx: SeedContext, boards: Board[], roleTypeIds: string[], profileIds: string[]): void {
  const { rng } = ctx;
  const plans: JobPlan[] = [];
  for (let day = -30; day <= 30; day++) {
    for (const board of boards) {
      if (rng.chance(0.4))
        plans.push({ board, date: dateOffset(ctx, day), title: rng.pick(EVENT_TITLES), multiDayJobId: null });
    }
  }
  // Multi-day jobs: 2-4 consecutive days on one board, in the board's timezone.
  for (let group = 0; group < 8; group++) {
    const board = rng.pick(boards);
    const start = rng.int(-30, 27);
    const length = rng.int(2, 4);
    const multiDayJobId = ctx.store.newId();
    const title = `${rng.pick(EVENT_TITLES)} (multi-day)`;
    for (let day = start; day < Math.min(start + length, 31); day++) {
      plans.push({ board, date: dateOffset(ctx, day), title, multiDayJobId });
    }
  }
  // A job on every DST-change day inside the window, with roles crossing the change.
  for (const board of boards) {
    for (let day = -30; day <= 30; day++) {
      const date = dateOffset(ctx, day);
      const start = DateTime.fromISO(date, { zone: board.timezone }).startOf('day');
      if (start.offset !== start.plus({ days: 1 }).offset) {
        plans.push({ board, date, title: 'Overnight Clock-change Party', multiDayJobId: null, dstDay: true });
      }
    }
  }
  plans.push({
    board: boards[0]!,
    date: dateOffset(ctx, 7),
    title: 'Requirements Showcase',
    multiDayJobId: null,
    showcase: true,
  });
  plans.sort((a, b) => a.date.localeCompare(b.date));
  for (const plan of plans) seedJob(ctx, plan, roleTypeIds, profileIds);
}

function seedJob(ctx: SeedContext, plan: JobPlan, roleTypeIds: string[], profileIds: string[]): void {
  const { store, rng } = ctx;
  const region = REGIONS.find((r) => r.timezone === plan.board.timezone)!;
  const job: Job = {
    id: store.newId(),
    companyId: ctx.companyId,
    boardId: plan.board.id,
    uniqueId: rng.chance(0.3) ? `EV-${plan.date.replaceAll('-', '')}-${rng.int(100, 999)}` : null,
    title: plan.title,
    date: plan.date,
    timezone: plan.board.timezone,
    multiDayJobId: plan.multiDayJobId,
    location: rng.pick(region.venues),
    roleIds: [],
    createdAt: '',
    updatedAt: '',
  };
  const roleCount = plan.showcase ? 1 : rng.int(1, 3);
  const roles: Role[] = [];
  for (let i = 0; i < roleCount; i++) roles.push(seedRole(ctx, job, plan, region, roleTypeIds, profileIds));
  job.roleIds = roles.map((r) => r.id);
  job.createdAt = roles.map((r) => r.createdAt).sort()[0]!;
  job.updatedAt = roles
    .map((r) => r.updatedAt)
    .sort()
    .at(-1)!;
  store.jobs.set(job.id, job);
}

function seedRole(
  ctx: SeedContext,
  job: Job,
  plan: JobPlan,
  region: Region,
  roleTypeIds: string[],
  profileIds: string[],
): Role {
  const { store, rng } = ctx;
  const [y, m, d] = job.date.split('-').map(Number) as [number, number, number];
  const hour = plan.dstDay ? 0 : rng.int(6, 20);
  const minute = plan.dstDay ? 30 : rng.pick([0, 30]);
  let start = wallClockToUtc({ year: y, month: m, day: d, hour, minute, second: 0 }, job.timezone);
  if (!start.ok)
    start = wallClockToUtc({ year: y, month: m, day: d, hour: hour + 1, minute, second: 0 }, job.timezone);
  const startMs = start.ok ? start.utcMs : Date.parse(`${job.date}T12:00:00Z`);
  const durationMinutes = plan.dstDay ? 6 * 60 : rng.int(8, 20) * 30;
  const endMs = startMs + durationMinutes * 60_000;
  const roleTypeIndex = rng.int(0, roleTypeIds.length - 1);
  const payType = rng.chance(0.85) ? 'HOURLY' : 'FIXED';
  const payRate =
    payType === 'HOURLY'
      ? Math.round((region.hourlyRate[0] + rng.next() * (region.hourlyRate[1] - region.hourlyRate[0])) * 4) /
        4
      : rng.int(12, 45) * 10;
  const legacy = rng.chance(0.3);
  const breakMinutes = rng.pick(legacy ? [15, 30, 30, 45, 60] : [0, 15, 30, 30, 45, 60]);
  const createdMs = legacy ? roleCreatedBeforeFix(ctx) : roleCreatedAfterFix(ctx, job.date);
  const updatedMs = Math.max(createdMs, Math.min(ctx.todayMs - HOUR_MS, createdMs + rng.int(0, 10) * DAY_MS));
  const role: Role = {
    id: store.newId(),
    jobId: job.id,
    uniqueId: rng.chance(0.2) ? `R-${job.id}-${rng.int(10, 99)}` : null,
    title: ROLE_TYPES[roleTypeIndex]!,
    roleTypeId: rng.chance(0.85) ? roleTypeIds[roleTypeIndex]! : null,
    startUtc: isoAt(startMs),
    endUtc: isoAt(endMs),
    quantity: rng.int(1, 6),
    payType,
    payRate,
    storedBreakMinutes: breakMinutes,
    // Legacy roles too: their total counted the break that the API now hides (§4.4 rule 7).
    total: payTotal(payType, payRate, durationMinutes, breakMinutes),
    requirements: plan.showcase
      ? showcaseRequirements(ctx, roleTypeIds, profileIds)
      : randomRequirements(ctx, roleTypeIds, profileIds, legacy),
    createdAt: isoAt(createdMs),
    updatedAt: isoAt(updatedMs),
  };
  store.roles.set(role.id, role);
  seedCrewJobs(ctx, job, role);
  return role;
}

function roleCreatedBeforeFix(ctx: SeedContext): number {
  return Date.parse(BREAK_FIX_DATE) - ctx.rng.int(1, 40) * DAY_MS - ctx.rng.int(1, 12) * HOUR_MS;
}

function roleCreatedAfterFix(ctx: SeedContext, jobDate: string): number {
  const from = Date.parse(BREAK_FIX_DATE) + HOUR_MS;
  const until = Math.max(from, Math.min(ctx.todayMs - HOUR_MS, Date.parse(`${jobDate}T00:00:00Z`) - DAY_MS));
  return from + Math.floor(ctx.rng.next() * (until - from));
}

function dataTypeByTitle(ctx: SeedContext, title: string): DataType {
  return [...ctx.store.dataTypes.values()].find((dt) => dt.title === title)!;
}

function randomRequirements(
  ctx: SeedContext,
  roleTypeIds: string[],
  profileIds: string[],
  legacy: boolean,
): StoredRequirements {
  const { rng } = ctx;
  const requirements = emptyRequirements();
  if (rng.chance(0.3)) requirements.ageRestriction = { minAge: 18, maxAge: rng.chance(0.3) ? 65 : null };
  if (rng.chance(0.2)) {
    const [title, options, condition] = rng.pick([
      ['Languages', ['English', 'Spanish'], 'ANY'],
      ['Licence categories', ['C1'], 'ALL'],
      ['T-shirt size', ['XXL'], 'NONE'],
    ] as const);
    requirements.dataType.push({
      dataTypeId: dataTypeByTitle(ctx, title).id,
      optionNames: [...options],
      condition,
    });
  }
  if (rng.chance(0.25))
    requirements.distanceRestriction = { maxDistanceKm: rng.int(10, 80) + rng.pick([0, 0.5]) };
  if (rng.chance(0.05)) requirements.genderRestriction = { genders: [rng.pick(['FEMALE', 'MALE'] as const)] };
  if (rng.chance(0.2))
    requirements.profile = {
      profileIds: [rng.pick(profileIds)],
      condition: rng.pick(['ANY', 'NONE'] as const),
    };
  if (rng.chance(0.2))
    requirements.labels = [rng.pick(['VIP area', 'Outdoor', 'Backstage', 'Cash handling'])];
  if (rng.chance(0.3)) requirements.roleType = { roleTypeId: rng.pick(roleTypeIds), condition: 'EQUAL' };
  if (rng.chance(0.2)) requirements.tags = [rng.pick(['priority', 'returning-client', 'night-shift'])];
  // The deprecated skill kind survives only on old roles.
  if (legacy && rng.chance(0.2)) requirements.skills = [rng.pick(['Customer service', 'Cash handling'])];
  return requirements;
}

/** One role showing every requirement kind, so clients can see them all in the demo data. */
function showcaseRequirements(
  ctx: SeedContext,
  roleTypeIds: string[],
  profileIds: string[],
): StoredRequirements {
  return {
    ageRestriction: { minAge: 18, maxAge: 70 },
    dataType: [
      {
        dataTypeId: dataTypeByTitle(ctx, 'Languages').id,
        optionNames: ['English', 'French'],
        condition: 'ALL',
      },
      { dataTypeId: dataTypeByTitle(ctx, 'T-shirt size').id, optionNames: ['XS'], condition: 'NONE' },
    ],
    distanceRestriction: { maxDistanceKm: 32.5 },
    genderRestriction: { genders: ['FEMALE', 'OTHER'] },
    profile: { profileIds: [profileIds[0]!], condition: 'ANY' },
    labels: ['VIP area'],
    roleType: { roleTypeId: roleTypeIds[0]!, condition: 'EQUAL' },
    skills: [],
    tags: ['priority'],
  };
}

// ------------------------------------------------------------------------------ crew jobs

function seedCrewJobs(ctx: SeedContext, job: Job, role: Role): void {
  const { store, rng } = ctx;
  const jobDayMs = Date.parse(`${job.date}T00:00:00Z`);
  const when = jobDayMs < ctx.todayMs ? 'past' : jobDayMs === ctx.todayMs ? 'today' : 'future';
  const candidates = [...store.crew.values()].filter(
    (c) => c.status !== 'DELETED' && c.status !== 'SUSPENDED',
  );
  const people = rng.sample(candidates, Math.min(candidates.length, rng.int(0, role.quantity + 2)));
  people.forEach((crew, index) => {
    const { status, attendance } = crewJobState(rng, when, index < role.quantity);
    const id = store.newId();
    const updatedMs = Math.min(ctx.todayMs - HOUR_MS, Date.parse(role.createdAt) + rng.int(1, 30) * DAY_MS);
    store.crewJobs.set(id, {
      id,
      roleId: role.id,
      crewId: crew.id,
      status,
      attendance,
      updatedAt: isoAt(updatedMs),
    });
  });
}

function crewJobState(
  rng: Rng,
  when: 'past' | 'today' | 'future',
  inQuota: boolean,
): { status: CrewJobStatus; attendance: Attendance } {
  if (!inQuota) {
    return {
      status: rng.pick(['DECLINED', 'CANCELLED', 'REMOVED', 'WAITING_LIST'] as const),
      attendance: 'PENDING',
    };
  }
  if (when === 'past')
    return { status: 'BOOKED', attendance: rng.weighted({ CHECKED_OUT: 8, NO_SHOW: 1, CONFIRMED: 1 }) };
  if (when === 'today')
    return { status: 'BOOKED', attendance: rng.pick(['CHECKED_IN', 'CONFIRMED'] as const) };
  const status = rng.weighted({ BOOKED: 5, SHORTLISTED: 2, INVITED: 2, APPLIED: 2 });
  return { status, attendance: status === 'BOOKED' && rng.chance(0.6) ? 'CONFIRMED' : 'PENDING' };
}

/** Guarantee every status and attendance exists whatever the seed (tests and demos rely on it). */
function ensureEveryCrewJobState(ctx: SeedContext): void {
  const crewJobs = [...ctx.store.crewJobs.values()];
  const used = new Set(crewJobs.map((cj) => cj.status));
  CREW_JOB_STATUSES.filter((s) => !used.has(s)).forEach((status, i) => {
    const target = crewJobs[i * 7];
    if (target) target.status = status;
  });
  const attended = new Set(crewJobs.map((cj) => cj.attendance));
  ATTENDANCES.filter((a) => !attended.has(a)).forEach((attendance, i) => {
    const target = crewJobs[i * 7 + 3];
    if (target) target.attendance = attendance;
  });
}
