// No verdict of the suite depends on the calendar date (issue 29): the suite's date-sensitive
// checks run here under a year of calendar dates, with the suite's own set-up (a test sandbox at
// TEST_TODAY, the app in process on testClock). Only Date is faked (timers stay real); an answer,
// or what reached the platform for it, that changed with the date would be the calendar leaking
// past the pinned clocks, as it did into list_jobs' page of 25 (over its budget on 2026-11-28).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESULT_BUDGETS } from '../bench/budgets.js';
import { resultCost } from '../bench/tokens.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { requestsDuring, TEST_NOW } from '../helpers/sandbox.js';

const DAY_MS = 86_400_000;
// The sandbox ages its tokens by the real time, which faking Date must not move: a token would
// expire at each faked day and every call be a refusal, a new token and a retry.
const realNow = () => performance.timeOrigin + performance.now();
const suite = useConnectedSandbox([], { now: realNow });

/**
 * A year of dates from a month before the test sandbox's today, at 09:00 UTC, every fifth day: 73
 * dates, every weekday and month among them, at about 75 ms of calls each (all 365 took 28 s).
 */
const YEAR = Array.from(
  { length: 73 },
  (_, step) => TEST_NOW - 30 * DAY_MS + step * 5 * DAY_MS - 3 * 3_600_000,
);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A call's answer and the GraphQL variables it sent, on the calendar date `at` (real when undefined). */
async function answerOn(at: number | undefined, tool: string, args: Record<string, unknown>) {
  if (at === undefined) vi.useRealTimers();
  else {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  }
  // The board names are kept for an hour of the app's clock: read them again on every date.
  suite.connected.app.context.lookups.boards.invalidate();
  const { result, sent } = await requestsDuring(suite.sandbox, () =>
    suite.client.callTool({ name: tool, arguments: args }),
  );
  const variables = sent.flatMap((request) => (request.kind === 'graphql' ? [request.variables] : []));
  return { result, variables };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the calendar date', () => {
  it('changes nothing a call defaulted to "today" or "now" answers or sends, over a year of dates', {
    timeout: 60_000,
  }, async () => {
    // list_jobs starts today, find_open_roles from now, a board name is looked up in the window around today.
    const calls: [string, Record<string, unknown>][] = [
      ['list_jobs', { perPage: 1 }],
      ['find_open_roles', { boardIds: ['Sydney'] }],
    ];
    for (const [tool, args] of calls) {
      const expected = await answerOn(undefined, tool, args);
      expect(expected.result.isError, JSON.stringify(expected.result.content)).toBeFalsy();
      for (const at of YEAR) {
        const answer = await answerOn(at, tool, args);
        expect(answer, `${tool} on ${iso(at)}`).toEqual(expected);
      }
    }
  });

  it.each(RESULT_BUDGETS)(
    'keeps $tool $args at the same size on the first of each month',
    async ({ tool, args }) => {
      const expected = resultCost((await answerOn(undefined, tool, args)).result);
      for (let month = 0; month < 12; month++) {
        const at = Date.UTC(2027, month, 1, 9);
        expect(resultCost((await answerOn(at, tool, args)).result), `${tool} on ${iso(at)}`).toEqual(
          expected,
        );
      }
    },
  );
});
