// Tools against a live platform's schema: a tool whose GraphQL documents do not validate against
// the introspected schema is not listed (with the reason logged and shown by `crew-mcp check`),
// instead of failing on every call.
import { type GraphQLSchema, parse, validate } from 'graphql';
import type { ToolDefinition } from './define-tool.js';

export interface SchemaMismatch {
  tool: string;
  problems: string[];
}

/** Tools whose documents do not validate against `schema`, with the validation messages. */
export function findMismatches(schema: GraphQLSchema, tools: readonly ToolDefinition[]): SchemaMismatch[] {
  const mismatches: SchemaMismatch[] = [];
  for (const tool of tools) {
    const problems = (tool.documents ?? []).flatMap((document) =>
      validate(schema, parse(document)).map((error) => error.message),
    );
    if (problems.length > 0) mismatches.push({ tool: tool.name, problems });
  }
  return mismatches;
}
