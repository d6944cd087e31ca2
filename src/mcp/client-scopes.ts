// The scopes of an MCP client's token (HTTP with --auth bearer or oauth), and the tools each one
// allows. They are crew-mcp's own names, distinct from the platform's scopes (jobs:read, ...):
// the platform's scopes belong to the server's API key, these to the people and agents calling
// the server. A token holds any combination:
//   crew-mcp:read      every read tool, the resources and the prompts
//   crew-mcp:write     the tools that change jobs, crew and files
//   crew-mcp:webhooks  list_webhooks, create_webhook, delete_webhook: a webhook makes the platform
//                      push crew data to a URL of the caller's choice, so it is a scope of its own
import type { AuthInfo } from '@modelcontextprotocol/server';
import { isWriteTool, type ToolDefinition } from './define-tool.js';

export const CLIENT_SCOPES = {
  read: 'crew-mcp:read',
  write: 'crew-mcp:write',
  webhooks: 'crew-mcp:webhooks',
} as const;

export type ClientScope = (typeof CLIENT_SCOPES)[keyof typeof CLIENT_SCOPES];

export const ALL_CLIENT_SCOPES: ClientScope[] = Object.values(CLIENT_SCOPES);

type PolicyFacts = Pick<ToolDefinition, 'annotations' | 'scopes'>;

/** The one client scope a tool needs. */
export function clientScopeFor(tool: PolicyFacts): ClientScope {
  if (tool.scopes.includes('webhooks:manage')) return CLIENT_SCOPES.webhooks;
  return isWriteTool(tool) ? CLIENT_SCOPES.write : CLIENT_SCOPES.read;
}

/** Whether a caller may use a tool: always without authentication (stdio, --auth none). */
export function callerMayUse(authInfo: AuthInfo | undefined, tool: PolicyFacts): boolean {
  return !authInfo || authInfo.scopes.includes(clientScopeFor(tool));
}

/** Whether a caller may read resources and prompts (platform data outside any tool). */
export function callerMayRead(authInfo: AuthInfo | undefined): boolean {
  return !authInfo || authInfo.scopes.includes(CLIENT_SCOPES.read);
}

/** Who made a call, for the audit log: the token's name or subject; "local" without authentication. */
export function callerName(authInfo: AuthInfo | undefined): string {
  if (!authInfo) return 'local';
  const subject = (authInfo.extra as { subject?: unknown } | undefined)?.subject;
  return typeof subject === 'string' && subject !== authInfo.clientId
    ? `${subject} (client ${authInfo.clientId})`
    : authInfo.clientId;
}

/** A tool's security scheme as the OpenAI Apps SDK reads it (its `securitySchemes`). */
export type SecurityScheme = { type: 'noauth' } | { type: 'oauth2'; scopes: ClientScope[] };

/**
 * What a host must obtain to call the tool: with an authorization server (--auth oauth or
 * connector) the OAuth 2 scope the tool needs; otherwise (stdio, --auth none or bearer) no OAuth
 * at all. Published in the tool's `_meta.securitySchemes`: the MCP SDK's Tool type has no such
 * field, and `_meta` reaches every host unchanged.
 */
export function securitySchemesOf(tool: PolicyFacts, authMode: string): SecurityScheme[] {
  if (authMode !== 'oauth' && authMode !== 'connector') return [{ type: 'noauth' }];
  return [{ type: 'oauth2', scopes: [clientScopeFor(tool)] }];
}
