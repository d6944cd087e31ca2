// The one place crew-mcp reaches past the MCP SDK's public API. A call to a registered but unlisted
// tool should say why it is not available (read-only mode, a missing scope, the live schema), but
// McpServer answers it with its own bare "Tool x disabled", and offers no public way to wrap its
// tools/call handler: `setRequestHandler` replaces a handler, and the only way to the one it
// replaces is the Protocol's protected accessor `_getRequestHandler`, which the SDK's own role
// classes use to re-dispatch requests through the stored handler chain. test/mcp/sdk-handler.test.ts
// fails loudly when an SDK upgrade removes or changes it (README "Architecture").
import type { McpServer } from '@modelcontextprotocol/server';

export type StoredRequestHandler = (request: unknown, context: unknown) => Promise<unknown>;

interface WithStoredHandlers {
  _getRequestHandler?(method: string): StoredRequestHandler | undefined;
}

/** The handler McpServer stored for `method`, or undefined when the SDK keeps no such accessor. */
export function storedRequestHandler(server: McpServer, method: string): StoredRequestHandler | undefined {
  const low = server.server as unknown as WithStoredHandlers;
  return typeof low._getRequestHandler === 'function' ? low._getRequestHandler(method) : undefined;
}
