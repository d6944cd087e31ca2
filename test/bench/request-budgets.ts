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
 * find_matching_crew reads, besides the role's window, the company's whole BOOKED history (hours in
 * the role's week, last day worked at now, next shift: five pages on the seed, one read shared by
 * every role and week while kept); a question without a time (door-supervisors) reads it too, for
 * its last-worked dates. Reads of one moment go together as aliased reads of one request
 * (src/platform/read-batcher.ts): the role's job, then the first pages of the crew, the window and
 * the history, then their other pages: 3 requests where 10 went before (issue 30).
 */
export const STAFFING_REQUEST_BUDGETS: Record<string, { cold: number; warm: number }> = {
  'who-can-work': { cold: 3, warm: 1 },
  'unfilled-weekend': { cold: 1, warm: 1 },
  'unfilled-weekend-board': { cold: 1, warm: 1 },
  'is-crew-free': { cold: 3, warm: 1 },
  'replace-declined': { cold: 3, warm: 1 },
  'three-security-posts': { cold: 7, warm: 3 },
  'languages-evening': { cold: 4, warm: 0 },
  // find_open_roles reads the job index of the boards of the multi-day jobs it lists (their days).
  'half-empty-this-week': { cold: 2, warm: 2 },
  'door-supervisors': { cold: 2, warm: 0 },
  'what-needs-a-person': { cold: 3, warm: 1 },
  'nearly-qualified': { cold: 3, warm: 1 },
  'soonest-open-on-board': { cold: 4, warm: 2 },
};

/**
 * find_matching_crew about one role after another (staffing.ts, `anotherWeek`): `cold`, the first
 * role with the staffing cache emptied (the seed: its job; then the first crew page, its time's
 * crew jobs and the first page of the BOOKED history together in one request of aliased reads;
 * then the other 2 crew pages and 4 history pages together: 3 requests, 4 when someone booked on
 * the role is read by id); `warm`, a role of another local week asked next, within the cache time:
 * only its job and its time's crew jobs, the history read for the first holding every week's
 * hours. Issue 30's goals: at most 5 cold and 2 warm, with lastWorked still over the whole BOOKED
 * history (issue 31).
 */
export const ANOTHER_WEEK_REQUEST_BUDGETS = { cold: 5, warm: 2 };
