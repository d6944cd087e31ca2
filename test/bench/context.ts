// Context cost: what the tool list and typical results cost a model in o200k tokens, against
// published figures of other servers and against the raw GraphQL answer for the same data.
import type { Client } from '@modelcontextprotocol/client';
import { companyJobsDocument, crewAllDocument, crewOneDocument } from '../../src/contract/documents.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { connectInProcess } from '../helpers/mcp.js';
import { fetchToken } from '../helpers/sandbox.js';
import { type BenchContext, commands, int, ratio, type Section, table } from './report.js';
import { summarize } from './stats.js';
import { checkTokenBudgets } from './token-budgets.js';
import { countTokens, type ListedTool, modelListTokens, modelView, resultCost } from './tokens.js';

/** Published by their vendors or measured by others; quoted, not measured here. */
const PUBLISHED = [
  { server: 'GitHub MCP server (default toolset)', tools: 43, tokens: 13_000 },
  { server: 'Sentry MCP server', tools: 24, tokens: 14_000 },
];

const DOCUMENTS = { companyJobs: companyJobsDocument, crewAll: crewAllDocument, crewOne: crewOneDocument };

interface TypicalCall {
  label: string;
  tool: string;
  args: Record<string, unknown>;
  /** The tool's read document, from src/contract/graphql/. */
  document: keyof typeof DOCUMENTS;
  variables: Record<string, unknown>;
}

/** The richest seeded profile: crew member 1 answers every data type. */
const PROFILE_CREW_ID = 1;

const TYPICAL: TypicalCall[] = [
  // A page of 100 jobs with their roles is more than one result may carry (it is cut to the
  // budget, see test/tools/context-budget.test.ts); 40 jobs fit, so both sides hold the same data.
  {
    label: '40 jobs with roles',
    tool: 'list_jobs',
    args: { perPage: 40 },
    document: 'companyJobs',
    variables: { input: { filter: {}, page: 1, perPage: 40 } },
  },
  {
    label: '100 crew',
    tool: 'list_crew',
    args: { perPage: 100 },
    document: 'crewAll',
    variables: { input: { filter: {}, page: 1, perPage: 100 } },
  },
  {
    label: 'one crew profile',
    tool: 'get_crew',
    args: { crewId: PROFILE_CREW_ID },
    document: 'crewOne',
    variables: { crewId: PROFILE_CREW_ID },
  },
];

/** The sandbox's /gql answer as the bytes it sent: what an assistant given raw GraphQL would read. */
async function rawGraphql(
  sandbox: RunningSandbox,
  token: string,
  query: string,
  variables: unknown,
): Promise<string> {
  const response = await fetch(`${sandbox.baseUrl}/gql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  if (response.status !== 200 || JSON.parse(text).errors) throw new Error(`GraphQL failed: ${text}`);
  return text;
}

async function listedTools(sandbox: RunningSandbox, args: string[]): Promise<ListedTool[]> {
  const connected = await connectInProcess(sandbox, args);
  try {
    return (await connected.client.listTools()).tools;
  } finally {
    await connected.close();
  }
}

/** The house rule (notes/BRIEF.md); test/tools/context-budget.test.ts holds the budgets CI enforces. */
const HOUSE_LIST_LIMIT = 4_000;
const HOUSE_TOOL_LIMIT = 450;

function houseRule(visible: number, rows: { name: string; visible: number }[]): string {
  const over = rows.filter((row) => row.visible > HOUSE_TOOL_LIMIT);
  const list =
    visible <= HOUSE_LIST_LIMIT
      ? `within the house limit of ${int(HOUSE_LIST_LIMIT)} (${int(HOUSE_LIST_LIMIT - visible)} to spare)`
      : `**over** the house limit of ${int(HOUSE_LIST_LIMIT)} by ${int(visible - HOUSE_LIST_LIMIT)}`;
  const tools =
    over.length === 0
      ? `no tool over ${HOUSE_TOOL_LIMIT}`
      : `**over ${HOUSE_TOOL_LIMIT} per tool**: ${over.map((row) => `\`${row.name}\` ${row.visible}`).join(', ')}`;
  return `House rule check: the list is ${list}; ${tools}.`;
}

function costliestProperties(
  tools: ListedTool[],
  count: number,
): { tool: string; property: string; tokens: number; json: string }[] {
  return tools
    .flatMap((tool) =>
      Object.entries((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {}).map(
        ([property, schema]) => {
          const json = JSON.stringify(schema);
          return { tool: tool.name, property, tokens: countTokens(json), json };
        },
      ),
    )
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, count);
}

function toolListPart(tools: ListedTool[], readOnlyKey: ListedTool[], readOnlyFlag: ListedTool[]): string {
  const full = countTokens(JSON.stringify({ tools }));
  const visible = modelListTokens(tools);
  const rows = tools
    .map((tool) => ({
      name: tool.name,
      visible: countTokens(modelView(tool)),
      description: countTokens(tool.description ?? ''),
      schema: countTokens(JSON.stringify(tool.inputSchema)),
      full: countTokens(JSON.stringify(tool)),
    }))
    .sort((a, b) => b.visible - a.visible);
  const perTool = visible / tools.length;
  const published = PUBLISHED.map((ref) => [
    ref.server,
    ref.tools,
    `~${int(ref.tokens)}`,
    `~${int(ref.tokens / ref.tools)}`,
    ratio(ref.tokens / visible),
    ratio(ref.tokens / ref.tools / perTool),
  ]);
  return [
    '### Tool list',
    '',
    `Default set (key demo-admin, every tool listed): **${tools.length} tools, ${int(visible)} tokens** model-visible ` +
      `(name + description + inputSchema as JSON), ${int(perTool)} per tool on average; the full \`tools/list\` ` +
      `answer as JSON (with titles, annotations, output schemas, _meta) is ${int(full)} tokens.`,
    '',
    houseRule(visible, rows),
    '',
    table(
      ['set', 'tools', 'model-visible tokens', 'full tools/list JSON tokens'],
      [
        ['default (demo-admin)', tools.length, int(visible), int(full)],
        [
          'key demo-readonly',
          readOnlyKey.length,
          int(modelListTokens(readOnlyKey)),
          int(countTokens(JSON.stringify({ tools: readOnlyKey }))),
        ],
        [
          '--read-only',
          readOnlyFlag.length,
          int(modelListTokens(readOnlyFlag)),
          int(countTokens(JSON.stringify({ tools: readOnlyFlag }))),
        ],
      ],
    ),
    '',
    'Per tool, most expensive first:',
    '',
    table(
      ['tool', 'model-visible', 'description', 'inputSchema', 'full tools/list entry'],
      rows.map((row) => [`\`${row.name}\``, row.visible, row.description, row.schema, int(row.full)]),
    ),
    '',
    'Most expensive input properties (candidates for cuts):',
    '',
    table(
      ['tool', 'property', 'tokens', 'JSON schema (first 80 characters)'],
      costliestProperties(tools, 8).map((row) => [
        `\`${row.tool}\``,
        `\`${row.property}\``,
        row.tokens,
        `\`${row.json.slice(0, 80)}\``,
      ]),
    ),
    '',
    'Published references (quoted from public reports, **not measured here**; their tokenizers may differ):',
    '',
    table(
      ['server', 'tools', 'tokens (published)', 'per tool', 'their total ÷ ours', 'their per tool ÷ ours'],
      published,
    ),
  ].join('\n');
}

async function typicalResults(client: Client, sandbox: RunningSandbox, token: string): Promise<string> {
  const rows: (string | number)[][] = [];
  const calls: string[] = [];
  for (const call of TYPICAL) {
    const result = await client.callTool({ name: call.tool, arguments: call.args });
    if (result.isError) throw new Error(`${call.tool} failed: ${JSON.stringify(result.content)}`);
    // A result cut to the context budget would hold less than the raw answer: not comparable.
    const page = (
      result.structuredContent as { page?: { returned: number; perPage: number; totalCount: number } }
    ).page;
    if (page && page.returned < Math.min(page.perPage, page.totalCount)) {
      throw new Error(
        `${call.tool} ${JSON.stringify(call.args)} was cut to ${page.returned} items: use a smaller page`,
      );
    }
    const cost = resultCost(result);
    const raw = countTokens(await rawGraphql(sandbox, token, DOCUMENTS[call.document], call.variables));
    rows.push([
      call.label,
      `\`${call.tool}\``,
      int(cost.text),
      int(cost.structured),
      int(cost.both),
      int(countTokens(JSON.stringify(result))),
      int(raw),
      ratio(cost.text / raw),
      ratio(cost.both / raw),
    ]);
    calls.push(`tools/call ${call.tool} ${JSON.stringify(call.args)}`);
    calls.push(
      `POST /gql src/contract/graphql (${call.document}, + fragments) ${JSON.stringify(call.variables)}`,
    );
  }
  return [
    '### Typical results',
    '',
    "Each tool result against the raw GraphQL answer for the same data (the tool's own document, so the " +
      'same fields, sent directly to the same sandbox). "text" is the content block a model reads; ' +
      '"structured" is structuredContent as JSON; clients that forward both pay "text + structured".',
    '',
    table(
      [
        'data',
        'tool',
        'text',
        'structured',
        'text + structured',
        'whole result JSON',
        'raw GraphQL JSON',
        'text ÷ raw',
        '(text + structured) ÷ raw',
      ],
      rows,
    ),
    '',
    commands(calls),
  ].join('\n');
}

/** get_crew across many profiles: how much one profile varies. */
async function profileSpread(client: Client, count: number): Promise<string> {
  const list = await client.callTool({ name: 'list_crew', arguments: { perPage: count } });
  const ids = ((list.structuredContent as { crew: { id: number }[] }).crew ?? []).map((member) => member.id);
  const texts: number[] = [];
  for (const crewId of ids) {
    const result = await client.callTool({ name: 'get_crew', arguments: { crewId } });
    texts.push(resultCost(result).text);
  }
  const spread = summarize(texts);
  return (
    `get_crew text tokens over the first ${ids.length} crew members: median ${int(spread.median)}, ` +
    `p95 ${int(spread.p95)}, min ${int(spread.min)}, max ${int(spread.max)} ` +
    `(\`tools/call get_crew {"crewId": id}\` for each id of \`list_crew {"perPage": ${count}}\`).`
  );
}

export const contextSection: Section = {
  id: 'context',
  title: 'Context cost (o200k tokens)',
  async run(ctx: BenchContext) {
    const { sandbox } = ctx;
    ctx.log('context: tool lists');
    const tools = await listedTools(sandbox, []);
    const readOnlyKey = await listedTools(sandbox, ['--sandbox-key', 'demo-readonly']);
    const readOnlyFlag = await listedTools(sandbox, ['--read-only']);
    ctx.log('context: typical results');
    const connected = await connectInProcess(sandbox);
    try {
      await checkTokenBudgets(ctx, tools, connected.client);
      const token = await fetchToken(sandbox);
      return [
        'Tokenizer: o200k_base from gpt-tokenizer (its own ranks, no network). The server is built in ' +
          'process from the registry (`tools/index.ts`) over the benchmark sandbox (seed 42, today 2026-11-21) ' +
          'and listed through a real MCP client; the count reflects whatever tools are registered when this runs.',
        '',
        commands([
          ctx.command,
          'tools/list (key demo-admin); tools/list (--sandbox-key demo-readonly); tools/list (--read-only)',
        ]),
        '',
        toolListPart(tools, readOnlyKey, readOnlyFlag),
        '',
        await typicalResults(connected.client, sandbox, token),
        '',
        await profileSpread(connected.client, 50),
      ].join('\n');
    } finally {
      await connected.close();
    }
  },
};
