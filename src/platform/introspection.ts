// The live platform's schema, read by introspection. Much of our upstream model is [assumed]
// (shared/platform-contract.md), so the server checks what it sends against the real schema
// (src/mcp/live-schema.ts).
import {
  buildClientSchema,
  type GraphQLSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
} from 'graphql';
import type { GraphqlClient } from './graphql.js';

export async function fetchLiveSchema(graphql: GraphqlClient, signal?: AbortSignal): Promise<GraphQLSchema> {
  const data = await graphql.query<IntrospectionQuery>(
    getIntrospectionQuery({ descriptions: false }),
    {},
    { signal },
  );
  return buildClientSchema(data);
}
