// One tenant's kept plans in the store (the port: contract/kept-plans.ts), so that a `planId`
// follow-up finds its plan on whichever replica the load balancer sends it to. The plan is kept
// as JSON under (tenant, id): an id of one tenant is never found through another's. Expiry is
// checked on read; each keep trims the tenant to MAX_KEPT_PLANS and deletes a bounded batch of
// expired rows of any tenant, so the table stays about MAX_KEPT_PLANS rows per active tenant.
import {
  type KeptPlanId,
  type KeptPlans,
  keptAt,
  keptPlanId,
  keptPlansCutoff,
  MAX_KEPT_PLANS,
} from '../contract/kept-plans.js';
import type { SqlRunner } from './engine.js';

/** Expired rows deleted per keep at most: a keep's cost stays bounded however many there are. */
export const PRUNE_BATCH = 100;

const KEEP = `
  insert into crew_kept_plans (tenant_key, plan_id, plan, kept_at) values ($1, $2, $3::jsonb, $4)
  on conflict (tenant_key, plan_id) do update
    set plan = excluded.plan, kept_at = excluded.kept_at, kept_order = excluded.kept_order`;

const TRIM = `
  delete from crew_kept_plans where tenant_key = $1 and plan_id in (
    select plan_id from crew_kept_plans where tenant_key = $1 order by kept_order desc offset $2)`;

const PRUNE = `
  delete from crew_kept_plans where (tenant_key, plan_id) in (
    select tenant_key, plan_id from crew_kept_plans where kept_at < $1 limit $2)`;

export class StoreKeptPlans<Plan> implements KeptPlans<Plan> {
  constructor(
    private readonly sql: SqlRunner,
    private readonly tenantKey: string,
    private readonly now: () => number = Date.now,
  ) {}

  idFor(asked?: string): KeptPlanId {
    return keptPlanId(asked, this.now());
  }

  /** The plan's one write (KEEP), then the tenant trimmed and expired rows pruned (deletes). */
  async keep(id: KeptPlanId, plan: Plan): Promise<void> {
    const at = keptAt(id);
    await this.sql.query(KEEP, [this.tenantKey, id.id, JSON.stringify(plan), new Date(at)]);
    await this.sql.query(TRIM, [this.tenantKey, MAX_KEPT_PLANS]);
    await this.sql.query(PRUNE, [new Date(keptPlansCutoff(at)), PRUNE_BATCH]);
  }

  async get(id: string): Promise<Plan | undefined> {
    const [row] = await this.sql.query<{ plan: Plan; kept_at: Date | string }>(
      'select plan, kept_at from crew_kept_plans where tenant_key = $1 and plan_id = $2',
      [this.tenantKey, id],
    );
    if (!row) return undefined;
    const cutoff = keptPlansCutoff(this.now());
    if (new Date(row.kept_at).getTime() < cutoff) {
      // Only while still expired: another replica may have kept the id again meanwhile.
      await this.sql.query(
        'delete from crew_kept_plans where tenant_key = $1 and plan_id = $2 and kept_at < $3',
        [this.tenantKey, id, new Date(cutoff)],
      );
      return undefined;
    }
    return row.plan;
  }
}
