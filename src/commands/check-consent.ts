// `crew-mcp check --auth connector --public-url URL`: the connect flow followed through the public
// URL the way a client and its browser go (issue 34 item 3): a client registered (dynamic
// registration, named "crew-mcp check"), the authorization request, the connect page, then the
// page's "Deny" posted, which sends the browser back through the consent's return
// (/oauth/authorize/<uid>) to the client's redirect URI with access_denied. Every redirect on the
// way must stay on the public URL's scheme and host: behind a proxy that forwards only Host, a
// server without --public-url writes http:// there, and "Allow" then leads nowhere. Nothing is
// granted and no platform key is needed; the registered client is the one row it leaves.
import { createHash, randomBytes } from 'node:crypto';
import { networkCause } from '../platform/network-cause.js';

export interface ConsentItem {
  check: string;
  ok: boolean;
  detail: string;
}

const CHECK = 'consent redirect';
/** Never fetched: the flow stops at the redirect to it. */
const REDIRECT_URI = 'http://127.0.0.1/crew-mcp-check';

/** A browser's cookies across the flow's requests. */
class Cookies {
  private readonly values = new Map<string, string>();
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      if (at > 0) this.values.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
  get header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

class Refused extends Error {}

/** The Location of a redirect, absolute; refused when it leaves the public URL's origin. */
function redirectOf(response: Response, from: string, publicUrl: string, step: string): URL {
  const location = response.headers.get('location');
  if (!location || response.status < 300 || response.status > 399) {
    throw new Refused(`${step} answered HTTP ${response.status} instead of a redirect`);
  }
  const target = new URL(location, from);
  const expected = new URL(publicUrl);
  if (target.protocol !== expected.protocol || target.host !== expected.host) {
    throw new Refused(
      `${step} redirects to ${target.origin}${target.pathname}, off the public URL ${expected.origin}: ` +
        'the server writes its URLs from the request, not from --public-url. Start crew-mcp with --public-url (CREW_PUBLIC_URL) set to this URL, ' +
        'and have the proxy send X-Forwarded-Proto (README "Deploying behind a reverse proxy with TLS").',
    );
  }
  return target;
}

async function registerClient(registration: string): Promise<string> {
  const response = await fetch(registration, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'crew-mcp check',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as { client_id?: string };
  if (response.status !== 201 || !body.client_id) {
    throw new Refused(`client registration at ${registration} answered HTTP ${response.status}`);
  }
  return body.client_id;
}

/** Through the public URL itself, as a client that reached it there goes (the metadata is checked apart). */
async function followConsent(publicUrl: string): Promise<string> {
  const registration = `${publicUrl}/oauth/register`;
  const authorization = `${publicUrl}/oauth/authorize`;
  const clientId = await registerClient(registration);
  // The resource the server names (a lenient client takes it): a mismatch with the public URL is
  // the metadata check's to report; this one goes on to the redirects.
  const named = await fetch(`${publicUrl}/.well-known/oauth-protected-resource/mcp`, {
    signal: AbortSignal.timeout(10_000),
  })
    .then((response) => response.json() as Promise<{ resource?: unknown }>)
    .catch(() => ({ resource: undefined }));
  const resource = typeof named.resource === 'string' ? named.resource : `${publicUrl}/mcp`;
  const cookies = new Cookies();
  const get = async (url: string) =>
    cookies.take(
      await fetch(url, {
        headers: { cookie: cookies.header },
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      }),
    );
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'crew-mcp:read',
    resource,
    state: 'crew-mcp-check',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const start = `${authorization}?${query}`;
  const started = await get(start);
  const refusal = new URL(started.headers.get('location') ?? '', start);
  if (refusal.href.startsWith(REDIRECT_URI)) {
    throw new Refused(
      `the authorization request was refused: ${refusal.searchParams.get('error_description') ?? refusal.searchParams.get('error')}`,
    );
  }
  const connectPage = redirectOf(started, start, publicUrl, 'the authorization request');
  const page = await get(connectPage.href);
  const html = await page.text();
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !csrf) {
    throw new Refused(
      `the connect page ${connectPage.pathname} answered HTTP ${page.status} without its form`,
    );
  }
  const denied = cookies.take(
    await fetch(connectPage.href, {
      method: 'POST',
      headers: {
        cookie: cookies.header,
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(publicUrl).origin,
      },
      body: new URLSearchParams({ csrf_token: csrf, step: 'deny' }),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    }),
  );
  const resume = redirectOf(
    denied,
    connectPage.href,
    publicUrl,
    "the connect page's answer (the consent's return)",
  );
  const back = await get(resume.href);
  const final = new URL(back.headers.get('location') ?? '', resume.href);
  if (!final.href.startsWith(REDIRECT_URI) || final.searchParams.get('error') !== 'access_denied') {
    throw new Refused(
      `the consent's return ${resume.pathname} answered HTTP ${back.status}, not the redirect back to the client`,
    );
  }
  return `followed through ${new URL(publicUrl).origin}: authorization, connect page, consent's return (${resume.pathname.replace(/[^/]+$/, '<uid>')}), back to the client`;
}

export async function checkConsentRedirect(publicUrl: string): Promise<ConsentItem> {
  try {
    return { check: CHECK, ok: true, detail: await followConsent(publicUrl) };
  } catch (error) {
    if (error instanceof Refused) return { check: CHECK, ok: false, detail: error.message };
    return { check: CHECK, ok: false, detail: `the flow could not be followed: ${networkCause(error)}` };
  }
}
