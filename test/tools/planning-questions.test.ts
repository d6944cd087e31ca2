// The planning questions of the staffing workload (test/bench/planning-questions.ts): each runs
// through a real MCP client against the sandbox and is checked against an evaluation written
// here from the whole company read over GraphQL (test/oracles/plan.ts): every hard constraint verified
// from raw data, and the places filled equal to the true optimum computed independently (the
// per-role bound where it is reached, an enumeration where few crew are left).
import { beforeAll, describe, expect, it } from 'vitest';
import { PLANNING_QUESTIONS, type PlanningFacts, readPlanningFacts } from '../bench/planning-questions.js';
import { runQuestion } from '../bench/staffing-questions.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { gqlEveryPage, type Json, TEST_NOW, TEST_TODAY } from '../helpers/sandbox.js';
import { bruteForceFilled, openRolesOf, perRoleBound, planViolations } from '../oracles/plan.js';
import { type Company, findRole, readCompany } from '../oracles/staffing.js';

const suite = useConnectedSandbox();
// The context's clock (connectInProcess pins it): the planner's "now", which roles have started.
const NOW = TEST_NOW;
let company: Company;
let facts: PlanningFacts;
/** Role id -> break minutes (Role.breakPeriod), read raw. */
const breaks = new Map<string, number>();

beforeAll(async () => {
  company = await readCompany(suite.sandbox);
  facts = await readPlanningFacts(suite.sandbox, TEST_TODAY);
  for (const job of await gqlEveryPage(suite.sandbox, 'companyJobs', 'id roles { id breakPeriod }'))
    for (const role of job.roles) breaks.set(role.id, role.breakPeriod);
});

const weekendJobs = (boards: string[]) =>
  company.jobs
    .filter((job) => boards.includes(job.board.id) && job.date >= facts.saturday && job.date <= facts.sunday)
    .map((job) => job.id as string);
const others = () =>
  company.crew.map((member: Json) => member.id as number).filter((id) => !facts.fewCrew.includes(id));

/** The independent check of each question's answer. */
const CHECKS: Record<string, (answer: Json) => void> = {
  'plan-multi-day-job': (plan) => {
    const limits = { minRestHours: 10, maxShiftsPerDay: 1 };
    expect(planViolations(company, plan.assignments, limits)).toEqual([]);
    expect(plan.totals.placesFilled).toBe(
      perRoleBound(company, openRolesOf(company, facts.multiDayJobIds, NOW), limits),
    );
  },
  'plan-weekend-across-boards': (plan) => {
    const limits = { minRestHours: 10, maxShiftsPerDay: 1 };
    const roles = openRolesOf(company, weekendJobs(facts.boards), NOW);
    expect(plan.totals.placesOpen).toBe(roles.reduce((sum, role) => sum + role.open, 0));
    expect(planViolations(company, plan.assignments, limits)).toEqual([]);
    expect(plan.totals.placesFilled).toBe(perRoleBound(company, roles, limits));
  },
  'plan-too-few-qualified': (plan) => {
    const limits = { minRestHours: 10, maxShiftsPerDay: 1, exclude: others() };
    expect(planViolations(company, plan.assignments, limits)).toEqual([]);
    expect(plan.totals.placesFilled).toBe(
      bruteForceFilled(company, openRolesOf(company, facts.multiDayJobIds, NOW), limits),
    );
    expect(plan.unfilled.length).toBeGreaterThan(0);
    expect(plan.unfilled.map((entry: Json) => entry.code)).toContain('NO_QUALIFIED_CREW');
  },
  'plan-rest-binds': (plan) => {
    const limits = { minRestHours: 16, maxShiftsPerDay: 0, exclude: others() };
    expect(planViolations(company, plan.assignments, limits)).toEqual([]);
    const roles = openRolesOf(company, facts.multiDayJobIds, NOW);
    const optimum = bruteForceFilled(company, roles, limits);
    expect(plan.totals.placesFilled).toBe(optimum);
    // The rest binds: with no rest rule the same crew would fill more.
    expect(bruteForceFilled(company, roles, { ...limits, minRestHours: 0 })).toBeGreaterThan(optimum);
  },
  'plan-follow-up-swap': ({ before, after }) => {
    const limits = { minRestHours: 10, maxShiftsPerDay: 1 };
    const first = before.assignments[0];
    expect(
      after.assignments.some((entry: Json) => entry.roleId === first.roleId && entry.crewId === first.crewId),
    ).toBe(false);
    expect(after.changes).toContainEqual(
      expect.objectContaining({ roleId: first.roleId, from: first.crewId }),
    );
    expect(planViolations(company, after.assignments, limits)).toEqual([]);
    expect(after.totals.placesFilled).toBe(before.totals.placesFilled);
  },
  'plan-hours-per-person': (plan) => {
    // Hours per proposed person from raw data: their BOOKED and proposed shifts starting on the
    // plan's local days, breaks excluded.
    const proposed = new Map<string, number>();
    const days = new Set<string>();
    for (const entry of plan.assignments) {
      const { job, role } = findRole(company, { jobId: entry.jobId, roleId: entry.roleId });
      days.add(job.date);
      const hours =
        (Date.parse(role.endTime) - Date.parse(role.startTime)) / 3_600_000 - (breaks.get(role.id) ?? 0) / 60;
      proposed.set(entry.crewId, (proposed.get(entry.crewId) ?? 0) + hours);
    }
    const expected = [...proposed.entries()].map(([crewId, hours]) => {
      const booked = company.crewJobs
        .filter((crewJob) => String(crewJob.crew.id) === crewId && crewJob.status === 'BOOKED')
        .filter((crewJob) =>
          days.has(
            new Intl.DateTimeFormat('en-CA', { timeZone: crewJob.job.timezone }).format(
              Date.parse(crewJob.role.startTime),
            ),
          ),
        )
        .reduce((sum, crewJob) => {
          const { role } = findRole(company, { jobId: crewJob.job.id, roleId: crewJob.role.id });
          return (
            sum +
            (Date.parse(role.endTime) - Date.parse(role.startTime)) / 3_600_000 -
            (breaks.get(role.id) ?? 0) / 60
          );
        }, 0);
      return { crewId, hours: Math.round((hours + booked) * 100) / 100 };
    });
    const byId = (a: { crewId: string }, b: { crewId: string }) => Number(a.crewId) - Number(b.crewId);
    expect([...plan.hours].sort(byId)).toEqual(expected.sort(byId));
  },
};

describe('the planning questions of the staffing workload', () => {
  it('has six questions, each with an independent check here', () => {
    expect(PLANNING_QUESTIONS.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(CHECKS).sort()).toEqual(PLANNING_QUESTIONS.map((question) => question.id).sort());
  });

  it.each(PLANNING_QUESTIONS.map((question) => [question.id, question] as const))(
    '%s: answered in at most 2 calls within 5,000 tokens a call, and right',
    async (_id, question) => {
      const run = await runQuestion(suite.client, suite.sandbox, question, facts);
      for (const [index, answer] of run.answers.entries())
        expect(answer.isError, `${question.ask(facts)} call ${index + 1}: ${answer.text}`).toBe(false);
      expect(run.calls.length).toBeLessThanOrEqual(2);
      for (const answer of run.answers) expect(answer.tokens).toBeLessThanOrEqual(5_000);
      CHECKS[question.id]!(question.answer(facts, run.answers));
    },
  );
});
