// The sandbox's GraphQL endpoint minus HTTP: parse, validate, check scopes, execute. Answers
// follow platform-contract.md "Error shapes": an invalid document is HTTP 400 with
// GRAPHQL_VALIDATION_FAILED; bad variables are HTTP 400 with BAD_USER_INPUT; a missing scope is
// a FORBIDDEN error with requiredScope and nothing executed; resolver errors keep their code.

import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLFormattedError,
  getOperationAST,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import type { SandboxStore } from '../store.js';
import type { Caller, EventType, GraphqlHttpAnswer, GraphqlRequest, SandboxGraphql } from '../types.js';
import type { ResolverContext } from './context.js';
import { rootFieldLimitRule } from './root-field-limit.js';
import { sandboxSchema } from './schema.js';
import type { SchemaVariant } from './schema-variant.js';
import { missingScopes, rootFields } from './scopes.js';

export type Publish = (companyId: string, type: EventType, data: Record<string, unknown>) => void;

/** Valid documents remembered per endpoint, by their text; emptied when full, so it stays bounded. */
const DOCUMENTS_MAX = 500;

export function createSandboxGraphql(
  store: SandboxStore,
  publish: Publish,
  variant?: SchemaVariant,
): SandboxGraphql {
  const schema = sandboxSchema(variant);
  const rules = [
    ...specifiedRules,
    ...(variant?.noIntrospection ? [NoSchemaIntrospectionCustomRule] : []),
    ...(variant?.maxRootFields !== undefined ? [rootFieldLimitRule(variant.maxRootFields)] : []),
  ];
  // A client sends the same few documents over and over (one per operation it uses): parsing and
  // validating each again was a tenth of the sandbox's time serving the tool tests. A document
  // that passed once passes again against the same schema and rules; execute never changes it.
  const valid = new Map<string, DocumentNode>();
  return {
    async execute(request: GraphqlRequest, caller: Caller): Promise<GraphqlHttpAnswer> {
      if (typeof request?.query !== 'string' || request.query.trim() === '') {
        return requestError('GRAPHQL_VALIDATION_FAILED', ['the request needs a GraphQL document in "query"']);
      }
      const variables = request.variables ?? undefined;
      if (variables !== undefined && (typeof variables !== 'object' || Array.isArray(variables))) {
        return requestError('BAD_USER_INPUT', ['"variables" must be a JSON object']);
      }
      let document = valid.get(request.query);
      if (!document) {
        try {
          document = parse(request.query);
        } catch (error) {
          return requestError('GRAPHQL_VALIDATION_FAILED', [(error as GraphQLError).message]);
        }
        const invalid = validate(schema, document, rules);
        if (invalid.length > 0) {
          return requestError(
            'GRAPHQL_VALIDATION_FAILED',
            invalid.map((e) => e.message),
          );
        }
        if (valid.size >= DOCUMENTS_MAX) valid.clear();
        valid.set(request.query, document);
      }
      const operation = getOperationAST(document, request.operationName ?? undefined);
      if (!operation) {
        const message = request.operationName
          ? `no operation named "${request.operationName}" in the document`
          : 'the document has several operations: name one in "operationName"';
        return requestError('GRAPHQL_VALIDATION_FAILED', [message]);
      }
      const forbidden = missingScopes(rootFields(document, operation), caller.scopes);
      if (forbidden.length > 0) {
        return {
          status: 200,
          body: {
            data: null,
            errors: forbidden.map((field) => ({
              message: `${field.name} needs the scope ${field.scope}, which this API key does not have`,
              path: [field.responseKey],
              extensions: { code: 'FORBIDDEN', requiredScope: field.scope },
            })),
          },
        };
      }

      // Events wait until the whole operation has run, so a listener never sees a half-done request.
      const pending: { type: EventType; data: Record<string, unknown> }[] = [];
      const context: ResolverContext = {
        store,
        caller,
        publish: (type, data) => pending.push({ type, data }),
      };
      const result = await execute({
        schema,
        document,
        variableValues: variables,
        operationName: request.operationName ?? undefined,
        contextValue: context,
      });
      for (const event of pending) publish(caller.companyId, event.type, event.data);
      // graphql-js answers without `data` only when variables could not be coerced.
      if (!('data' in result)) {
        return requestError(
          'BAD_USER_INPUT',
          (result.errors ?? []).map((e) => e.message),
        );
      }
      const body: { data: unknown; errors?: GraphQLFormattedError[] } = { data: result.data ?? null };
      if (result.errors?.length) body.errors = result.errors.map(formatError);
      return { status: 200, body };
    },
  };
}

function requestError(code: string, messages: string[]): GraphqlHttpAnswer {
  return { status: 400, body: { errors: messages.map((message) => ({ message, extensions: { code } })) } };
}

/** Keep our codes; an unexpected exception becomes INTERNAL_SERVER_ERROR without a stack. */
function formatError(error: GraphQLError): GraphQLFormattedError {
  const formatted = error.toJSON();
  const code = formatted.extensions?.['code'];
  if (typeof code === 'string') return formatted;
  if (!error.originalError) {
    return { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_USER_INPUT' } };
  }
  return { ...formatted, extensions: { ...formatted.extensions, code: 'INTERNAL_SERVER_ERROR' } };
}
