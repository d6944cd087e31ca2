// The 2025-era session port: what a Streamable HTTP session (Mcp-Session-Id) needs to be served
// again by another process after the one that opened it died or was deployed (issue 34 item 4).
// One implementation, in the store replicas share (store/legacy-sessions.ts); without a store there
// is none, and a session lives and dies with its process (its client is answered 404). It sits in
// the contract so that the store implements it without knowing the transports.

/** What the client said and was answered at initialize, and what it asked for since. */
export interface SessionRecord {
  /** The protocol version the initialize answer named (the one both sides speak). */
  protocolVersion: string;
  /** The client's capabilities and its name and version, as its initialize request gave them. */
  capabilities: Record<string, unknown>;
  clientInfo: Record<string, unknown>;
  /** Resource URIs the client subscribed to (resources/subscribe) and has not unsubscribed from. */
  subscriptions: string[];
}

export interface SessionRecords {
  /**
   * Record a session opened by `owner` (an opaque client key; stored hashed), serving the company
   * `tenantKey` in connector mode (forgetting the company deletes it).
   */
  save(id: string, owner: string, record: SessionRecord, tenantKey?: string): Promise<void>;
  /** The session's record, when it exists, belongs to `owner` and was used within the idle limit. */
  find(id: string, owner: string): Promise<SessionRecord | undefined>;
  /** Replace the session's subscriptions (after a resources/subscribe or unsubscribe). */
  setSubscriptions(id: string, subscriptions: string[]): Promise<void>;
  /** The session was used now: it stays resumable for the idle limit from here. */
  touch(id: string): Promise<void>;
  /** The client ended the session (DELETE) or it was evicted: nobody resumes it. */
  remove(id: string): Promise<void>;
}
