// /rest/webhooks: subscribe, list, unsubscribe (scope webhooks:manage).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.js';
import { HttpError, JSON_BODY_LIMIT, parseJson, readBody, sendJson, sendNoContent } from '../http-util.js';
import type { Caller } from '../types.js';
import { describeSubscription, parseSubscriptionInput } from '../webhook-registry.js';

export async function createWebhook(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
  caller: Caller,
): Promise<void> {
  const input = parseSubscriptionInput(parseJson(await readBody(req, JSON_BODY_LIMIT)));
  const sub = ctx.webhooks.add(caller.companyId, input);
  sendJson(res, 201, describeSubscription(sub));
}

export function listWebhooks(
  _req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
  caller: Caller,
): void {
  sendJson(res, 200, { webhooks: ctx.webhooks.list(caller.companyId).map(describeSubscription) });
}

export function deleteWebhook(
  _req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
  caller: Caller,
  [id]: string[],
): void {
  if (!ctx.webhooks.remove(caller.companyId, id!)) throw new HttpError(404, `No webhook subscription ${id}.`);
  sendNoContent(res);
}
