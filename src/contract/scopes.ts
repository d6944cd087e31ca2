// Scopes of the platform [assumed names, shared/platform-contract.md]: each operation needs one
// (§4.1, §5.5). The product's tool policy and the sandbox's enforcement share this list.
export const SCOPES = ['jobs:read', 'jobs:write', 'crew:read', 'crew:write', 'webhooks:manage'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The scope each operation (root field) of our model needs [assumed, platform-contract.md
 * "Scopes"]: what the sandbox enforces and what the product checks before sending (graphql_query).
 */
export const OPERATION_SCOPES: Readonly<Record<string, Scope>> = {
  companyJobs: 'jobs:read',
  companyCrewJobs: 'jobs:read',
  createJobs: 'jobs:write',
  updateJobs: 'jobs:write',
  companyCrewAll: 'crew:read',
  companyCrewOne: 'crew:read',
  companyLeavers: 'crew:read',
  createCrew: 'crew:write',
  updateCompanyCrew: 'crew:write',
  updateProfileDataTypes: 'crew:write',
};
