// The hosted connector's tables (issue 23): tenants (a platform API URL and client id), the grants
// that connect them (the platform secret encrypted per grant), oidc-provider's records (clients,
// codes, tokens, sessions, grants; each with its expiry) and each tenant's webhook event log.
export const connectorTables = `
create table crew_tenants (
  tenant_key text primary key,
  api_url text not null,
  platform_client_id text not null,
  auth_url text not null,
  realm text not null,
  webhook_secret_enc text,
  webhook_subscription jsonb,
  created_at timestamptz not null default now(),
  unique (api_url, platform_client_id)
);

create table crew_grants (
  grant_id text primary key,
  tenant_key text not null references crew_tenants (tenant_key) on delete cascade,
  secret_enc text,
  status text not null default 'active' check (status in ('active', 'needs_reconnect', 'revoked')),
  platform_scopes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index crew_grants_tenant on crew_grants (tenant_key);

create table crew_oauth_records (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index crew_oauth_records_grant on crew_oauth_records (grant_id) where grant_id is not null;
create index crew_oauth_records_uid on crew_oauth_records (model, uid) where uid is not null;
create index crew_oauth_records_user_code on crew_oauth_records (model, user_code) where user_code is not null;
create index crew_oauth_records_expiry on crew_oauth_records (expires_at) where expires_at is not null;

create table crew_webhook_events (
  tenant_key text not null,
  event_id text not null,
  seq bigserial,
  type text not null,
  created_at timestamptz not null,
  received_at timestamptz not null default now(),
  data jsonb not null,
  primary key (tenant_key, event_id)
);
create index crew_webhook_events_recent on crew_webhook_events (tenant_key, seq desc);
`;
