// list_crew_jobs against the sandbox: the filters it sends (from/to read as each job's local days,
// or in `timezone` when given, by the same date/time rules as role times), times local to each
// job with the UTC instants beside them, and "no crew N" for an unknown crew id.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { gqlEveryPage } from '../helpers/sandbox.js';
import { seeing, variablesOf } from '../helpers/sent.js';
import { operations } from '../helpers/tool-requests.js';

const suite = useConnectedSandbox();
const see = (args: Record<string, unknown>) =>
  seeing(suite.sandbox, () => suite.call('list_crew_jobs', args));

describe('list_crew_jobs', () => {
  it('filters assignments by status and shows local times', async () => {
    const result = await see({ status: ['BOOKED'], perPage: 20 });
    expect(result.isError).toBe(false);
    expect(variablesOf(result.sent, 'companyCrewJobs')).toEqual({
      input: { filter: { crewJobStatus: ['BOOKED'] }, page: 1, perPage: 20 },
    });
    expect(result.data.crewJobs.length).toBeGreaterThan(0);
    for (const crewJob of result.data.crewJobs) expect(crewJob.status).toBe('BOOKED');
    expect(result.data.crewJobs[0].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}-/);
  });

  it("reads dates as each job's local days by default, as list_jobs does, with UTC instants in the rows", async () => {
    const local = await see({ from: '2026-11-25', to: '2026-11-25', allPages: true });
    expect(local.isError, local.text).toBe(false);
    const raw = await gqlEveryPage(
      suite.sandbox,
      'companyCrewJobs',
      'id role { startTime endTime } job { date }',
    );
    const want = raw.filter((crewJob) => crewJob.job.date === '2026-11-25');
    expect(local.data.crewJobs.map((row: { id: string }) => row.id).sort()).toEqual(
      want.map((row) => row.id).sort(),
    );
    const first = want.find((row) => row.id === local.data.crewJobs[0].id);
    const [start, end] = [first.role.startTime, first.role.endTime].map((t: string) =>
      new Date(t).toISOString().slice(0, 16),
    );
    expect(local.data.crewJobs[0].utc).toBe(
      `${start}Z-${end!.slice(0, 10) === start!.slice(0, 10) ? end!.slice(11) : end}Z`,
    );
    const utc = await see({ from: '2026-11-25', to: '2026-11-25', timezone: 'UTC' });
    expect(variablesOf(utc.sent, 'companyCrewJobs')).toMatchObject({
      input: { filter: { fromRange: '2026-11-25T00:00:00.000Z', toRange: '2026-11-25T23:59:59.999Z' } },
    });
    const sydney = await see({ from: '2026-11-25', timezone: 'Australia/Sydney' });
    expect(variablesOf(sydney.sent, 'companyCrewJobs')).toMatchObject({
      input: { filter: { fromRange: '2026-11-24T13:00:00.000Z' } },
    });
    expect(sydney.isError).toBe(false);
  });

  it('refuses a wall clock the clocks skip before anything is read', async () => {
    const result = await see({ from: '2027-03-28T01:30', timezone: 'Europe/London' });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/from: 01:30 does not exist on 2027-03-28 in Europe\/London/);
  });

  it('says "no crew N" for an unknown crew id instead of an empty page', async () => {
    const result = await see({ crewIds: [987654] });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/no crew 987654\. list_crew shows crew ids/);
    const mixed = await see({ crewIds: [1, 987654], perPage: 5 });
    expect(mixed.isError, mixed.text).toBe(false);
    expect(mixed.data.notes).toContain('no crew 987654.');
  });

  it('sends the ids it is given', async () => {
    const result = await see({ crewIds: [1], perPage: 5 });
    expect(operations(result.sent)).toEqual(['companyCrewJobs']);
    expect(variablesOf(result.sent, 'companyCrewJobs')).toMatchObject({
      input: { filter: { crewIds: [1] } },
    });
  });
});
