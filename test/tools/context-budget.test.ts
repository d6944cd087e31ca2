import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_TOKEN_LIMIT } from '../../src/mcp/budget.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { allTools } from '../../tools/index.js';
import { OVERSIZED_CALLS, PER_TOOL_BUDGET, RESULT_BUDGETS, TOOL_LIST_BUDGET } from '../bench/budgets.js';
import { countTokens, type ListedTool, modelListTokens, modelView, resultCost } from '../bench/tokens.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { connectInProcess, textOf } from '../helpers/mcp.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { reads } from '../helpers/tool-requests.js';

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
    expect(countTokens(modelView(tool))).toBeGreaterThan(countTokens(tool.description ?? ''));
  });

  it('keeps the scopes out of what a model reads: they are metadata for clients', () => {
    const tool = tools.find((candidate) => candidate.name === 'get_crew') as ListedTool & {
      _meta?: Record<string, unknown>;
    };
    expect(tool._meta?.['crew-mcp/scopes']).toEqual(['crew:read']);
    expect(modelView(tool)).not.toMatch(/crew:read|Scope/);
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
  // One clock for the sandbox (issue, expiry) and the server (when to refresh), stopped but for
  // `ahead`: the lifetime passes without waiting it out, and never while the calls run (with the
  // real time running, 12 calls on a loaded machine outlasted 90% of 3 s: a second token).
  let ahead = 0;
  const base = Date.now();
  const now = () => base + ahead;
  const suite = useConnectedSandbox([], { faults: { tokenLifetimeSeconds: LIFETIME_SECONDS }, now }, { now });

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
    // Every call read the platform (a burst's reads of one moment share requests, 10 to one).
    expect(reads(suite.sandbox.stats.requests).length).toBeGreaterThanOrEqual(12);
    expect(suite.sandbox.stats.tokenRequests).toBe(1);

    ahead += LIFETIME_SECONDS * 1000 + 100;
    await burst(10);
    await call();
    expect(suite.sandbox.stats.tokenRequests).toBe(2);
  });
});
