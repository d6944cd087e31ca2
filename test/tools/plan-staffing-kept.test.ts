// plan_staffing keeps each plan in one write (issue 30): the id is taken before the plan is kept,
// so the plan and its whole result (what plan_staffing_page pages for the view) go in together,
// where they used to be kept twice (the plan, then again with the result). Counted on every
// implementation of the kept-plans port behind the real tool: the one in this process (its keeps,
// each one write to its map) and the store's on both engines (the statements that write a plan row).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_PLAN_TTL_MS, type KeptPlans } from '../../src/contract/kept-plans.js';
import { type KeptPlan, MemoryKeptPlans } from '../../src/staffing/kept-plans.js';
import type { SqlRunner } from '../../src/store/engine.js';
import { openStore, type Store } from '../../src/store/index.js';
import { StoreKeptPlans } from '../../src/store/kept-plans.js';
import { SecretBox } from '../../src/store/secret-box.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { type AnyResult, callTool, connectToContext } from '../helpers/mcp.js';
import { testClock } from '../helpers/sandbox.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';

const suite = useConnectedSandbox();

/** Kept plans whose writes are counted, and when a plan was kept (the store's row), if it says. */
interface Counted {
  plans: KeptPlans<KeptPlan>;
  writes(): number;
  keptAt?(planId: string): Promise<number>;
  close(): Promise<void>;
}

/** In this process: each keep is one write to its map. */
async function inProcess(): Promise<Counted> {
  const memory = new MemoryKeptPlans(testClock);
  let writes = 0;
  return {
    plans: {
      idFor: (asked) => memory.idFor(asked),
      keep: (id, plan) => {
        writes += 1;
        return memory.keep(id, plan);
      },
      get: (id) => memory.get(id),
    },
    writes: () => writes,
    close: async () => undefined,
  };
}

/** In the store: the statements that write a plan row (insert or update), counted on the engine. */
async function inStore(database: () => Promise<TestDatabase | null>): Promise<Counted> {
  const db = await database();
  const store: Store = await openStore({
    url: db?.url ?? null,
    dataDir: null,
    box: new SecretBox(randomBytes(32)),
    now: testClock,
  });
  let writes = 0;
  const counting: SqlRunner = {
    query(text, params) {
      if (/^\s*(insert into|update) crew_kept_plans/i.test(text)) writes += 1;
      return store.engine.query(text, params);
    },
  };
  const tenant = `tenant-${randomBytes(4).toString('hex')}`;
  return {
    plans: new StoreKeptPlans<KeptPlan>(counting, tenant, testClock),
    writes: () => writes,
    async keptAt(planId) {
      const [row] = await store.engine.query<{ kept_at: Date | string }>(
        'select kept_at from crew_kept_plans where tenant_key = $1 and plan_id = $2',
        [tenant, planId],
      );
      return new Date(row?.kept_at ?? Number.NaN).getTime();
    },
    async close() {
      await store.close();
      await db?.drop();
    },
  };
}

const implementations: { name: string; open: () => Promise<Counted> }[] = [
  { name: 'in process', open: inProcess },
  { name: 'store on pglite', open: () => inStore(async () => null) },
  { name: 'store on postgres', open: () => inStore(() => createTestDatabase('crew_kept_writes')) },
];

describe.each(implementations)('plan_staffing keeps a plan in one write: $name', ({ open }) => {
  let counted: Counted;
  let served: Awaited<ReturnType<typeof connectToContext>>;
  beforeAll(async () => {
    counted = await open();
    // The app's own context, its kept plans these counted ones.
    served = await connectToContext({ ...suite.connected.app.context, keptPlans: counted.plans });
  }, 120_000);
  afterAll(async () => {
    await served?.close();
    await counted?.close();
  });

  it('keeps a plan and its follow-up once each, with the whole result the view pages', async () => {
    const open = await callTool(served.client, 'find_open_roles', {});
    const roles = (open.data as AnyResult).roles as { jobId: string; roleId: string }[];
    const places = roles.slice(0, 3).map((role) => `${role.jobId}/${role.roleId}`);
    const planned = await callTool(served.client, 'plan_staffing', { places });
    expect(planned.isError, planned.text).toBe(false);
    const { planId, keptUntil, assignments } = planned.data as AnyResult;
    expect(assignments.length).toBeGreaterThan(0);
    expect(counted.writes()).toBe(1);
    // The one write held the result: the view's page tool reads it whole.
    const page = await callTool(served.client, 'plan_staffing_page', { planId });
    expect(page.isError, page.text).toBe(false);
    expect((page.data as AnyResult).total).toBe(assignments.length);
    // The id answers until the time the result promised, from when the plan was kept.
    if (counted.keptAt) expect((await counted.keptAt(planId)) + KEPT_PLAN_TTL_MS).toBe(Date.parse(keptUntil));

    const followUp = await callTool(served.client, 'plan_staffing', {
      planId,
      exclude: [assignments[0].crewId],
    });
    expect(followUp.isError, followUp.text).toBe(false);
    expect((followUp.data as AnyResult).planId).toBe(planId);
    expect(counted.writes()).toBe(2);
  });
});
