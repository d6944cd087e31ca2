// The context budgets that do not depend on machine speed: the model-visible tool list and
// typical results, in o200k tokens. The tests (test/tools/context-budget.test.ts) enforce them and
// the benchmark reports against them, from this one place.

/**
 * The whole default tool list (demo-admin, every tool), model-visible: 3,728 measured with the 21
 * tools of issue 13's start, 2,906 after its cut (words, not meaning: docs/TOOL-TEXT.md says where
 * each rule went). Issue 13 set it at 3,000; the planning wave (issues 20-22) sets 3,500 for all
 * its tools together (plan_staffing added some 290, review_crew_schedule some 220); a new tool
 * that needs more raises this deliberately, in the same change.
 */
export const TOOL_LIST_BUDGET = 3_500;
/**
 * Any one tool, model-visible (name + description + inputSchema): the largest was create_jobs at
 * 363, now 295; next update_crew 268 and update_jobs 249.
 */
export const PER_TOOL_BUDGET = 300;

/** Typical results (text + structuredContent), on the seeded test sandbox; measured, plus a margin. */
export const RESULT_BUDGETS: { tool: string; args: Record<string, unknown>; budget: number }[] = [
  // The default page (25 jobs from today: 10,206 measured); a page of 100 jobs does not fit one
  // result and is cut (below).
  { tool: 'list_jobs', args: { perPage: 25 }, budget: 11_000 },
  { tool: 'list_crew', args: { perPage: 100 }, budget: 11_000 },
  // Each row carries its UTC instants beside the local times since issue 21 (16,685 measured).
  { tool: 'list_crew_jobs', args: { perPage: 100 }, budget: 17_000 },
  // Crew member 1 answers every data type: the largest seeded profile.
  { tool: 'get_crew', args: { crewId: 1 }, budget: 1_200 },
  // A weekend's open roles; find_matching_crew's budget is asserted per seeded role in its own test.
  { tool: 'find_open_roles', args: { from: '2026-11-28', to: '2026-11-29' }, budget: 1_800 },
];

/** Calls that would return more than fits and must be cut to the hard limit. */
export const OVERSIZED_CALLS: { tool: string; args: Record<string, unknown> }[] = [
  { tool: 'list_jobs', args: { perPage: 100 } },
  { tool: 'list_jobs', args: { perPage: 100, allPages: true, maxItems: 2000 } },
  { tool: 'list_crew', args: { perPage: 100, allPages: true, maxItems: 2000 } },
];
