// update_jobs against the sandbox (§4.4 rules 2, 4-7): what it reads and sends, the rules it
// checks before sending on every role it rewrites (every day of a multi-day job a timezone
// change moves, whatever the group's span), and the confirmation a side-effect pay change needs
// (a hidden pre-2026-09-21 break, a DST shift), by argument or by elicitation.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../helpers/sandbox.js';
import { variablesOf } from '../helpers/sent.js';
import { operations } from '../helpers/tool-requests.js';
import {
  type Any,
  allJobs,
  boardsByZone,
  findLegacyRole,
  money,
  oneRoleJob,
  storedJob,
  useWriteSandbox,
} from './write-support.js';

const suite = useWriteSandbox();
let london: string;
const usedLegacy: string[] = [];

const job = (over: Record<string, unknown> = {}, role: Record<string, unknown> = {}) =>
  oneRoleJob(london, over, role);

/** Jobs created for a test, as the platform answered. */
async function created(input: Record<string, unknown>): Promise<Any[]> {
  const result = await suite.see('create_jobs', input);
  expect(result.isError, result.text).toBe(false);
  return result.data.jobs;
}

/** A seeded legacy role no earlier test used. */
async function legacy(multiDay = false) {
  const found = await findLegacyRole(suite.sandbox, usedLegacy, multiDay);
  usedLegacy.push(found.job.id);
  return found;
}

beforeAll(async () => {
  london = (await boardsByZone(suite.sandbox))['Europe/London'] as string;
});

describe('update_jobs: what it reads and sends', () => {
  it('reads the job, then sends the timezone change; wall-clock times stay and the UTC instants move (rule 4)', async () => {
    const [{ id }] = await created({
      jobs: [job({ date: '2027-01-22' }, { startTime: '2027-01-22T18:00', endTime: '2027-01-22T22:00' })],
    });
    const result = await suite.see('update_jobs', { jobs: [{ id, timezone: 'America/New_York' }] });
    expect(result.isError, result.text).toBe(false);
    expect(operations(result.sent)).toEqual(['companyJobs', 'updateJobs']);
    expect(variablesOf(result.sent, 'companyJobs')).toMatchObject({ input: { filter: { jobIds: [id] } } });
    expect(variablesOf(result.sent, 'updateJobs')).toEqual({
      input: { jobs: [{ id, timezone: 'America/New_York' }] },
    });
    expect(result.data.jobs[0]).toMatchObject({ timezone: 'America/New_York', roles: [{ start: '18:00' }] });
    expect(result.data.moved).toEqual([`job ${id} (2027-01-22) → America/New_York`]);
    const stored = await storedJob(suite.sandbox, id);
    expect(stored.roles[0].startTime).toMatch(
      /^2027-01-22T18:00:00(\.000)?-05:00$|^2027-01-22T23:00:00(\.000)?Z$/,
    );
  });

  it('moves every day of a multi-day job, names each, and states it without asking to confirm (rule 5)', async () => {
    const jobs = await created({
      multiDay: true,
      jobs: ['2027-02-10', '2027-02-11', '2027-02-12'].map((date) =>
        job({ date }, { startTime: `${date}T09:00`, endTime: `${date}T12:00` }),
      ),
    });
    const ids = jobs.map((one) => one.id);
    const result = await suite.see('update_jobs', { jobs: [{ id: ids[0], timezone: 'Europe/Paris' }] });
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'updateJobs')).toEqual({
      input: { jobs: [{ id: ids[0], timezone: 'Europe/Paris' }] },
    });
    for (const id of ids) expect(result.data.moved.join('\n')).toContain(`job ${id}`);
    expect(result.data.jobs.map((one: Any) => one.timezone)).toEqual([
      'Europe/Paris',
      'Europe/Paris',
      'Europe/Paris',
    ]);
    const warnings = result.data.warnings.join('\n');
    expect(warnings).toMatch(/MULTI_DAY_GROUP_UPDATE: .*also applies to the rest of multi-day job/);
    expect(warnings).not.toMatch(/Fix: Confirm/i);
  });

  it('edits role times read in the job zone; the new total is a change asked for, so nothing is asked (rule 6)', async () => {
    const [{ id, roles }] = await created({
      jobs: [
        job(
          { date: '2027-01-25' },
          { startTime: '2027-01-25T18:00', endTime: '2027-01-25T22:00', breakPeriod: 30 },
        ),
      ],
    });
    const result = await suite.see('update_jobs', {
      jobs: [{ id, roles: [{ id: roles[0].id, endTime: '2027-01-26T00:00' }] }],
    });
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'updateJobs')).toEqual({
      input: { jobs: [{ id, roles: [{ id: roles[0].id, endTime: '2027-01-26T00:00' }] }] },
    });
    expect(result.data.jobs[0].roles[0]).toMatchObject({
      end: '2027-01-26 00:00',
      breakPeriod: 30,
      total: 66,
    });
    expect(result.data.payChanges).toEqual([{ roleId: roles[0].id, jobId: id, before: 42, after: 66 }]);
  });

  it('accepts Etc/GMT+5 and notes that it means UTC-05:00', async () => {
    const [{ id }] = await created({
      jobs: [job({ date: '2027-01-23' }, { startTime: '2027-01-23T18:00', endTime: '2027-01-23T22:00' })],
    });
    const result = await suite.see('update_jobs', { jobs: [{ id, timezone: 'Etc/GMT+5' }] });
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'updateJobs')).toEqual({
      input: { jobs: [{ id, timezone: 'Etc/GMT+5' }] },
    });
    expect(result.data.warnings.join('\n')).toMatch(
      /FIXED_OFFSET_ZONE: jobs\[0\]\.timezone: Etc\/GMT\+5 means UTC-05:00/,
    );
  });
});

describe('update_jobs: refused before updateJobs is sent', () => {
  it('a timezone that is not IANA, with the path once; nothing is read', async () => {
    const result = await suite.see('update_jobs', { jobs: [{ id: '1', timezone: 'EST' }] });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/- jobs\[0\]\.timezone: "EST" is an abbreviation/);
    expect(result.text).not.toMatch(/jobs\[0\]\.timezone: jobs\[0\]\.timezone/);
  });

  it('a breakPeriod change (rule 7), whatever its form; nothing is read', async () => {
    const change = await suite.see('update_jobs', {
      jobs: [{ id: '1', roles: [{ id: '2', breakPeriod: 15 }] }],
    });
    expect(change.isError).toBe(true);
    expect(change.text).toMatch(
      /roles\[0\]\.breakPeriod: a role's breakPeriod cannot be changed after creation.*role break periods cannot be changed through the API/s,
    );
    const text = await suite.see('update_jobs', {
      jobs: [{ id: '1', roles: [{ id: '2', breakPeriod: '30' }] }],
    });
    expect(text.text).toMatch(/breakPeriod: a role's breakPeriod cannot be changed after creation/);
    expect([...change.sent, ...text.sent]).toEqual([]);
  });

  it('a role start moved off the job date (rule 2), after reading the job', async () => {
    const [{ id, roles }] = await created({
      jobs: [job({ date: '2027-01-26' }, { startTime: '2027-01-26T18:00', endTime: '2027-01-26T22:00' })],
    });
    const result = await suite.see('update_jobs', {
      jobs: [{ id, roles: [{ id: roles[0].id, startTime: '2027-01-27T01:00' }] }],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(result.text).toMatch(/startTime: starts on 2027-01-27 but the job is dated 2027-01-26/);
  });

  it('a role shortened below its saved break, which the platform would refuse (rules 6-7)', async () => {
    const [{ id, roles }] = await created({
      jobs: [
        job(
          { date: '2027-01-27' },
          { startTime: '2027-01-27T18:00', endTime: '2027-01-27T23:00', breakPeriod: 60 },
        ),
      ],
    });
    const result = await suite.see('update_jobs', {
      jobs: [{ id, roles: [{ id: roles[0].id, endTime: '2027-01-27T18:45' }] }],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(result.text).toMatch(
      /jobs\[0\]\.roles\[0\]\.endTime: role \d+ "Bartender" \(job \d+, 2027-01-27\) would last 45 min, not longer than its saved 60-minute break/,
    );
    expect(result.text).toMatch(/Fix: Keep the role longer than its break \(end after "2027-01-27T19:01"\)/);
    expect((await storedJob(suite.sandbox, id)).roles[0].endTime).toMatch(/T23:00/);
  });

  it('two different timezones for days of one multi-day job (rule 5)', async () => {
    const [first, second] = await created({
      multiDay: true,
      jobs: ['2027-02-15', '2027-02-16'].map((date) =>
        job({ date }, { startTime: `${date}T09:00`, endTime: `${date}T12:00` }),
      ),
    });
    const result = await suite.see('update_jobs', {
      jobs: [
        { id: first.id, timezone: 'Europe/Paris' },
        { id: second.id, timezone: 'Europe/Madrid' },
      ],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).not.toContain('updateJobs');
    expect(result.text).toMatch(
      /jobs\[1\]\.timezone: job \d+ is in multi-day job \d+, which jobs\[0\] moves to Europe\/Paris; it cannot get Europe\/Madrid/,
    );
  });

  it('a timezone that puts a role into a DST gap of the new zone (rule 4)', async () => {
    const [{ id }] = await created({
      jobs: [job({ date: '2027-03-14' }, { startTime: '2027-03-14T02:30', endTime: '2027-03-14T05:00' })],
    });
    const result = await suite.see('update_jobs', { jobs: [{ id, timezone: 'America/New_York' }] });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(result.text).toMatch(
      /jobs\[0\]\.timezone: role \d+ of job \d+ \(2027-03-14\) startTime: 02:30 does not exist on 2027-03-14 in America\/New_York/,
    );
    expect(result.text).not.toMatch(/§/);
    expect(result.rules.map((entry) => entry.rule)).toContain('§4.4 rule 4');
  });

  it('finds every day of a multi-day job whatever its span, and checks each in the new zone', async () => {
    // Two days 63 days apart, in a zone without DST; the far day's 02:30 does not exist in New York.
    const jobs = await created({
      multiDay: true,
      jobs: [
        job(
          { date: '2027-01-10', timezone: 'Asia/Tokyo' },
          { startTime: '2027-01-10T10:00', endTime: '2027-01-10T12:00' },
        ),
        job(
          { date: '2027-03-14', timezone: 'Asia/Tokyo' },
          { startTime: '2027-03-14T02:30', endTime: '2027-03-14T05:00' },
        ),
      ],
    });
    const [near, far] = jobs;
    const result = await suite.see('update_jobs', { jobs: [{ id: near.id, timezone: 'America/New_York' }] });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).not.toContain('updateJobs');
    expect(result.text).toMatch(
      new RegExp(
        `jobs\\[0\\]\\.timezone: role ${far.roles[0].id} of job ${far.id} \\(2027-03-14\\) startTime: 02:30 does not exist`,
      ),
    );
    expect((await storedJob(suite.sandbox, far.id)).timezone).toBe('Asia/Tokyo');
  });

  it('an unknown job or role id, with the tool that finds one', async () => {
    const result = await suite.see('update_jobs', { jobs: [{ id: '999999', title: 'x' }] });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(result.text).toMatch(
      /jobs\[0\]\.id: no job with id 999999\. .*\[UNKNOWN_JOB\] Fix: Use the id of an existing job\. list_jobs shows job ids/,
    );
  });
});

describe('update_jobs: a pay total changed as a side effect needs the user (§4.4 rules 4, 6, 7)', () => {
  it('refuses an edit of a role created before 2026-09-21 without confirmation, with both totals', async () => {
    const { job: found, role, noBreak } = await legacy();
    const result = await suite.see('update_jobs', {
      jobs: [{ id: found.id, roles: [{ id: role.id, title: 'Senior bartender' }] }],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(result.text).toMatch(
      /updateJobs not sent: it would change the pay total of 1 role\(s\) as a side effect/,
    );
    expect(result.text).toContain(
      `jobs[0].roles[0]: role ${role.id} "${role.title}" (job ${found.id}, ${found.date}): total ${money(role.total)} → ${money(noBreak)}`,
    );
    expect(result.text).toMatch(/hidden \d+-minute break/);
    expect(result.text).toMatch(/confirm: true/);
    expect((await storedJob(suite.sandbox, found.id)).roles.find((r: Any) => r.id === role.id).total).toBe(
      role.total,
    );
  });

  it('sends with confirm and reports the new total, without asking again', async () => {
    const { job: found, role, noBreak } = await legacy();
    const result = await suite.see('update_jobs', {
      jobs: [{ id: found.id, roles: [{ id: role.id, title: 'Senior bartender' }] }],
      confirm: true,
    });
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'updateJobs')).toEqual({
      input: { jobs: [{ id: found.id, roles: [{ id: role.id, title: 'Senior bartender' }] }] },
    });
    expect(result.data.payChanges).toEqual([
      { roleId: role.id, jobId: found.id, before: role.total, after: noBreak },
    ]);
    expect(result.data.notes.join(' ')).toMatch(
      /Confirmed by the user: the pay total of 1 role\(s\) changed/,
    );
    expect(result.text).not.toMatch(/Fix:/);
  });

  it('does not ask for an edit that changes no total (a job title)', async () => {
    const { job: found } = await legacy();
    const result = await suite.see('update_jobs', { jobs: [{ id: found.id, title: 'Renamed gala' }] });
    expect(result.isError, result.text).toBe(false);
    expect(operations(result.sent)).toEqual(['companyJobs', 'updateJobs']);
  });

  it('counts every role a timezone change moves, naming each', async () => {
    const { job: found, role, noBreak } = await legacy();
    const result = await suite.see('update_jobs', { jobs: [{ id: found.id, timezone: 'Asia/Tokyo' }] });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(result.text).toContain(`jobs[0].timezone: role ${role.id}`);
    expect(result.text).toContain(`total ${money(role.total)} → ${money(noBreak)}`);
  });

  it('asks for a timezone move whose DST change alters a role length, and sends once confirmed', async () => {
    // 00:00-06:00 is 6 hours in Tokyo, 5 hours in New York on the spring-forward day.
    const [{ id, roles }] = await created({
      jobs: [
        job(
          { date: '2027-03-14', timezone: 'Asia/Tokyo' },
          { startTime: '2027-03-14T00:00', endTime: '2027-03-14T06:00' },
        ),
      ],
    });
    const refused = await suite.see('update_jobs', { jobs: [{ id, timezone: 'America/New_York' }] });
    expect(refused.isError).toBe(true);
    expect(operations(refused.sent)).toEqual(['companyJobs']);
    expect(refused.text).toContain(
      `jobs[0].timezone: role ${roles[0].id} "Bartender" (job ${id}, 2027-03-14): total 72.00 → 60.00`,
    );
    expect(refused.text).toMatch(/makes it 5 h long instead of 6 h \(a DST change\)/);
    const confirmed = await suite.see('update_jobs', {
      jobs: [{ id, timezone: 'America/New_York' }],
      confirm: true,
    });
    expect(confirmed.isError, confirmed.text).toBe(false);
    expect(operations(confirmed.sent)).toEqual(['companyJobs', 'updateJobs']);
    expect(confirmed.data.payChanges).toEqual([{ roleId: roles[0].id, jobId: id, before: 72, after: 60 }]);
  });

  it('checks the legacy roles of every day a multi-day timezone change moves', async () => {
    const { job: found, role } = await legacy(true);
    const other = (await allJobs(suite.sandbox)).find(
      (one) => one.multiDayJobId === found.multiDayJobId && one.id !== found.id,
    );
    const result = await suite.see('update_jobs', { jobs: [{ id: other.id, timezone: 'Asia/Tokyo' }] });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).not.toContain('updateJobs');
    expect(result.text).toContain(
      `jobs[0].timezone: role ${role.id} "${role.title}" (job ${found.id}, ${found.date})`,
    );
  });

  it('asks the user through elicitation when the client can, and sends on acceptance', async () => {
    const { job: found, role, noBreak } = await legacy();
    const eliciting = await suite.connectAs('demo-admin', { elicitation: {} });
    const asked: string[] = [];
    eliciting.client.setRequestHandler('elicitation/create', async (request: Any) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    try {
      const result = await eliciting.see('update_jobs', {
        jobs: [{ id: found.id, roles: [{ id: role.id, quantity: 3 }] }],
      });
      expect(result.isError, result.text).toBe(false);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(
        `role ${role.id} "${role.title}" (job ${found.id}, ${found.date}): total ${money(role.total)} → ${money(noBreak)}`,
      );
      expect(result.data.payChanges).toEqual([
        { roleId: role.id, jobId: found.id, before: role.total, after: noBreak },
      ]);
      expect(operations(result.sent).filter((operation) => operation === 'updateJobs')).toHaveLength(1);
    } finally {
      await eliciting.close();
    }
  });

  it('sends nothing when the user declines, even if the model passed the confirm argument', async () => {
    const { job: found, role } = await legacy();
    const eliciting = await suite.connectAs('demo-admin', { elicitation: {} });
    let asked = 0;
    eliciting.client.setRequestHandler('elicitation/create', async () => {
      asked++;
      return { action: 'decline' };
    });
    try {
      const result = await eliciting.see('update_jobs', {
        jobs: [{ id: found.id, roles: [{ id: role.id, quantity: 3 }] }],
        confirm: true,
      });
      expect(result.isError).toBe(true);
      expect(asked).toBe(1);
      expect(result.text).toMatch(/The user did not confirm the change, so nothing was sent/);
      expect(operations(result.sent)).not.toContain('updateJobs');
    } finally {
      await eliciting.close();
    }
  });
});

describe('update_jobs: declaration', () => {
  it('declares honest annotations and scopes; without jobs:read it is not offered', async () => {
    const writer = await suite.connectAs('jobs-write-only');
    try {
      const { tools } = await writer.client.listTools();
      expect(tools.map((tool) => tool.name)).not.toContain('update_jobs');
    } finally {
      await writer.close();
    }
    const admin = await suite.connectAs();
    try {
      const tool = (await admin.client.listTools()).tools.find(
        (candidate) => candidate.name === 'update_jobs',
      );
      expect(tool?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: true,
      });
      expect(tool?._meta?.['crew-mcp/scopes']).toEqual(['jobs:write', 'jobs:read']);
    } finally {
      await admin.close();
    }
  });
});

const BOOKED_JOBS = `query($input: CompanyJobsInput) { companyJobs(input: $input) { paginatedList {
  id date timezone multiDayJobId roles { id title payType payRate total startTime endTime crewJobs { id status } }
} pager { pageCount } } }`;

/** Seeded jobs (no multi-day) with a role of `payType` that has BOOKED crew, latest dates first. */
async function bookedRoles(payType: string): Promise<Any[]> {
  const found: { job: Any; role: Any }[] = [];
  for (let page = 1; ; page++) {
    const { body } = await gql(suite.sandbox, BOOKED_JOBS, {
      input: { filter: { fromRange: '2026-11-22T00:00:00Z', crewJobStatus: ['BOOKED'] }, page, perPage: 100 },
    });
    for (const job of body.data.companyJobs.paginatedList)
      for (const role of job.roles)
        if (
          !job.multiDayJobId &&
          role.payType === payType &&
          role.payRate > 40 &&
          role.crewJobs.some((crewJob: Any) => crewJob.status === 'BOOKED')
        )
          found.push({ job, role });
    if (page >= body.data.companyJobs.pager.pageCount) return found.reverse();
  }
}

describe('update_jobs: pay and time changes previewed, never surprising', () => {
  it('never applies a pay cut of a FIXED role with BOOKED crew without confirmation; the refusal lists it before and after', async () => {
    const [{ job: found, role }] = await bookedRoles('FIXED');
    const result = await suite.see('update_jobs', {
      jobs: [{ id: found.id, roles: [{ id: role.id, payRate: 30 }] }],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(result.text).toMatch(/it lowers the total of 1 role\(s\) with BOOKED crew/);
    expect(result.text).toContain(
      `role ${role.id} "${role.title}" (job ${found.id}, FIXED): total per person ${money(role.total)} → 30.00`,
    );
    expect(result.text).toMatch(/confirm: true/);
    const stored = await storedJob(suite.sandbox, found.id);
    expect(stored.roles.find((r: Any) => r.id === role.id).total).toBe(role.total);
  });

  it('sends 0 mutations when the user declines the pay cut through elicitation', async () => {
    const [, { job: found, role }] = await bookedRoles('FIXED');
    const eliciting = await suite.connectAs('demo-admin', { elicitation: {} });
    const asked: string[] = [];
    eliciting.client.setRequestHandler('elicitation/create', async (request: Any) => {
      asked.push(request.params.message);
      return { action: 'decline' };
    });
    try {
      const result = await eliciting.see('update_jobs', {
        jobs: [{ id: found.id, roles: [{ id: role.id, payRate: 30 }] }],
      });
      expect(result.isError).toBe(true);
      expect(asked[0]).toContain(`total per person ${money(role.total)} → 30.00`);
      expect(operations(result.sent).filter((operation) => operation === 'updateJobs')).toEqual([]);
    } finally {
      await eliciting.close();
    }
  });

  it('refuses one payRate for roles of different pay types, listing the roles per pay type', async () => {
    const [fixed] = await bookedRoles('FIXED');
    const [hourly] = await bookedRoles('HOURLY');
    const result = await suite.see('update_jobs', {
      jobs: [
        { id: fixed.job.id, roles: [{ id: fixed.role.id, payRate: 30 }] },
        ...(hourly.job.id === fixed.job.id
          ? []
          : [{ id: hourly.job.id, roles: [{ id: hourly.role.id, payRate: 30 }] }]),
      ],
    });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyJobs']);
    expect(result.text).toMatch(
      /payRate 30 is given to roles of 2 pay types \(FIXED: role \d+ .*; HOURLY: role \d+/,
    );
    expect(result.text).toMatch(/\[PAY_TYPE_MIX\]/);
  });

  it('a dry run sends 0 mutations, and its per-role change equals what the confirmed call reports', async () => {
    const { job: found, role } = (await bookedRoles('HOURLY'))[2]!;
    const edit = { jobs: [{ id: found.id, roles: [{ id: role.id, payRate: 1 }] }] };
    const dry = await suite.see('update_jobs', { ...edit, dryRun: true });
    expect(dry.isError, dry.text).toBe(false);
    expect(operations(dry.sent)).toEqual(['companyJobs']);
    expect(dry.data.dryRun).toBe(true);
    expect(dry.data.changes).toEqual([
      expect.objectContaining({
        roleId: role.id,
        jobId: found.id,
        payType: 'HOURLY',
        payRate: { before: role.payRate, after: 1 },
        booked: role.crewJobs.filter((crewJob: Any) => crewJob.status === 'BOOKED').length,
      }),
    ]);
    expect(dry.data.needsConfirmation.join('\n')).toMatch(/BOOKED crew/);
    const real = await suite.see('update_jobs', { ...edit, confirm: true });
    expect(real.isError, real.text).toBe(false);
    expect(operations(real.sent)).toEqual(['companyJobs', 'updateJobs']);
    expect(real.data.changes).toEqual(dry.data.changes);
    expect(real.data.notes.join(' ')).toMatch(
      /Confirmed by the user: .*the total of 1 role\(s\) with BOOKED crew lowered/,
    );
  });

  it("asks before moving BOOKED crew's shifts in real time, and the dry run shows both instants", async () => {
    const { job: found, role } = (await bookedRoles('HOURLY'))[3]!;
    const zone = found.timezone === 'Asia/Tokyo' ? 'Asia/Seoul' : 'Asia/Tokyo';
    const dry = await suite.see('update_jobs', { jobs: [{ id: found.id, timezone: zone }], dryRun: true });
    expect(dry.isError, dry.text).toBe(false);
    expect(operations(dry.sent)).not.toContain('updateJobs');
    const change = dry.data.changes.find((one: Any) => one.roleId === role.id);
    expect(change.start.before).toBe(change.start.after);
    expect(change.start.beforeUtc).not.toBe(change.start.afterUtc);
    expect(change.start.beforeUtc).toBe(new Date(role.startTime).toISOString().replace('.000Z', 'Z'));
    const refused = await suite.see('update_jobs', { jobs: [{ id: found.id, timezone: zone }] });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/moves the shifts of BOOKED crew on \d+ role\(s\)/);
    expect(refused.text).toContain(`role ${role.id} "${role.title}"`);
    expect(operations(refused.sent)).not.toContain('updateJobs');
    // The confirmation's former name is still taken (out of the tool list), as `confirm` is.
    const moved = await suite.see('update_jobs', {
      jobs: [{ id: found.id, timezone: zone }],
      confirmLegacyBreakChange: true,
    });
    expect(moved.isError, moved.text).toBe(false);
    expect(operations(moved.sent)).toContain('updateJobs');
    expect(moved.data.changes).toEqual(dry.data.changes);
  });
});
