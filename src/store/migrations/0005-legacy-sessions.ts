// 2025-era sessions in the store (issue 34 item 4): what a session's server instance is rebuilt
// from on whichever replica its client reaches next (the negotiated protocol version, the
// client's capabilities and info, its resource subscriptions). `owner_hash` is a SHA-256 of the
// client key that opened it (a caller's client id and subject, or its address): a session is
// resumed for that client only, and the key itself is not kept. `last_seen` dates the idle expiry.
export const legacySessionsTable = `
create table crew_legacy_sessions (
  session_id text primary key,
  owner_hash text not null,
  protocol_version text not null,
  capabilities jsonb not null,
  client_info jsonb not null,
  subscriptions jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  last_seen timestamptz not null
);
create index crew_legacy_sessions_last_seen on crew_legacy_sessions (last_seen);
`;
