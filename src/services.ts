// Long-lived helpers that tools share beside the platform client (caches, the event log).
// Each is optional: a tool that needs one that is absent says so instead of failing obscurely.

/** A data type of the company as the write-tool checks need it. */
export interface KnownDataType {
  id: string;
  uniqueId: string | null;
  title: string;
  type: string;
  global: boolean;
  options: string[];
  /** Profiles that carry it (own or inherited). */
  profileIds: string[];
}

/** The company's data types, read once and cached. */
export interface DataTypeCatalog {
  /** null when the catalogue could not be read (the checks then defer to the platform). */
  get(signal?: AbortSignal): Promise<KnownDataType[] | null>;
  /** Drop the cache, e.g. after updateProfileDataTypes changed titles or uniqueIds. */
  invalidate(): void;
}

export interface StoredEvent {
  id: string;
  type: string;
  createdAt: string;
  receivedAt: string;
  data: Record<string, unknown>;
}

export interface EventQuery {
  types?: string[];
  since?: string;
  until?: string;
  entityId?: string;
  limit?: number;
}

/** Durable log of received webhook events. */
export interface EventLog {
  query(query: EventQuery): Promise<StoredEvent[]>;
  /** Subscribe to newly stored events; returns an unsubscribe function. */
  onAppend(listener: (event: StoredEvent) => void): () => void;
}

export interface Services {
  dataTypes?: DataTypeCatalog;
  events?: EventLog;
}
