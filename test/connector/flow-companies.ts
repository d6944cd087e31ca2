// The companies the connector flow's steps work with (test/connector/flow.test.ts), connected when
// a step first asks for them: company A through DCR, the connect page and PKCE with the scopes it
// asks by default, company B from another platform host with read only. A step asks for the
// companies it needs, so any step runs alone (`vitest -t "<step>"`), and the whole file still
// connects each company once, in its own step, as the flow goes.
import type { Client } from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { connectThroughOAuth, TestOAuthClient } from '../helpers/oauth-client.js';

/** What the flow runs against: crew-mcp's /mcp, the browser that fills its pages, the two platforms. */
export interface FlowWorld {
  mcpUrl: string;
  browser: Browser;
  sandboxA: RunningSandbox;
  sandboxB: RunningSandbox;
}

export interface ConnectedCompany {
  /** The host's side: its registration (`info`) and the tokens it saved. */
  provider: TestOAuthClient;
  client: Client;
  /** The authorization response the connect page redirected to (code, state, iss). */
  redirect: URLSearchParams;
  /** The refresh token issued when it connected. */
  refreshToken: string | undefined;
}

/** The API key secret the connect page is filled with: demo-admin's of that platform. */
export const secretOf = (sandbox: RunningSandbox): string =>
  sandbox.keys.find((key) => key.clientId === 'demo-admin')?.clientSecret as string;

async function connect(world: FlowWorld, fill: Parameters<typeof connectThroughOAuth>[3]) {
  const provider = new TestOAuthClient();
  const { client, redirect } = await connectThroughOAuth(world.mcpUrl, provider, world.browser, fill);
  return { provider, client, redirect, refreshToken: provider.saved?.refresh_token };
}

export interface FlowCompanies {
  /** Company A, connected by the first step that asks (later steps get the same connection). */
  companyA(): Promise<ConnectedCompany>;
  /** Company B (another host, through the fold; read only), likewise. */
  companyB(): Promise<ConnectedCompany>;
  /** Close the clients of the companies connected. */
  close(): Promise<void>;
}

/** `world` is read when a company is first asked for (the file's beforeAll has started it by then). */
export function flowCompanies(world: () => FlowWorld): FlowCompanies {
  let a: Promise<ConnectedCompany> | undefined;
  let b: Promise<ConnectedCompany> | undefined;
  return {
    companyA: () => {
      a ??= connect(world(), { clientId: 'demo-admin', secret: secretOf(world().sandboxA) });
      return a;
    },
    companyB: () => {
      const { sandboxB } = world();
      b ??= connect(world(), {
        clientId: 'demo-admin',
        secret: secretOf(sandboxB),
        authUrl: sandboxB.baseUrl,
        realm: sandboxB.realm,
        apiUrl: sandboxB.baseUrl,
        scopes: ['crew-mcp:read'],
      });
      return b;
    },
    async close() {
      for (const company of [a, b]) {
        const connected = await company?.catch(() => undefined);
        await connected?.client.close().catch(() => undefined);
      }
    },
  };
}
