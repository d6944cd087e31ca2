// list_crew_jobs against the sandbox: the filters it sends (from/to read in `timezone`, UTC by
// default, by the same date/time rules as role times), and times local to each job.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
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

  it('reads dates as UTC days by default, and in the given timezone', async () => {
    const utc = await see({ from: '2026-11-25', to: '2026-11-25' });
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

  it('sends the ids it is given', async () => {
    const result = await see({ crewIds: [1], perPage: 5 });
    expect(operations(result.sent)).toEqual(['companyCrewJobs']);
    expect(variablesOf(result.sent, 'companyCrewJobs')).toMatchObject({
      input: { filter: { crewIds: [1] } },
    });
  });
});
