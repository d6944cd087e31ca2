// The gate every GraphQL and REST request passes, in this order: injected latency, injected
// drop and 503 (decided before any work), the Bearer token (§5, §7), the per-client rate limit.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, UNAUTHORIZED } from './auth.js';
import type { SandboxContext } from './context.js';
import { sendJson } from './http-util.js';
import type { Caller } from './types.js';

/** The verified caller, or null when the request was already answered (or dropped). */
export async function admitApiRequest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
): Promise<Caller | null> {
  const { faults } = ctx;
  await faults.delay();
  if (faults.shouldDrop()) {
    // No answer at all: the client sees a reset connection, as with a crashed upstream.
    req.socket.destroy();
    return null;
  }
  if (faults.shouldFail()) {
    sendJson(res, 503, { message: 'Service temporarily unavailable (sandbox fault).' });
    return null;
  }
  const auth = await authenticate(req, ctx.issuer);
  if (auth.kind !== 'caller') {
    const answer = UNAUTHORIZED[auth.kind];
    sendJson(res, 401, { message: answer.message }, { 'www-authenticate': answer.header });
    return null;
  }
  const decision = faults.admit(auth.caller.clientId);
  if (!decision.allowed) {
    sendJson(
      res,
      429,
      { message: `Rate limit exceeded; retry after ${decision.retryAfterSeconds} s.` },
      { 'retry-after': String(decision.retryAfterSeconds) },
    );
    return null;
  }
  return auth.caller;
}

/** 403 `{message, requiredScope}` [contract] unless the caller's token carries the scope. */
export function requireScope(res: ServerResponse, caller: Caller, scope: string): boolean {
  if (caller.scopes.has(scope)) return true;
  sendJson(res, 403, { message: `This operation requires the scope ${scope}.`, requiredScope: scope });
  return false;
}
