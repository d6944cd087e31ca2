// The planning questions of the staffing workload (issue 20): whole events, not one role. Each
// question is a user's ask and the plan_staffing calls that answer it, built from facts picked
// from the seeded sandbox by fixed rules. test/tools/planning-questions.test.ts checks every
// answer against an independent evaluation from raw platform data; `npm run bench` reports
// calls, upstream requests and tokens for them beside the other staffing questions.
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gqlEveryPage, type Json } from '../helpers/sandbox.js';
import type { StaffingQuestion } from './staffing-questions.js';

export interface PlanningFacts {
  /** The multi-day job ahead with the most roles. */
  multiDayJobId: string;
  multiDayJobIds: string[];
  saturday: string;
  sunday: string;
  /** The two boards with the most weekend jobs. */
  boards: string[];
  /** Four crew usable on most of the multi-day job; everyone else excluded where limits must bind. */
  fewCrew: number[];
  /** Every ACTIVE or APPROVED crew member: the crew a plan reads by default. */
  allCrew: number[];
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export async function readPlanningFacts(sandbox: RunningSandbox, today: string): Promise<PlanningFacts> {
  const jobs = await gqlEveryPage(
    sandbox,
    'companyJobs',
    'id date multiDayJobId board { id } roles { id roleTypeId quantity crewJobs { status } }',
  );
  const crew = await gqlEveryPage(sandbox, 'companyCrewAll', 'id status roleTypeIds');
  const ahead = jobs.filter((job) => job.date > today);
  const groups = new Map<string, Json[]>();
  for (const job of ahead)
    if (job.multiDayJobId) groups.set(job.multiDayJobId, [...(groups.get(job.multiDayJobId) ?? []), job]);
  const [multiDayJobId, members] = [...groups.entries()].sort(
    (a, b) =>
      b[1].reduce((sum, job) => sum + job.roles.length, 0) -
        a[1].reduce((sum, job) => sum + job.roles.length, 0) || a[0].localeCompare(b[0]),
  )[0] as [string, Json[]];
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const saturday = addDays(today, (6 - weekday + 7) % 7 || 7);
  const sunday = addDays(saturday, 1);
  const perBoard = new Map<string, number>();
  for (const job of ahead.filter((candidate) => candidate.date === saturday || candidate.date === sunday))
    perBoard.set(job.board.id, (perBoard.get(job.board.id) ?? 0) + 1);
  const boards = [...perBoard.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 2)
    .map(([id]) => id);
  // Crew holding the role types the multi-day job asks for most often: the ones its roles compete for.
  const wanted = new Map<string, number>();
  for (const job of members)
    for (const role of job.roles)
      if (role.roleTypeId) wanted.set(role.roleTypeId, (wanted.get(role.roleTypeId) ?? 0) + 1);
  const active = crew.filter((member) => member.status === 'ACTIVE' || member.status === 'APPROVED');
  const fewCrew = active
    .map((member) => ({
      id: member.id as number,
      fit: (member.roleTypeIds as string[]).reduce((sum, id) => sum + (wanted.get(id) ?? 0), 0),
    }))
    .sort((a, b) => b.fit - a.fit || a.id - b.id)
    .slice(0, 4)
    .map((entry) => entry.id);
  return {
    multiDayJobId,
    multiDayJobIds: members.map((job) => job.id as string),
    saturday,
    sunday,
    boards,
    fewCrew,
    // The crew a plan reads (its default statuses): an exclude of anyone else is refused as matching nothing.
    allCrew: active.map((member) => member.id as number),
  };
}

const excludeAllBut = (f: PlanningFacts) => f.allCrew.filter((id) => !f.fewCrew.includes(id)).map(String);

/** Questions over PlanningFacts; runQuestion takes them as StaffingQuestion of these facts. */
export const PLANNING_QUESTIONS: StaffingQuestion<PlanningFacts>[] = [
  {
    id: 'plan-multi-day-job',
    ask: (f) => `Staff every open place of multi-day job ${f.multiDayJobId}.`,
    steps: [(f) => ({ tool: 'plan_staffing', args: { multiDayJobId: f.multiDayJobId } })],
    answer: (_f, [plan]) => plan!.data,
  },
  {
    id: 'plan-weekend-across-boards',
    ask: (f) => `Staff the weekend ${f.saturday} to ${f.sunday} on boards ${f.boards.join(' and ')}.`,
    steps: [(f) => ({ tool: 'plan_staffing', args: { boardIds: f.boards, from: f.saturday, to: f.sunday } })],
    answer: (_f, [plan]) => plan!.data,
  },
  {
    id: 'plan-too-few-qualified',
    ask: (f) =>
      `Only crew ${f.fewCrew.join(', ')} are around: staff multi-day job ${f.multiDayJobId} with them.`,
    steps: [
      (f) => ({ tool: 'plan_staffing', args: { multiDayJobId: f.multiDayJobId, exclude: excludeAllBut(f) } }),
    ],
    answer: (_f, [plan]) => plan!.data,
  },
  {
    id: 'plan-rest-binds',
    ask: (f) =>
      `With only crew ${f.fewCrew.join(', ')}, and 16 hours of rest between shifts, how much of multi-day job ${f.multiDayJobId} can we staff?`,
    steps: [
      (f) => ({
        tool: 'plan_staffing',
        args: {
          multiDayJobId: f.multiDayJobId,
          exclude: excludeAllBut(f),
          minRestHours: 16,
          maxShiftsPerDay: 0,
        },
      }),
    ],
    answer: (_f, [plan]) => plan!.data,
  },
  {
    id: 'plan-follow-up-swap',
    ask: (f) =>
      `In the plan for multi-day job ${f.multiDayJobId}, put someone else in the first proposed person's place.`,
    steps: [
      (f) => ({ tool: 'plan_staffing', args: { multiDayJobId: f.multiDayJobId } }),
      (_f, [plan]) => {
        const first = plan!.data.assignments[0];
        return {
          tool: 'plan_staffing',
          args: { planId: plan!.data.planId, swap: [`${first.roleId}:${first.crewId}`] },
        };
      },
    ],
    answer: (_f, [plan, swapped]) => ({ before: plan!.data, after: swapped!.data }),
  },
  {
    id: 'plan-hours-per-person',
    ask: (f) =>
      `How many hours is each proposed person working over the weekend of ${f.saturday} on board ${f.boards[0]}?`,
    steps: [
      (f) => ({ tool: 'plan_staffing', args: { boardIds: [f.boards[0]], from: f.saturday, to: f.sunday } }),
    ],
    answer: (_f, [plan]) => plan!.data,
  },
];
