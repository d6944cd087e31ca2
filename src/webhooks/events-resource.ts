// The resource crew://events (recent events, compact) and change notifications for it and for
// the entities an event touches (crew://jobs/{id}, crew://crew/{id}).
// Two delivery paths, one per protocol era:
//  - 2025-era connections (stdio, in-process) subscribe with resources/subscribe; each server
//    instance listens to the log and sends notifications/resources/updated for the URIs its client
//    subscribed to. A modern (2026-07-28) stdio instance sends every update and the SDK's stdio
//    entry routes it to the connection's subscriptions/listen streams.
//  - 2026-07-28 HTTP clients listen through the handler's notifier (StartContext.notify), wired
//    once per process in the extension's start(): HTTP builds one instance per request, so no
//    per-instance listener is attached there (it would outlive its request).
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { type EventLog, PLATFORM_DATA_NOTE, type StoredEvent } from '../contract/event-log.js';

export const EVENTS_URI = 'crew://events';
const RECENT_EVENTS = 30;

/** The resource URIs whose content an event changes. */
export function changedUris(event: StoredEvent): string[] {
  const uris = [EVENTS_URI];
  const { id, jobId, crewId } = event.data;
  const family = event.type.split('.')[0];
  if (family === 'job' && id !== undefined) uris.push(`crew://jobs/${id}`);
  if (family === 'crew' && id !== undefined) uris.push(`crew://crew/${id}`);
  if (jobId !== undefined && jobId !== null) uris.push(`crew://jobs/${jobId}`);
  if (crewId !== undefined && crewId !== null) uris.push(`crew://crew/${crewId}`);
  return [...new Set(uris)];
}

/** One line per event: when, what, and the event's scalar fields (full data: list_events). */
export function renderRecentEvents(events: StoredEvent[]): string {
  if (events.length === 0) {
    return 'No webhook events received yet. Changes to jobs and crew appear here as the platform reports them.';
  }
  const lines = events.map((event) => {
    const fields = Object.entries(event.data)
      .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
      .map(([key, value]) => `${key}: ${String(value).slice(0, 80)}`)
      .join(', ');
    return `- ${event.createdAt} ${event.type} (${event.id})${fields ? ` ${fields}` : ''}`;
  });
  return `${events.length} most recent events, newest first. list_events filters by kind, time and entity and shows full data.\n${PLATFORM_DATA_NOTE}\n${lines.join('\n')}`;
}

/** A 2026-07-28 instance: its updates go to the connection's subscriptions/listen streams. */
function isModernInstance(server: McpServer): boolean {
  const version = server.server.getNegotiatedProtocolVersion();
  return version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version);
}

export function registerEventsResource(
  server: McpServer,
  log: EventLog,
  perInstanceNotifications: boolean,
): void {
  server.registerResource(
    'events',
    EVENTS_URI,
    {
      title: 'Recent platform events',
      description: 'Webhook events (job and crew changes) received by this server, newest first.',
      mimeType: 'text/plain',
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/plain',
          text: renderRecentEvents(await log.query({ limit: RECENT_EVENTS })),
        },
      ],
    }),
  );
  server.server.registerCapabilities({ resources: { subscribe: true } });

  const subscribed = new Set<string>();
  server.server.setRequestHandler('resources/subscribe', async (request) => {
    const { uri } = request.params;
    if (!uri.startsWith('crew://')) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No resource ${uri} to subscribe to.`);
    }
    subscribed.add(uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  if (!perInstanceNotifications) return;

  const stop = log.onAppend((event) => {
    const modern = isModernInstance(server);
    for (const uri of changedUris(event)) {
      if (!modern && !subscribed.has(uri)) continue;
      server.server.sendResourceUpdated({ uri }).catch(() => undefined);
    }
  });
  // The listener lives exactly as long as its instance (a stdio connection, a discarded probe).
  const previous = server.server.onclose;
  server.server.onclose = () => {
    stop();
    previous?.();
  };
}
