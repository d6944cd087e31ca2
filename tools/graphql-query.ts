import { z } from 'zod';
import { estimateTokens, fitItems, RESULT_TOKEN_LIMIT, type Rendered } from '../src/mcp/budget.js';
import { defineTool, type ToolDefinition } from '../src/mcp/define-tool.js';
import { checkedOperation, invalid } from '../src/mcp/graphql-check.js';

const inputSchema = z.object({
  query: z.string().min(1).max(20_000),
  variables: z.record(z.string(), z.unknown()).optional(),
});
const outputSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  note: z.string().optional().describe('What was cut to fit the result budget'),
});
type Output = z.infer<typeof outputSchema>;

type Path = (string | number)[];

/** The path of the array whose JSON is the longest: the list to cut when the answer is too big. */
function longestArray(value: unknown, path: Path = []): { path: Path; size: number } | null {
  if (!value || typeof value !== 'object') return null;
  let best: { path: Path; size: number } | null = Array.isArray(value)
    ? { path, size: JSON.stringify(value).length }
    : null;
  for (const [key, child] of Object.entries(value)) {
    const found = longestArray(child, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found && (!best || found.size > best.size)) best = found;
  }
  return best;
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

/** What a result costs a model: its text and its structuredContent. */
const cost = (rendered: Rendered<Output>) =>
  estimateTokens(rendered.text) + estimateTokens(JSON.stringify(rendered.data));

/** The answer within the result budget: its longest list cut, with a note, when it is too big. */
export function fitAnswer(data: Record<string, unknown>, limit = RESULT_TOKEN_LIMIT): Rendered<Output> {
  const whole: Rendered<Output> = { data: { data }, text: JSON.stringify(data) };
  if (cost(whole) <= limit) return whole;
  const list = longestArray(data);
  const items = list
    ? (list.path.reduce<unknown>((node, key) => (node as never)[key], data) as unknown[])
    : [];
  const fitted = fitItems(
    items,
    (kept, cut) => {
      const cutData = replaceAt(data, list?.path ?? [], kept) as Record<string, unknown>;
      const note =
        cut > 0
          ? `${cut} of ${items.length} items of ${list?.path.join('.')} cut to fit the result budget: select fewer fields or ask for fewer items.`
          : undefined;
      return {
        data: { data: cutData, ...(note ? { note } : {}) },
        text: `${note ? `${note}\n` : ''}${JSON.stringify(cutData)}`,
      };
    },
    limit,
  );
  if (cost(fitted) > limit) {
    throw invalid(
      'query',
      [`the answer is about ${cost(whole)} tokens, over the ${limit}-token limit of a result`],
      'Select fewer fields, or fewer items (perPage).',
    );
  }
  return fitted;
}

function graphqlQueryTool(allowMutations: boolean): ToolDefinition<typeof inputSchema, typeof outputSchema> {
  return defineTool({
    name: 'graphql_query',
    title: allowMutations ? 'Run a GraphQL operation' : 'Run a GraphQL query',
    description: `One GraphQL ${allowMutations ? "query or mutation (sent once, without the write tools' rule checks)" : 'query'} you write, for data no other tool reads; checked against schema and scopes first. Names: describe_schema.`,
    inputSchema,
    outputSchema,
    annotations: allowMutations
      ? { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
      : { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    scopes: [],
    toolset: 'schema',
    async handler(input, ctx) {
      const kind = checkedOperation(input, ctx, allowMutations);
      const variables = input.variables ?? {};
      const data =
        kind === 'mutation'
          ? await ctx.platform.graphql.mutate<Record<string, unknown>>(input.query, variables, {
              signal: ctx.signal,
            })
          : await ctx.platform.graphql.query<Record<string, unknown>>(input.query, variables, {
              signal: ctx.signal,
            });
      return fitAnswer(data);
    },
  });
}

/** Queries only: the tool as registered. */
export const graphqlQuery = graphqlQueryTool(false);
/** Queries and mutations: what the app lists instead when started with --allow-graphql-mutations. */
export const graphqlQueryWithMutations = graphqlQueryTool(true);
