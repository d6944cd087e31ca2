// Directory readiness (issue 33 item 5): what Claude's and ChatGPT's directories ask of a remote
// server. The operator's policy and support links on the connect page; each tool's security
// scheme from its scope; OpenAI's domain verification token at its well-known path; the views'
// domain per host (Claude's from the public URL, ChatGPT's as given); and `check` naming what is
// still missing.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { directoryReadiness } from '../../src/commands/check-directory.js';
import { loadConfig } from '../../src/config.js';
import { identifyClient } from '../../src/connector/client-identity.js';
import { renderConnectForm } from '../../src/connector/pages.js';
import { claudeViewDomain, viewDomainFor, viewDomainsOf } from '../../src/mcp/app-views.js';
import { CLIENT_SCOPES, securitySchemesOf } from '../../src/mcp/client-scopes.js';
import { directoryRoutes, OPENAI_APPS_CHALLENGE_PATH } from '../../src/transports/directory-routes.js';
import { allTools } from '../../tools/index.js';

const PUBLIC = 'https://crew.example.com';
/** A connector's configuration needs a store key (never read here). */
const STORE_KEY = { CREW_STORE_KEY: Buffer.alloc(32, 7).toString('base64') };

function connectPage(links?: Parameters<typeof renderConnectForm>[0]['links']): string {
  return renderConnectForm({
    action: '/connect/abc',
    csrf: 'token',
    values: { clientId: '', authUrl: '', realm: '', apiUrl: '' },
    client: identifyClient({ clientId: 'c1', clientName: 'Claude', redirectUri: 'https://claude.ai/cb' }),
    links,
  });
}

describe('the connect page', () => {
  it("links the operator's privacy policy, terms and support, escaped", () => {
    const html = connectPage({
      privacy: 'https://crew.example.com/privacy?a=1&b="2"',
      terms: 'https://crew.example.com/terms',
      support: null,
    });
    expect(html).toContain(
      '<a id="privacy-link" href="https://crew.example.com/privacy?a=1&#38;b=&#34;2&#34;" rel="noopener">Privacy policy</a>',
    );
    expect(html).toContain('<a id="terms-link" href="https://crew.example.com/terms"');
    expect(html).not.toContain('support-link');
  });

  it('shows no footer when none is set', () => {
    expect(connectPage()).not.toContain('<footer>');
    expect(connectPage({ privacy: null, terms: null, support: null })).not.toContain('<footer>');
  });
});

describe('security schemes', () => {
  it('name the OAuth scope each tool needs where crew-mcp is an authorization server, else no OAuth', () => {
    const byName = new Map(allTools.map((tool) => [tool.name, tool]));
    const get = byName.get('get_crew');
    const update = byName.get('update_crew');
    const webhook = byName.get('create_webhook');
    if (!get || !update || !webhook) throw new Error('tools renamed');
    expect(securitySchemesOf(get, 'connector')).toEqual([{ type: 'oauth2', scopes: [CLIENT_SCOPES.read] }]);
    expect(securitySchemesOf(update, 'oauth')).toEqual([{ type: 'oauth2', scopes: [CLIENT_SCOPES.write] }]);
    expect(securitySchemesOf(webhook, 'connector')).toEqual([
      { type: 'oauth2', scopes: [CLIENT_SCOPES.webhooks] },
    ]);
    expect(securitySchemesOf(update, 'none')).toEqual([{ type: 'noauth' }]);
    expect(securitySchemesOf(update, 'bearer')).toEqual([{ type: 'noauth' }]);
  });
});

describe('the OpenAI apps challenge', () => {
  async function serve(args: string[]) {
    const routes = directoryRoutes(loadConfig(['http', ...args], {}));
    const server = createServer((req, res) => {
      const route = routes[req.url ?? ''];
      if (route) return void route(req, res);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it('is served as plain text when given, and not at all otherwise', async () => {
    const given = await serve(['--openai-apps-challenge', 'oa-challenge-123']);
    try {
      const answer = await fetch(`${given.base}${OPENAI_APPS_CHALLENGE_PATH}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await answer.text()).toBe('oa-challenge-123');
      expect((await fetch(`${given.base}${OPENAI_APPS_CHALLENGE_PATH}`, { method: 'POST' })).status).toBe(
        405,
      );
    } finally {
      await given.close();
    }
    const absent = await serve([]);
    try {
      expect((await fetch(`${absent.base}${OPENAI_APPS_CHALLENGE_PATH}`)).status).toBe(404);
    } finally {
      await absent.close();
    }
  });
});

describe("the views' domain", () => {
  it("is Claude's documented format: 32 hex digits of SHA-256 of the server URL", () => {
    const expected = createHash('sha256').update(`${PUBLIC}/mcp`).digest('hex').slice(0, 32);
    expect(claudeViewDomain(`${PUBLIC}/mcp`)).toBe(`${expected}.claudemcpcontent.com`);
    expect(claudeViewDomain(`${PUBLIC}/mcp`)).not.toBe(claudeViewDomain('https://other.example.com/mcp'));
  });

  it('is set per host when known, and left unset otherwise', () => {
    const domains = viewDomainsOf(
      loadConfig(['http', '--public-url', PUBLIC, '--ui-domain', '{view}.apps.crew.example.com'], {}),
    );
    expect(viewDomainFor('boardWeek', 'claude-ai', domains)).toBe(claudeViewDomain(`${PUBLIC}/mcp`));
    expect(viewDomainFor('boardWeek', 'openai-mcp', domains)).toBe('board-week.apps.crew.example.com');
    expect(viewDomainFor('staffingPlan', 'openai-mcp', domains)).toBe('staffing-plan.apps.crew.example.com');
    expect(viewDomainFor('boardWeek', 'Visual Studio Code', domains)).toBeUndefined();
    expect(viewDomainFor('boardWeek', undefined, domains)).toBeUndefined();
    const local = viewDomainsOf(loadConfig(['http'], {}));
    expect(viewDomainFor('boardWeek', 'claude-ai', local)).toBeUndefined();
    expect(viewDomainFor('boardWeek', 'openai-mcp', local)).toBeUndefined();
  });
});

describe('crew-mcp check --auth connector', () => {
  it('names the directory settings still missing, and none once all are given', () => {
    const bare = directoryReadiness(loadConfig(['check', '--auth', 'connector'], STORE_KEY));
    expect(bare.ok).toBe(true);
    expect(bare.missing).toEqual([
      '--privacy-url',
      '--terms-url',
      '--support-url',
      '--openai-apps-challenge',
      '--ui-domain',
      '--public-url',
    ]);
    expect(bare.detail).toContain('--privacy-url (a privacy policy (both directories))');
    const complete = directoryReadiness(
      loadConfig(
        [
          'check',
          '--auth',
          'connector',
          '--public-url',
          PUBLIC,
          '--privacy-url',
          `${PUBLIC}/privacy`,
          '--terms-url',
          `${PUBLIC}/terms`,
          '--support-url',
          `${PUBLIC}/support`,
          '--openai-apps-challenge',
          'tok',
          '--ui-domain',
          'crew.example.com',
        ],
        STORE_KEY,
      ),
    );
    expect(complete.missing).toEqual([]);
  });
});
