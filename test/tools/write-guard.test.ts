// The write tools' safety nets against the sandbox: the break-period guard of update_jobs on
// seeded legacy roles (§4.4 rule 7), confirmed by argument or by elicitation, and a mutation
// whose answer never comes (outcome unknown, not retried).
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import {
  type Any,
  allJobs,
  connect,
  findLegacyRole,
  operations,
  startWriteSandbox,
} from './write-support.js';

let sandbox: RunningSandbox;
let admin: Awaited<ReturnType<typeof connect>>;
const used: string[] = [];

/** A seeded legacy role not used by an earlier test, with its no-break total. */
async function legacy(): Promise<{ job: Any; role: Any; noBreak: number }> {
  const found = await findLegacyRole(sandbox, used);
  used.push(found.job.id);
  const hours = (Date.parse(found.role.endTime) - Date.parse(found.role.startTime)) / 3_600_000;
  return { ...found, noBreak: Math.round(found.role.payRate * hours * 100) / 100 };
}

async function storedRole(jobId: string, roleId: string): Promise<Any> {
  const [job] = await allJobs(sandbox, { jobIds: [jobId] });
  return job.roles.find((role: Any) => role.id === roleId);
}

const money = (amount: number) => amount.toFixed(2);

beforeAll(async () => {
  sandbox = await startWriteSandbox();
  admin = await connect(sandbox);
});

afterAll(async () => {
  await admin?.close();
  await sandbox?.close();
});

beforeEach(() => sandbox.resetStats());

describe('update_jobs break-period guard (§4.4 rule 7)', () => {
  it('refuses an edit of a legacy role without confirmation, showing the total before and after', async () => {
    const { job, role, noBreak } = await legacy();
    const { isError, text } = await admin.call('update_jobs', {
      jobs: [{ id: job.id, roles: [{ id: role.id, title: 'Senior bartender' }] }],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /updateJobs not sent: it would change the pay total of 1 role\(s\) created before 2026-09-21/,
    );
    expect(text).toContain(
      `jobs[0].roles[0]: role ${role.id} "${role.title}" (job ${job.id}, ${job.date}): total ${money(role.total)} → ${money(noBreak)}`,
    );
    expect(text).toMatch(/hidden \d+-minute break/);
    expect(text).toMatch(/confirmLegacyBreakChange: true/);
    expect(operations(sandbox).updateJobs).toBeUndefined();
    expect((await storedRole(job.id, role.id)).total).toBe(role.total);
  });

  it('goes through with confirmLegacyBreakChange and reports the new total', async () => {
    const { job, role, noBreak } = await legacy();
    const { data, isError, text } = await admin.call('update_jobs', {
      jobs: [{ id: job.id, roles: [{ id: role.id, title: 'Senior bartender' }] }],
      confirmLegacyBreakChange: true,
    });
    expect(isError, text).toBe(false);
    expect(data.payChanges).toEqual([{ roleId: role.id, jobId: job.id, before: role.total, after: noBreak }]);
    expect(data.notes.join(' ')).toMatch(/Confirmed: 1 role/);
    expect(data.jobs[0].roles.find((r: Any) => r.id === role.id).total).toBe(noBreak);
    expect(operations(sandbox).updateJobs).toBe(1);
    expect((await storedRole(job.id, role.id)).total).toBe(noBreak);
  });

  it('does not ask for edits that touch no legacy role (a job title)', async () => {
    const { job } = await legacy();
    const { isError, text } = await admin.call('update_jobs', {
      jobs: [{ id: job.id, title: 'Renamed gala' }],
    });
    expect(isError, text).toBe(false);
    expect(operations(sandbox).updateJobs).toBe(1);
  });

  it('counts every role moved by a timezone change as touched, naming each', async () => {
    const { job, role, noBreak } = await legacy();
    const { isError, text } = await admin.call('update_jobs', {
      jobs: [{ id: job.id, timezone: 'Asia/Tokyo' }],
    });
    expect(isError).toBe(true);
    expect(text).toContain(`jobs[0].timezone: role ${role.id}`);
    expect(text).toContain(`total ${money(role.total)} → ${money(noBreak)}`);
    expect(operations(sandbox).updateJobs).toBeUndefined();
  });

  it('asks the user through elicitation when the client can, and sends on acceptance', async () => {
    const { job, role, noBreak } = await legacy();
    const eliciting = await connect(sandbox, [], { elicitation: {} });
    const asked: string[] = [];
    eliciting.client.setRequestHandler('elicitation/create', async (request: Any) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    try {
      sandbox.resetStats();
      const { data, isError, text } = await eliciting.call('update_jobs', {
        jobs: [{ id: job.id, roles: [{ id: role.id, quantity: 3 }] }],
      });
      expect(isError, text).toBe(false);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(
        `role ${role.id} "${role.title}" (job ${job.id}, ${job.date}): total ${money(role.total)} → ${money(noBreak)}`,
      );
      expect(data.payChanges).toEqual([
        { roleId: role.id, jobId: job.id, before: role.total, after: noBreak },
      ]);
      expect(operations(sandbox).updateJobs).toBe(1);
    } finally {
      await eliciting.close();
    }
  });

  it('sends nothing when the user declines, even if the model passed the confirm argument', async () => {
    const { job, role } = await legacy();
    const eliciting = await connect(sandbox, [], { elicitation: {} });
    let asked = 0;
    eliciting.client.setRequestHandler('elicitation/create', async () => {
      asked++;
      return { action: 'decline' };
    });
    try {
      sandbox.resetStats();
      const { isError, text } = await eliciting.call('update_jobs', {
        jobs: [{ id: job.id, roles: [{ id: role.id, quantity: 3 }] }],
        confirmLegacyBreakChange: true,
      });
      expect(isError).toBe(true);
      expect(asked).toBe(1);
      expect(text).toMatch(/The user did not confirm the change, so nothing was sent/);
      expect(operations(sandbox).updateJobs).toBeUndefined();
      expect((await storedRole(job.id, role.id)).total).toBe(role.total);
    } finally {
      await eliciting.close();
    }
  });
});

describe('a mutation whose answer does not come back', () => {
  it('says the outcome is unknown and how to check, and never repeats it', async () => {
    const impatient = await connect(sandbox, ['--timeout-ms', '300']);
    const title = `Timeout gala ${Date.now()}`;
    const boardId = (await allJobs(sandbox))[0].board.id;
    try {
      sandbox.resetStats();
      sandbox.setFaults({ latencyMs: 900 });
      const { isError, text } = await impatient.call('create_jobs', {
        jobs: [
          {
            boardId,
            title,
            date: '2027-04-02',
            timezone: 'Europe/London',
            roles: [{ title: 'Steward', startTime: '2027-04-02T10:00', endTime: '2027-04-02T14:00' }],
          },
        ],
      });
      expect(isError).toBe(true);
      expect(text).toMatch(
        /timed out after 300 ms; it may or may not have been applied, so it was not repeated/,
      );
      expect(text).toMatch(/Check with list_jobs/);
    } finally {
      sandbox.setFaults({ latencyMs: 0 });
      await impatient.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(operations(sandbox).createJobs).toBe(1);
    const created = (
      await allJobs(sandbox, { fromRange: '2027-04-01T00:00:00Z', toRange: '2027-04-03T00:00:00Z' })
    ).filter((job) => job.title === title);
    expect(created).toHaveLength(1);
  });
});

describe('context cost of the write tools', () => {
  it('keeps each write tool (name, description, input schema) within 400 o200k tokens', async () => {
    const { tools } = await admin.client.listTools();
    const names = ['create_jobs', 'update_jobs', 'create_crew', 'update_crew', 'update_profile_data_types'];
    const cost = Object.fromEntries(
      tools
        .filter((tool) => names.includes(tool.name))
        .map((tool) => [
          tool.name,
          encode(
            JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }),
          ).length,
        ]),
    );
    expect(Object.keys(cost).sort()).toEqual([...names].sort());
    for (const [name, tokens] of Object.entries(cost)) expect(tokens, name).toBeLessThanOrEqual(400);
  });
});
