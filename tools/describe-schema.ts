import { z } from 'zod';
import { defineTool } from '../src/mcp/define-tool.js';
import { UserInputError } from '../src/mcp/errors.js';
import { echo } from '../src/mcp/input-guard.js';
import { schemaEntries } from '../src/resources/schema.js';

export const describeSchema = defineTool({
  name: 'describe_schema',
  title: 'Describe the platform schema',
  description:
    "The platform's GraphQL schema: all names, or definitions and rules of those named (e.g. CreateRoleInput).",
  inputSchema: z.object({ names: z.array(z.string()).max(20).optional() }),
  outputSchema: z.object({ definitions: z.array(z.string()) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: [],
  toolset: 'schema',
  async handler(input, ctx) {
    const entries = schemaEntries(ctx.schema);
    if (!input.names?.length) {
      const definitions = [`operations and types: ${[...entries.keys()].join(', ')}`];
      return { data: { definitions }, text: definitions.join('\n') };
    }
    const byLowerName = new Map([...entries.keys()].map((name) => [name.toLowerCase(), name]));
    const unknown = input.names.filter((name) => !byLowerName.has(name.toLowerCase()));
    if (unknown.length > 0) {
      throw new UserInputError(
        // Names are echoed short: a 4 MB name must not come back (twice) past the result budget.
        `Unknown schema name(s): ${unknown.map(echo).join(', ')}.`,
        unknown.map((name, index) => ({
          path: `names[${input.names?.indexOf(name) ?? index}]`,
          message: `"${echo(name)}" is neither an operation nor a type`,
          fix: `Call describe_schema without names for the list; close matches: ${
            [...entries.keys()]
              .filter((known) => known.toLowerCase().includes(name.toLowerCase().slice(0, 5)))
              .join(', ') || 'none'
          }.`,
        })),
      );
    }
    const definitions = input.names.map(
      (name) => entries.get(byLowerName.get(name.toLowerCase()) as string) as string,
    );
    return { data: { definitions }, text: definitions.join('\n') };
  },
});
