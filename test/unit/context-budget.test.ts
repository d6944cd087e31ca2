import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_TOKEN_LIMIT } from '../../src/mcp/budget.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { allTools } from '../../tools/index.js';
import { countTokens, type ListedTool, modelListTokens, modelView, resultCost } from '../bench/tokens.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { connectInProcess, textOf } from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';

/**
 * The whole default tool list (demo-admin, every tool), model-visible: 3,114 measured with 16
 * tools; find_matching_crew and find_open_roles (issue 10) add about 360 and graphql_query about
 * 100, so about 3,720 with 21, plus a margin. The house rule caps it at 4,000; a new tool that
 * needs more raises this deliberately, in the same change.
 */
const TOOL_LIST_BUDGET = 3_800;
/** Any one tool, model-visible (name + description + inputSchema). */
const PER_TOOL_BUDGET = 450;

/** Typical results (text + structuredContent), on the seeded test sandbox; measured, plus a margin. */
const RESULT_BUDGETS: { tool: string; args: Record<string, unknown>; budget: number }[] = [
  // The default page (25 jobs from today: 10,206 measured); a page of 100 jobs does not fit one
  // result and is cut (below).
  { tool: 'list_jobs', args: { perPage: 25 }, budget: 11_000 },
  { tool: 'list_crew', args: { perPage: 100 }, budget: 11_000 },
  { tool: 'list_crew_jobs', args: { perPage: 100 }, budget: 13_500 },
  // Crew member 1 answers every data type: the largest seeded profile.
  { tool: 'get_crew', args: { crewId: 1 }, budget: 1_200 },
  // A weekend's open roles; find_matching_crew's budget is asserted per seeded role in its own test.
  { tool: 'find_open_roles', args: { from: '2026-11-28', to: '2026-11-29' }, budget: 1_800 },
];

/** Calls that would return more than fits and must be cut to the hard limit. */
const OVERSIZED_CALLS: { tool: string; args: Record<string, unknown> }[] = [
  { tool: 'list_jobs', args: { perPage: 100 } },
  { tool: 'list_jobs', args: { perPage: 100, allPages: true, maxItems: 2000 } },
  { tool: 'list_crew', args: { perPage: 100, allPages: true, maxItems: 2000 } },
];

describe('tool list budget', () => {
  let sandbox: RunningSandbox;
  let tools: ListedTool[];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const connected = await connectInProcess(sandbox);
    try {
      tools = (await connected.client.listTools()).tools;
    } finally {
      await connected.close();
    }
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  it('measures the default set: demo-admin lists every registered tool', () => {
    const listed = tools.map((tool) => tool.name);
    for (const tool of allTools) expect(listed).toContain(tool.name);
  });

  it(`keeps the whole model-visible list within ${TOOL_LIST_BUDGET} tokens`, () => {
    const total = modelListTokens(tools);
    const costliest = tools
      .map((tool) => `${tool.name} ${countTokens(modelView(tool))}`)
      .sort((a, b) => Number(b.split(' ')[1]) - Number(a.split(' ')[1]))
      .slice(0, 5);
    expect(
      total,
      `${total} tokens for ${tools.length} tools; costliest: ${costliest.join(', ')}`,
    ).toBeLessThanOrEqual(TOOL_LIST_BUDGET);
  });

  it(`keeps every tool within ${PER_TOOL_BUDGET} tokens`, () => {
    const overBudget = tools
      .map((tool) => ({ tool: tool.name, tokens: countTokens(modelView(tool)) }))
      .filter((entry) => entry.tokens > PER_TOOL_BUDGET)
      .map((entry) => `${entry.tool}: ${entry.tokens} tokens`);
    expect(overBudget).toEqual([]);
  });

  it('counts what a model reads: the view holds the name, the description and the input schema', () => {
    const tool = tools.find((candidate) => candidate.name === 'get_crew') as ListedTool;
    const view = JSON.parse(modelView(tool));
    expect(Object.keys(view)).toEqual(['name', 'description', 'inputSchema']);
    expect(view.description).toMatch(/Scope: crew:read\.$/);
    expect(countTokens(modelView(tool))).toBeGreaterThan(countTokens(tool.description ?? ''));
  });
});

describe('result budgets', () => {
  const suite = useConnectedSandbox();

  it('states every budget under the hard limit of one result', () => {
    for (const { budget } of RESULT_BUDGETS) expect(budget).toBeLessThan(RESULT_TOKEN_LIMIT);
  });

  it.each(RESULT_BUDGETS)('$tool $args stays within $budget tokens', async ({ tool, args, budget }) => {
    const result = await suite.client.callTool({ name: tool, arguments: args });
    expect(result.isError, textOf(result)).toBeFalsy();
    const cost = resultCost(result);
    // A result that is nearly empty would pass any budget: make sure the data is there.
    expect(cost.text).toBeGreaterThan(budget / 4);
    expect(cost.both).toBeLessThanOrEqual(budget);
  });

  it.each(OVERSIZED_CALLS)('$tool $args is cut to under the hard limit', async ({ tool, args }) => {
    const result = await suite.client.callTool({ name: tool, arguments: args });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(resultCost(result).both).toBeLessThan(RESULT_TOKEN_LIMIT);
  });
});

describe('token requests', () => {
  // Short enough for a test, long enough that a handful of in-process calls fit in one lifetime
  // (the server refreshes at 90% of a short lifetime).
  const LIFETIME_SECONDS = 3;
  const suite = useConnectedSandbox([], { faults: { tokenLifetimeSeconds: LIFETIME_SECONDS } });

  const call = async () => {
    const result = await suite.connected.client.callTool({ name: 'list_crew', arguments: { perPage: 1 } });
    expect(result.isError, textOf(result)).toBeFalsy();
  };
  const burst = (count: number) => Promise.all(Array.from({ length: count }, call));

  it('makes one token request per token lifetime, however many calls', async () => {
    // The server fetched its token at startup to read its scopes.
    expect(suite.sandbox.stats.tokenRequests).toBe(1);
    await burst(10);
    await call();
    await call();
    expect(suite.sandbox.stats.graphqlRequests).toBeGreaterThanOrEqual(12);
    expect(suite.sandbox.stats.tokenRequests).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, LIFETIME_SECONDS * 1000 + 100));
    await burst(10);
    await call();
    expect(suite.sandbox.stats.tokenRequests).toBe(2);
  });
});
