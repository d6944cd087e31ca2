// Live schema checks. Much of our upstream model is [assumed] (shared/platform-contract.md), so
// against a live platform we read the real schema by introspection and validate every tool's
// GraphQL document against it. A tool whose document does not validate is not listed (with the
// reason logged and shown by `crew-mcp check`), instead of failing on every call.
import {
  buildClientSchema,
  type GraphQLSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  parse,
  validate,
} from 'graphql';
import type { ToolDefinition } from '../tooling/define-tool.js';
import { loadDocument } from '../tooling/documents.js';
import type { GraphqlClient } from './graphql.js';

export interface SchemaMismatch {
  tool: string;
  problems: string[];
}

export async function fetchLiveSchema(graphql: GraphqlClient, signal?: AbortSignal): Promise<GraphQLSchema> {
  const data = await graphql.query<IntrospectionQuery>(
    getIntrospectionQuery({ descriptions: false }),
    {},
    { signal },
  );
  return buildClientSchema(data);
}

/** The GraphQL document names a tool uses: its own file, when it has one. */
function documentOf(tool: ToolDefinition): string | null {
  try {
    return loadDocument(tool.name.replaceAll('_', '-'));
  } catch {
    return null;
  }
}

/** Tools whose documents do not validate against `schema`, with the validation messages. */
export function findMismatches(schema: GraphQLSchema, tools: ToolDefinition[]): SchemaMismatch[] {
  const mismatches: SchemaMismatch[] = [];
  for (const tool of tools) {
    const document = documentOf(tool);
    if (!document) continue;
    const errors = validate(schema, parse(document));
    if (errors.length > 0)
      mismatches.push({ tool: tool.name, problems: errors.map((error) => error.message) });
  }
  return mismatches;
}
