// The token budgets of test/bench/budgets.ts, checked by every benchmark run (the context
// section calls this): the model-visible tool list, each tool, and each typical result. The same
// budgets are tests (test/tools/context-budget.test.ts); here they make `npm run bench -- --quick`
// fail in CI too.
import type { Client } from '@modelcontextprotocol/client';
import { PER_TOOL_BUDGET, RESULT_BUDGETS, TOOL_LIST_BUDGET } from './budgets.js';
import type { BenchContext } from './report.js';
import { countTokens, type ListedTool, modelListTokens, modelView, resultCost } from './tokens.js';

export async function checkTokenBudgets(
  ctx: BenchContext,
  tools: ListedTool[],
  client: Client,
): Promise<void> {
  ctx.budget({
    what: `default tool list (${tools.length} tools), model-visible`,
    actual: modelListTokens(tools),
    limit: TOOL_LIST_BUDGET,
    unit: 'tokens',
  });
  const costliest = tools
    .map((tool) => ({ name: tool.name, tokens: countTokens(modelView(tool)) }))
    .sort((a, b) => b.tokens - a.tokens)[0];
  if (costliest) {
    ctx.budget({
      what: `costliest tool (${costliest.name}), model-visible`,
      actual: costliest.tokens,
      limit: PER_TOOL_BUDGET,
      unit: 'tokens',
    });
  }
  for (const { tool, args, budget } of RESULT_BUDGETS) {
    const result = await client.callTool({ name: tool, arguments: args });
    if (result.isError)
      throw new Error(`${tool} ${JSON.stringify(args)} failed: ${JSON.stringify(result.content)}`);
    ctx.budget({
      what: `result of ${tool} ${JSON.stringify(args)}, text + structuredContent`,
      actual: resultCost(result).both,
      limit: budget,
      unit: 'tokens',
    });
  }
}
