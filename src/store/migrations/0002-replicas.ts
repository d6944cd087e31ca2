// Replicas sharing one PostgreSQL (issue 24): the webhook event log keeps each event's size, so
// that retention by size is a sum, and the index retention by age walks; the rate limiter's
// buckets, one row per client, in an unlogged table (not written to the WAL: a crash of the
// server forgets them, which costs a client at most one fresh burst).
export const replicaTables = `
alter table crew_webhook_events add column size_bytes integer not null default 0;
create index crew_webhook_events_received on crew_webhook_events (tenant_key, received_at);

create unlogged table crew_rate_buckets (
  client text primary key,
  tokens double precision not null,
  updated_ms double precision not null,
  allowed boolean not null
);
create index crew_rate_buckets_updated on crew_rate_buckets (updated_ms);
`;
