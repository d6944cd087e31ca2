// list_jobs without dates or ids starts today (not with the past month of the platform's
// default order), in `timezone` when one is given. "Today" is the app's clock: in tests, TEST_TODAY
// (connectInProcess pins it), the test sandbox's today, whatever the calendar says.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { requestsDuring, TEST_TODAY } from '../helpers/sandbox.js';

const suite = useConnectedSandbox();

describe('list_jobs with no date filter', () => {
  it('asks the platform for jobs from today on, and shows none before today', async () => {
    const today = TEST_TODAY;
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      suite.call('list_jobs', { perPage: 100 }),
    );
    expect(result.isError).toBe(false);
    const dates: string[] = result.data.jobs.map((job: { date: string }) => job.date);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date >= today)).toBe(true);
    const filters = sent.map((request) =>
      request.kind === 'graphql'
        ? (request.variables?.input as { filter?: { fromRange?: string } } | undefined)?.filter
        : undefined,
    );
    // A date read in each job's own zone: from the earliest offset (UTC+14) of today.
    expect(filters[0]?.fromRange).toBe(DateTime.fromISO(today, { zone: 'UTC' }).minus({ hours: 14 }).toISO());
  });

  it('leaves the range open when ids are given', async () => {
    const { sent } = await requestsDuring(suite.sandbox, () => suite.call('list_jobs', { jobIds: ['1'] }));
    const input = (sent[0] as unknown as { variables: { input: { filter: Record<string, unknown> } } })
      .variables.input;
    expect(input.filter).toEqual({ jobIds: ['1'] });
  });
});
