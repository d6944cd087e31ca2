// list_leavers against the sandbox: the range it sends (dates are UTC days unless `timezone`).
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { seeing, variablesOf } from '../helpers/sent.js';

const suite = useConnectedSandbox();
const see = (args: Record<string, unknown>) => seeing(suite.sandbox, () => suite.call('list_leavers', args));

describe('list_leavers', () => {
  it('lists leavers with when they left', async () => {
    const result = await see({ perPage: 100 });
    expect(result.isError).toBe(false);
    expect(variablesOf(result.sent, 'companyLeavers')).toEqual({ input: { page: 1, perPage: 100 } });
    expect(result.data.leavers.length).toBeGreaterThanOrEqual(10);
    expect(result.data.leavers[0]).toHaveProperty('leftAt');
  });

  it('reads from/to as UTC days, or days in the given timezone', async () => {
    const utc = await see({ from: '2026-01-01', to: '2026-12-31' });
    expect(variablesOf(utc.sent, 'companyLeavers')).toMatchObject({
      input: { fromRange: '2026-01-01T00:00:00.000Z', toRange: '2026-12-31T23:59:59.999Z' },
    });
    const kolkata = await see({ from: '2026-01-01', timezone: 'Asia/Kolkata' });
    expect(variablesOf(kolkata.sent, 'companyLeavers')).toMatchObject({
      input: { fromRange: '2025-12-31T18:30:00.000Z' },
    });
  });

  it('refuses a date it cannot read before anything is read', async () => {
    const result = await see({ from: '31/12/2026' });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/from: "31\/12\/2026" is not a date \(YYYY-MM-DD\) or an ISO date-time/);
  });
});
