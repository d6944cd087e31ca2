// The client-compatibility suite's tool calls, as data: one entry per registered tool (a test
// holds the table to tools/index.ts), each giving its calls from what the suite has learned of
// the seed (readSeed) and from this run's earlier answers. A new tool, or a new output field, is
// covered by an entry (or a call) here that makes the tool give it. Ids are passed on as the
// answers gave them, never written here: the suite stands whatever an id's JSON type.

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, the validators check their shape
export type Json = any;
export type Args = Record<string, unknown>;

/** A tool call whose answer is checked; resolves to its structuredContent. */
export type Call = (tool: string, args: Args) => Promise<Json>;

export interface SeedJob {
  id: Json;
  date: string;
  boardId: Json;
  roles: { id: Json; title: string }[];
  multiDayJobId?: Json;
}

/** What the suite learns of the seed through the tools themselves (readSeed). */
export interface Seed {
  jobs: SeedJob[];
  /** The seed's first and last job days. */
  from: string;
  to: string;
  /** Every Monday-Sunday week holding a job day. */
  weeks: { from: string; to: string }[];
  boardIds: Json[];
  multiDayJobIds: Json[];
  crewIds: Json[];
  fileIds: Json[];
  profile: { id: Json; dataType: { id: Json; title: string } };
  /** Job days after today, where plans and dry runs have something to work on. */
  futureJobs: SeedJob[];
  /** The pages a first listing said there are, by tool. */
  pages: Record<string, number>;
}

/** Earlier structuredContents of this run, by tool. */
export type Earlier = (tool: string) => Json[];

export interface Entry {
  tool: string;
  calls(seed: Seed, earlier: Earlier): Args[];
}

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const PAGE = 20;
const ALL_TIME = { from: '2000-01-01', to: '2099-12-31' };

/** The Monday-Sunday weeks from the one holding `from` to the one holding `to`. */
export function weeksOf(from: string, to: string): { from: string; to: string }[] {
  const monday = dayMs(from) - ((new Date(dayMs(from)).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks: { from: string; to: string }[] = [];
  for (let start = monday; start <= dayMs(to); start += 7 * DAY_MS)
    weeks.push({ from: day(start), to: day(start + 6 * DAY_MS) });
  return weeks;
}

/** Every page of a listing (the first one tells how many there are), at most `most`. */
async function pagesOf(call: Call, tool: string, args: Args, most: number): Promise<Json[]> {
  const first = await call(tool, { ...args, page: 1 });
  const count = Math.min(first.page.pageCount as number, most);
  const rest = [];
  for (const page of range(count).slice(1)) rest.push(await call(tool, { ...args, page }));
  return [first, ...rest];
}

/** The seed as the tools tell it: every job, a few pages of crew, their files, one profile. */
export async function readSeed(call: Call): Promise<Seed> {
  const jobPages = await pagesOf(call, 'list_jobs', { ...ALL_TIME, perPage: PAGE }, 50);
  const jobs: SeedJob[] = jobPages
    .flatMap((page) => page.jobs)
    .map((job: Json) => ({
      id: job.id,
      date: job.date,
      boardId: job.board.id,
      roles: job.roles.map((role: Json) => ({ id: role.id, title: role.title })),
      multiDayJobId: job.multiDayJobId,
    }));
  const days = jobs.map((job) => job.date).sort();
  const crewPages = await pagesOf(call, 'list_crew', { perPage: 25 }, 3);
  const crewIds = crewPages.flatMap((page) => page.crew.map((member: Json) => member.id));
  const files = [];
  for (const crewId of crewIds.slice(0, 4)) files.push(...(await call('list_crew_files', { crewId })).files);
  const member = (await call('get_crew', { crewId: crewIds[0] })).crew;
  const profile = member.profiles.find((one: Json) => one.dataTypes?.length > 0);
  const today = day(Date.now());
  return {
    jobs,
    from: days[0] as string,
    to: days.at(-1) as string,
    weeks: weeksOf(days[0] as string, days.at(-1) as string),
    boardIds: [...new Set(jobs.map((job) => job.boardId))],
    multiDayJobIds: [...new Set(jobs.flatMap((job) => (job.multiDayJobId ? [job.multiDayJobId] : [])))],
    crewIds,
    fileIds: files.map((file: Json) => file.id),
    profile: { id: profile.id, dataType: profile.dataTypes[0] },
    futureJobs: jobs.filter((job) => job.date > today),
    pages: { list_jobs: jobPages.length, list_crew: crewPages.length },
  };
}

/** One role of each title, on a future job where there is one. */
function rolePerTitle(seed: Seed): { jobId: Json; roleId: Json }[] {
  const chosen = new Map<string, { jobId: Json; roleId: Json }>();
  for (const job of [...seed.futureJobs, ...seed.jobs])
    for (const role of job.roles)
      if (!chosen.has(role.title)) chosen.set(role.title, { jobId: job.id, roleId: role.id });
  return [...chosen.values()];
}

/** The first week after today (with jobs on it, as the seed runs 30 days ahead). */
const nextWeek = (seed: Seed) => seed.weeks.find((week) => week.from > day(Date.now())) ?? seed.weeks.at(-1)!;

const EVERY_PENDING_STATUS = ['BOOKED', 'APPLIED', 'INVITED', 'SHORTLISTED'];

export const CALLS: readonly Entry[] = [
  {
    tool: 'list_jobs',
    calls: (seed) => [
      ...seed.boardIds.map((boardId) => ({ ...ALL_TIME, boardIds: [boardId], perPage: 10 })),
      ...seed.weeks.map((week) => ({ ...week, timezone: 'UTC', perPage: 10 })),
      { ...ALL_TIME, crewJobStatus: ['APPLIED'], perPage: 10, page: 2 },
      { jobIds: seed.jobs.slice(0, 5).map((job) => job.id) },
    ],
  },
  {
    tool: 'list_crew',
    calls: (seed) => [
      { search: 'a', perPage: 10, page: 2 },
      { status: ['APPROVED', 'INVITED'], perPage: 10 },
      { crewIds: seed.crewIds.slice(0, 5) },
      { updatedSince: '2000-01-01T00:00:00Z', perPage: 5, page: 3 },
    ],
  },
  {
    tool: 'get_crew',
    calls: (seed) => seed.crewIds.filter((_, index) => index % 7 === 0).map((crewId) => ({ crewId })),
  },
  {
    tool: 'list_crew_jobs',
    calls: (seed) => [
      ...range(3).map((page) => ({ perPage: 25, page })),
      { ...nextWeek(seed), status: EVERY_PENDING_STATUS, perPage: 50 },
      { crewIds: seed.crewIds.slice(0, 3) },
      { jobIds: seed.jobs.slice(0, 3).map((job) => job.id) },
    ],
  },
  { tool: 'list_leavers', calls: () => [...range(3).map((page) => ({ perPage: 4, page })), ALL_TIME] },
  { tool: 'list_crew_files', calls: (seed) => seed.crewIds.slice(4, 8).map((crewId) => ({ crewId })) },
  { tool: 'get_crew_file', calls: (seed) => seed.fileIds.slice(0, 5).map((fileId) => ({ fileId })) },
  { tool: 'list_events', calls: () => [{}, { types: ['job'], limit: 5 }] },
  { tool: 'list_webhooks', calls: () => [{}] },
  { tool: 'describe_schema', calls: () => [{}, { names: ['Job', 'Role', 'CompanyCrew'] }] },
  {
    tool: 'graphql_query',
    calls: (seed) => [
      { query: '{ __typename }' },
      {
        query:
          'query($input: CompanyJobsInput) { companyJobs(input: $input) { paginatedList { id title } } }',
        variables: { input: { filter: { jobIds: seed.jobs.slice(0, 2).map((job) => String(job.id)) } } },
      },
    ],
  },
  {
    tool: 'find_open_roles',
    calls: (seed) => [
      {},
      { from: seed.from, to: seed.to },
      ...seed.boardIds.map((boardId) => ({ ...nextWeek(seed), boardIds: [boardId] })),
      ...seed.multiDayJobIds.slice(0, 2).map((multiDayJobId) => ({ multiDayJobId })),
    ],
  },
  {
    tool: 'find_matching_crew',
    calls: (seed) => {
      const roles = rolePerTitle(seed);
      return [
        ...roles,
        { ...roles[0], crewIds: seed.crewIds.slice(0, 8), includeNearMisses: true },
        { ...roles[1], limit: 5, statuses: ['ACTIVE', 'APPROVED', 'INVITED'], includeNearMisses: true },
      ];
    },
  },
  {
    tool: 'plan_staffing',
    calls: (seed) => [
      ...seed.multiDayJobIds.map((multiDayJobId) => ({ multiDayJobId })),
      { boardIds: seed.boardIds, ...nextWeek(seed) },
      { jobIds: seed.futureJobs.slice(0, 3).map((job) => job.id), minRestHours: 12, maxShiftsPerDay: 2 },
    ],
  },
  {
    // A re-plan of the board-week plan without its first booked person: the answer of a kept plan.
    tool: 'plan_staffing',
    calls: (_, earlier) => {
      const plan = earlier('plan_staffing').find((answer) => answer.assignments?.length > 0);
      return plan ? [{ planId: plan.planId, exclude: [plan.assignments[0].crewId] }] : [];
    },
  },
  {
    // The plan view's pages of the plans above (app-only; the v1 client validates them alike).
    tool: 'plan_staffing_page',
    calls: (_, earlier) =>
      earlier('plan_staffing')
        .slice(0, 2)
        .map((plan) => ({ planId: plan.planId, offset: 0, limit: 50 })),
  },
  {
    tool: 'review_crew_schedule',
    calls: (seed) => [
      ...seed.weeks.map((week) => week),
      ...seed.weeks.map((week) => ({ ...week, statuses: EVERY_PENDING_STATUS, problemsOnly: true })),
      { ...nextWeek(seed), crewIds: seed.crewIds.slice(0, 5), minRestHours: 12 },
      ...seed.boardIds.map((boardId) => ({ ...nextWeek(seed), boardIds: [boardId], problemsOnly: true })),
    ],
  },
  {
    tool: 'create_jobs',
    calls: (seed) => {
      const { date, boardId } = seed.futureJobs[0] ?? seed.jobs[0]!;
      const role = { title: 'Waiter', startTime: `${date}T10:00`, endTime: `${date}T14:00`, quantity: 2 };
      return [{ jobs: [{ boardId, title: 'Compat check', date, roles: [role] }], dryRun: true }];
    },
  },
  {
    tool: 'update_jobs',
    calls: (seed) =>
      seed.futureJobs.slice(0, 2).map((job) => ({
        jobs: [{ id: job.id, title: 'Compat check', roles: [{ id: job.roles[0]!.id, quantity: 6 }] }],
        dryRun: true,
      })),
  },
  // The writes without a dry run change the suite's own sandbox only (a server per transport).
  {
    tool: 'create_crew',
    calls: () => [{ crew: [{ firstName: 'Compat', lastName: 'Check', email: 'compat.check@example.org' }] }],
  },
  {
    tool: 'update_crew',
    calls: (_, earlier) =>
      earlier('create_crew').flatMap((answer) =>
        answer.crew.map((member: Json) => ({ crewId: member.id, update: { phone: '+44 20 7946 0000' } })),
      ),
  },
  {
    tool: 'upload_crew_file',
    calls: (_, earlier) =>
      earlier('create_crew').flatMap((answer) =>
        answer.crew.map((member: Json) => ({
          crewId: member.id,
          contentBase64: Buffer.from('compatibility check').toString('base64'),
          name: 'compat-check.txt',
        })),
      ),
  },
  {
    tool: 'update_profile_data_types',
    calls: (seed) => [
      {
        profileId: seed.profile.id,
        dataTypes: [{ id: seed.profile.dataType.id, title: seed.profile.dataType.title }],
      },
    ],
  },
  { tool: 'create_webhook', calls: () => [{ url: 'http://127.0.0.1:9/compat', events: ['crew.created'] }] },
  { tool: 'list_webhooks', calls: () => [{}] },
  {
    tool: 'delete_webhook',
    calls: (_, earlier) => earlier('create_webhook').map((answer) => ({ id: answer.webhook.id })),
  },
];
