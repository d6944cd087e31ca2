// The staffing-questions workload (test/bench/staffing-questions.ts): every question's calls run
// through a real MCP client against the sandbox, within 3 calls and 5,000 result tokens, and the
// answer they give is checked against an evaluation written here from the whole company read over
// GraphQL (test/oracles/staffing.ts), not from the tools' own code.
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  readStaffingFacts,
  runQuestion,
  STAFFING_QUESTIONS,
  type StaffingFacts,
} from '../bench/staffing-questions.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { type Json, TEST_TODAY } from '../helpers/sandbox.js';
import { type Company, findRole, oracle, readCompany } from '../oracles/staffing.js';

const suite = useConnectedSandbox();
let company: Company;
let facts: StaffingFacts;

beforeAll(async () => {
  company = await readCompany(suite.sandbox);
  facts = await readStaffingFacts(suite.sandbox, TEST_TODAY);
});

const PENDING = ['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST'];

function openRoles(from: string, to: string, boardId?: string) {
  return company.jobs
    .filter((job) => job.date >= from && job.date <= to && (!boardId || job.board.id === boardId))
    .flatMap((job) =>
      job.roles.map((role: Json) => ({
        role,
        open: role.quantity - role.crewJobs.filter((cj: Json) => cj.status === 'BOOKED').length,
      })),
    )
    .filter((entry) => entry.open > 0)
    .sort(
      (a, b) =>
        Date.parse(a.role.startTime) - Date.parse(b.role.startTime) || Number(a.role.id) - Number(b.role.id),
    );
}

const dataTypeId = (title: string): string =>
  company.crew
    .flatMap((member) => member.profiles.flatMap((profile: Json) => profile.dataTypes))
    .find((dataType: Json) => dataType.title === title).id;

const top = (ids: number[], count: number) => ids.slice(0, count);

/** What each question's answer must be, evaluated independently from the company's data. */
const EXPECTED: Record<string, (f: StaffingFacts) => unknown> = {
  'who-can-work': (f) => {
    const expected = oracle(company, { role: f.saturdayRole });
    return { total: expected.matches.length, top: top(expected.matches, 20) };
  },
  'unfilled-weekend': (f) => openRoles(f.saturday, f.sunday).map((entry) => `${entry.role.id}:${entry.open}`),
  'unfilled-weekend-board': (f) =>
    openRoles(f.saturday, f.sunday, f.board.id).map((entry) => `${entry.role.id}:${entry.open}`),
  'is-crew-free': (f) => {
    const role = findRole(company, f.busy.clashRole).role;
    const clash = company.crewJobs
      .filter(
        (cj) =>
          cj.crew.id === f.busy.crewId &&
          cj.status === 'BOOKED' &&
          cj.role.id !== role.id &&
          Date.parse(cj.role.startTime) < Date.parse(role.endTime) &&
          Date.parse(role.startTime) < Date.parse(cj.role.endTime),
      )
      .sort((a, b) => Date.parse(a.role.startTime) - Date.parse(b.role.startTime))[0];
    return clash ? { free: false, jobId: clash.job.id, roleId: clash.role.id } : { free: true };
  },
  'replace-declined': (f) => {
    const shown = top(oracle(company, { role: f.declined.role }).matches, 20);
    const onRole = company.crewJobs
      .filter((cj) => cj.crew.id === f.declined.crewId && cj.role.id === f.declined.role.roleId)
      .map((cj) => cj.status);
    return {
      others: shown.filter((id) => id !== f.declined.crewId),
      decliner: shown.includes(f.declined.crewId)
        ? (onRole.find((status) => PENDING.includes(status)) ?? 'DECLINED')
        : undefined,
    };
  },
  'three-security-posts': (f) =>
    f.securityPosts.map((post) => {
      const expected = oracle(company, { role: post });
      return { total: expected.matches.length, top: top(expected.matches, 10) };
    }),
  'languages-evening': (f) => {
    const utc = (time: string) =>
      DateTime.fromISO(`${f.saturday}T${time}`, { zone: 'Europe/London' }).toISO()!;
    const expected = oracle(company, {
      requirements: {
        dataType: [
          { dataTypeId: dataTypeId('Languages'), optionNames: ['English', 'Spanish'], condition: 'ANY' },
        ],
      },
      window: { start: utc('18:00'), end: utc('23:00') },
    });
    return {
      total: expected.matches.length,
      top: top(expected.matches, 20),
      unavailable: [...expected.unavailable.keys()].sort((a, b) => a - b),
    };
  },
  'half-empty-this-week': (f) =>
    openRoles(f.today, f.weekEnd)
      .filter((entry) => entry.open * 2 > entry.role.quantity)
      .map((entry) => entry.role.id),
  'door-supervisors': (f) => {
    const expected = oracle(company, {
      requirements: {
        roleType: { roleTypeId: f.doorSupervisorRoleTypeId, condition: 'EQUAL' },
        dataType: [
          { dataTypeId: dataTypeId('Licence level'), optionNames: ['Door Supervisor'], condition: 'ANY' },
        ],
      },
    });
    return { total: expected.matches.length, top: top(expected.matches, 20) };
  },
  'what-needs-a-person': (f) => {
    const { requirements } = findRole(company, f.showcase).role;
    return {
      checked:
        requirements.dataType.length + (requirements.roleType ? 1 : 0) + (requirements.profile ? 1 : 0),
      unchecked: [
        `age ${requirements.ageRestriction.minAge}-70`,
        `gender ${requirements.genderRestriction.genders.join('/')}`,
        `within ${requirements.distanceRestriction.maxDistanceKm} km`,
        `labels ${requirements.labels.join(', ')}`,
        `tags ${requirements.tags.join(', ')}`,
      ],
    };
  },
  'nearly-qualified': (f) => {
    const expected = oracle(company, { role: f.saturdayRole });
    return { total: expected.nearMisses.size, top: top(expected.nearMissRanking, 10) };
  },
  'soonest-open-on-board': (f) => {
    const soonest = openRoles(f.today, f.weekEnd, f.board.id)[0]!;
    const job = company.jobs.find((candidate) => candidate.roles.includes(soonest.role));
    const expected = oracle(company, { role: { jobId: job.id, roleId: soonest.role.id } });
    return { roleId: soonest.role.id, total: expected.matches.length, top: top(expected.matches, 10) };
  },
};

describe('the staffing questions workload', () => {
  it('has at least 10 questions, each with an independent evaluation here', () => {
    expect(STAFFING_QUESTIONS.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(EXPECTED).sort()).toEqual(STAFFING_QUESTIONS.map((question) => question.id).sort());
    expect(facts.securityPosts).toHaveLength(3);
  });

  it.each(STAFFING_QUESTIONS.map((question) => [question.id, question] as const))(
    '%s: answered in at most 3 calls and 5,000 result tokens, and the answer is right',
    async (_id, question) => {
      const run = await runQuestion(suite.client, suite.sandbox, question, facts);
      for (const [index, answer] of run.answers.entries())
        expect(answer.isError, `${question.ask(facts)} call ${index + 1}: ${answer.text}`).toBe(false);
      expect(run.calls.length).toBeLessThanOrEqual(3);
      expect(run.tokens, question.ask(facts)).toBeLessThanOrEqual(5_000);
      expect(question.answer(facts, run.answers)).toEqual(EXPECTED[question.id]!(facts));
    },
  );

  it('asks its questions in a user’s words, with the seed’s names and dates', () => {
    const asked = STAFFING_QUESTIONS.map((question) => question.ask(facts));
    expect(asked.some((text) => text.includes(facts.busy.name))).toBe(true);
    expect(asked.some((text) => text.includes(facts.saturday))).toBe(true);
    expect(new Set(asked).size).toBe(asked.length);
  });
});
