// The kept-plans port (contract/kept-plans.ts) and its two implementations: in memory (a server
// without --store) and in the store (PGlite and a PostgreSQL server), with the same tests: a plan
// comes back as kept, under a random id, for KEPT_PLAN_TTL_MS after it was last kept (the clock
// injected), at most MAX_KEPT_PLANS per tenant with the least recently kept going first, and an
// id of one tenant never found through another's. The store's own: two instances on one database
// see one set of plans, and expired rows are pruned in bounded batches.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEPT_PLAN_TTL_MS,
  type KeptPlanId,
  type KeptPlans,
  MAX_KEPT_PLANS,
} from '../../src/contract/kept-plans.js';
import { type KeptPlan, MemoryKeptPlans } from '../../src/staffing/kept-plans.js';
import { openStore, type Store } from '../../src/store/index.js';
import { PRUNE_BATCH } from '../../src/store/kept-plans.js';
import { SecretBox } from '../../src/store/secret-box.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';

let clock = Date.parse('2026-07-01T12:00:00Z');
const now = () => clock;

/** A plan as plan_staffing keeps it; `n` tells plans apart. */
function plan(n: number): KeptPlan {
  return {
    places: [
      { jobId: `job-${n}`, roleId: `role-${n}` },
      { jobId: `job-${n}`, roleId: `role-${n}b`, count: 2 },
    ],
    options: {
      statuses: ['APPLIED', 'BOOKED'],
      minRestHours: 10,
      maxShiftsPerDay: 1,
      maxHours: 40,
      keepPending: true,
      continuity: false,
      preferScore: '9',
      exclude: [3, 5],
      limitAlternates: 2,
    },
    offRole: [{ roleId: `role-${n}`, crewId: 7 }],
    pins: [{ roleId: `role-${n}b`, crewId: 8 }],
    assignments: [{ roleId: `role-${n}`, crewId: n }],
  };
}

const uniqueTenant = () => `tenant-${randomBytes(4).toString('hex')}`;

/** Keep `kept` as plan_staffing does: the id taken first (a follow-up's own, else a new one), then kept. */
async function keep<Plan>(plans: KeptPlans<Plan>, kept: Plan, asked?: string): Promise<KeptPlanId> {
  const id = plans.idFor(asked);
  await plans.keep(id, kept);
  return id;
}

interface Implementation {
  name: string;
  /** Opens what the implementation needs (a store). */
  open(): Promise<void>;
  /** The store the plans are kept in, once open (none in memory). */
  store?: () => Store;
  /** The kept plans of `tenant` (memory: one per tenant context, as each context holds its own). */
  of(tenant: string): KeptPlans<KeptPlan>;
  close(): Promise<void>;
}

function memory(): Implementation {
  const tenants = new Map<string, MemoryKeptPlans>();
  return {
    name: 'memory',
    open: async () => undefined,
    of(tenant) {
      let plans = tenants.get(tenant);
      if (!plans) {
        plans = new MemoryKeptPlans(now);
        tenants.set(tenant, plans);
      }
      return plans;
    },
    close: async () => undefined,
  };
}

function inStore(name: string, database: () => Promise<TestDatabase | null>): Implementation {
  let db: TestDatabase | null = null;
  let store: Store | undefined;
  return {
    name,
    async open() {
      db = await database();
      store = await openStore({
        url: db?.url ?? null,
        dataDir: null,
        box: new SecretBox(randomBytes(32)),
        now,
      });
    },
    store: () => store as Store,
    of: (tenant) => (store as Store).keptPlans<KeptPlan>(tenant),
    async close() {
      await store?.close();
      await db?.drop();
    },
  };
}

const implementations = [
  memory(),
  inStore('store on pglite', async () => null),
  inStore('store on postgres', () => createTestDatabase('crew_kept_plans')),
];

describe.each(implementations)('kept plans: $name', (implementation) => {
  beforeAll(() => implementation.open(), 120_000);
  afterAll(() => implementation.close());

  it('gives a plan back as kept, under a new random id, until KEPT_PLAN_TTL_MS from now', async () => {
    const plans = implementation.of(uniqueTenant());
    const kept = await keep(plans, plan(1));
    const again = await keep(plans, plan(1));
    expect(kept.id).toMatch(/^plan-[0-9a-f]{10}$/);
    expect(again.id).not.toBe(kept.id);
    expect(kept.until).toBe(clock + KEPT_PLAN_TTL_MS);
    expect(await plans.get(kept.id)).toEqual(plan(1));
    expect(await plans.get('plan-0000000000')).toBeUndefined();
  });

  it('answers for KEPT_PLAN_TTL_MS after the plan was last kept, and not a millisecond more', async () => {
    const plans = implementation.of(uniqueTenant());
    const start = clock;
    const { id } = await keep(plans, plan(1));
    const other = await keep(plans, plan(2));
    clock = start + KEPT_PLAN_TTL_MS - 1000;
    // A follow-up keeps its plan again under the same id: its time starts over.
    expect(await keep(plans, plan(3), id)).toEqual({ id, until: clock + KEPT_PLAN_TTL_MS });
    clock = start + KEPT_PLAN_TTL_MS;
    expect(await plans.get(other.id)).toEqual(plan(2));
    clock += 1;
    expect(await plans.get(other.id)).toBeUndefined();
    expect(await plans.get(id)).toEqual(plan(3));
    clock = start + 2 * KEPT_PLAN_TTL_MS - 1000;
    expect(await plans.get(id)).toEqual(plan(3));
    clock += 1;
    expect(await plans.get(id)).toBeUndefined();
    // Once expired it stays gone, also when the clock were to go back (the row or entry is deleted).
    clock = start;
    expect(await plans.get(id)).toBeUndefined();
    clock = start + 2 * KEPT_PLAN_TTL_MS;
  });

  it("never finds one tenant's plan through another's, nor lets another replace it", async () => {
    const [acme, globex] = [uniqueTenant(), uniqueTenant()];
    const { id } = await keep(implementation.of(acme), plan(1));
    expect(await implementation.of(globex).get(id)).toBeUndefined();
    // Even a plan kept under the same id by the other tenant is that tenant's own.
    await keep(implementation.of(globex), plan(2), id);
    expect(await implementation.of(acme).get(id)).toEqual(plan(1));
    expect(await implementation.of(globex).get(id)).toEqual(plan(2));
  });

  it(`keeps at most ${MAX_KEPT_PLANS} plans per tenant, the least recently kept going first`, async () => {
    const [acme, globex] = [uniqueTenant(), uniqueTenant()];
    const theirs = await keep(implementation.of(globex), plan(0));
    const plans = implementation.of(acme);
    const ids: string[] = [];
    for (let n = 1; n <= MAX_KEPT_PLANS; n++) ids.push((await keep(plans, plan(n))).id);
    // The first plan is kept again (a follow-up): now the second is the least recently kept.
    await keep(plans, plan(1), ids[0]);
    await keep(plans, plan(MAX_KEPT_PLANS + 1));
    expect(await plans.get(ids[1] as string)).toBeUndefined();
    expect(await plans.get(ids[0] as string)).toEqual(plan(1));
    for (let n = 3; n <= MAX_KEPT_PLANS; n++) expect(await plans.get(ids[n - 1] as string)).toEqual(plan(n));
    // Another tenant's plans do not count against this one's, nor go with them.
    expect(await implementation.of(globex).get(theirs.id)).toEqual(plan(0));
  });

  // The store's own: one set of plans on the database, and its rows pruned.
  if (!implementation.store) return;
  const store = implementation.store;
  /** Rows kept for these tenants. */
  const rows = async (...tenants: string[]) =>
    (
      await store().engine.query<{ n: string }>(
        'select count(*) as n from crew_kept_plans where tenant_key = any($1)',
        [tenants],
      )
    ).map((row) => Number(row.n))[0];

  it('is one set of plans for every instance on the database (as replicas have): kept as JSON', async () => {
    const tenant = uniqueTenant();
    const { id } = await keep(store().keptPlans<KeptPlan>(tenant), plan(1));
    expect(await store().keptPlans<KeptPlan>(tenant).get(id)).toEqual(plan(1));
    const [row] = await store().engine.query<{ minRest: string }>(
      `select plan->'options'->>'minRestHours' as "minRest" from crew_kept_plans where plan_id = $1`,
      [id],
    );
    expect(row?.minRest).toBe('10');
  });

  it('deletes an expired plan when read, and those of any tenant in bounded batches on keep', async () => {
    await store().engine.query('delete from crew_kept_plans');
    const [stale, fresh] = [uniqueTenant(), uniqueTenant()];
    const start = clock;
    const old = store().keptPlans<KeptPlan>(stale);
    const { id } = await keep(old, plan(1));
    clock += KEPT_PLAN_TTL_MS + 1;
    expect(await old.get(id)).toBeUndefined();
    expect(await rows(stale)).toBe(0);

    // More expired rows than one batch (the cap is per tenant: spread over tenants of their own).
    clock = start;
    const staleTenants = Array.from({ length: Math.ceil((PRUNE_BATCH + 10) / MAX_KEPT_PLANS) }, uniqueTenant);
    let left = PRUNE_BATCH + 10;
    for (const tenant of staleTenants)
      for (let n = 0; n < MAX_KEPT_PLANS && left > 0; n++, left--)
        await keep(store().keptPlans(tenant), plan(n));
    expect(await rows(...staleTenants)).toBe(PRUNE_BATCH + 10);
    clock += KEPT_PLAN_TTL_MS + 1;
    await keep(store().keptPlans<KeptPlan>(fresh), plan(1));
    expect(await rows(...staleTenants)).toBe(10);
    await keep(store().keptPlans<KeptPlan>(fresh), plan(2));
    expect(await rows(...staleTenants)).toBe(0);
    expect(await rows(fresh)).toBe(2);
  });
});
