// Keeping 2025-era sessions beyond their process (issue 34 item 4): with a store, what a session
// needs is recorded as it happens (the initialize exchange when its answer goes out, the resource
// subscriptions before they are answered), and a replica that is asked for a session it does not
// hold, but the store knows, rebuilds the session's server instance by replaying that exchange to
// a fresh one under the same id: initialize with the version both sides agreed, the initialized
// notification, each subscription. The client's next request is then served as if nothing
// happened; neither the v1 nor the v2 SDK client re-initialises on a 404 by itself.
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type {
  AuthInfo,
  JSONRPCMessage,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { SessionRecord } from '../contract/session-records.js';

type Message = { method?: unknown; params?: Record<string, unknown>; result?: unknown; id?: unknown };

const messagesOf = (body: unknown): Message[] =>
  (Array.isArray(body) ? body : [body]).filter(
    (message): message is Message => typeof message === 'object' && message !== null,
  );

/** The client's part of a session's record, from its initialize request. */
export function initializeParamsOf(body: unknown): Pick<SessionRecord, 'capabilities' | 'clientInfo'> {
  const init = messagesOf(body).find((message) => message.method === 'initialize');
  const params = init?.params ?? {};
  const object = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { capabilities: object(params.capabilities), clientInfo: object(params.clientInfo) };
}

/**
 * Apply a request body's resources/subscribe and resources/unsubscribe to `subscriptions`;
 * true when it changed. Recorded before the server answers, so that an acknowledged subscription
 * is never lost (one that fails is replayed, and fails, harmlessly).
 */
export function applySubscriptions(body: unknown, subscriptions: Set<string>): boolean {
  let changed = false;
  for (const message of messagesOf(body)) {
    const uri = message.params?.uri;
    if (typeof uri !== 'string') continue;
    if (message.method === 'resources/subscribe' && !subscriptions.has(uri)) {
      subscriptions.add(uri);
      changed = true;
    } else if (message.method === 'resources/unsubscribe' && subscriptions.delete(uri)) {
      changed = true;
    }
  }
  return changed;
}

/**
 * Call `onInitialized(protocolVersion)` when the transport's initialize answer goes out, before
 * it does: a client holding a session id can count on the store knowing the session.
 */
export function beforeInitializeAnswer(
  transport: NodeStreamableHTTPServerTransport,
  onInitialized: (protocolVersion: string) => Promise<void>,
): void {
  const send = transport.send.bind(transport);
  let done = false;
  transport.send = async (message, options) => {
    const version = (message as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
    if (!done && typeof version === 'string' && 'id' in message) {
      done = true;
      await onInitialized(version);
    }
    return send(message, options);
  };
}

/**
 * The Node transport's web-standard core: the replay speaks to it in web Requests (the Node
 * adapter needs a Node request and response, which a replay has not). A private field of the SDK's
 * adapter, read in this one place; the failover tests fail if it moves.
 */
function webCoreOf(transport: NodeStreamableHTTPServerTransport): WebStandardStreamableHTTPServerTransport {
  const core = (transport as unknown as { _webStandardTransport?: WebStandardStreamableHTTPServerTransport })
    ._webStandardTransport;
  if (!core || typeof core.handleRequest !== 'function') {
    throw new Error('the SDK transport has no web-standard core to replay a session into');
  }
  return core;
}

/**
 * Replay a recorded session into `transport` (connected to a fresh server instance whose session
 * id generator gives `id`): afterwards it serves the session's requests as the original did.
 */
export async function replaySession(
  transport: NodeStreamableHTTPServerTransport,
  id: string,
  record: SessionRecord,
  caller: AuthInfo | undefined,
): Promise<void> {
  const core = webCoreOf(transport);
  const post = async (message: JSONRPCMessage, initialize = false) => {
    const headers: Record<string, string> = {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    };
    if (!initialize) {
      headers['mcp-session-id'] = id;
      headers['mcp-protocol-version'] = record.protocolVersion;
    }
    const response = await core.handleRequest(
      new Request('http://replay.invalid/mcp', { method: 'POST', headers, body: JSON.stringify(message) }),
      { parsedBody: message, ...(caller ? { authInfo: caller } : {}) },
    );
    const text = await response.text();
    if (response.status >= 400 || /"error"\s*:/.test(text)) {
      throw new Error(
        `replaying ${'method' in message ? message.method : 'a message'} answered ${response.status}`,
      );
    }
  };
  await post(
    {
      jsonrpc: '2.0',
      id: 'resume-initialize',
      method: 'initialize',
      params: {
        protocolVersion: record.protocolVersion,
        capabilities: record.capabilities,
        clientInfo: record.clientInfo as { name: string; version: string },
      },
    },
    true,
  );
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  for (const [i, uri] of record.subscriptions.entries()) {
    // A subscription the resource no longer offers is dropped, not a reason to lose the session.
    await post({
      jsonrpc: '2.0',
      id: `resume-subscribe-${i}`,
      method: 'resources/subscribe',
      params: { uri },
    }).catch(() => undefined);
  }
}
