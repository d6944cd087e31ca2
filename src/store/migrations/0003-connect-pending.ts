// Replicas in --auth connector (issue 24): an API key verified on the connect page waits for the
// user's consent in the store, not in the replica that checked it, because the consent form's
// POST may reach another replica. The key's secret is sealed, as a grant's is; the row goes when
// consent (or refusal) takes it, or when it expires.
export const connectPendingTable = `
create table crew_connect_pending (
  interaction_uid text primary key,
  sealed text not null,
  expires_at timestamptz not null
);
create index crew_connect_pending_expires on crew_connect_pending (expires_at);
`;
