// The kept plans of a server without a store (what a plan holds: planner/kept-plan.ts): a
// bounded LRU in this process (per tenant: each context has its own), each plan for
// KEPT_PLAN_TTL_MS after it was last kept. A follow-up re-reads the platform (crew and bookings
// may have moved) and re-solves the same places with the plan's options plus the change.
// Replicas share theirs through the store instead (store/kept-plans.ts), behind the same port
// (contract/kept-plans.ts).
import {
  type KeptPlanId,
  type KeptPlans,
  keptAt,
  keptPlanId,
  keptPlansCutoff,
  MAX_KEPT_PLANS,
} from '../contract/kept-plans.js';
import type { KeptPlan } from '../planner/kept-plan.js';

export type { KeptPlan };

interface Entry<Plan> {
  plan: Plan;
  at: number;
}

export class MemoryKeptPlans<Plan = KeptPlan> implements KeptPlans<Plan> {
  /** In the order kept (a Map keeps insertion order): the first is the least recently kept. */
  private readonly plans = new Map<string, Entry<Plan>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** By the port's rule (contract/kept-plans.ts): the same id and expiry as the store's. */
  idFor(asked?: string): KeptPlanId {
    return keptPlanId(asked, this.now());
  }

  async keep(id: KeptPlanId, plan: Plan): Promise<void> {
    this.plans.delete(id.id);
    this.plans.set(id.id, { plan, at: keptAt(id) });
    while (this.plans.size > MAX_KEPT_PLANS) {
      const oldest = this.plans.keys().next().value;
      if (oldest === undefined) break;
      this.plans.delete(oldest);
    }
  }

  async get(id: string): Promise<Plan | undefined> {
    const entry = this.plans.get(id);
    if (!entry) return undefined;
    if (entry.at < keptPlansCutoff(this.now())) {
      this.plans.delete(id);
      return undefined;
    }
    return entry.plan;
  }
}
