// Plans kept for follow-ups ("swap Ana on Saturday", "plan again without Ben"): a bounded LRU per
// platform client (so one tenant's plan ids never reach another's), each plan for KEPT_PLAN_TTL_MS
// after it was last made or changed. A follow-up re-reads the platform (crew and bookings may have
// moved) and re-solves the same places with the plan's options plus the change.
import { randomBytes } from 'node:crypto';
import type { PlaceAsk } from './gather.js';
import type { PlanOptions } from './model.js';

/** How long a plan id answers: a staffing conversation's pace. */
export const KEPT_PLAN_TTL_MS = 30 * 60_000;
/** Plans kept per platform client; the least recently used goes first. */
export const MAX_KEPT_PLANS = 50;

export interface KeptPlan {
  places: PlaceAsk[];
  options: PlanOptions;
  offRole: { roleId: string; crewId: number }[];
  pins: { roleId: string; crewId: number }[];
  assignments: { roleId: string; crewId: number }[];
}

interface Entry {
  plan: KeptPlan;
  at: number;
}

export class KeptPlans {
  private readonly plans = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  keep(plan: KeptPlan, id = `plan-${randomBytes(5).toString('hex')}`): { id: string; until: number } {
    this.plans.delete(id);
    this.plans.set(id, { plan, at: this.now() });
    while (this.plans.size > MAX_KEPT_PLANS) {
      const oldest = this.plans.keys().next().value;
      if (oldest === undefined) break;
      this.plans.delete(oldest);
    }
    return { id, until: this.now() + KEPT_PLAN_TTL_MS };
  }

  get(id: string): KeptPlan | undefined {
    const entry = this.plans.get(id);
    if (!entry) return undefined;
    if (this.now() - entry.at > KEPT_PLAN_TTL_MS) {
      this.plans.delete(id);
      return undefined;
    }
    return entry.plan;
  }
}

const perPlatform = new WeakMap<object, KeptPlans>();

/** The kept plans of one platform client (one tenant). */
export function keptPlansOf(platform: object): KeptPlans {
  let plans = perPlatform.get(platform);
  if (!plans) {
    plans = new KeptPlans();
    perPlatform.set(platform, plans);
  }
  return plans;
}
