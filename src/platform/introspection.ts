// The live platform's schema, read by introspection. Much of our upstream model is [assumed]
// (shared/platform-contract.md), so the server checks what it sends against the real schema
// (src/mcp/live-schema.ts) and `crew-mcp check` reports the differences (schema-diff.ts).
import {
  buildClientSchema,
  type GraphQLSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
} from 'graphql';
import { GraphQLResponseError } from './errors.js';
import type { GraphqlClient } from './graphql.js';

export async function fetchLiveSchema(graphql: GraphqlClient, signal?: AbortSignal): Promise<GraphQLSchema> {
  // Deprecated input fields (e.g. the no-op `attributes`, §9.2) are only listed when asked for;
  // a server too old to know that argument gets the plain query.
  let data: IntrospectionQuery;
  try {
    data = await graphql.query<IntrospectionQuery>(
      getIntrospectionQuery({ descriptions: false, inputValueDeprecation: true }),
      {},
      { signal },
    );
  } catch (error) {
    if (!(error instanceof GraphQLResponseError)) throw error;
    data = await graphql.query<IntrospectionQuery>(
      getIntrospectionQuery({ descriptions: false }),
      {},
      { signal },
    );
  }
  return buildClientSchema(data);
}
