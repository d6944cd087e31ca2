// The well-known MCP clients whose names a look-alike would borrow, with where each one's
// authorization codes go. A client whose name imitates one of these but whose redirect goes
// elsewhere is warned about on the connect and consent pages (client-identity.ts). Kept small
// on purpose: only names a coordinator would trust on sight. To add one, name its redirect hosts
// (their subdomains count), whether its desktop app takes codes on loopback, and its URI schemes.

export interface KnownClient {
  /** As people know it, in the warning. */
  name: string;
  /** What a name imitating it contains, once folded (foldName: lower case letters, look-alikes mapped). */
  marks: readonly string[];
  /** Hosts its redirect URIs name (a subdomain of one counts). */
  hosts: readonly string[];
  /** Its desktop or command-line app takes codes on this computer (RFC 8252 loopback). */
  loopback: boolean;
  /** Custom URI schemes its desktop app registers (RFC 8252 private-use schemes). */
  schemes: readonly string[];
}

export const KNOWN_CLIENTS: readonly KnownClient[] = [
  // claude.ai and Claude Desktop come back to claude.ai (or claude.com); Claude Code to loopback.
  { name: 'Claude', marks: ['claude'], hosts: ['claude.ai', 'claude.com'], loopback: true, schemes: [] },
  {
    name: 'ChatGPT',
    marks: ['chatgpt'],
    hosts: ['chatgpt.com', 'chat.openai.com'],
    loopback: false,
    schemes: [],
  },
  { name: 'Cursor', marks: ['cursor'], hosts: ['cursor.com'], loopback: true, schemes: ['cursor'] },
  {
    name: 'VS Code',
    marks: ['vscode', 'visualstudiocode'],
    hosts: ['vscode.dev'],
    loopback: true,
    schemes: ['vscode', 'vscode-insiders'],
  },
  { name: 'Windsurf', marks: ['windsurf'], hosts: ['windsurf.com'], loopback: true, schemes: ['windsurf'] },
  // Copilot in VS Code signs in through VS Code's redirect.
  {
    name: 'GitHub Copilot',
    marks: ['copilot'],
    hosts: ['github.com', 'vscode.dev'],
    loopback: true,
    schemes: ['vscode', 'vscode-insiders'],
  },
];
