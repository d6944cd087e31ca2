// What graphql_query checks before anything is sent: one operation of a document that parses, no
// subscription, a mutation only when the operator allowed them, valid against the platform's
// schema (introspected from a live platform, else our model), every root field within the
// key's scopes, and the variables coerced to the types their definitions declare.
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  type OperationTypeNode,
  parse,
  type SelectionSetNode,
  validate,
} from 'graphql';
import { OPERATION_SCOPES } from '../contract/scopes.js';
import { missingScope } from '../platform/errors.js';
import type { ToolContext } from './define-tool.js';
import { PolicyError, UserInputError } from './errors.js';

/** The operation as graphql_query takes it. */
export interface OperationInput {
  query: string;
  variables?: Record<string, unknown>;
}

export function invalid(path: string, messages: string[], fix: string): UserInputError {
  return new UserInputError(
    `${path}: ${messages.join(' ')}`,
    messages.map((message) => ({ path, message, fix })),
  );
}

/** The one operation of the document; several would need an operationName the client does not send. */
function singleOperation(document: DocumentNode): OperationDefinitionNode {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length !== 1) {
    throw invalid(
      'query',
      [`the document has ${operations.length} operations`],
      'Send exactly one operation per call.',
    );
  }
  return operations[0] as OperationDefinitionNode;
}

/** Root field names of the operation, through fragments. */
function rootFields(document: DocumentNode, operation: OperationDefinitionNode): string[] {
  const fragments = new Map(
    document.definitions
      .filter(
        (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
      )
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const names = new Set<string>();
  const walk = (selectionSet: SelectionSetNode, seen: Set<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet, seen);
      else if (!seen.has(selection.name.value)) {
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet, new Set([...seen, selection.name.value]));
      }
    }
  };
  walk(operation.selectionSet, new Set());
  return [...names].filter((name) => !name.startsWith('__'));
}

/** Every check before anything is sent: syntax, kind, schema, scopes, variables. */
export function checkedOperation(
  input: OperationInput,
  ctx: Pick<ToolContext, 'schema' | 'grantedScopes'>,
  allowMutations: boolean,
): OperationTypeNode {
  let document: DocumentNode;
  try {
    document = parse(input.query);
  } catch (error) {
    throw invalid('query', [(error as GraphQLError).message], 'Fix the GraphQL syntax.');
  }
  const operation = singleOperation(document);
  if (operation.operation === 'subscription') {
    throw invalid('query', ['subscriptions are not supported'], 'Send a query.');
  }
  if (operation.operation === 'mutation' && !allowMutations) {
    throw new PolicyError(
      "graphql_query sends queries only on this server (the operator has not started it with --allow-graphql-mutations). Change jobs and crew with the write tools, which check the platform rules before sending. The platform's API has no operation to book or invite crew: the coordinator books crew in the platform.",
    );
  }
  const errors = validate(ctx.schema, document);
  if (errors.length > 0) {
    throw invalid(
      'query',
      errors.map((error) => error.message),
      'Call describe_schema with the type or operation names to see their fields and arguments.',
    );
  }
  for (const field of rootFields(document, operation)) {
    const scope = OPERATION_SCOPES[field];
    if (scope && ctx.grantedScopes && !ctx.grantedScopes.includes(scope)) throw missingScope(scope);
  }
  const coerced = getVariableValues(ctx.schema, operation.variableDefinitions ?? [], input.variables ?? {});
  if (coerced.errors) {
    throw invalid(
      'variables',
      coerced.errors.map((error) => error.message),
      'Give each variable the type its definition declares.',
    );
  }
  return operation.operation;
}
