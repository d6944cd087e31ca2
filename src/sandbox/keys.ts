// The sandbox's API keys (OAuth 2.0 clients). Secrets here are public demo values: the sandbox
// guards nothing real, but it checks them exactly as the platform would.
import { type ApiKey, SCOPES } from './types.js';

export const SANDBOX_COMPANY_ID = 'company-1';

export const DEMO_KEYS: readonly ApiKey[] = Object.freeze([
  {
    clientId: 'demo-admin',
    clientSecret: 'demo-admin-secret',
    scopes: [...SCOPES],
    companyId: SANDBOX_COMPANY_ID,
  },
  {
    clientId: 'demo-readonly',
    clientSecret: 'demo-readonly-secret',
    scopes: ['jobs:read', 'crew:read'],
    companyId: SANDBOX_COMPANY_ID,
  },
]);

/** Demo keys plus the caller's extra keys; an extra key with a demo client id replaces it. */
export function buildKeyring(extra: readonly ApiKey[] = []): ApiKey[] {
  const byId = new Map<string, ApiKey>();
  for (const key of [...DEMO_KEYS, ...extra]) {
    byId.set(key.clientId, { ...key, scopes: [...key.scopes] });
  }
  return [...byId.values()];
}
