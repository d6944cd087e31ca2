// plan_staffing on a whole Monday-Sunday week across every board of the default seed (issue 32
// items 1 and 3), the sandbox clock pinned. What holds on any machine is asserted: the places
// filled equal the independent per-role optimum and are proven (by the counting bound, with no
// solver time), every constraint is kept, and the proof reads honestly: "optimal (proven)", or the
// stages proven and the stopped one with its gap or "no bound proven", never a gap of 100%. That
// every later stage is proven within the time limit is a speed goal, not asserted here: on the
// two-core machine shared by eight sessions (load average 17) the week's stages took 2-9 s of
// wall time against their 1-2 s of CPU; the bench (test/bench/weeks.ts) reports them per stage.
import { beforeAll, describe, expect, it } from 'vitest';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { TEST_NOW } from '../helpers/sandbox.js';
import { callCounted } from '../helpers/tool-requests.js';
import { openRolesOf, perRoleBound, planViolations } from '../oracles/plan.js';
import { type Company, readCompany } from '../oracles/staffing.js';

const suite = useConnectedSandbox();
const LIMITS = { minRestHours: 10, maxShiftsPerDay: 1 };
/** The third Monday-Sunday week after the tests' today: the seed's hardest of the four to prove. */
const WEEK = { from: '2026-12-07', to: '2026-12-13' };
let company: Company;

beforeAll(async () => {
  company = await readCompany(suite.sandbox);
});

describe('plan_staffing: a whole week across every board', () => {
  it('fills the independent optimum, proves it, keeps every constraint and says how far the rest is proven', async () => {
    const boardIds = [...new Set(company.jobs.map((job) => job.board.id))];
    const { data, text, isError } = await callCounted(suite.sandbox, suite.client, 'plan_staffing', {
      boardIds,
      ...WEEK,
    });
    expect(isError).toBe(false);
    const roles = company.jobs
      .filter((job) => job.date >= WEEK.from && job.date <= WEEK.to)
      .flatMap((job) => openRolesOf(company, [job.id], TEST_NOW));
    expect(data.totals.placesOpen).toBe(roles.reduce((sum, role) => sum + role.open, 0));
    expect(data.totals.placesFilled).toBe(perRoleBound(company, roles, LIMITS));
    expect(planViolations(company, data.assignments, LIMITS)).toEqual([]);
    // The places filled are proven whatever the machine's speed: only a later stage may stop.
    expect(data.totals.unproven).not.toBe('most places filled');
    if (data.totals.status === 'optimal') {
      expect(data.totals.gap).toBe(0);
      expect(text).toContain('optimal (proven)');
    } else {
      expect(data.objective.indexOf(data.totals.unproven)).toBeGreaterThan(0);
      expect(text).toContain(`most places filled`);
      expect(text).toMatch(/ proven; /);
      expect(text).toContain(
        data.totals.gap === undefined
          ? `${data.totals.unproven} not proven (no bound proven on it in the time limit)`
          : `${data.totals.unproven} within `,
      );
      expect(data.totals.gap ?? 0).toBeLessThan(1);
    }
    expect(text).not.toMatch(/within 100/);
  });
});
