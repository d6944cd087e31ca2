// Kept plans in the store (issue 30): plan_staffing's plans for `planId` follow-ups, shared by
// replicas, each tenant's apart (the key is the tenant and the plan id). `kept_order` numbers the
// keeps across replicas (a sequence, not the replicas' clocks) for "least recently kept first
// out"; `kept_at` (the keeping replica's clock) dates the expiry. Old rows are pruned as plans
// are kept.
export const keptPlansTable = `
create sequence crew_kept_plans_order;
create table crew_kept_plans (
  tenant_key text not null,
  plan_id text not null,
  plan jsonb not null,
  kept_at timestamptz not null,
  kept_order bigint not null default nextval('crew_kept_plans_order'),
  primary key (tenant_key, plan_id)
);
create index crew_kept_plans_recent on crew_kept_plans (tenant_key, kept_order desc);
create index crew_kept_plans_kept_at on crew_kept_plans (kept_at);
`;
