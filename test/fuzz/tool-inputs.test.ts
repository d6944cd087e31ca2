// A fuzz suite over every registered tool's input (tools/index.ts allTools, so tools added later
// are covered without edits), through a real MCP client against the sandbox. For each generated
// argument object (schema-shaped, mutated, or arbitrary JSON; see arbitraries.ts):
//  - no crash and no hang: the call answers within a bound, never a protocol error, never
//    crew-mcp's "unexpected error";
//  - input the server's own validation refuses is an isError naming a field, and nothing
//    reaches the platform (the sandbox's request log);
//  - an answer that says "Nothing was changed on the platform" is true.
// Thousands of calls per run, bounded in time. FC_SEED pins a run, as for every property test
// (test/helpers/fast-check-setup.ts); a failure prints its seed and the shrunk arguments.
import type { Client } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaModel } from '../../src/contract/schema-model.js';
import { wireSchema } from '../../src/mcp/wire-schema.js';
import type { LoggedRequest } from '../../src/sandbox/types.js';
import { allTools } from '../../tools/index.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { fastCheckSeed } from '../helpers/fast-check-setup.js';
import { callTool, textOf } from '../helpers/mcp.js';
import { requestsDuring, rest } from '../helpers/sandbox.js';
import { toolArguments } from './arbitraries.js';

const RUNS_PER_TOOL = Number(process.env.FUZZ_RUNS ?? 150);
const TIME_PER_TOOL_MS = 12_000;
const CALL_BOUND_MS = 15_000;
// One seed for every tool's property, printed with the run's count of calls.
const seed = fastCheckSeed(process.env) ?? Date.now() % 2 ** 31;

// webhookTimeoutMs: deliveries to the loopback URLs a generated create_webhook may subscribe.
const suite = useConnectedSandbox([], { webhookTimeoutMs: 200, webhookRetryBaseMs: 60_000 });
let schemas: Map<string, Record<string, unknown>>;
let calls = 0;

beforeAll(async () => {
  // The schemas exactly as a client sees them.
  const { tools } = await suite.client.listTools();
  schemas = new Map(tools.map((tool) => [tool.name, tool.inputSchema as Record<string, unknown>]));
});

afterAll(async () => {
  // Generated subscriptions never point off this machine.
  const { body } = await rest(suite.sandbox, 'GET', '/rest/webhooks');
  for (const hook of body.webhooks as { url: string }[]) {
    expect(new URL(hook.url).hostname).toMatch(/^(127\.0\.0\.1|localhost)$/);
  }
  // biome-ignore lint/suspicious/noConsole: the count is the suite's own report
  console.info(`fuzz: ${calls} tool calls, seed ${seed}`);
});

const MUTATIONS = new Set(Object.keys(schemaModel().getMutationType()?.getFields() ?? {}));

/** A request that changes something: a GraphQL mutation, or a REST call other than GET. */
function isWrite(request: LoggedRequest): boolean {
  if (request.kind === 'rest') return request.method !== 'GET';
  return request.operation.split(',').some((field) => MUTATIONS.has(field));
}

function withBound<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CALL_BOUND_MS} ms`)),
      CALL_BOUND_MS,
    );
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

/** The issues the server's own validation finds (the wire schema, input guard included). */
function validationIssues(name: string, args: unknown): { path: PropertyKey[] }[] {
  const tool = allTools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  const outcome = wireSchema(tool.inputSchema, 'input')['~standard'].validate(args) as {
    issues?: { path?: PropertyKey[] }[];
  };
  return (outcome.issues ?? []).map((issue) => ({ path: issue.path ?? [] }));
}

async function check(client: Client, name: string, generated: Record<string, unknown>): Promise<void> {
  // What a client sends is JSON: round-trip it (an own "__proto__" key survives, -0 does not).
  const args = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
  const issues = validationIssues(name, args);
  calls++;
  const { result, sent } = await requestsDuring(suite.sandbox, () =>
    withBound(callTool(client, name, args), name),
  );
  const text = result.text;
  expect(text, 'an answer always has text').not.toBe('');
  expect(text).not.toMatch(/unexpected error/);
  expect(text).not.toMatch(/\n\s+at \S+ \(/);
  if (issues.length > 0) {
    expect(result.isError, `invalid input accepted: ${text}`).toBe(true);
    expect(sent, `invalid input reached the platform: ${text}`).toEqual([]);
    const named = issues
      .map((issue) => issue.path.filter((part) => typeof part === 'string').at(-1))
      .filter((part): part is string => part !== undefined);
    if (named.length > 0)
      expect(
        named.some((field) => text.includes(field)),
        `no field named in: ${text}`,
      ).toBe(true);
  } else if (result.isError && /Nothing was changed on the platform/.test(text)) {
    // The checks may read (the data type catalogue, the jobs to change); the change itself must not go.
    expect(sent.filter(isWrite), `"nothing was changed" but a change was sent: ${text}`).toEqual([]);
  }
}

describe('fuzz: every tool input', () => {
  it('covers every registered tool', () => {
    expect([...schemas.keys()].sort()).toEqual(allTools.map((tool) => tool.name).sort());
  });

  it.each(allTools.map((tool) => tool.name))(
    '%s: no crash, no hang, field errors, nothing sent for invalid input',
    async (name) => {
      const schema = schemas.get(name) as Record<string, unknown>;
      await fc.assert(
        fc.asyncProperty(toolArguments(schema), (args) => check(suite.client, name, args)),
        {
          numRuns: RUNS_PER_TOOL,
          seed,
          interruptAfterTimeLimit: TIME_PER_TOOL_MS,
          markInterruptAsFailure: false,
        },
      );
    },
    60_000,
  );

  it('answers arguments that are not an object with an error, never a crash', async () => {
    for (const name of allTools.map((tool) => tool.name)) {
      for (const args of [null, [], 'x', 7]) {
        calls++;
        const result = await suite.connected.client
          .callTool({ name, arguments: args as never })
          .then((answer) => ({ isError: Boolean(answer.isError), text: textOf(answer) }))
          .catch((error: Error) => ({ isError: true, text: error.message }));
        expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
        expect(result.text).not.toMatch(/unexpected error/);
      }
    }
  });
});
