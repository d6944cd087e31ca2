// Request budgets the benchmark checks on every run (`npm run bench`, and `-- --quick` in CI):
// counts of what reached the sandbox, which do not depend on the machine's speed. Each is what
// the seeded test sandbox (seed 42, TEST_TODAY) needs today; more is a regression in the token
// single flight, the lookups or their caches, and fails the run. A change that needs more raises
// the number here deliberately, in the same commit. (Token budgets live in budgets.ts.)

/** Token requests during a burst of concurrent tool calls over one connection. */
export const TOKEN_REQUEST_BUDGETS = {
  /** The token fetched at start is still valid: none. */
  validToken: 0,
  /** The token expired just before the burst: one, shared by every call (single flight). */
  afterExpiry: 1,
};

/**
 * Upstream requests (GraphQL + REST) per staffing question of staffing-questions.ts: `cold` with
 * the staffing cache emptied first, `warm` when the same calls are repeated at once. A cold
 * find_matching_crew reads, besides the role's window, the BOOKED crew jobs of the five weeks its
 * ranking weighs (hours in the role's week, work in the 28 days before: four pages on the seed,
 * cached per week), hence four more than before the ranking (issue 21).
 */
export const STAFFING_REQUEST_BUDGETS: Record<string, { cold: number; warm: number }> = {
  'who-can-work': { cold: 9, warm: 1 },
  'unfilled-weekend': { cold: 1, warm: 1 },
  'unfilled-weekend-board': { cold: 1, warm: 1 },
  'is-crew-free': { cold: 9, warm: 1 },
  'replace-declined': { cold: 9, warm: 1 },
  'three-security-posts': { cold: 13, warm: 3 },
  'languages-evening': { cold: 11, warm: 0 },
  'half-empty-this-week': { cold: 1, warm: 1 },
  'door-supervisors': { cold: 3, warm: 0 },
  'what-needs-a-person': { cold: 9, warm: 1 },
  'nearly-qualified': { cold: 9, warm: 1 },
  'soonest-open-on-board': { cold: 10, warm: 2 },
};
