// Whose company a 2025-era session serves (connector mode): forgetting a company deletes its
// sessions too, not only after their 30 idle minutes. Null for a session of a one-key server,
// which has no companies. Rows saved before this migration stay null and expire as before.
export const sessionTenantsColumn = `
alter table crew_legacy_sessions add column tenant_key text;
create index crew_legacy_sessions_tenant on crew_legacy_sessions (tenant_key);
`;
