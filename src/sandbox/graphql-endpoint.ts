// POST /gql: the JSON envelope `{query, variables, operationName}` [contract], handed with the
// verified caller to the data layer's executor, whose status and body are answered unchanged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from './context.js';
import { admitApiRequest } from './guard.js';
import { HttpError, isPlainObject, JSON_BODY_LIMIT, mediaTypeOf, readBody, sendJson } from './http-util.js';
import { countGraphqlRequest, describeRequest, logRequest } from './stats.js';
import type { GraphqlRequest } from './types.js';

export async function handleGraphqlRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
): Promise<void> {
  if (req.method !== 'POST') {
    countGraphqlRequest(ctx.stats, 'unknown');
    throw new HttpError(405, 'GraphQL requests use POST with a JSON body.', {}, { allow: 'POST' });
  }
  // Read first so that stats can name the operation of every request that reached the endpoint,
  // including those a fault or a bad token then refuses.
  let body: Buffer;
  try {
    body = await readBody(req, JSON_BODY_LIMIT);
  } catch (error) {
    countGraphqlRequest(ctx.stats, 'unknown');
    throw error;
  }
  const parsed = tryParseJson(body);
  const variables = isPlainObject(parsed) && isPlainObject(parsed.variables) ? parsed.variables : null;
  const { operation, fields } = isPlainObject(parsed)
    ? describeRequest(parsed.query, parsed.operationName, variables)
    : { operation: 'unknown', fields: undefined };
  countGraphqlRequest(ctx.stats, operation);
  logRequest(ctx.stats, { kind: 'graphql', operation, variables, ...(fields ? { fields } : {}) });

  const caller = await admitApiRequest(req, res, ctx);
  if (!caller) return;
  if (mediaTypeOf(req) !== 'application/json') {
    throw new HttpError(415, 'GraphQL requests need Content-Type: application/json.');
  }
  const answer = await ctx.data.graphql.execute(toGraphqlRequest(parsed), caller);
  sendJson(res, answer.status, answer.body);
}

const NOT_JSON = Symbol('not JSON');

function tryParseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return NOT_JSON;
  }
}

function toGraphqlRequest(parsed: unknown): GraphqlRequest {
  if (parsed === NOT_JSON) throw new HttpError(400, 'Request body is not valid JSON.');
  if (!isPlainObject(parsed)) throw new HttpError(400, 'Request body must be a JSON object.');
  const { query, variables, operationName } = parsed;
  if (typeof query !== 'string' || query.trim() === '') {
    throw new HttpError(400, 'Request body needs a "query" string.');
  }
  if (variables !== undefined && variables !== null && !isPlainObject(variables)) {
    throw new HttpError(400, '"variables" must be a JSON object.');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new HttpError(400, '"operationName" must be a string.');
  }
  return { query, variables: variables ?? null, operationName: operationName ?? null };
}
