// The connect page's HTML: plain server-rendered forms, one inline stylesheet, no script and no
// external asset, labels on every input, native controls only (a <details> fold), so that it works
// by keyboard and with password managers. Every value is escaped. The connect and consent pages
// say beside the client's name who vouches for that name and where the code goes (client-identity.ts).
import type { ClientIdentity, Destination } from './client-identity.js';
import type { KnownClient } from './known-clients.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
label{display:block;margin-top:1rem;font-weight:600}input[type=text],input[type=password],input[type=url]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit}button:focus,input:focus,summary:focus{outline:3px solid #1a5fb4;outline-offset:2px}
.error{border-left:4px solid #c01c28;padding:.5rem 1rem;background:#fbe9eb}details{margin-top:1rem}summary{cursor:pointer}
.hint{color:#555;font-size:.9rem;font-weight:400}ul{padding-left:1.2rem}code{overflow-wrap:anywhere;background:#f2f2f2;padding:0 .2rem}
.client{border:1px solid #ccc;border-radius:.4rem;padding:.2rem 1rem;margin:1rem 0}.badge{font-size:.85rem;padding:.1rem .4rem;border-radius:.3rem;white-space:nowrap}
.verified{background:#e6f4ea;color:#14532d}.unverified{background:#fff4d6;color:#5c3d00}
.warning{border-left:4px solid #c01c28;padding:.5rem 1rem;background:#fbe9eb}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** Where the code goes, as a sentence's end: "claude.ai", "an application on this computer (...)". */
function destinationWords(destination: Destination): string {
  switch (destination.kind) {
    case 'host':
      return `you go back to <strong>${escapeHtml(destination.host)}</strong>.`;
    case 'this-computer':
      return `you go back to an application on this computer, at <code>${escapeHtml(destination.uri)}</code>.`;
    case 'app':
      return `your browser hands you to the application on this computer that opens <code>${escapeHtml(destination.scheme)}:</code> addresses, at <code>${escapeHtml(destination.uri)}</code>.`;
    case 'other':
      return `you go to <code>${escapeHtml(destination.uri)}</code>.`;
  }
}

/** Where a well-known client sends people back: "claude.ai, claude.com or an application on this computer". */
function knownDestinations(client: KnownClient): string {
  const places = [
    ...client.hosts,
    ...client.schemes.map((scheme) => `${scheme}: addresses`),
    ...(client.loopback ? ['an application on this computer'] : []),
  ];
  return places.length > 1 ? `${places.slice(0, -1).join(', ')} or ${places.at(-1)}` : (places[0] ?? '');
}

/** Who asks, who vouches for its name, where the code goes, and a look-alike's warning. */
function clientBlock(client: ClientIdentity): string {
  const { provenance, imitates } = client;
  const badge =
    provenance.kind === 'verified'
      ? `<span class="badge verified">verified by ${escapeHtml(provenance.by)}</span>`
      : '<span class="badge unverified">named by itself, not verified</span>';
  const why =
    provenance.kind === 'verified'
      ? `${escapeHtml(provenance.by)} publishes this application's name and return addresses at <code>${escapeHtml(provenance.documentUrl)}</code>.`
      : 'It registered itself here under this name; nobody checked the name.';
  const warning = imitates
    ? `<p class="warning" id="lookalike"><strong>Warning:</strong> this application calls itself "${escapeHtml(client.name)}", but ${escapeHtml(imitates.name)} sends you back only to ${escapeHtml(knownDestinations(imitates))}. This one does not. Unless you know who runs it, close this page and do not enter your key.</p>`
    : '';
  return `<section class="client" aria-label="The application asking">
<p><strong>${escapeHtml(client.name)}</strong> <span class="hint">(${badge})</span></p>
<p class="hint">${why}</p>
<p id="destination">After you allow, ${destinationWords(client.destination)}</p>
${warning}</section>`;
}

export interface ConnectFormView {
  action: string;
  csrf: string;
  values: { clientId: string; authUrl: string; realm: string; apiUrl: string };
  /** The field at fault and why, after a failed attempt. */
  error?: { field: string; message: string };
}

const FIELD_LABELS: Record<string, string> = {
  platform_client_id: 'API key client id',
  platform_client_secret: 'API key client secret',
  platform_auth_url: 'Auth URL',
  platform_realm: 'Realm',
  platform_api_url: 'API URL',
};

function input(
  name: string,
  type: string,
  value: string,
  error: ConnectFormView['error'],
  extra = '',
): string {
  const invalid = error?.field === name ? ` aria-invalid="true" aria-describedby="error"` : '';
  return `<label for="${name}">${FIELD_LABELS[name]}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${invalid}${extra}>`;
}

/** The API key form: on the connect page (before consent) and on the disconnect page. */
function keyForm(
  view: ConnectFormView,
  /** intro: HTML, its values escaped. */
  page_: { title: string; intro: string; button: string; step: string },
): string {
  const { values, error } = view;
  const foldOpen = error && ['platform_auth_url', 'platform_realm', 'platform_api_url'].includes(error.field);
  return page(
    page_.title,
    `<h1>${escapeHtml(page_.title)}</h1>
${page_.intro}
${error ? `<p class="error" id="error" role="alert"><strong>${escapeHtml(FIELD_LABELS[error.field] ?? error.field)}:</strong> ${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(view.csrf)}">
${input('platform_client_id', 'text', values.clientId, error, ' autocomplete="username" required autofocus')}
${input('platform_client_secret', 'password', '', error, ' autocomplete="current-password" required')}
<details${foldOpen ? ' open' : ''}><summary>Other region or host</summary>
${input('platform_auth_url', 'url', values.authUrl, error)}
${input('platform_realm', 'text', values.realm, error)}
${input('platform_api_url', 'url', values.apiUrl, error)}
</details>
<button type="submit" name="step" value="${page_.step}">${escapeHtml(page_.button)}</button>
</form>`,
  );
}

/** The operator's policies and support (--privacy-url, --terms-url, --support-url), as directories ask. */
export interface DirectoryLinks {
  privacy: string | null;
  terms: string | null;
  support: string | null;
}

/** The operator's links under the form; nothing when none is set. */
function directoryFooter(links: DirectoryLinks | undefined): string {
  const shown = [
    ['privacy', 'Privacy policy', links?.privacy],
    ['terms', 'Terms of service', links?.terms],
    ['support', 'Support', links?.support],
  ].filter((entry): entry is [string, string, string] => Boolean(entry[2]));
  if (shown.length === 0) return '';
  const items = shown.map(
    ([id, label, href]) => `<a id="${id}-link" href="${escapeHtml(href)}" rel="noopener">${label}</a>`,
  );
  return `<footer><p class="hint">${items.join(' · ')}</p></footer>`;
}

export interface ConnectPageView extends ConnectFormView {
  client: ClientIdentity;
  /** The operator's privacy policy, terms and support links. */
  links?: DirectoryLinks;
  /** On the embedded sandbox: its demo key, so that a person trying it knows what to type. */
  demoKey?: { clientId: string; secret: string };
}

export function renderConnectForm(view: ConnectPageView): string {
  const demo = view.demoKey
    ? `<p class="hint" id="demo-key">This crew-mcp connects to its embedded sandbox platform (demo data). Its demo key: client id <code>${escapeHtml(view.demoKey.clientId)}</code>, secret <code>${escapeHtml(view.demoKey.secret)}</code>.</p>`
    : '';
  return keyForm(view, {
    title: 'Connect your crew platform',
    intro: `${clientBlock(view.client)}<p>${escapeHtml(view.client.name)} asks to use crew-mcp with your company's platform account. Enter the API key your platform admin created (Platform Settings &gt; App settings &gt; API Keys).</p>${demo}`,
    button: 'Continue',
    step: 'verify',
  }).replace('</main>', `${directoryFooter(view.links)}</main>`);
}

/** Disconnecting proves the key as connecting did: whoever holds the key may end its connections. */
export function renderDisconnectForm(view: ConnectFormView): string {
  return keyForm(view, {
    title: 'Disconnect your crew platform',
    intro:
      "<p>Ends every assistant's connection to crew-mcp made with this API key: their tokens stop working at once, the key's secret is deleted from crew-mcp, and its webhook subscription is removed from your platform. Enter the key to prove it is yours.</p>",
    button: 'Disconnect',
    step: 'disconnect',
  });
}

export interface ConsentView {
  action: string;
  csrf: string;
  client: ClientIdentity;
  platformClientId: string;
  platformScopes: string[];
  /** Tool names the key's scopes allow, by crew-mcp scope. */
  tools: { scope: string; names: string[] }[];
  requested: string[];
}

export function renderConsent(view: ConsentView): string {
  const scopes = view.requested
    .map((scope) => {
      const names = view.tools.find((entry) => entry.scope === scope)?.names ?? [];
      return `<li><label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked> ${escapeHtml(scope)}</label><span class="hint">${names.length ? escapeHtml(names.join(', ')) : 'no tool this key allows'}</span></li>`;
    })
    .join('');
  return page(
    'Allow access',
    `<h1>Allow ${escapeHtml(view.client.name)}?</h1>
${clientBlock(view.client)}
<p>The platform accepted the API key <strong>${escapeHtml(view.platformClientId)}</strong>. Its scopes: ${escapeHtml(view.platformScopes.join(', ') || 'none named')}.</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(view.csrf)}">
<fieldset><legend>What ${escapeHtml(view.client.name)} may do</legend><ul>${scopes}</ul></fieldset>
<button type="submit" name="step" value="consent">Allow</button>
<button type="submit" name="step" value="deny">Deny</button>
</form>`,
  );
}

export function renderErrorPage(message: string): string {
  return page(
    'crew-mcp',
    `<h1>Something went wrong</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
  );
}

export function renderMessage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
