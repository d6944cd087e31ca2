// The staffing questions this product exists for, as a measured workload: each question, the
// tool calls that answer it (each call built from the seed's facts and the results so far), and
// what those results answer. test/tools/staffing-questions.test.ts runs every sequence against
// the sandbox and checks the answer against an independent evaluation; `npm run bench`
// (staffing.ts) reports calls, upstream requests and result tokens per question.
//
// The facts (which weekend, which role, which crew member) are picked from the seeded sandbox
// over GraphQL by fixed rules, so the questions read like a user's and stay deterministic.
import type { Client } from '@modelcontextprotocol/client';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import type { AnyResult } from '../helpers/mcp.js';
import { gqlEveryPage, type Json } from '../helpers/sandbox.js';
import { resultCost } from './tokens.js';

export interface ToolCall {
  tool: string;
  args: Record<string, unknown>;
}

export interface ToolAnswer {
  data: AnyResult;
  text: string;
  isError: boolean;
  tokens: number;
}

export interface RoleRef {
  jobId: string;
  roleId: string;
  title: string;
  date: string;
  timezone: string;
  startTime: string;
  endTime: string;
}

/** What the questions are about, picked from the seeded sandbox. */
export interface StaffingFacts {
  today: string;
  saturday: string;
  sunday: string;
  weekEnd: string;
  board: { id: string; name: string };
  /** A role on Saturday with checkable requirements and open places. */
  saturdayRole: RoleRef;
  /** A future role on which a crew member declined. */
  declined: { role: RoleRef; crewId: number; name: string };
  /** Up to three security posts in the coming week with open places. */
  securityPosts: RoleRef[];
  /** A crew member booked elsewhere at the time of `clashRole`. */
  busy: { crewId: number; name: string; clashRole: RoleRef };
  showcase: RoleRef;
  doorSupervisorRoleTypeId: string;
}

export interface StaffingQuestion<F = StaffingFacts> {
  id: string;
  ask(facts: F): string;
  /** The calls in order; each is built from the facts and the answers so far. */
  steps: ((facts: F, answers: ToolAnswer[]) => ToolCall)[];
  /** What the answers say, in a form the test compares with its own evaluation. */
  answer(facts: F, answers: ToolAnswer[]): unknown;
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
// Answers give every id as a string; the seed's facts hold crew ids as the platform's numbers.
const ids = (list: { crewId: string }[]) => list.map((entry) => Number(entry.crewId));

export const STAFFING_QUESTIONS: StaffingQuestion[] = [
  {
    id: 'who-can-work',
    ask: (f) => `Who can work the ${f.saturdayRole.title} role at job ${f.saturdayRole.jobId} on Saturday?`,
    steps: [
      (f) => ({
        tool: 'find_matching_crew',
        args: { jobId: f.saturdayRole.jobId, roleId: f.saturdayRole.roleId },
      }),
    ],
    answer: (_f, [found]) => ({ total: found!.data.totalMatches, top: ids(found!.data.matches) }),
  },
  {
    id: 'unfilled-weekend',
    ask: (f) => `What is still unfilled this weekend (${f.saturday} and ${f.sunday})?`,
    steps: [(f) => ({ tool: 'find_open_roles', args: { from: f.saturday, to: f.sunday } })],
    answer: (_f, [open]) => open!.data.roles.map((role: Json) => `${role.roleId}:${role.open}`),
  },
  {
    id: 'unfilled-weekend-board',
    ask: (f) => `What is unfilled this weekend on the ${f.board.name} board?`,
    steps: [
      (f) => ({ tool: 'find_open_roles', args: { from: f.saturday, to: f.sunday, boardIds: [f.board.id] } }),
    ],
    answer: (_f, [open]) => open!.data.roles.map((role: Json) => `${role.roleId}:${role.open}`),
  },
  {
    id: 'is-crew-free',
    ask: (f) =>
      `Is ${f.busy.name} free for the ${f.busy.clashRole.title} role at job ${f.busy.clashRole.jobId}?`,
    steps: [
      (f) => ({
        tool: 'find_matching_crew',
        // The person named: their verdict alone (crewIds), not a list to search.
        args: { jobId: f.busy.clashRole.jobId, roleId: f.busy.clashRole.roleId, crewIds: [f.busy.crewId] },
      }),
    ],
    answer: (f, [found]) => {
      const clash = found!.data.unavailable.find((crew: Json) => Number(crew.crewId) === f.busy.crewId);
      return clash ? { free: false, jobId: clash.jobId, roleId: clash.roleId } : { free: true };
    },
  },
  {
    id: 'replace-declined',
    ask: (f) => `${f.declined.name} declined role ${f.declined.role.roleId}; who else could do it?`,
    steps: [
      (f) => ({
        tool: 'find_matching_crew',
        args: { jobId: f.declined.role.jobId, roleId: f.declined.role.roleId },
      }),
    ],
    answer: (f, [found]) => ({
      others: ids(found!.data.matches).filter((id) => id !== f.declined.crewId),
      decliner: found!.data.matches.find((match: Json) => Number(match.crewId) === f.declined.crewId)
        ?.thisRole,
    }),
  },
  {
    id: 'three-security-posts',
    ask: (f) =>
      `Who is free and qualified for these security posts: ${f.securityPosts.map((p) => `${p.title} at job ${p.jobId} on ${p.date}`).join('; ')}?`,
    steps: [0, 1, 2].map(
      (index) => (f: StaffingFacts) =>
        ({
          tool: 'find_matching_crew',
          args: { jobId: f.securityPosts[index]!.jobId, roleId: f.securityPosts[index]!.roleId, limit: 10 },
        }) as ToolCall,
    ),
    answer: (_f, answers) =>
      answers.map((found) => ({ total: found.data.totalMatches, top: ids(found.data.matches) })),
  },
  {
    id: 'languages-evening',
    ask: (f) =>
      `Who speaks English or Spanish (verified) and is free on ${f.saturday} 18:00-23:00 in London?`,
    steps: [
      (f) => ({
        tool: 'find_matching_crew',
        args: {
          requirements: {
            dataType: [{ dataTypeTitle: 'Languages', optionNames: ['English', 'Spanish'], condition: 'ANY' }],
          },
          startTime: `${f.saturday}T18:00`,
          endTime: `${f.saturday}T23:00`,
          timezone: 'Europe/London',
        },
      }),
    ],
    answer: (_f, [found]) => ({
      total: found!.data.totalMatches,
      top: ids(found!.data.matches),
      unavailable: ids(found!.data.unavailable).sort((a, b) => a - b),
    }),
  },
  {
    id: 'half-empty-this-week',
    ask: (f) => `Which roles from ${f.today} to ${f.weekEnd} still need more than half their crew?`,
    steps: [(f) => ({ tool: 'find_open_roles', args: { from: f.today, to: f.weekEnd } })],
    answer: (_f, [open]) =>
      open!.data.roles.filter((role: Json) => role.open * 2 > role.quantity).map((role: Json) => role.roleId),
  },
  {
    id: 'door-supervisors',
    ask: () => 'Who holds the Door Supervisor role type and a verified Door Supervisor licence level?',
    steps: [
      (f) => ({
        tool: 'find_matching_crew',
        args: {
          requirements: {
            roleType: { roleTypeId: f.doorSupervisorRoleTypeId, condition: 'EQUAL' },
            dataType: [
              { dataTypeTitle: 'Licence level', optionNames: ['Door Supervisor'], condition: 'ANY' },
            ],
          },
        },
      }),
    ],
    answer: (_f, [found]) => ({ total: found!.data.totalMatches, top: ids(found!.data.matches) }),
  },
  {
    id: 'what-needs-a-person',
    ask: (f) =>
      `Which requirements of the ${f.showcase.title} role at job ${f.showcase.jobId} must a person check?`,
    steps: [
      (f) => ({
        tool: 'find_matching_crew',
        args: { jobId: f.showcase.jobId, roleId: f.showcase.roleId, limit: 5 },
      }),
    ],
    answer: (_f, [found]) => ({ checked: found!.data.checked.length, unchecked: found!.data.unchecked }),
  },
  {
    id: 'nearly-qualified',
    ask: (f) => `Who nearly qualifies for role ${f.saturdayRole.roleId} (one requirement short)?`,
    steps: [
      (f) => ({
        tool: 'find_matching_crew',
        args: {
          jobId: f.saturdayRole.jobId,
          roleId: f.saturdayRole.roleId,
          includeNearMisses: true,
          limit: 10,
        },
      }),
    ],
    answer: (_f, [found]) => ({ total: found!.data.totalNearMisses, top: ids(found!.data.nearMisses) }),
  },
  {
    id: 'soonest-open-on-board',
    ask: (f) =>
      `On the ${f.board.name} board, which role needs crew soonest this week, and who could fill it?`,
    steps: [
      (f) => ({ tool: 'find_open_roles', args: { from: f.today, to: f.weekEnd, boardIds: [f.board.id] } }),
      (_f, [open]) => {
        const soonest = open!.data.roles[0];
        return {
          tool: 'find_matching_crew',
          args: { jobId: soonest.jobId, roleId: soonest.roleId, limit: 10 },
        };
      },
    ],
    answer: (_f, [open, found]) => ({
      roleId: open!.data.roles[0].roleId,
      total: found!.data.totalMatches,
      top: ids(found!.data.matches),
    }),
  },
];

/** The seed's facts the questions name, by fixed rules (no product code involved). */
export async function readStaffingFacts(sandbox: RunningSandbox, today: string): Promise<StaffingFacts> {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const saturday = addDays(today, (6 - weekday + 7) % 7 || 7);
  const sunday = addDays(saturday, 1);
  const weekEnd = addDays(today, 6);
  const jobs = await gqlEveryPage(
    sandbox,
    'companyJobs',
    'id title date timezone board { id name } roles { id title quantity roleTypeId startTime endTime requirements { roleType { roleTypeId } dataType { dataTypeId } profile { profileIds } } crewJobs { id status crewId } }',
  );
  const crewJobs = await gqlEveryPage(
    sandbox,
    'companyCrewJobs',
    'id status crew { id firstName lastName status } role { id startTime endTime } job { id }',
  );
  const roles = jobs
    .flatMap((job) => job.roles.map((role: Json) => ({ job, role })))
    .sort(
      (a, b) =>
        Date.parse(a.role.startTime) - Date.parse(b.role.startTime) || Number(a.role.id) - Number(b.role.id),
    );
  const ref = ({ job, role }: { job: Json; role: Json }): RoleRef => ({
    jobId: job.id,
    roleId: role.id,
    title: role.title,
    date: job.date,
    timezone: job.timezone,
    startTime: role.startTime,
    endTime: role.endTime,
  });
  const open = ({ role }: { role: Json }) =>
    role.quantity > role.crewJobs.filter((cj: Json) => cj.status === 'BOOKED').length;
  const checkable = ({ role }: { role: Json }) =>
    Boolean(role.requirements.roleType || role.requirements.profile || role.requirements.dataType.length);
  const pick = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`staffing questions: the seed has no ${what}`);
    return value;
  };
  const onSaturday = roles.filter((entry) => entry.job.date === saturday);
  const thisWeek = roles.filter((entry) => entry.job.date >= today && entry.job.date <= weekEnd);
  const weekend = roles.filter((entry) => entry.job.date === saturday || entry.job.date === sunday);
  const boardEntry = pick(weekend.find(open), 'open role this weekend');
  const declinedJob = pick(
    crewJobs.find((cj) => {
      const entry = roles.find((candidate) => candidate.role.id === cj.role.id);
      return cj.status === 'DECLINED' && entry && entry.job.date > today;
    }),
    'future declined crew job',
  );
  const overlaps = (a: Json, b: Json) =>
    Date.parse(a.startTime) < Date.parse(b.endTime) && Date.parse(b.startTime) < Date.parse(a.endTime);
  let busy: StaffingFacts['busy'] | undefined;
  // Someone find_matching_crew considers by default (ACTIVE or APPROVED), booked elsewhere then.
  const considered = (cj: Json) => ['ACTIVE', 'APPROVED'].includes(cj.crew.status);
  for (const booked of crewJobs.filter((cj) => cj.status === 'BOOKED' && considered(cj))) {
    const other = roles.find(
      (entry) =>
        entry.job.date > today &&
        entry.role.id !== booked.role.id &&
        !checkable(entry) &&
        overlaps(entry.role, booked.role) &&
        !entry.role.crewJobs.some((cj: Json) => cj.crewId === booked.crew.id),
    );
    if (other) {
      busy = {
        crewId: booked.crew.id,
        name: `${booked.crew.firstName} ${booked.crew.lastName}`,
        clashRole: ref(other),
      };
      break;
    }
  }
  const doorRole = pick(
    roles.find((entry) => entry.role.title === 'Door Supervisor' && entry.role.roleTypeId),
    'Door Supervisor role with a role type',
  );
  return {
    today,
    saturday,
    sunday,
    weekEnd,
    board: boardEntry.job.board,
    saturdayRole: ref(
      pick(
        onSaturday.find((entry) => open(entry) && checkable(entry)),
        'open Saturday role with requirements',
      ),
    ),
    declined: {
      role: ref(
        pick(
          roles.find((entry) => entry.role.id === declinedJob.role.id),
          'declined role',
        ),
      ),
      crewId: declinedJob.crew.id,
      name: `${declinedJob.crew.firstName} ${declinedJob.crew.lastName}`,
    },
    securityPosts: thisWeek
      .filter((entry) => ['Security Officer', 'Door Supervisor'].includes(entry.role.title) && open(entry))
      .slice(0, 3)
      .map(ref),
    busy: pick(busy, 'crew member booked at the time of another role'),
    showcase: ref(
      pick(
        roles.find((entry) => entry.job.title === 'Requirements Showcase'),
        'showcase role',
      ),
    ),
    doorSupervisorRoleTypeId: String(doorRole.role.roleTypeId),
  };
}

export interface QuestionRun {
  calls: ToolCall[];
  answers: ToolAnswer[];
  /** GraphQL and REST requests that reached the platform during the calls. */
  upstreamRequests: number;
  /** Result tokens (o200k, text + structuredContent) of all the calls. */
  tokens: number;
}

/** Run one question's calls through an MCP client, counting what reached the sandbox. */
export async function runQuestion<F = StaffingFacts>(
  client: Client,
  sandbox: RunningSandbox,
  question: StaffingQuestion<F>,
  facts: F,
): Promise<QuestionRun> {
  const before = sandbox.stats.graphqlRequests + sandbox.stats.restRequests;
  const calls: ToolCall[] = [];
  const answers: ToolAnswer[] = [];
  for (const step of question.steps) {
    const call = step(facts, answers);
    calls.push(call);
    answers.push(toAnswer(await client.callTool({ name: call.tool, arguments: call.args })));
  }
  return {
    calls,
    answers,
    upstreamRequests: sandbox.stats.graphqlRequests + sandbox.stats.restRequests - before,
    tokens: answers.reduce((sum, answer) => sum + answer.tokens, 0),
  };
}

function toAnswer(result: Awaited<ReturnType<Client['callTool']>>): ToolAnswer {
  const text = ((result.content as { type: string; text?: string }[] | undefined) ?? [])
    .map((block) => block.text ?? '')
    .join('\n');
  return {
    data: result.structuredContent as AnyResult,
    text,
    isError: Boolean(result.isError),
    tokens: resultCost(result).both,
  };
}
