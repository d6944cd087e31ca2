// A stored webhook event as its table rows hold it (crew_webhook_events and the per-tenant log),
// and the event the product sees of one: read once here for both logs.
import type { StoredEvent } from '../contract/event-log.js';

export interface EventRow {
  event_id: string;
  type: string;
  created_at: Date;
  received_at: Date;
  data: Record<string, unknown>;
}

export function toEvent(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    type: row.type,
    createdAt: row.created_at.toISOString(),
    receivedAt: row.received_at.toISOString(),
    data: row.data,
  };
}
