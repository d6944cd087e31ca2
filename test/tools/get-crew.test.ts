// get_crew against the sandbox: one member's profiles with own and inherited (global, SCORING)
// data types and answers, read with one companyCrewOne; an unknown id says which tool finds one.
import { describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { seeing, variablesOf } from '../helpers/sent.js';
import { operations } from '../helpers/tool-requests.js';
import type { Any } from './write-support.js';

const suite = useConnectedSandbox();
const see = (args: Record<string, unknown>) => seeing(suite.sandbox, () => suite.call('get_crew', args));

describe('get_crew', () => {
  it('shows crew member 1 (who answers every data type): inherited global and SCORING data types with answers', async () => {
    const result = await see({ crewId: 1 });
    expect(result.isError, result.text).toBe(false);
    expect(operations(result.sent)).toEqual(['companyCrewOne']);
    expect(variablesOf(result.sent, 'companyCrewOne')).toEqual({ crewId: 1 });
    const dataTypes = result.data.crew.profiles.flatMap((profile: Any) => profile.dataTypes);
    expect(dataTypes.some((dataType: Any) => dataType.global)).toBe(true);
    expect(
      dataTypes.some((dataType: Any) => dataType.type === 'SCORING' && dataType.score !== undefined),
    ).toBe(true);
  });

  it('says when a crew member does not exist, and which tool finds one', async () => {
    const result = await see({ crewId: 999_999 });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['companyCrewOne']);
    expect(result.text).toMatch(/Use list_crew to find a valid id/);
  });

  it('refuses a crewId that is not a whole number before anything is read', async () => {
    const result = await see({ crewId: 1.5 });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
  });
});
