// The kept-plans port: plans that plan_staffing keeps for `planId` follow-ups ("swap Ana on
// Saturday", "plan again without Ben"), one tenant's at a time. Two implementations: in this
// process (staffing/kept-plans.ts, a server without --store) and in the store that replicas share
// (store/kept-plans.ts), so that a follow-up the load balancer sends to another replica finds its
// plan. It sits in the contract so that the store implements it without knowing the planner.
import { randomBytes } from 'node:crypto';

/** How long a plan id answers after its plan was last kept: a staffing conversation's pace. */
export const KEPT_PLAN_TTL_MS = 30 * 60_000;
/** Plans kept per tenant; the least recently kept goes first. */
export const MAX_KEPT_PLANS = 50;

export interface KeptPlanId {
  id: string;
  /** When the id stops answering, ms since the epoch (unless kept again before). */
  until: number;
}

/**
 * One tenant's kept plans: an id of one tenant is never found through another's. The id is taken
 * before the plan is kept, so that a plan that names its own id (plan_staffing's result, which the
 * view pages) is kept whole in one write.
 */
export interface KeptPlans<Plan> {
  /** The id the next plan is kept under (a follow-up's own, else a new random one), from now. Writes nothing. */
  idFor(asked?: string): KeptPlanId;
  /** Keep `plan` under `id` (from idFor; a follow-up replaces its plan) in one write, until `id.until`. */
  keep(id: KeptPlanId, plan: Plan): Promise<void>;
  /** The plan kept under `id`; undefined once expired, pushed out by newer ones, or never kept here. */
  get(id: string): Promise<Plan | undefined>;
}

/** The id a plan kept at `at` answers to (a follow-up's own, else a new random one), and until when. */
export function keptPlanId(id: string | undefined, at: number): KeptPlanId {
  // Random: nobody finds a plan by guessing its id.
  return { id: id ?? `plan-${randomBytes(5).toString('hex')}`, until: at + KEPT_PLAN_TTL_MS };
}

/** When a plan kept under `id` counts as kept: the moment its id was taken, so it answers until `id.until`. */
export function keptAt(id: KeptPlanId): number {
  return id.until - KEPT_PLAN_TTL_MS;
}

/** Plans last kept before this time have expired at `now`. */
export function keptPlansCutoff(now: number): number {
  return now - KEPT_PLAN_TTL_MS;
}
