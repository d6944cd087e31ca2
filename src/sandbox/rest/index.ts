// REST API under /rest [assumed prefix, contract]: crew files (the only way to upload, §1) and
// webhook subscriptions. Every request passes the same gate as GraphQL, then its scope check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.js';
import { admitApiRequest, requireScope } from '../guard.js';
import { HttpError } from '../http-util.js';
import { logRequest } from '../stats.js';
import type { Caller } from '../types.js';
import { getFile, getFileContent, listCrewFiles, uploadCrewFile } from './files.js';
import { createWebhook, deleteWebhook, listWebhooks } from './webhooks.js';

type RestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  ctx: SandboxContext,
  caller: Caller,
  params: string[],
) => Promise<void> | void;

interface RestRoute {
  method: string;
  pattern: RegExp;
  scope: string;
  handler: RestHandler;
}

const SEGMENT = '([^/]+)';

const ROUTES: RestRoute[] = [
  {
    method: 'POST',
    pattern: route(`/rest/crew/${SEGMENT}/files`),
    scope: 'crew:write',
    handler: uploadCrewFile,
  },
  {
    method: 'GET',
    pattern: route(`/rest/crew/${SEGMENT}/files`),
    scope: 'crew:read',
    handler: listCrewFiles,
  },
  { method: 'GET', pattern: route(`/rest/files/${SEGMENT}`), scope: 'crew:read', handler: getFile },
  {
    method: 'GET',
    pattern: route(`/rest/files/${SEGMENT}/content`),
    scope: 'crew:read',
    handler: getFileContent,
  },
  { method: 'POST', pattern: route('/rest/webhooks'), scope: 'webhooks:manage', handler: createWebhook },
  { method: 'GET', pattern: route('/rest/webhooks'), scope: 'webhooks:manage', handler: listWebhooks },
  {
    method: 'DELETE',
    pattern: route(`/rest/webhooks/${SEGMENT}`),
    scope: 'webhooks:manage',
    handler: deleteWebhook,
  },
];

function route(path: string): RegExp {
  return new RegExp(`^${path}/?$`);
}

export async function handleRestRequest(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: SandboxContext,
): Promise<void> {
  ctx.stats.restRequests += 1;
  logRequest(ctx.stats, { kind: 'rest', method: req.method ?? 'GET', path });
  const caller = await admitApiRequest(req, res, ctx);
  if (!caller) return;
  const candidates = ROUTES.map((r) => ({ r, match: r.pattern.exec(path) })).filter((c) => c.match !== null);
  if (candidates.length === 0) throw new HttpError(404, `No REST endpoint at ${path}.`);
  const chosen = candidates.find((c) => c.r.method === req.method);
  if (!chosen) {
    const allow = [...new Set(candidates.map((c) => c.r.method))].join(', ');
    throw new HttpError(405, `Method ${req.method} is not allowed here; use ${allow}.`, {}, { allow });
  }
  if (!requireScope(res, caller, chosen.r.scope)) return;
  const params = chosen.match!.slice(1).map(decodeSegment);
  await chosen.r.handler(req, res, ctx, caller, params);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(404, 'Malformed path segment.');
  }
}
