// Scopes of the platform [assumed names, shared/platform-contract.md]: each operation needs one
// (§4.1, §5.5). The product's tool policy and the sandbox's enforcement share this list.
export const SCOPES = ['jobs:read', 'jobs:write', 'crew:read', 'crew:write', 'webhooks:manage'] as const;
export type Scope = (typeof SCOPES)[number];
