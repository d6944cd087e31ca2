// What the connect and consent pages say about the client asking: who vouches for its name, where
// its code goes, and whether its name borrows a well-known client's while going elsewhere.
import { describe, expect, it } from 'vitest';
import {
  destinationOf,
  displayName,
  foldName,
  identifyClient,
  provenanceOf,
} from '../../src/connector/client-identity.js';

describe('destinationOf', () => {
  it('names the host of an https redirect, and the whole URI of a loopback, custom-scheme or plain http one', () => {
    expect(destinationOf('https://claude.ai/api/mcp/auth_callback')).toEqual({
      kind: 'host',
      host: 'claude.ai',
    });
    expect(destinationOf('https://auth.example.com:8443/cb?x=1')).toEqual({
      kind: 'host',
      host: 'auth.example.com:8443',
    });
    // An IDN shows in punycode: a Cyrillic "сlaude.ai" does not read as claude.ai.
    expect(destinationOf('https://сlaude.ai/cb')).toEqual({ kind: 'host', host: 'xn--laude-0ye.ai' });
    expect(destinationOf('http://127.0.0.1:33418/callback')).toEqual({
      kind: 'this-computer',
      uri: 'http://127.0.0.1:33418/callback',
    });
    expect(destinationOf('http://[::1]:5000/cb').kind).toBe('this-computer');
    expect(destinationOf('http://localhost:6274/oauth/callback').kind).toBe('this-computer');
    expect(destinationOf('cursor://anysphere.cursor-retrieval/oauth/callback')).toEqual({
      kind: 'app',
      scheme: 'cursor',
      uri: 'cursor://anysphere.cursor-retrieval/oauth/callback',
    });
    expect(destinationOf('http://evil.example/cb')).toEqual({ kind: 'other', uri: 'http://evil.example/cb' });
  });
});

describe('provenanceOf', () => {
  it('shows a metadata-document client as verified by its URL’s domain, a registered one as self-named', () => {
    expect(provenanceOf('https://claude.ai/oauth/mcp-oauth-client-metadata')).toEqual({
      kind: 'verified',
      by: 'claude.ai',
      documentUrl: 'https://claude.ai/oauth/mcp-oauth-client-metadata',
    });
    expect(provenanceOf('0dC9yZWdpc3RlcmVkLWNsaWVudA')).toEqual({ kind: 'self-named' });
    expect(provenanceOf('http://claude.ai/client.json')).toEqual({ kind: 'self-named' });
  });
});

describe('displayName and foldName', () => {
  it('drops control and direction characters, and caps the length', () => {
    expect(displayName('Claude\u202Eevil\u202C\n  Code')).toBe('Claudeevil Code');
    expect(displayName('x'.repeat(200))).toHaveLength(80);
    expect(displayName(undefined)).toBe('');
  });

  it('reads look-alike spellings as the name they imitate', () => {
    for (const name of [
      'Claude',
      'C1aude',
      'CLAUDE code',
      'Сlaude',
      'Cláude',
      'Ｃｌａｕｄｅ',
      'C l a u d e',
    ]) {
      expect(foldName(name)).toContain('claude');
    }
    expect(foldName('Cop1lot')).toBe(foldName('Copilot'));
  });
});

describe('identifyClient', () => {
  const lookalike = (clientName: string, redirectUri: string, clientId = 'registered-id') =>
    identifyClient({ clientId, clientName, redirectUri }).imitates?.name ?? null;

  it('warns of a well-known name whose redirect is not that client’s', () => {
    const foreign = [
      ['Claude', 'https://claude-connect.example/cb', 'Claude'],
      ['Claude', 'https://claude.ai.evil.example/cb', 'Claude'],
      ['Claude', 'http://evil.example/cb', 'Claude'],
      ['Сlaude', 'https://evil.example/cb', 'Claude'],
      ['ChatGPT', 'http://127.0.0.1:8080/cb', 'ChatGPT'],
      ['Cursor', 'vscode://x/cb', 'Cursor'],
      ['VS Code', 'https://vscode.dev.evil.example/redirect', 'VS Code'],
      ['Windsurf', 'https://windsurf.evil/cb', 'Windsurf'],
      ['GitHub Copilot', 'https://copilot.example/cb', 'GitHub Copilot'],
    ] as const;
    expect(foreign.map(([name, redirect]) => lookalike(name, redirect))).toEqual(
      foreign.map((row) => row[2]),
    );
    // Verified by a metadata document does not make a foreign redirect Claude's.
    expect(lookalike('Claude', 'https://evil.example/cb', 'https://evil.example/client.json')).toBe('Claude');
  });

  it('does not warn of a well-known client at its own destinations, nor of other names', () => {
    const own = [
      ['Claude', 'https://claude.ai/api/mcp/auth_callback'],
      ['Claude', 'https://claude.com/api/mcp/auth_callback'],
      ['Claude Code', 'http://localhost:53412/callback'],
      ['ChatGPT', 'https://chatgpt.com/connector_platform_oauth_redirect'],
      ['ChatGPT', 'https://chat.openai.com/aip/cb'],
      ['Cursor', 'cursor://anysphere.cursor-retrieval/oauth/callback'],
      ['Cursor', 'https://www.cursor.com/cb'],
      ['Visual Studio Code', 'https://vscode.dev/redirect'],
      ['VS Code', 'http://127.0.0.1:33418/'],
      ['GitHub Copilot', 'vscode://vscode.github-authentication/did-authenticate'],
      ['Crew planner', 'https://planner.example/cb'],
      ['MCP Inspector', 'http://localhost:6274/oauth/callback'],
    ] as const;
    expect(own.filter(([name, redirect]) => lookalike(name, redirect) !== null)).toEqual([]);
  });

  it('shows the client id when the client gave no name', () => {
    const identity = identifyClient({
      clientId: 'https://app.example/client.json',
      clientName: '\u200B',
      redirectUri: 'https://app.example/cb',
    });
    expect(identity).toEqual({
      name: 'https://app.example/client.json',
      provenance: { kind: 'verified', by: 'app.example', documentUrl: 'https://app.example/client.json' },
      destination: { kind: 'host', host: 'app.example' },
      imitates: null,
    });
  });
});
