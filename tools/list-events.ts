import { z } from 'zod';
import { PLATFORM_DATA_NOTE } from '../src/contract/event-log.js';
import { fitItems } from '../src/mcp/budget.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { PolicyError } from '../src/mcp/errors.js';
import { opaqueIdInput } from '../src/mcp/ids.js';
import { readRange } from '../src/mcp/read-range.js';
import { renderCompact } from '../src/mcp/render.js';

type ShownEvent = { id: string; type: string; createdAt: string; data: Record<string, unknown> };
const VALUE_CHARS = 200;
const KEPT_FIELDS = 40;

/** One event with at most KEPT_FIELDS fields of at most VALUE_CHARS characters each. */
function shortenEvent(event: ShownEvent): ShownEvent {
  const cut = (text: string) => (text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}… (cut)` : text);
  const entries = Object.entries(event.data);
  // fromEntries, not assignment: a "__proto__" key in platform data stays a plain key.
  const data: Record<string, unknown> = Object.fromEntries(
    entries.slice(0, KEPT_FIELDS).map(([key, value]) => {
      const short = typeof value === 'string' ? cut(value) : cut(JSON.stringify(value) ?? String(value));
      return [cut(key), typeof value === 'string' || short.endsWith('(cut)') ? short : value];
    }),
  );
  if (entries.length > KEPT_FIELDS) data['…'] = `${entries.length - KEPT_FIELDS} more fields cut`;
  return { ...event, id: cut(event.id), type: cut(event.type), data };
}

const ID_KEY = /(^id$|Id$)/;

/**
 * Platform data with every numeric id as a string, at any depth (ids are strings in every answer);
 * fromEntries keeps a "__proto__" key a plain key.
 */
function idsAsStrings(value: unknown, depth = 0): unknown {
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => idsAsStrings(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      typeof item === 'number' && ID_KEY.test(key) ? String(item) : idsAsStrings(item, depth + 1),
    ]),
  );
}

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const listEvents = defineTool({
  name: 'list_events',
  title: 'List platform events',
  description:
    'Webhook-reported job and crew changes, newest first. types: e.g. job.created or job, crew, crew_job; entityId: job or crew id; dates: UTC days.',
  inputSchema: z.object({
    types: z.array(z.string()).optional(),
    since: z.string().optional(),
    until: z.string().optional(),
    entityId: opaqueIdInput.optional(),
    limit: z.number().int().min(1).max(500).default(50),
  }),
  outputSchema: z.object({ events: z.array(eventSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['jobs:read', 'crew:read'],
  toolset: 'events',
  async handler(input, ctx) {
    const log = ctx.events;
    if (!log)
      throw new PolicyError(
        'The webhook event log is not running in this server, so there are no events to list.',
      );
    // A bare date is that whole UTC day; a date-time without offset is UTC.
    const range = readRange({
      from: input.since,
      to: input.until,
      otherwise: 'Etc/UTC',
      paths: { from: 'since', to: 'until' },
    });
    const events = await log.query({
      types: input.types,
      since: range.fromUtc,
      until: range.toUtc,
      entityId: input.entityId === undefined ? undefined : String(input.entityId),
      limit: input.limit,
    });
    const shown = events.map(({ id, type, createdAt, data }) => ({
      id,
      type,
      createdAt,
      data: idsAsStrings(data) as Record<string, unknown>,
    }));
    const fitted = fitItems(shown, (kept, cut) => ({
      data: { events: kept },
      text:
        kept.length === 0
          ? 'No events match. Events appear as the platform reports changes (crew://events).'
          : `${kept.length} events, newest first${cut ? `; ${cut} more cut to fit: narrow by types, since or entityId` : ''}.\n${PLATFORM_DATA_NOTE}\n${renderCompact({ events: kept })}`,
    }));
    // Even the newest event alone is over the budget: show it with its long values cut, rather
    // than claiming that nothing matched.
    const { data, text } =
      fitted.data.events.length > 0 || shown.length === 0
        ? fitted
        : fitItems([shortenEvent(shown[0] as ShownEvent)], (kept) => ({
            data: { events: kept },
            text: `The newest matching event is too large to show in full: its long values are cut (${shown.length} matched; narrow by types, since or entityId).\n${PLATFORM_DATA_NOTE}\n${renderCompact({ events: kept })}`,
          }));
    return { data, text };
  },
});
