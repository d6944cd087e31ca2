// A live platform's limit on one document's size, as GraphQL servers with an alias or query-cost
// limit enforce it (graphql-armor's maxAliases, a cost rule): a validation error, so the whole
// operation is refused before anything runs (HTTP 400, GRAPHQL_VALIDATION_FAILED, no data, no
// path). Off unless a schema variant asks for it (SchemaVariant.maxRootFields).
import { GraphQLError, type ValidationRule } from 'graphql';
import { rootFields } from './scopes.js';

export function rootFieldLimitRule(maxRootFields: number): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      const count = rootFields(context.getDocument(), node).length;
      if (count > maxRootFields)
        context.reportError(
          new GraphQLError(
            `The operation selects ${count} root fields (aliases included); at most ${maxRootFields} are allowed in one document.`,
            { nodes: node },
          ),
        );
    },
  });
}
