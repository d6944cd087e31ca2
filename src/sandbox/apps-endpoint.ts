// /_sandbox/...: the sandbox's stand-in for the platform's own apps. On a live platform crew jobs
// change only there (a crew member applies, is booked, checks in) and this path does not exist;
// here it lets tests and demos make those changes so crew_job.updated events exist end to end.
//
//   POST /_sandbox/crew-jobs/{id}  JSON {status?, attendance?}  -> 200 the crew job as GraphQL shows it
//
// Authorized like /rest (401 without a valid token, 403 without jobs:write), but outside fault
// injection and the request stats: those model the API crew-mcp calls, not the apps' traffic.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, UNAUTHORIZED } from './auth.js';
import type { SandboxContext } from './context.js';
import { requireScope } from './guard.js';
import { HttpError, isPlainObject, JSON_BODY_LIMIT, parseJson, readBody, sendJson } from './http-util.js';
import type { CrewJobChange } from './types.js';

export const APPS_PREFIX = '/_sandbox';
export const CREW_JOB_PATH = `${APPS_PREFIX}/crew-jobs/{id}`;
const CREW_JOB_ROUTE = /^\/_sandbox\/crew-jobs\/([^/]+)\/?$/;
const CHANGE_FIELDS = ['status', 'attendance'];

export async function handleAppsRequest(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: SandboxContext,
): Promise<void> {
  const auth = await authenticate(req, ctx.issuer);
  if (auth.kind !== 'caller') {
    const answer = UNAUTHORIZED[auth.kind];
    sendJson(res, 401, { message: answer.message }, { 'www-authenticate': answer.header });
    return;
  }
  const match = CREW_JOB_ROUTE.exec(path);
  if (!match) throw new HttpError(404, `No sandbox endpoint at ${path}; see GET / for the endpoints.`);
  if (req.method !== 'POST') {
    throw new HttpError(405, `Method ${req.method} is not allowed here; use POST.`, {}, { allow: 'POST' });
  }
  if (!requireScope(res, auth.caller, 'jobs:write')) return;
  const change = parseChange(parseJson(await readBody(req, JSON_BODY_LIMIT)));
  if (!ctx.data.updateCrewJob) throw new HttpError(501, 'This sandbox cannot change crew jobs.');
  const result = ctx.data.updateCrewJob(auth.caller.companyId, decodeId(match[1]!), change);
  if (result.ok) {
    sendJson(res, 200, result.crewJob);
    return;
  }
  if (result.reason === 'not_found') throw new HttpError(404, result.message);
  throw new HttpError(400, result.message, { field: result.field, allowed: result.allowed });
}

/** The body's shape; the values themselves are checked by the data layer. */
function parseChange(body: unknown): CrewJobChange {
  if (!isPlainObject(body)) throw new HttpError(400, 'Body must be a JSON object {status?, attendance?}.');
  const unknown = Object.keys(body).filter((key) => !CHANGE_FIELDS.includes(key));
  if (unknown.length > 0) {
    throw new HttpError(400, `Unknown fields: ${unknown.join(', ')}. Send {status?, attendance?}.`);
  }
  // Passed on as sent (a number or null included) so the data layer names the field and its values.
  return body as CrewJobChange;
}

function decodeId(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(404, 'Malformed path segment.');
  }
}
